import type { RequestContext, ResourceDirectory } from '../engine/declaration';
import { ASSET, orgNameOf, type NodeRow } from '../resources/assets/node-store';
import { assetTreeItem, nodeTreeItem, type TreeItem } from '../resources/assets/node-tree-items';
import type { Grants } from './granted-assets';
import {
  buildGrantedTree,
  grantedCount,
  treeOrder,
  visibleChildren,
  visibleNode,
  type GrantedTree,
} from './granted-tree';

/**
 * `perms/users/nodes/children/tree/` (docs/resources.md#what-a-user-was-granted): zTree items of the caller's grants. Without
 * `key`/`id` it answers the top-level entries with the path connecting them to their org roots (opened);
 * with one it answers that node's visible children, and with `assets=1` also the granted assets shown
 * directly under it. An unknown or ungranted node answers `[]`, as v2.21's permission trees do.
 */
function nodeItem(tree: GrantedTree, node: NodeRow, initial: boolean): TreeItem {
  const item = nodeTreeItem(node, grantedCount(tree, node), false);
  return initial ? { ...item, open: item.open || tree.opened.has(node.id) } : item;
}

async function assetItems(
  resources: ResourceDirectory,
  ctx: RequestContext,
  tree: GrantedTree,
  node: NodeRow,
): Promise<TreeItem[]> {
  const ids = [...(tree.shown.get(node.id) ?? [])];
  if (ids.length === 0) return [];
  const rows = await resources.get(ASSET).find({ field: 'id', op: 'in', values: ids }, ctx);
  const bases = new Map(
    (await resources.get('assets.platform').find(null, ctx)).map((platform) => [
      String(platform.name),
      String(platform.base),
    ]),
  );
  const orgName = await orgNameOf(resources, ctx, node.orgId);
  return rows
    .sort((a, b) => String(a.hostname).localeCompare(String(b.hostname)))
    .map((asset) => assetTreeItem(asset, node.key, bases.get(String(asset.platform)) ?? 'Other', orgName));
}

export async function grantedTreeItems(
  resources: ResourceDirectory,
  ctx: RequestContext,
  grants: Grants,
): Promise<TreeItem[]> {
  const query = ctx.query ?? {};
  const tree = await buildGrantedTree(resources, grants);
  const idOrKey = (query.key || query.id || '').trim().slice(0, 200);
  if (idOrKey === '') {
    const nodes = treeOrder([...tree.connectors, ...tree.tops]);
    return nodes.map((node) => nodeItem(tree, node, true));
  }
  const parent = visibleNode(tree, idOrKey);
  if (!parent) return [];
  const items = treeOrder(visibleChildren(tree, parent)).map((node) => nodeItem(tree, node, false));
  if (query.assets === '1') items.push(...(await assetItems(resources, ctx, tree, parent)));
  return items;
}
