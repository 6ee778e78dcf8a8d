import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { requestContext } from '../engine/request-context';
import type { ResourceRegistry } from '../engine/runtime';
import { notFound, permissionDenied } from '../http/api-error';
import { allows } from '../rbac/authorize';
import { ASSET } from '../resources/assets/node-store';
import { USERS } from '../resources/identity/users';
import { resolveGrants } from './granted-assets';
import { grantedScope } from './granted-scope';
import { listGranted } from './my-assets-list';

const VIEW_USERASSETS = 'perms.view_userassets';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The admin variant of "my assets" (docs/resources.md#what-a-user-was-granted, `perms.view_userassets`): what
 * another user was granted in the request's organization, for the user detail page. Only users the requester
 * can see there (the users list's own scope: members of the org) are answered; anyone else is a 404.
 */
export function registerUserAssetRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  registry: ResourceRegistry,
): void {
  const fallbackHost = `${ctx.config.host}:${ctx.config.port}`;
  const asset = registry.resource(ASSET);

  app.get<{ Params: { id: string } }>('/api/v1/perms/users/:id/assets/', async (request) => {
    const rctx = await requestContext(ctx.db, request);
    if (!allows(rctx, [VIEW_USERASSETS])) throw permissionDenied();
    const id = request.params.id.toLowerCase();
    if (!UUID.test(id) || !(await registry.get(USERS).get(id, rctx))) throw notFound();
    // The grants are the subject's; what the list may show stays the requester's org scope.
    const grants = await resolveGrants(registry, { ...rctx, userId: id });
    return listGranted({ asset, ctx: rctx, grants, granted: grantedScope(grants), request, fallbackHost });
  });
}
