import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { deleteSession, insertSession, markSessionMfaVerified } from '../data/stores/sessions';
import { recordUserLogin, type UserRecord } from '../data/stores/users';
import { rememberUserLanguage } from '../data/stores/user-languages';
import { clientAddress } from '../http/client-address';
import { requestLanguage } from '../http/language';
import { sessionPolicy } from '../settings/settings-values';
import { setCsrfCookie, setSessionCookie } from './cookies';
import { clearLoginFailures } from './login-lockout';
import { recordSignIn } from './login-audit';
import { newCsrfToken, newSessionId } from './random-tokens';
import { linkSaml2SignIn } from '../sso/saml2-session';

export interface SignedIn {
  user: UserRecord;
  /** The name typed into the form (the login log keeps it as typed). */
  username: string;
  backend: string;
  /** The sign-in proved a one-time code: the session counts as MFA-verified (docs/auth.md#mfa). */
  mfaVerified: boolean;
}

/**
 * The last step of every sign-in door, once every check passed: a brand-new session id and csrf token
 * (nothing chosen before the sign-in survives it: no fixation), the lock-out counters cleared, the login
 * logged as a success, the user's language kept for his mails.
 */
export async function startSignedInSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  signedIn: SignedIn,
): Promise<void> {
  const { user } = signedIn;
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
    clientIp: clientAddress(request),
    expiresAt: now + session.idleMs,
  });
  if (signedIn.mfaVerified) await markSessionMfaVerified(ctx.db, sessionId, now);
  // A SAML2 session is tied to the IdP's subject so that the IdP's logout can end it (docs/auth-radius-saml.md#single-logout).
  await linkSaml2SignIn(ctx, request, sessionId, signedIn);
  await clearLoginFailures(ctx.db, signedIn.username, clientAddress(request));
  await recordUserLogin(ctx.db, user.id, now);
  // Mails to this user are written in the language he signs in with (docs/mail.md#languages).
  await rememberUserLanguage(ctx.db, user.id, requestLanguage(request));
  await recordSignIn(ctx.db, request, {
    username: signedIn.username,
    user,
    backend: signedIn.backend,
    reason: '',
    ...(signedIn.mfaVerified ? { mfa: 1 as const } : {}),
  });
  setSessionCookie(
    reply,
    ctx.cookies,
    sessionId,
    session.expireAtBrowserClose ? null : ctx.config.sessionAgeSeconds,
  );
  setCsrfCookie(reply, ctx.cookies, csrfToken);
}
