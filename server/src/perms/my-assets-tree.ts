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
import { isUngroupedKey, UNGROUPED_KEY, ungroupedTreeItem } from './ungrouped-node';

/**
 * `perms/users/nodes/children/tree/` (docs/resources.md#what-a-user-was-granted): zTree items of the caller's grants. Without
 * `key`/`id` it answers the top-level entries with the path connecting them to their org roots (opened);
 * with one it answers that node's visible children, and with `assets=1` also the granted assets shown
 * directly under it. An unknown or ungranted node answers `[]`, as v2.21's permission trees do. With
 * `ungroup` (PERM_SINGLE_ASSET_TO_UNGROUP_NODE) the "Ungrouped" node comes first and holds the directly
 * granted assets (ungrouped-node.ts).
 */
function nodeItem(tree: GrantedTree, node: NodeRow, initial: boolean): TreeItem {
  const item = nodeTreeItem(node, grantedCount(tree, node), false);
  return initial ? { ...item, open: item.open || tree.opened.has(node.id) } : item;
}

/** The granted assets `ids` as zTree items under `parentKey`, by hostname. */
async function assetItems(
  resources: ResourceDirectory,
  ctx: RequestContext,
  ids: readonly string[],
  parentKey: string,
): Promise<TreeItem[]> {
  if (ids.length === 0) return [];
  const rows = await resources.get(ASSET).find({ field: 'id', op: 'in', values: [...ids] }, ctx);
  const bases = new Map(
    (await resources.get('assets.platform').find(null, ctx)).map((platform) => [
      String(platform.name),
      String(platform.base),
    ]),
  );
  // Ungrouped assets may come from several orgs (a Root request): each item names its own.
  const orgNames = new Map<string, string>();
  for (const orgId of new Set(rows.map((row) => String(row.org_id))))
    orgNames.set(orgId, await orgNameOf(resources, ctx, orgId));
  return rows
    .sort((a, b) => String(a.hostname).localeCompare(String(b.hostname)))
    .map((asset) =>
      assetTreeItem(
        asset,
        parentKey,
        bases.get(String(asset.platform)) ?? 'Other',
        orgNames.get(String(asset.org_id)) ?? '',
      ),
    );
}

export async function grantedTreeItems(
  resources: ResourceDirectory,
  ctx: RequestContext,
  grants: Grants,
  ungroup: boolean,
): Promise<TreeItem[]> {
  const query = ctx.query ?? {};
  const tree = await buildGrantedTree(resources, grants, ungroup);
  const idOrKey = (query.key || query.id || '').trim().slice(0, 200);
  if (idOrKey === '') {
    const nodes = treeOrder([...tree.connectors, ...tree.tops]);
    const special = tree.ungrouped ? [ungroupedTreeItem(tree.ungrouped.size, ctx.language)] : [];
    return [...special, ...nodes.map((node) => nodeItem(tree, node, true))];
  }
  if (tree.ungrouped && isUngroupedKey(idOrKey))
    return query.assets === '1' ? assetItems(resources, ctx, [...tree.ungrouped], UNGROUPED_KEY) : [];
  const parent = visibleNode(tree, idOrKey);
  if (!parent) return [];
  const items = treeOrder(visibleChildren(tree, parent)).map((node) => nodeItem(tree, node, false));
  if (query.assets === '1')
    items.push(...(await assetItems(resources, ctx, [...(tree.shown.get(parent.id) ?? [])], parent.key)));
  return items;
}
