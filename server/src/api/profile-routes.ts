import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { ownBackends } from '../notifications/subscription-routes';
import { isUsernameBlocked } from '../auth/login-lockout';
import { requireAuth } from '../auth/session-auth';
import { requestTimeZone } from '../http/datetime';
import { resolveRequestOrg } from '../orgs/resolve-org';
import { viewOrgs } from '../rbac/user-permissions';
import { serializeUser } from '../users/serialize-user';
import { categoryValues } from '../settings/settings-values';
import { registerProfilePasswordRoutes } from './profile-password-routes';
import { PROFILE_URL, registerProfileUpdateRoutes } from './profile-update-routes';
import { registerProfileMfaRoutes } from './profile-mfa-routes';
import { hasOtpBound } from '../auth/mfa-verify';
import { findUserPublicKey } from '../data/stores/user-public-keys';
import { parsePublicKey } from '../users/ssh-public-key';

/** v2.21's `public_key_comment` and `public_key_hash_md5` of the user's key ('' without one). */
function publicKeyFields(line: string | null) {
  const parsed = line ? parsePublicKey(line) : null;
  return { public_key_comment: parsed?.comment ?? '', public_key_hash_md5: parsed?.md5 ?? '' };
}

/**
 * A permission set in code order, kept per set: the sets come from the identity cached per session
 * (docs/data-layer.md#per-request-costs), and sorting an admin's hundreds of codes on each page load
 * cost a tenth of the profile request.
 */
const sortedSets = new WeakMap<ReadonlySet<string>, readonly string[]>();
function sortedCodes(perms: ReadonlySet<string>): readonly string[] {
  let sorted = sortedSets.get(perms);
  if (!sorted) {
    sorted = Object.freeze([...perms].sort());
    sortedSets.set(perms, sorted);
  }
  return sorted;
}

export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * The signed-in user with `perms` for the request's org and the orgs of each view
   * (docs/permissions.md#per-organization).
   */
  const getProfile = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    const org = await resolveRequestOrg(ctx.db, request, auth.access);
    const user = auth.user;
    return {
      ...serializeUser(user, {
        bindings: auth.access.bindings,
        orgId: org.id,
        loginBlocked: await isUsernameBlocked(ctx.db, user.username),
        timeZone: requestTimeZone(request.headers['x-tz']),
      }),
      ...publicKeyFields(await findUserPublicKey(ctx.db, user.id)),
      is_otp_secret_key_bound: await hasOtpBound(ctx, user.id),
      guide_url: (await categoryValues(ctx.db, ctx.config, 'basic')).USER_GUIDE_URL,
      ...(await viewOrgs(ctx.db, auth.access)),
      receive_backends: await ownBackends(ctx, user.id),
      perms: sortedCodes(org.perms),
    };
  };
  app.get(PROFILE_URL, getProfile);
  registerProfileUpdateRoutes(app, ctx, getProfile);
  registerProfileMfaRoutes(app, ctx);
  registerProfilePasswordRoutes(app, ctx);
}
