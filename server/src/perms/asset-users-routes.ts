import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { viewMetadata } from '../engine/metadata';
import { requestContext } from '../engine/request-context';
import type { ResourceRegistry } from '../engine/runtime';
import { notFound, permissionDenied } from '../http/api-error';
import { pageResponse } from '../http/pagination';
import { allows } from '../rbac/authorize';
import { ASSET } from '../resources/assets/node-store';
import { USERS } from '../resources/identity/users';
import { usersReachingAsset } from './asset-users';

const VIEW_PERMISSIONS = 'perms.view_assetpermission';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const USER_FIELDS: ReadonlySet<string> = new Set(['id', 'name', 'username', 'email', 'is_active']);
const PAGE_MAX = 100;

/**
 * `GET /api/v1/assets/assets/{id}/perm-users/` (docs/resources.md#what-a-user-was-granted asset detail "Authorized users", read with
 * `perms.view_assetpermission`): the users who may reach the asset, by name; paged with limit/offset like
 * every list, unpaged without `limit`.
 */
export function registerAssetUserRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  registry: ResourceRegistry,
): void {
  const fallbackHost = `${ctx.config.host}:${ctx.config.port}`;
  const URL = '/api/v1/assets/assets/:id/perm-users/';
  // The table asks the list's metadata first: the users' own description of the fields answered.
  app.options<{ Params: { id: string } }>(URL, async (request) => {
    const rctx = await requestContext(ctx.db, request);
    if (!allows(rctx, [VIEW_PERMISSIONS])) throw permissionDenied();
    return viewMetadata(registry.resource(USERS), rctx, USER_FIELDS);
  });
  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(URL, async (request) => {
    const rctx = await requestContext(ctx.db, request);
    if (!allows(rctx, [VIEW_PERMISSIONS])) throw permissionDenied();
    const id = request.params.id.toLowerCase();
    const asset = UUID.test(id) ? await registry.get(ASSET).get(id, rctx) : null;
    if (!asset) throw notFound();
    const rows = (await usersReachingAsset(registry, rctx, asset)).sort((a, b) =>
      String(a.username).localeCompare(String(b.username)),
    );
    const items = await registry.resource(USERS).serializeMany(rows, rctx, USER_FIELDS);
    const limit = Number.parseInt(rctx.query?.limit ?? '', 10);
    if (!Number.isInteger(limit) || limit <= 0) return items;
    const offset = Math.max(0, Number.parseInt(rctx.query?.offset ?? '0', 10) || 0);
    const size = Math.min(limit, PAGE_MAX);
    return pageResponse(
      request,
      fallbackHost,
      { limit: size, offset },
      items.length,
      items.slice(offset, offset + size),
    );
  });
}
