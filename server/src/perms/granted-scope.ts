import type { Condition } from '../data/conditions';
import { isSelfOrDescendant } from '../resources/assets/node-keys';
import { assetsOfNodes, type NodeRow } from '../resources/assets/node-store';
import type { Grants } from './granted-assets';
import type { GrantedTree } from './granted-tree';

/**
 * The granted assets as a list condition: assets of the covered nodes (an m2m condition over a few node
 * ids, not the asset ids they hold) or the directly granted ids. Always an OR, with an impossible id as
 * its last term: SQLite plans a lone `id IN (…)` next to a search's trigram `rowid IN (…)` as a probe of
 * every id × rowid pair on the (org_id, id) index — seconds for 10k granted assets — where the OR keeps
 * each IN a single set lookup (milliseconds). The sentinel stops the planner folding a one-term OR away.
 */
const NO_ASSET: Condition = { field: 'id', op: 'eq', value: '' };

function grantedWhere(coveredNodeIds: readonly string[], directIds: readonly string[]): Condition {
  const terms: Condition[] = [];
  if (coveredNodeIds.length > 0) terms.push(assetsOfNodes(coveredNodeIds));
  if (directIds.length > 0) terms.push({ field: 'id', op: 'in', values: directIds });
  return { anyOf: [...terms, NO_ASSET] };
}

/** Every granted asset. */
export function grantedScope(grants: Grants): Condition {
  return grantedWhere([...grants.coveredNodeAssets.keys()], [...grants.directAssets]);
}

/** The directly granted assets: what the "Ungrouped" node holds (ungrouped-node.ts). */
export function grantedDirectScope(grants: Grants): Condition {
  return grantedWhere([], [...grants.directAssets]);
}

/**
 * The granted assets the tree shows in the node's subtree: every asset of a covered node there, and the
 * directly granted assets shown under its other nodes (the tree's counts count exactly these).
 */
export function grantedScopeUnder(tree: GrantedTree, grants: Grants, node: NodeRow): Condition {
  const covered: string[] = [];
  const direct = new Set<string>();
  for (const item of grants.nodes) {
    if (item.orgId !== node.orgId || !isSelfOrDescendant(item.key, node.key)) continue;
    if (grants.coveredNodeAssets.has(item.id)) covered.push(item.id);
    else for (const id of tree.shown.get(item.id) ?? []) direct.add(id);
  }
  return grantedWhere(covered, [...direct]);
}
