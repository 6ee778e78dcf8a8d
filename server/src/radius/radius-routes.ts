import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { requireSettingsPerms } from '../api/settings-permission';
import { requestLanguage } from '../http/language';
import { messageCatalogue } from '../http/message-catalogue';
import { validateSettings } from '../settings/settings-validation';
import { accessRequest, RadiusError } from './radius-client';
import { radiusSettings } from './radius-settings';

const testMessage = messageCatalogue({
  accepted: {
    en: 'The RADIUS server accepted {username}.',
    zh: 'RADIUS 服务器接受了 {username}。',
    ja: 'RADIUS サーバーは {username} を受け入れました。',
  },
  rejected: {
    en: 'The RADIUS server refused {username}: wrong username or password.',
    zh: 'RADIUS 服务器拒绝了 {username}：用户名或密码错误。',
    ja: 'RADIUS サーバーは {username} を拒否しました：ユーザー名またはパスワードが正しくありません。',
  },
  timeout: {
    en: 'No answer from {server} after {seconds} s ({tries} tries). Check the server and port, and the shared secret: a RADIUS server ignores requests signed with another secret.',
    zh: '{server} 在 {seconds} 秒内（{tries} 次尝试）没有响应。请检查服务器和端口，以及共享密钥：RADIUS 服务器会忽略用其他密钥签名的请求。',
    ja: '{server} から {seconds} 秒以内（{tries} 回試行）に応答がありません。サーバーとポート、共有シークレットを確認してください：RADIUS サーバーは別のシークレットで署名された要求を無視します。',
  },
  secret: {
    en: '{server} answered, but not with this shared secret: check the shared secret.',
    zh: '{server} 有响应，但签名与此共享密钥不符：请检查共享密钥。',
    ja: '{server} は応答しましたが、この共有シークレットの署名ではありません：共有シークレットを確認してください。',
  },
  network: {
    en: '{server} cannot be reached: {detail}',
    zh: '无法连接 {server}：{detail}',
    ja: '{server} に接続できません：{detail}',
  },
  required: {
    en: 'Enter a username and a password to test.',
    zh: '请输入要测试的用户名和密码。',
    ja: 'テストするユーザー名とパスワードを入力してください。',
  },
});

const text = (body: Record<string, unknown>, name: string): string =>
  typeof body[name] === 'string' ? body[name] : '';

/**
 * The RADIUS tab's test (docs/auth-radius-saml.md#radius): one real Access-Request for the given username and
 * password, to the server, port and shared secret typed in the form (each left out or blank: the saved one),
 * answered `{msg}` when the server accepts and 400 `{error}` otherwise, in the user's language.
 */
export function registerRadiusRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v1/settings/radius/testing/', async (request, reply) => {
    await requireSettingsPerms(ctx, request, ['settings.change_auth']);
    const lang = requestLanguage(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const username = text(body, 'username').trim();
    const password = text(body, 'password');
    if (username === '' || password === '')
      return reply.code(400).send({ error: testMessage('required', lang) });
    const typed = Object.fromEntries(
      ['RADIUS_SERVER', 'RADIUS_PORT', 'RADIUS_SECRET']
        .filter((k) => body[k] !== undefined)
        .map((k) => [k, body[k]]),
    );
    const form = validateSettings('radius', typed, true, lang);
    const saved = await radiusSettings(ctx.db, ctx.config);
    const server = {
      ...saved,
      host: typeof form.RADIUS_SERVER === 'string' ? form.RADIUS_SERVER : saved.host,
      port: typeof form.RADIUS_PORT === 'number' ? form.RADIUS_PORT : saved.port,
      secret: typeof form.RADIUS_SECRET === 'string' ? form.RADIUS_SECRET : saved.secret,
    };
    const where = `${server.host}:${server.port}`;
    try {
      const answer = await accessRequest(server, username, password);
      const said = answer.replyMessage ? ` (${answer.replyMessage})` : '';
      if (answer.accepted) return { msg: testMessage('accepted', lang, { username }) + said };
      return reply.code(400).send({ error: testMessage('rejected', lang, { username }) + said });
    } catch (error) {
      if (!(error instanceof RadiusError)) throw error;
      return reply.code(400).send({
        error: testMessage(error.kind, lang, {
          server: where,
          seconds: (server.timeoutMs * server.tries) / 1000,
          tries: server.tries,
          detail: error.message,
        }),
      });
    }
  });
}
