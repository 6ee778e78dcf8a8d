import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { isUsernameBlocked } from '../auth/login-lockout';
import { requireAuth } from '../auth/session-auth';
import { requestTimeZone } from '../http/datetime';
import { resolveRequestOrg } from '../orgs/resolve-org';
import { viewOrgs } from '../rbac/user-permissions';
import { serializeUser } from '../users/serialize-user';
import { categoryValues } from '../settings/settings-values';
import { registerProfilePasswordRoutes } from './profile-password-routes';

export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * The signed-in user with `perms` for the request's org and the orgs of each view
   * (docs/permissions.md#per-organization).
   */
  app.get('/api/v1/users/profile/', async (request) => {
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
      public_key_comment: '',
      public_key_hash_md5: '',
      guide_url: (await categoryValues(ctx.db, ctx.config, 'basic')).USER_GUIDE_URL,
      ...(await viewOrgs(ctx.db, auth.access)),
      receive_backends: ['site_msg'],
      perms: [...org.perms].sort(),
    };
  });
  registerProfilePasswordRoutes(app, ctx);
}
