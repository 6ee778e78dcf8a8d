import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { csrfFailed } from '../http/api-error';
import { clientAddress } from '../http/client-address';
import { requestLanguage, type Lang } from '../http/language';
import { categoryValues, loginLimits, sessionPolicy } from '../settings/settings-values';
import { publishedImageUrls } from '../xpack/interface-images';
import { deleteSession, insertSession } from '../data/stores/sessions';
import { findUserCredentials, recordUserLogin, type UserRecord } from '../data/stores/users';
import { NOT_BUILT_MESSAGE, renderLoginPage } from '../ui/html-pages';
import { clearAuthCookies, setCsrfCookie, setSessionCookie } from './cookies';
import { checkLoginBlock, clearLoginFailures, recordLoginFailure, type LockState } from './login-lockout';
import { loginAclVerdict } from './login-acl';
import { LOGIN_BACKENDS, recordSignIn } from './login-audit';
import { loginMessage } from './login-messages';
import { verifyPassword } from './passwords';
import { CSRF_TOKEN_PATTERN, newCsrfToken, newSessionId } from './random-tokens';
import { safeNext } from './safe-next';
import { spendTempToken } from './temp-tokens';
import { LOGIN_PATH, LOGOUT_PATH } from './login-paths';

const USERNAME_MAX_LENGTH = 100;

type Fields = Record<string, unknown>;

const field = (source: unknown, name: string): string => {
  const value = (source as Fields | undefined)?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
};

const lockMessage = (state: Exclude<LockState, { blocked: false }>, lang: Lang): string =>
  loginMessage(state.blocked === 'ip' ? 'ipBlocked' : 'userBlocked', lang, { minutes: state.minutes });

/**
 * The server-rendered login of docs/auth.md#signing-in: GET renders login.html with its page data, POST
 * checks the form (csrf double-submit, lock-out, password) and starts a fresh session.
 */
export function registerLoginRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** The anonymous csrf token of the browser (double-submit cookie), created when missing or malformed. */
  const anonymousCsrf = (request: FastifyRequest, reply: FastifyReply): string => {
    const existing = request.cookies[ctx.cookies.csrf];
    if (existing && CSRF_TOKEN_PATTERN.test(existing)) return existing;
    const token = newCsrfToken();
    setCsrfCookie(reply, ctx.cookies, token);
    return token;
  };

  const renderForm = async (
    request: FastifyRequest,
    reply: FastifyReply,
    page: { next: string; error: string; username: string; csrfToken: string },
  ): Promise<FastifyReply> => {
    const lang = requestLanguage(request);
    const images = await publishedImageUrls(ctx.db, ctx.uiDir);
    const html = await renderLoginPage(ctx.uiDir, {
      ...page,
      loginTitle: String((await categoryValues(ctx.db, ctx.config, 'interface')).LOGIN_TITLE),
      loginLogo: images.logo_index,
      loginImage: images.login_image,
      lang,
    });
    if (html === null) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    // The page carries a csrf token: never cache it anywhere.
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  };

  app.get(LOGIN_PATH, async (request, reply) => {
    const next = safeNext(field(request.query, 'next'));
    if (request.auth) return reply.redirect(next, 302);
    return renderForm(request, reply, {
      next,
      error: '',
      username: '',
      csrfToken: anonymousCsrf(request, reply),
    });
  });

  app.post(LOGIN_PATH, async (request, reply) => {
    const cookieToken = request.cookies[ctx.cookies.csrf];
    const formToken = field(request.body, 'csrfmiddlewaretoken');
    if (!cookieToken || !CSRF_TOKEN_PATTERN.test(cookieToken) || formToken !== cookieToken)
      throw csrfFailed();

    const lang = requestLanguage(request);
    const username = field(request.body, 'username').trim();
    const password = field(request.body, 'password');
    const next = safeNext(field(request.body, 'next') || field(request.query, 'next'));
    const fail = (error: string, keepUsername = username) =>
      renderForm(request, reply, { next, error, username: keepUsername, csrfToken: cookieToken });

    if (username === '' || password === '') return fail(loginMessage('required', lang));
    if (username.length > USERNAME_MAX_LENGTH) return fail(loginMessage('usernameTooLong', lang), '');

    const ip = clientAddress(request);
    const limits = await loginLimits(ctx.db, ctx.config);
    // Every attempt that names a user is logged, however it ends (docs/audit.md#login-logs).
    let backend: string = LOGIN_BACKENDS.password;
    const refuse = async (
      user: UserRecord | null,
      reason: string,
      error: string,
      keepUsername = username,
    ) => {
      await recordSignIn(ctx.db, request, { username, user, backend, reason });
      return fail(error, keepUsername);
    };
    const block = await checkLoginBlock(ctx.db, username, ip, limits);
    if (block.blocked) return refuse(null, 'user_blocked', lockMessage(block, lang));

    const credentials = await findUserCredentials(ctx.db, username);
    let passwordOk = await verifyPassword(password, credentials?.passwordHash ?? null);
    // A temporary password (docs/auth.md#temporary-passwords, AUTH_TEMP_TOKEN) stands in for the password
    // once; the lock-out above and the checks below apply to it exactly as to the password.
    if (!passwordOk && credentials) {
      passwordOk = await spendTempToken(ctx, credentials.user.id, password);
      if (passwordOk) backend = LOGIN_BACKENDS.tempToken;
    }
    if (!credentials || !passwordOk) {
      const reason = credentials ? 'password_failed' : 'user_not_exist';
      const { remaining, state } = await recordLoginFailure(ctx.db, username, ip, limits);
      if (state.blocked) return refuse(credentials?.user ?? null, reason, lockMessage(state, lang));
      return refuse(
        credentials?.user ?? null,
        reason,
        loginMessage('wrongPassword', lang, { times: remaining, minutes: limits.userLimitMinutes }),
      );
    }
    const { user } = credentials;
    if (!user.isActive) return refuse(user, 'user_inactive', loginMessage('inactive', lang));
    if (user.dateExpired <= Date.now()) return refuse(user, 'user_expired', loginMessage('expired', lang));
    // Login ACLs come after the password check so that they reveal nothing to someone without it.
    const acl = ctx.resources ? await loginAclVerdict(ctx.resources, user.id, ip) : null;
    if (acl?.action === 'reject') return refuse(user, 'acl_not_allow', loginMessage('aclRejected', lang));
    if (acl?.action === 'confirm')
      return refuse(user, 'login_confirm_required', loginMessage('aclConfirm', lang));

    // A brand-new session id and csrf token: nothing chosen before login survives it (no fixation).
    const previous = request.cookies[ctx.cookies.session];
    if (previous) await deleteSession(ctx.db, previous);
    const sessionId = newSessionId();
    const csrfToken = newCsrfToken();
    const now = Date.now();
    const session = await sessionPolicy(ctx.db, ctx.config);
    await insertSession(ctx.db, {
      sessionId,
      userId: user.id,
      csrfToken,
      clientIp: ip,
      expiresAt: now + session.idleMs,
    });
    await clearLoginFailures(ctx.db, username, ip);
    await recordUserLogin(ctx.db, user.id, now);
    await recordSignIn(ctx.db, request, { username, user, backend, reason: '' });
    setSessionCookie(
      reply,
      ctx.cookies,
      sessionId,
      session.expireAtBrowserClose ? null : ctx.config.sessionAgeSeconds,
    );
    setCsrfCookie(reply, ctx.cookies, csrfToken);
    return reply.redirect(next, 302);
  });

  app.get(LOGOUT_PATH, async (request, reply) => {
    const sessionId = request.cookies[ctx.cookies.session];
    if (sessionId) await deleteSession(ctx.db, sessionId);
    clearAuthCookies(reply, ctx.cookies);
    const next = field(request.query, 'next');
    const target = next === '' ? LOGIN_PATH : `${LOGIN_PATH}?next=${encodeURIComponent(safeNext(next))}`;
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  });
}
