import type { Condition } from '../../data/conditions';
import type { RequestContext, ResourceDirectory } from '../../engine/declaration';
import { ASSET, assetsOfNodes, orgNodes, resolveNode, subtreeOf } from '../assets/node-store';

type RowFilter = (
  value: string,
  ctx: RequestContext,
  resources: ResourceDirectory,
) => Condition | null | Promise<Condition | null>;

const NOTHING: Condition = { never: true };

/** The asset's exact ip / hostname, through the row's `asset` fk. */
const byAssetField =
  (field: 'ip' | 'hostname'): RowFilter =>
  (value) =>
    value.trim() === '' ? null : { field: `asset__${field}`, op: 'eq', value: value.trim() };

/** `node=<uuid or key>`: rows of the assets in the node and its descendants (within the request's org). */
const byNode: RowFilter = async (value, ctx, resources) => {
  const idOrKey = value.trim().slice(0, 200);
  if (idOrKey === '') return null;
  const node = await resolveNode(resources, ctx, idOrKey);
  if (!node) return NOTHING;
  const nodes = await orgNodes(resources, { ...ctx, orgId: node.orgId });
  const assets = await resources
    .get(ASSET)
    .find(assetsOfNodes(subtreeOf(nodes, node).map((item) => item.id)), { ...ctx, orgId: node.orgId });
  return assets.length === 0 ? NOTHING : { field: 'asset', op: 'in', values: assets.map((a) => a.id) };
};

/**
 * Filters of the per-asset rows of the accounts area (asset accounts, gathered users; docs/accounts.md):
 * the asset's ip and hostname (both spellings v2.21 accepts) and a node of the tree with its subtree.
 */
export const ASSET_ROW_FILTERS: Readonly<Record<string, RowFilter>> = {
  ip: byAssetField('ip'),
  hostname: byAssetField('hostname'),
  asset__ip: byAssetField('ip'),
  asset__hostname: byAssetField('hostname'),
  asset_id: (value) => (value.trim() === '' ? null : { field: 'asset', op: 'eq', value: value.trim() }),
  node: byNode,
  node_id: byNode,
};
