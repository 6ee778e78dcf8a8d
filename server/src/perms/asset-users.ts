import type { RequestContext, ResourceDirectory, StoredRow } from '../engine/declaration';
import { ASSET, unorderedOrgNodes } from '../resources/assets/node-store';
import { ASSET_PERMISSION } from '../resources/perms/asset-permission';
import { isValidPermission } from '../resources/perms/validity';
import { USERS } from '../resources/identity/users';

/**
 * The ids of the asset's nodes and of every node above them (a grant or binding on a node covers its whole
 * subtree), in the org of `orgCtx`.
 */
export async function nodesHoldingAsset(
  resources: ResourceDirectory,
  orgCtx: RequestContext,
  assetId: string,
): Promise<string[]> {
  const nodes = await unorderedOrgNodes(resources, orgCtx);
  const own = new Set(await resources.get(ASSET).linked('nodes', assetId));
  // Keys are materialised paths (`1:3:12` under `1:3`, `1`).
  const aboveKeys = new Set<string>();
  for (const node of nodes) {
    if (!own.has(node.id)) continue;
    const parts = node.key.split(':');
    for (let depth = 1; depth <= parts.length; depth += 1) aboveKeys.add(parts.slice(0, depth).join(':'));
  }
  return nodes.filter((node) => aboveKeys.has(node.key)).map((node) => node.id);
}

/**
 * Who may reach one asset (the asset detail's "Authorized users", docs/resources.md#what-a-user-was-granted):
 * the users named by a valid permission of the asset's org — directly or through a group — that grants the
 * asset itself or a node above it (a node grant covers its whole subtree). Only members of the org count, as
 * for "my assets". Answers the user rows, in the users list's own scope.
 */
export async function usersReachingAsset(
  resources: ResourceDirectory,
  ctx: RequestContext,
  asset: StoredRow,
  now = Date.now(),
): Promise<StoredRow[]> {
  const orgCtx: RequestContext = { ...ctx, orgId: String(asset.org_id) };
  const assetId = String(asset.id);
  const aboveIds = await nodesHoldingAsset(resources, orgCtx, assetId);
  const byAsset = { field: 'assets', op: 'eq' as const, value: assetId };
  const permissions = (
    await resources
      .get(ASSET_PERMISSION)
      .find(
        aboveIds.length === 0
          ? byAsset
          : { anyOf: [byAsset, { field: 'nodes', op: 'in', values: aboveIds }] },
        orgCtx,
      )
  ).filter((row) => isValidPermission(row, now));
  if (permissions.length === 0) return [];
  const access = resources.get(ASSET_PERMISSION);
  const ids = permissions.map((row) => String(row.id));
  const userIds = new Set([...(await access.linkedMany('users', ids)).values()].flat());
  const groupIds = [...new Set([...(await access.linkedMany('user_groups', ids)).values()].flat())];
  if (groupIds.length > 0) {
    for (const link of await resources
      .get('users.usergrouprelation')
      .find({ field: 'usergroup', op: 'in', values: groupIds }, orgCtx))
      userIds.add(String(link.user));
  }
  if (userIds.size === 0) return [];
  return resources.get(USERS).find({ field: 'id', op: 'in', values: [...userIds] }, orgCtx);
}
