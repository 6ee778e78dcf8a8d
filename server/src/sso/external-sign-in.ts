import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { findUserCredentials, type UserRecord } from '../data/stores/users';
import { clientAddress } from '../http/client-address';
import { requestLanguage } from '../http/language';
import { loginAclVerdict } from '../auth/login-acl';
import { recordSignIn } from '../auth/login-audit';
import { loginMessage } from '../auth/login-messages';
import { anonymousCsrf, sendLoginPage } from '../auth/login-page';
import { beginMfaStep, mfaStepFor } from '../auth/mfa-sign-in';
import { startSignedInSession } from '../auth/sign-in-session';
import { createUser, UserRefusedError } from '../users/create-user';
import { emailForNewUser } from '../users/new-user-email';
import { DEFAULT_ORG_ID } from '../orgs/org-ids';
import { ssoMessage } from './sso-messages';

/** A person the provider vouched for (docs/auth-sources.md#what-every-source-shares). */
export interface ExternalIdentity {
  username: string;
  name: string;
  email: string;
}

export interface ExternalSource {
  /** The users' `source` value: `openid`, `cas`. */
  source: string;
  /** The login log's backend and the name shown in messages: `OpenID`, `CAS`. */
  backend: string;
  createUser: boolean;
  /** Update the name and e-mail of an existing user from the provider on each sign-in. */
  updateUser: boolean;
}

/** The cookie naming which provider the session came from, so signing out can end it there too. */
export const sourceCookie = (ctx: AppContext): string => `${ctx.cookies.prefix}sso_source`;

/** The login page with a message for the person: the form stays usable. */
export function refuseOnLoginPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  error: string,
): Promise<FastifyReply> {
  return sendLoginPage(ctx, request, reply.code(400), {
    next: '/',
    error,
    username: '',
    csrfToken: anonymousCsrf(ctx, request, reply),
  });
}

/**
 * The end of a sign-in through an outside provider, once it vouched for `identity`: the user is found (or
 * created when the source allows it), refused when disabled, expired, of another source or held by a login
 * ACL, and then goes through the same MFA step and session start as the password form.
 */
export async function finishExternalSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  identity: ExternalIdentity,
  source: ExternalSource,
  next: string,
): Promise<FastifyReply> {
  const lang = requestLanguage(request);
  const { username } = identity;
  const names = { username, source: source.backend };
  const refuse = async (user: UserRecord | null, reason: string, error: string) => {
    await recordSignIn(ctx.db, request, { username, user, backend: source.backend, reason });
    return refuseOnLoginPage(ctx, request, reply, error);
  };

  let user = (await findUserCredentials(ctx.db, username))?.user ?? null;
  if (user && user.source !== source.source)
    return refuse(user, 'auth_backend_not_match', ssoMessage('otherSource', lang, names));
  if (!user) {
    if (!source.createUser) return refuse(null, 'user_not_exist', ssoMessage('unknownUser', lang, names));
    if (!ctx.resources) throw new Error('creating users needs the engine');
    try {
      user = await createUser(
        { db: ctx.db, resources: ctx.resources },
        {
          username,
          name: identity.name || username,
          email: identity.email || (await emailForNewUser(ctx.db, ctx.config, username)),
          source: source.source,
          createdBy: source.backend,
        },
      );
    } catch (error) {
      const detail = error instanceof UserRefusedError ? JSON.stringify(error.errors) : String(error);
      return refuse(null, 'user_not_exist', ssoMessage('createFailed', lang, { username, detail }));
    }
  } else if (source.updateUser && ctx.resources && (identity.name || identity.email)) {
    await ctx.resources
      .get('users.user')
      .update(
        user.id,
        {
          ...(identity.name ? { name: identity.name } : {}),
          ...(identity.email ? { email: identity.email } : {}),
        },
        {
          userId: '',
          username: source.backend,
          orgId: DEFAULT_ORG_ID,
          perms: new Set(),
          isSystemAdmin: true,
          language: lang,
        },
      )
      .catch((error: unknown) =>
        request.log.warn(`updating ${username} from ${source.backend}: ${String(error)}`),
      );
  }
  return admitExternalUser(
    ctx,
    request,
    reply,
    user,
    { username, source: source.source, backend: source.backend },
    next,
  );
}

/**
 * The rules every outside sign-in ends with, once the user is known (docs/auth-sources.md#what-every-source-shares):
 * disabled, expired or held by a login ACL is refused on the login page and logged; otherwise the same MFA
 * step and session start as the password form.
 */
export async function admitExternalUser(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRecord,
  via: { username: string; source: string; backend: string },
  next: string,
): Promise<FastifyReply> {
  const lang = requestLanguage(request);
  const { username, backend } = via;
  const refuse = async (reason: string, error: string) => {
    await recordSignIn(ctx.db, request, { username, user, backend, reason });
    return refuseOnLoginPage(ctx, request, reply, error);
  };
  if (!user.isActive) return refuse('user_inactive', loginMessage('inactive', lang));
  if (user.dateExpired <= Date.now()) return refuse('user_expired', loginMessage('expired', lang));
  const acl = ctx.resources ? await loginAclVerdict(ctx.resources, user.id, clientAddress(request)) : null;
  if (acl?.action === 'reject') return refuse('acl_not_allow', loginMessage('aclRejected', lang));
  if (acl?.action === 'confirm') return refuse('login_confirm_required', loginMessage('aclConfirm', lang));

  reply.setCookie(sourceCookie(ctx), via.source, { path: '/', httpOnly: true, sameSite: 'lax' });
  const step = await mfaStepFor(ctx, user);
  if (step !== 'none') return beginMfaStep(ctx, reply, { user, username, backend, next });
  await startSignedInSession(ctx, request, reply, { user, username, backend, mfaVerified: false });
  return reply.redirect(next, 302);
}
