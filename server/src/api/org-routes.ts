import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/session-auth';
import { resolveRequestOrg } from '../orgs/resolve-org';

export function registerOrgRoutes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * The org this request acts in (docs/organizations.md#which-organization-a-request-acts-in); `?oid=` looks
   * up a given org with the same rules.
   */
  app.get('/api/v1/orgs/orgs/current/', async (request) => {
    const auth = requireAuth(request);
    const org = await resolveRequestOrg(ctx.db, request, auth.access);
    return {
      id: org.id,
      name: org.name,
      is_default: org.isDefault,
      is_root: org.isRoot,
      comment: org.comment,
    };
  });
}
