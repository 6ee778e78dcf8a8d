import type { ResourceDirectory } from '../engine/declaration';
import { compareKeys, isSelfOrDescendant, parentKeyOf } from '../resources/assets/node-keys';
import { ASSET, childIndex, childrenIn, type NodeRow } from '../resources/assets/node-store';
import type { Grants } from './granted-assets';

/**
 * The node tree of a user's grants (docs/resources.md#what-a-user-was-granted permission trees). An asset
 * granted through a node shows under the nodes of that node's subtree holding it; a directly granted asset
 * shows under each of its nodes. A node is visible when it is granted, shows granted assets, or is an
 * ancestor of such a node (so the tree connects to the org root); its count is the distinct granted assets
 * shown in its subtree, which makes the org root's count the size of the flat list in that org.
 *
 * With `PERM_SINGLE_ASSET_TO_UNGROUP_NODE` on (`ungroup`), the directly granted assets leave their nodes for
 * the virtual "Ungrouped" node (ungrouped-node.ts): a node holding only such assets is not shown at all, and
 * the real nodes count only what was granted through nodes (docs/settings.md#other).
 */
export interface GrantedTree {
  /** Visible node id → the granted assets shown directly under it (may be empty). */
  shown: ReadonlyMap<string, ReadonlySet<string>>;
  visible: ReadonlySet<string>;
  /** The top-level entries: granted nodes without a granted ancestor, and uncovered nodes of direct assets. */
  tops: readonly NodeRow[];
  /** Strict ancestors of the tops that are not tops themselves (the path connecting them to the root). */
  connectors: readonly NodeRow[];
  /** Every strict ancestor of a top: opened in the initial load, so the granted nodes show at once. */
  opened: ReadonlySet<string>;
  byKey: ReadonlyMap<string, NodeRow>;
  byId: ReadonlyMap<string, NodeRow>;
  children: ReadonlyMap<string, NodeRow[]>;
  /** The assets under the "Ungrouped" node (every directly granted one), or null when it is off. */
  ungrouped: ReadonlySet<string> | null;
}

const orgKey = (orgId: string, key: string): string => `${orgId} ${key}`;

/** Strict ancestors of `node` present in the org's nodes, nearest first. */
function ancestorsOf(byOrgKey: ReadonlyMap<string, NodeRow>, node: NodeRow): NodeRow[] {
  const found: NodeRow[] = [];
  for (let key = parentKeyOf(node.key); key !== ''; key = parentKeyOf(key)) {
    const ancestor = byOrgKey.get(orgKey(node.orgId, key));
    if (ancestor) found.push(ancestor);
  }
  return found;
}

function addShown(shown: Map<string, Set<string>>, nodeId: string, assetIds: readonly string[]): void {
  let set = shown.get(nodeId);
  if (!set) shown.set(nodeId, (set = new Set()));
  for (const id of assetIds) set.add(id);
}

export async function buildGrantedTree(
  resources: ResourceDirectory,
  grants: Grants,
  ungroup: boolean,
): Promise<GrantedTree> {
  const byId = new Map(grants.nodes.map((node) => [node.id, node]));
  const byOrgKey = new Map(grants.nodes.map((node) => [orgKey(node.orgId, node.key), node]));
  const shown = new Map<string, Set<string>>();
  for (const [nodeId, assetIds] of grants.coveredNodeAssets)
    if (assetIds.length > 0) addShown(shown, nodeId, assetIds);
  const direct = [...grants.directAssets];
  const directNodes =
    direct.length === 0 || ungroup
      ? new Map<string, string[]>()
      : await resources.get(ASSET).linkedMany('nodes', direct);
  for (const [assetId, nodeIds] of directNodes)
    for (const nodeId of nodeIds) if (byId.has(nodeId)) addShown(shown, nodeId, [assetId]);

  const grantedIds = new Set(grants.grantedNodes.map((node) => node.id));
  const relevant = new Set([...shown.keys(), ...grantedIds]);
  const visible = new Set<string>();
  for (const id of relevant) {
    const node = byId.get(id);
    if (!node) continue;
    visible.add(id);
    for (const ancestor of ancestorsOf(byOrgKey, node)) visible.add(ancestor.id);
  }

  const tops: NodeRow[] = [];
  for (const id of relevant) {
    const node = byId.get(id);
    if (!node) continue;
    const ancestors = ancestorsOf(byOrgKey, node);
    const underGrant = ancestors.some((ancestor) => grantedIds.has(ancestor.id));
    const covered = grants.coveredNodeAssets.has(id);
    if (grantedIds.has(id) ? !underGrant : !covered) tops.push(node);
  }
  const topIds = new Set(tops.map((node) => node.id));
  const connectors = new Map<string, NodeRow>();
  const opened = new Set<string>();
  for (const top of tops)
    for (const ancestor of ancestorsOf(byOrgKey, top)) {
      opened.add(ancestor.id);
      if (!topIds.has(ancestor.id)) connectors.set(ancestor.id, ancestor);
    }

  return {
    shown,
    visible,
    tops,
    connectors: [...connectors.values()],
    opened,
    byKey: new Map(grants.nodes.map((node) => [node.key, node])),
    byId,
    children: childIndex(grants.nodes),
    ungrouped: ungroup ? new Set(direct) : null,
  };
}

/** Distinct granted assets shown in the node's subtree. */
export function grantedCount(tree: GrantedTree, node: NodeRow): number {
  return assetsUnder(tree, node).size;
}

/** The granted assets shown in the node's subtree (the flat list's `node_id` answer, tree-consistent). */
export function assetsUnder(tree: GrantedTree, node: NodeRow): Set<string> {
  const ids = new Set<string>();
  for (const [nodeId, assetIds] of tree.shown) {
    const holder = tree.byId.get(nodeId);
    if (!holder || holder.orgId !== node.orgId || !isSelfOrDescendant(holder.key, node.key)) continue;
    for (const id of assetIds) ids.add(id);
  }
  return ids;
}

/** Visible children of a visible node. */
export function visibleChildren(tree: GrantedTree, node: NodeRow): NodeRow[] {
  return childrenIn(tree.children, node).filter((child) => tree.visible.has(child.id));
}

/** A visible node by uuid or key (keys are unique across orgs), else null. */
export function visibleNode(tree: GrantedTree, idOrKey: string): NodeRow | null {
  const node = tree.byId.get(idOrKey.toLowerCase()) ?? tree.byKey.get(idOrKey);
  return node && tree.visible.has(node.id) ? node : null;
}

/** Tree order: parents before children, by value within a level (as the admin tree sorts). */
export function treeOrder(nodes: readonly NodeRow[]): NodeRow[] {
  return [...nodes].sort(
    (a, b) =>
      a.key.split(':').length - b.key.split(':').length ||
      a.value.localeCompare(b.value) ||
      compareKeys(a.key, b.key),
  );
}
