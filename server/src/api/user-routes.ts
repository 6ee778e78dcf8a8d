import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { blockedUsernames } from '../auth/login-lockout';
import { requireAuth } from '../auth/session-auth';
import { requestTimeZone } from '../http/datetime';
import { orderFields, pageResponse, parsePageRequest, searchTerms } from '../http/pagination';
import { resolveRequestOrg } from '../orgs/resolve-org';
import { requirePerms } from '../rbac/require-perms';
import { listRoleBindingsForUsers } from '../storage/role-bindings';
import { listUsers, USER_ORDER_FIELDS, type UserListQuery } from '../storage/users';
import { serializeUser } from '../users/serialize-user';

const FILTER_FIELDS = ['id', 'username', 'email', 'name', 'source'] as const;

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * Members of the current org (users with a role binding there), every user in Root (resources.md §2).
   * Paginated only when `limit` is sent (contract §5).
   */
  app.get('/api/v1/users/users/', async (request) => {
    const auth = requireAuth(request);
    const org = await resolveRequestOrg(ctx.db, request, auth.access);
    requirePerms(org, ['users.view_user']);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const page = parsePageRequest(query);
    const filters: UserListQuery['filters'] = {};
    for (const name of FILTER_FIELDS) {
      const value = query[name];
      if (typeof value === 'string' && value !== '') filters[name] = value;
    }
    const ids = typeof query.ids === 'string' ? query.ids.split(',').filter((id) => id !== '') : null;
    const order = orderFields(query.order, USER_ORDER_FIELDS);
    const { count, users } = await listUsers(ctx.db, {
      orgId: org.isRoot ? null : org.id,
      searchTerms: searchTerms(query.search),
      filters,
      ids,
      order: order.length > 0 ? order : [{ field: 'name', descending: false }],
      limit: page.limit,
      offset: page.offset,
    });
    const bindings = await listRoleBindingsForUsers(
      ctx.db,
      users.map((user) => user.id),
    );
    const blocked = await blockedUsernames(
      ctx.db,
      users.map((user) => user.username),
    );
    const timeZone = requestTimeZone(request.headers['x-tz']);
    const results = users.map((user) =>
      serializeUser(user, {
        bindings: bindings.get(user.id) ?? [],
        orgId: org.id,
        loginBlocked: blocked.has(user.username),
        timeZone,
      }),
    );
    if (page.limit === null) return results;
    const fallbackHost = `${ctx.config.host}:${ctx.config.port}`;
    return pageResponse(request, fallbackHost, { limit: page.limit, offset: page.offset }, count, results);
  });
}
