import type { Condition } from '../../data/conditions';
import type { RequestContext, ResourceDirectory, StoredRow } from '../../engine/declaration';
import { parseBoolean } from '../../engine/values';
import { parentKeyOf } from '../assets/node-keys';
import { isValidPermission } from './validity';

/**
 * The asset-permission list filters beyond exact matches (docs/resources.md#asset-permissions filterset).
 * Every object they name is resolved within the request's org (every org in Root), so another org's user
 * group, asset or node matches nothing. v2.21's `all` switch is not read (a filter sees only its own value):
 * the expanding behaviour, its default, always applies.
 */
type PermissionFilter = (
  value: string,
  ctx: RequestContext,
  resources: ResourceDirectory,
) => Promise<Condition | null>;

const NOTHING: Condition = { never: true };
const PERMISSION = 'perms.assetpermission';

/** `is_valid=true|false`: active and now within [date_start, date_expired] (computed, so matched by id). */
const byValidity: PermissionFilter = async (value, ctx, resources) => {
  const wanted = parseBoolean(value);
  if (wanted === null) return null;
  const now = Date.now();
  const ids = (await resources.get(PERMISSION).find(null, ctx))
    .filter((row) => isValidPermission(row, now) === wanted)
    .map((row) => String(row.id));
  return { field: 'id', op: 'in', values: ids };
};

/** `user_id`: permissions naming the user directly or through one of the user's groups. */
const byUser: PermissionFilter = async (value, ctx, resources) => {
  const userId = value.trim();
  if (userId === '') return null;
  const groupIds = (
    await resources.get('users.usergrouprelation').find({ field: 'user', op: 'eq', value: userId }, ctx)
  ).map((link) => String(link.usergroup));
  const direct: Condition = { field: 'users', op: 'eq', value: userId };
  return groupIds.length === 0
    ? direct
    : { anyOf: [direct, { field: 'user_groups', op: 'in', values: groupIds }] };
};

/** The nodes and every ancestor of them, within the org of each node. */
async function withAncestors(
  resources: ResourceDirectory,
  ctx: RequestContext,
  nodes: StoredRow[],
): Promise<string[]> {
  const ids = new Set(nodes.map((node) => String(node.id)));
  for (const node of nodes) {
    const keys: string[] = [];
    for (let key = parentKeyOf(String(node.key ?? '')); key !== ''; key = parentKeyOf(key)) keys.push(key);
    if (keys.length === 0) continue;
    const ancestors = await resources
      .get('assets.node')
      .find({ field: 'key', op: 'in', values: keys }, { ...ctx, orgId: String(node.org_id) });
    for (const ancestor of ancestors) ids.add(String(ancestor.id));
  }
  return [...ids];
}

/** `node_id`: permissions on the node or on one of its ancestors (they cover the node's assets too). */
const byNode: PermissionFilter = async (value, ctx, resources) => {
  const node = await resources.get('assets.node').get(value.trim(), ctx);
  if (!node) return NOTHING;
  return { field: 'nodes', op: 'in', values: await withAncestors(resources, ctx, [node]) };
};

/** `asset_id`: permissions on the asset, or on a node (or ancestor of a node) holding it. */
const byAsset: PermissionFilter = async (value, ctx, resources) => {
  const assets = resources.get('assets.asset');
  const asset = await assets.get(value.trim(), ctx);
  if (!asset) return NOTHING;
  const nodeIds = await assets.linked('nodes', String(asset.id));
  const nodes =
    nodeIds.length === 0
      ? []
      : await resources
          .get('assets.node')
          .find({ field: 'id', op: 'in', values: nodeIds }, { ...ctx, orgId: String(asset.org_id) });
  const direct: Condition = { field: 'assets', op: 'eq', value: String(asset.id) };
  if (nodes.length === 0) return direct;
  return {
    anyOf: [direct, { field: 'nodes', op: 'in', values: await withAncestors(resources, ctx, nodes) }],
  };
};

export const ASSET_PERMISSION_FILTERS: Readonly<Record<string, PermissionFilter>> = {
  is_valid: byValidity,
  user_id: byUser,
  asset_id: byAsset,
  node_id: byNode,
};
