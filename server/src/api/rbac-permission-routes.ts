import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { requestContext } from '../engine/request-context';
import { permissionDenied } from '../http/api-error';
import { builtinRoleById } from '../rbac/builtin-roles';
import { allows } from '../rbac/authorize';
import { permissionList, permissionTree } from '../rbac/permission-tree';
import { listRolePermissions } from '../data/stores/role-permissions';

/**
 * `GET /api/v1/rbac/permissions/` and `/permissions/tree/`
 * (docs/permissions.md#roles-bindings-and-the-permission-tree): `?scope=org|system&role=<id>`.
 */
export function registerRbacPermissionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const held = async (roleId: string | undefined): Promise<Set<string> | null> => {
    if (!roleId || roleId.length > 64) return null;
    const builtin = builtinRoleById(roleId);
    return new Set(
      builtin ? builtin.permissions : ((await listRolePermissions(ctx.db, [roleId])).get(roleId) ?? []),
    );
  };
  const params = (query: unknown) => {
    const q = (query ?? {}) as Record<string, unknown>;
    const scope = q.scope === 'org' || q.scope === 'system' ? q.scope : 'all';
    return {
      scope: scope as 'org' | 'system' | 'all',
      role: typeof q.role === 'string' ? q.role : undefined,
    };
  };
  app.get('/api/v1/rbac/permissions/', async (request) => {
    const rctx = await requestContext(ctx.db, request);
    if (!allows(rctx, ['rbac.view_permission'])) throw permissionDenied();
    const { scope, role } = params(request.query);
    const codes = await held(role);
    return permissionList(scope, codes, codes !== null);
  });
  app.get('/api/v1/rbac/permissions/tree/', async (request) => {
    const rctx = await requestContext(ctx.db, request);
    if (!allows(rctx, ['rbac.view_permission'])) throw permissionDenied();
    const { scope, role } = params(request.query);
    return permissionTree(scope, (await held(role)) ?? new Set(), rctx.language);
  });
}
