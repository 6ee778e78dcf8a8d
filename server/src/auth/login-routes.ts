import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { csrfFailed } from '../http/api-error';
import { clientAddress } from '../http/client-address';
import { requestLanguage, type Lang } from '../http/language';
import { loginLimits } from '../settings/settings-values';
import { deleteSession } from '../data/stores/sessions';
import { findUserCredentials, type UserRecord } from '../data/stores/users';
import { clearAuthCookies } from './cookies';
import { checkLoginBlock, recordLoginFailure, type LockState } from './login-lockout';
import { loginAclVerdict } from './login-acl';
import { LOGIN_BACKENDS, recordSignIn } from './login-audit';
import { loginMessage } from './login-messages';
import { anonymousCsrf, csrfMatches, sendLoginPage, type LoginPageView } from './login-page';
import { beginMfaStep, dropPendingSignIn, mfaStepFor, registerMfaLoginRoutes } from './mfa-sign-in';
import { checkPassword } from './password-backend';
import { safeNext } from './safe-next';
import { startSignedInSession } from './sign-in-session';
import { spendTempToken } from './temp-tokens';
import { LOGIN_PATH, LOGOUT_PATH } from './login-paths';
import { loginRedirect, providerLogoutUrl, redirectMessagePage } from '../sso/login-sources';
import { sourceCookie } from '../sso/external-sign-in';

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
  const renderForm = (request: FastifyRequest, reply: FastifyReply, page: LoginPageView) =>
    sendLoginPage(ctx, request, reply, page);

  app.get(LOGIN_PATH, async (request, reply) => {
    const next = safeNext(field(request.query, 'next'));
    if (request.auth) return reply.redirect(next, 302);
    // An outside source chosen in the Auth settings takes the visit (docs/auth-sources.md#redirects).
    const redirect = await loginRedirect(ctx, request, next);
    if (redirect && !redirect.messageFirst)
      return reply.header('cache-control', 'no-store').redirect(redirect.url, 302);
    if (redirect)
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(redirectMessagePage(redirect, requestLanguage(request)));
    return renderForm(request, reply, {
      next,
      error: '',
      username: '',
      csrfToken: anonymousCsrf(ctx, request, reply),
    });
  });

  app.post(LOGIN_PATH, async (request, reply) => {
    const cookieToken = csrfMatches(ctx, request, field(request.body, 'csrfmiddlewaretoken'));
    if (cookieToken === null) throw csrfFailed();
    // A new attempt forgets any sign-in still waiting for its MFA step in this browser.
    await dropPendingSignIn(ctx, request, reply);

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

    const found = await findUserCredentials(ctx.db, username);
    const verdict = await checkPassword(ctx, found, username, password, (m) => request.log.warn(m));
    // A user the backend has just created (RADIUS) has no local password: only the backend checks it.
    const credentials = verdict.created ? { user: verdict.created, passwordHash: '' } : found;
    let passwordOk = verdict.ok;
    backend = verdict.backend;
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
      if (verdict.unavailable)
        return refuse(credentials?.user ?? null, reason, loginMessage('radiusUnavailable', lang));
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

    // MFA comes last, as its own step: the session starts only once the code is right.
    const step = await mfaStepFor(ctx, user);
    if (step !== 'none') return beginMfaStep(ctx, reply, { user, username, backend, next });
    await startSignedInSession(ctx, request, reply, { user, username, backend, mfaVerified: false });
    return reply.redirect(next, 302);
  });

  app.get(LOGOUT_PATH, async (request, reply) => {
    // A session that came from a provider ends there too, when its settings say so (docs/auth-sources.md);
    // what the provider's logout names is read from the session, before it goes.
    const source = request.cookies[sourceCookie(ctx)];
    if (source) reply.clearCookie(sourceCookie(ctx), { path: '/' });
    const provider = await providerLogoutUrl(ctx, source, request, reply);
    const sessionId = request.cookies[ctx.cookies.session];
    if (sessionId) await deleteSession(ctx.db, sessionId);
    clearAuthCookies(reply, ctx.cookies);
    if (provider) return reply.header('cache-control', 'no-store').redirect(provider, 302);
    const next = field(request.query, 'next');
    const target = next === '' ? LOGIN_PATH : `${LOGIN_PATH}?next=${encodeURIComponent(safeNext(next))}`;
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  });

  registerMfaLoginRoutes(app, ctx);
}
