import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import type { RequestContext, StoredRow } from '../engine/declaration';
import { requestContext } from '../engine/request-context';
import type { ResourceRegistry } from '../engine/runtime';
import { notFound, permissionDenied, ResponseError } from '../http/api-error';
import { nodesHoldingAsset } from '../perms/asset-users';
import { grantedAssetRow, resolveGrants } from '../perms/granted-assets';
import { allows } from '../rbac/authorize';
import { readProtocols } from '../resources/assets/asset-protocols';
import { ASSET } from '../resources/assets/node-store';
import { l } from '../resources/label';
import { pickEndpoint, PORT_OF } from './smart-endpoint';

export const CONNECTION_INFO_URL = '/api/v1/terminal/connection-info/';

/** Protocols a user's own client reaches through an endpoint port (the web ports serve the rest). */
const CLIENT_PROTOCOLS = ['ssh', 'rdp', 'mysql', 'mariadb', 'postgresql'] as const;

const SYSTEM_USER_UNBOUND = l(
  '该系统用户不能登录此资产',
  'This system user cannot log in to this asset',
  'このシステムユーザーはこのアセットにログインできません',
);

export interface Connection {
  protocol: string;
  host: string;
  port: number;
  endpoint: string;
  /** Ready to paste into a terminal (SSH only). */
  command: string | null;
}

/**
 * The asset the caller may look at, or null: an admin of the assets (`assets.view_asset`) any asset of the
 * current org; anyone else only an asset granted to them (docs/connection-info.md#who-may-see-it).
 */
async function visibleAsset(
  registry: ResourceRegistry,
  rctx: RequestContext,
  id: string,
): Promise<StoredRow | null> {
  if (allows(rctx, ['assets.view_asset']))
    return registry
      .resource(ASSET)
      .get(id, rctx)
      .catch(() => null);
  if (!allows(rctx, ['perms.view_myassets'])) throw permissionDenied();
  return grantedAssetRow(registry, rctx, await resolveGrants(registry, rctx), id);
}

/** The system users that log in to the asset: bound to it directly or to a node holding it. */
async function systemUsersOf(registry: ResourceRegistry, rctx: RequestContext, asset: StoredRow) {
  const orgCtx: RequestContext = { ...rctx, orgId: String(asset.org_id), isSystemAdmin: true };
  const assetId = String(asset.id);
  const nodeIds = await nodesHoldingAsset(registry, orgCtx, assetId);
  const byAsset = { field: 'assets', op: 'eq' as const, value: assetId };
  const rows = await registry
    .resource('assets.systemuser')
    .find(
      nodeIds.length ? { anyOf: [byAsset, { field: 'nodes', op: 'in', values: nodeIds }] } : byAsset,
      orgCtx,
    );
  return rows
    .filter((row) => row.type !== 'admin')
    .sort((a, b) => Number(b.priority) - Number(a.priority))
    .map((row) => ({
      id: String(row.id),
      name: String(row.name),
      username: String(row.username ?? ''),
      protocol: String(row.protocol),
    }));
}

/**
 * `GET /api/v1/terminal/connection-info/?asset_id=…[&system_user_id=…]` (docs/connection-info.md): how the
 * caller connects to an asset from their own client — per protocol the host and port the endpoint rules pick
 * for the asset's address (the smart endpoint's choice), and the SSH command line.
 */
export function registerConnectionInfo(
  app: FastifyInstance,
  ctx: AppContext,
  registry: ResourceRegistry,
): void {
  app.get(CONNECTION_INFO_URL, async (request) => {
    const rctx = await requestContext(ctx.db, request);
    const query = request.query as Record<string, string | undefined>;
    const id = (query.asset_id ?? '').trim().toLowerCase().slice(0, 64);
    const asset = id ? await visibleAsset(registry, rctx, id) : null;
    if (!asset) throw notFound();
    const systemUsers = await systemUsersOf(registry, rctx, asset);
    const chosenId = query.system_user_id || systemUsers[0]?.id || null;
    const chosen = chosenId ? systemUsers.find((row) => row.id === chosenId) : undefined;
    if (chosenId && !chosen)
      throw new ResponseError(400, { system_user_id: [SYSTEM_USER_UNBOUND[rctx.language]] });

    const spoken = new Set(readProtocols(asset.protocols).map((item) => item.split('/')[0]));
    if (chosen) spoken.add(chosen.protocol);
    const ip = typeof asset.ip === 'string' ? asset.ip : null;
    const hostname = String(asset.hostname);
    const fallbackHost = request.hostname.replace(/:\d+$/, '');
    const connections: Connection[] = [];
    for (const protocol of CLIENT_PROTOCOLS) {
      if (!spoken.has(protocol)) continue;
      const endpoint = await pickEndpoint(registry, ip, protocol);
      if (!endpoint) continue;
      const host = String(endpoint.host || fallbackHost);
      const port = Number(endpoint[PORT_OF[protocol] as string]);
      connections.push({
        protocol,
        host,
        port,
        endpoint: String(endpoint.name),
        command: protocol === 'ssh' ? `ssh ${rctx.username}@${hostname}@${host} -p ${port}` : null,
      });
    }
    return {
      asset: { id: String(asset.id), hostname, ip },
      system_users: systemUsers,
      system_user: chosen?.id ?? null,
      connections,
    };
  });
}
