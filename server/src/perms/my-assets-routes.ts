import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import type { Condition } from '../data/conditions';
import type { RequestContext, ResourceDirectory } from '../engine/declaration';
import { requestContext } from '../engine/request-context';
import type { ResourceRegistry } from '../engine/runtime';
import { notFound, permissionDenied } from '../http/api-error';
import { allows } from '../rbac/authorize';
import { FAVORITE_ASSET_TABLE } from '../resources/assets/favorite-asset';
import { ASSET } from '../resources/assets/node-store';
import { grantedAssetRow, resolveGrants, type Grants } from './granted-assets';
import { grantedDirectScope, grantedScope, grantedScopeUnder } from './granted-scope';
import { buildGrantedTree, visibleNode } from './granted-tree';
import { grantedItems, grantedListMetadata, listGranted } from './my-assets-list';
import { grantedTreeItems } from './my-assets-tree';
import { isUngroupedKey } from './ungrouped-node';
import { ungroupDirectAssets } from '../settings/settings-values';

/**
 * The self-service permission endpoints (docs/resources.md#what-a-user-was-granted, perm
 * `perms.view_myassets`): what the caller was granted. The user is always the session's: no parameter names
 * another user (the admin variants with `{id}` are separate endpoints with their own permissions).
 */
const VIEW_MYASSETS = 'perms.view_myassets';
const BASE = '/api/v1/perms/users';
const NOTHING: Condition = { never: true };

/**
 * The granted assets under a node (uuid or key) as the tree shows them; none for an ungranted node. With
 * `ungroup` (PERM_SINGLE_ASSET_TO_UNGROUP_NODE), `ungrouped` names the directly granted assets.
 */
export async function grantedUnderNode(
  registry: ResourceDirectory,
  grants: Grants,
  idOrKey: string,
  ungroup: boolean,
): Promise<Condition> {
  if (ungroup && isUngroupedKey(idOrKey)) return grantedDirectScope(grants);
  const tree = await buildGrantedTree(registry, grants, ungroup);
  const node = visibleNode(tree, idOrKey.trim().slice(0, 200));
  return node ? grantedScopeUnder(tree, grants, node) : NOTHING;
}

/** The caller's favourite assets (docs/favorites.md), listed first on "my assets". */
const favoritesOf = (userId: string): Condition => ({
  field: 'id',
  op: 'inSubquery',
  subquery: { table: FAVORITE_ASSET_TABLE, column: 'asset_id', where: { user_id: userId } },
});

export function registerMyAssetRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  registry: ResourceRegistry,
): void {
  const fallbackHost = `${ctx.config.host}:${ctx.config.port}`;
  const asset = registry.resource(ASSET);

  /** 401 without a session, 403 without the permission; the grants of the caller in the request's org. */
  const caller = async (request: FastifyRequest): Promise<{ rctx: RequestContext; grants: Grants }> => {
    const rctx = await requestContext(ctx.db, request);
    if (!allows(rctx, [VIEW_MYASSETS])) throw permissionDenied();
    return { rctx, grants: await resolveGrants(registry, rctx) };
  };

  // Read per request from the settings cache, so a change of the switch holds from the next request.
  const ungroup = () => ungroupDirectAssets(ctx.db, ctx.config);
  const underNode = async (grants: Grants, idOrKey: string) =>
    grantedUnderNode(registry, grants, idOrKey, await ungroup());

  // A generic client (and our read-only tables) asks the list's metadata before it renders the table.
  for (const list of [`${BASE}/assets/`, `${BASE}/nodes/:id/assets/`])
    app.options(list, async (request) => {
      const { rctx } = await caller(request);
      return grantedListMetadata(asset, rctx);
    });

  app.get(`${BASE}/assets/`, async (request) => {
    const { rctx, grants } = await caller(request);
    const nodeId = rctx.query?.node_id || rctx.query?.node || '';
    const granted = nodeId === '' ? grantedScope(grants) : await underNode(grants, nodeId);
    const first = favoritesOf(rctx.userId);
    return listGranted({ asset, ctx: rctx, grants, granted, request, fallbackHost, first });
  });

  // The workbench's node click (docs/resources.md#the-workbench `/workbench/assets`): the same list under one
  // granted node.
  app.get<{ Params: { id: string } }>(`${BASE}/nodes/:id/assets/`, async (request) => {
    const { rctx, grants } = await caller(request);
    const granted = await underNode(grants, request.params.id);
    return listGranted({ asset, ctx: rctx, grants, granted, request, fallbackHost });
  });

  app.get<{ Params: { id: string } }>(`${BASE}/assets/:id/`, async (request) => {
    const { rctx, grants } = await caller(request);
    const row = await grantedAssetRow(registry, rctx, grants, request.params.id.toLowerCase());
    if (!row) throw notFound();
    return (await grantedItems(asset, [row], rctx, grants))[0];
  });

  app.get(`${BASE}/nodes/children/tree/`, async (request) => {
    const { rctx, grants } = await caller(request);
    return grantedTreeItems(registry, rctx, grants, await ungroup());
  });
}
