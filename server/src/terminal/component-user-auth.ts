import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { checkPassword } from '../auth/password-backend';
import { checkLoginBlock, clearLoginFailures, recordLoginFailure } from '../auth/login-lockout';
import { mfaStepFor } from '../auth/mfa-sign-in';
import { findUserPublicKey } from '../data/stores/user-public-keys';
import { findUserCredentials, type UserRecord } from '../data/stores/users';
import type { Language } from '../engine/declaration';
import { requestContext } from '../engine/request-context';
import type { ResourceRegistry } from '../engine/runtime';
import { ResponseError } from '../http/api-error';
import { messageCatalogue } from '../http/message-catalogue';
import { callingComponent } from '../resources/terminal/component-of';
import { categoryValues, loginLimits } from '../settings/settings-values';
import { parsePublicKey } from '../users/ssh-public-key';

/** Where KoKo checks the credentials a user typed into its SSH server. */
export const COMPONENT_USER_AUTH_URL = '/api/v1/authentication/tokens/';

const say = messageCatalogue({
  componentsOnly: {
    en: 'This endpoint serves terminal components only.',
    zh: '该接口只供终端组件使用。',
    ja: 'このエンドポイントはターミナルコンポーネント専用です。',
  },
  passwordDisabled: {
    en: 'Password authentication through terminal components is disabled.',
    zh: '终端组件的密码认证已禁用。',
    ja: 'ターミナルコンポーネントのパスワード認証は無効です。',
  },
  publicKeyDisabled: {
    en: 'Public key authentication through terminal components is disabled.',
    zh: '终端组件的公钥认证已禁用。',
    ja: 'ターミナルコンポーネントの公開鍵認証は無効です。',
  },
  failed: {
    en: 'The username, password or public key you entered is incorrect.',
    zh: '用户名、密码或公钥错误。',
    ja: 'ユーザー名、パスワード、または公開鍵が正しくありません。',
  },
  blocked: {
    en: 'The account is locked for {minutes} minutes after too many failed attempts.',
    zh: '失败次数过多，账号已锁定 {minutes} 分钟。',
    ja: '失敗が多すぎるため、アカウントは {minutes} 分間ロックされています。',
  },
  mfa: {
    en: 'This user signs in with MFA, which terminal components cannot ask for here; use the web console.',
    zh: '该用户需要 MFA 登录，终端组件无法在此进行 MFA 校验，请使用 Web 控制台。',
    ja: 'このユーザーは MFA でサインインしますが、ここではターミナルコンポーネントが MFA を求められません。Web コンソールを使用してください。',
  },
});

const refuse = (error: string, key: Parameters<typeof say>[0], lang: Language, minutes = 0) =>
  new ResponseError(400, { error, msg: say(key, lang, { minutes }) });

const usable = (user: UserRecord | undefined): user is UserRecord =>
  !!user && user.isActive && !user.isServiceAccount && user.dateExpired > Date.now();

/**
 * A terminal component checks the credentials a user gave its SSH server
 * (docs/terminal-settings.md#user-authentication-at-the-components): a password while
 * `TERMINAL_PASSWORD_AUTH` is on, or — from a signed component only, which has proven the user holds the
 * private key in its SSH handshake — the user's public key while `TERMINAL_PUBLIC_KEY_AUTH` is on. Nobody
 * else may authenticate with a public key alone (CVE-2023-43652, docs/security-history.md). Failures count
 * toward the lock-out of the login form; users with MFA are refused (no MFA step exists on this path).
 */
export function registerComponentUserAuth(
  app: FastifyInstance,
  ctx: AppContext,
  registry: ResourceRegistry,
): void {
  app.post(COMPONENT_USER_AUTH_URL, async (request, reply) => {
    const rctx = await requestContext(ctx.db, request);
    const lang = rctx.language;
    if (!(await callingComponent(rctx, registry)))
      throw new ResponseError(403, { detail: say('componentsOnly', lang), code: 'permission_denied' });
    const body = (request.body ?? {}) as Record<string, unknown>;
    const username = typeof body.username === 'string' ? body.username.trim() : '';
    const password = typeof body.password === 'string' && body.password !== '' ? body.password : null;
    const publicKey = typeof body.public_key === 'string' && body.public_key !== '' ? body.public_key : null;
    if (username === '' || (password === null && publicKey === null))
      throw new ResponseError(400, {
        ...(username === '' ? { username: ['This field is required.'] } : {}),
        ...(password === null && publicKey === null ? { password: ['This field is required.'] } : {}),
      });
    const settings = await categoryValues(ctx.db, ctx.config, 'terminal');
    if (password !== null && settings.TERMINAL_PASSWORD_AUTH === false)
      throw refuse('password_auth_disabled', 'passwordDisabled', lang);
    if (password === null && settings.TERMINAL_PUBLIC_KEY_AUTH === false)
      throw refuse('public_key_auth_disabled', 'publicKeyDisabled', lang);
    // The user's own address as the component saw it: the lock-out counts per user and address.
    const ip =
      typeof body.remote_addr === 'string' && body.remote_addr !== '' ? body.remote_addr : request.ip;
    const limits = await loginLimits(ctx.db, ctx.config);
    const block = await checkLoginBlock(ctx.db, username, ip, limits);
    if (block.blocked) throw refuse('block_login', 'blocked', lang, block.minutes);
    const credentials = await findUserCredentials(ctx.db, username);
    let ok = false;
    if (password !== null)
      ok = (await checkPassword(ctx, credentials, username, password, (m) => request.log.warn(m))).ok;
    else if (credentials) {
      const stored = await findUserPublicKey(ctx.db, credentials.user.id);
      const given = parsePublicKey(publicKey ?? '');
      const mine = stored ? parsePublicKey(stored) : null;
      ok = !!given && !!mine && given.md5 === mine.md5;
    }
    if (!ok || !usable(credentials?.user)) {
      await recordLoginFailure(ctx.db, username, ip, limits);
      throw refuse('password_failed', 'failed', lang);
    }
    const user = credentials!.user;
    if ((await mfaStepFor(ctx, user)) !== 'none') throw refuse('mfa_unsupported', 'mfa', lang);
    await clearLoginFailures(ctx.db, username, ip);
    return reply
      .code(201)
      .header('cache-control', 'no-store')
      .send({
        user: {
          id: user.id,
          username: user.username,
          name: user.name,
          email: user.email,
          is_active: user.isActive,
          source: user.source,
        },
      });
  });
}
