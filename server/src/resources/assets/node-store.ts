import type {
  RequestContext,
  ResourceAccess,
  ResourceDirectory,
  ScopeCondition,
  StoredRow,
} from '../../engine/declaration';
import { DEFAULT_ORG_ID, DEFAULT_ORG_NAME, ROOT_ORG_ID } from '../../orgs/org-ids';
import { assetMessage } from './messages';
import { compareKeys, isSelfOrDescendant, nextRootKey, parentKeyOf } from './node-keys';

/**
 * Node tree operations over the engine's resource access (no SQL here): org roots, key allocation, subtree
 * reads, re-parenting and the asset counts shown in trees.
 */
export interface NodeRow {
  id: string;
  key: string;
  value: string;
  parentKey: string;
  childMark: number;
  orgId: string;
}

export const NODE = 'assets.node';
export const ASSET = 'assets.asset';

export function toNode(row: StoredRow): NodeRow {
  return {
    id: String(row.id),
    key: String(row.key ?? ''),
    value: String(row.value ?? ''),
    parentKey: String(row.parent_key ?? ''),
    childMark: Number(row.child_mark ?? 0) || 0,
    orgId: String(row.org_id ?? ''),
  };
}

const byKey = (a: NodeRow, b: NodeRow): number => compareKeys(a.key, b.key);

/** The same request context, reading across every org (key allocation is global). */
export const acrossOrgs = (ctx: RequestContext): RequestContext => ({ ...ctx, orgId: ROOT_ORG_ID });

/** Every node of the current org (every org in Root), ordered by key. */
export function orgNodes(resources: ResourceDirectory, ctx: RequestContext): NodeRow[] {
  return unorderedOrgNodes(resources, ctx).sort(byKey);
}

/** The same without sorting: per-row paths of list pages need no order (it showed in list profiles). */
export function unorderedOrgNodes(resources: ResourceDirectory, ctx: RequestContext): NodeRow[] {
  return resources.get(NODE).find(null, ctx).map(toNode);
}

/** Org roots of the current org (one) or, in Root, of every org. */
export function rootNodes(resources: ResourceDirectory, ctx: RequestContext): NodeRow[] {
  return resources.get(NODE).find({ field: 'parent_key', op: 'eq', value: '' }, ctx).map(toNode).sort(byKey);
}

export function findOrgRoot(resources: ResourceDirectory, ctx: RequestContext): NodeRow | null {
  if (ctx.orgId === ROOT_ORG_ID) return null;
  return rootNodes(resources, ctx).find((node) => node.orgId === ctx.orgId) ?? null;
}

/** The engine's registry answers org names (cached); the directory interface does not promise it yet. */
interface OrgNames {
  orgName(orgId: string): string;
}

const hasOrgNames = (resources: ResourceDirectory): resources is ResourceDirectory & OrgNames =>
  typeof (resources as Partial<OrgNames>).orgName === 'function';

/** Name of an org (root node value, `org_name` of tree items). */
export function orgNameOf(resources: ResourceDirectory, ctx: RequestContext, orgId: string): string {
  if (orgId === DEFAULT_ORG_ID) return DEFAULT_ORG_NAME;
  if (hasOrgNames(resources)) {
    const name = resources.orgName(orgId);
    if (name) return name;
  }
  try {
    const org = resources.get('orgs.organization').get(orgId, acrossOrgs(ctx));
    if (org && typeof org.name === 'string') return org.name;
  } catch {
    // organizations are not a declared resource in this build: fall back to the id
  }
  return orgId;
}

/** The org's root node, created (named after the org) on first use, as v2.21 Node.org_root() does. */
export async function ensureOrgRoot(resources: ResourceDirectory, ctx: RequestContext): Promise<NodeRow> {
  const existing = findOrgRoot(resources, ctx);
  if (existing) return existing;
  // The node hooks make the first node of an org its root (see node.ts beforeSave).
  return toNode(await resources.get(NODE).create({ value: orgNameOf(resources, ctx, ctx.orgId) }, ctx));
}

/** Root key for a new org root: Default keeps `1`, others take the next integer across all orgs. */
export function allocateRootKey(resources: ResourceDirectory, ctx: RequestContext): string {
  const keys = rootNodes(resources, acrossOrgs(ctx)).map((node) => node.key);
  return nextRootKey(keys, ctx.orgId === DEFAULT_ORG_ID);
}

/** Takes the next child number of `parentId` (re-read, so several children in one request stay distinct). */
export function allocateChildKey(
  resources: ResourceDirectory,
  ctx: RequestContext,
  parentId: string,
): string {
  const nodes = resources.get(NODE);
  const parent = nodes.get(parentId, acrossOrgs(ctx));
  if (!parent) throw new Error(`node ${parentId} vanished`);
  const { key, childMark } = toNode(parent);
  nodes.setColumns(parentId, { child_mark: childMark + 1 });
  return `${key}:${childMark + 1}`;
}

/** A node of the current org by uuid or key. */
export function resolveNode(
  resources: ResourceDirectory,
  ctx: RequestContext,
  idOrKey: string,
): NodeRow | null {
  const nodes = resources.get(NODE);
  const byId = /^[0-9a-f-]{36}$/i.test(idOrKey) ? nodes.get(idOrKey.toLowerCase(), ctx) : null;
  if (byId) return toNode(byId);
  const [match] = nodes.find({ field: 'key', op: 'eq', value: idOrKey }, ctx);
  return match ? toNode(match) : null;
}

/** `orgId parentKey` → children: keys are unique across orgs, the org keeps a stray duplicate apart. */
export function childIndex(nodes: readonly NodeRow[]): Map<string, NodeRow[]> {
  const index = new Map<string, NodeRow[]>();
  for (const node of nodes) {
    const key = `${node.orgId} ${node.parentKey}`;
    const list = index.get(key);
    if (list) list.push(node);
    else index.set(key, [node]);
  }
  return index;
}

export const childrenIn = (index: ReadonlyMap<string, NodeRow[]>, node: NodeRow): readonly NodeRow[] =>
  index.get(`${node.orgId} ${node.key}`) ?? [];

export function childrenOf(nodes: readonly NodeRow[], parent: NodeRow): NodeRow[] {
  return nodes.filter((node) => node.parentKey === parent.key && node.orgId === parent.orgId);
}

export function subtreeOf(nodes: readonly NodeRow[], top: NodeRow): NodeRow[] {
  return nodes.filter((node) => node.orgId === top.orgId && isSelfOrDescendant(node.key, top.key));
}

/** `/Default/a/b` for every node, from the values along its key path. */
export function fullValues(nodes: readonly NodeRow[]): Map<string, string> {
  const valueByKey = new Map(nodes.map((node) => [`${node.orgId} ${node.key}`, node.value]));
  const result = new Map<string, string>();
  for (const node of nodes) {
    const parts: string[] = [];
    let key = node.key;
    while (key !== '') {
      parts.unshift(valueByKey.get(`${node.orgId} ${key}`) ?? '');
      key = parentKeyOf(key);
    }
    result.set(node.id, `/${parts.join('/')}`);
  }
  return result;
}

/**
 * Full paths of some nodes (list pages: the nodes their rows link to), reading only those nodes and their
 * ancestors instead of the whole tree. Keys are unique across orgs; `orgIds` limits the nodes to the orgs of
 * the rows, as reading each org's tree did.
 */
export function pathsOfNodes(
  resources: ResourceDirectory,
  ctx: RequestContext,
  nodeIds: readonly string[],
  orgIds: ReadonlySet<string>,
): Map<string, string> {
  if (nodeIds.length === 0) return new Map();
  const access = resources.get(NODE);
  const across = acrossOrgs(ctx);
  const nodes = access
    .find({ field: 'id', op: 'in', values: [...new Set(nodeIds)] }, across)
    .map(toNode)
    .filter((node) => orgIds.has(node.orgId));
  const keys = new Set<string>();
  for (const node of nodes)
    for (let key = parentKeyOf(node.key); key !== ''; key = parentKeyOf(key)) keys.add(key);
  const ancestors =
    keys.size === 0 ? [] : access.find({ field: 'key', op: 'in', values: [...keys] }, across).map(toNode);
  const paths = fullValues([...nodes, ...ancestors]);
  return new Map(nodes.map((node) => [node.id, paths.get(node.id) ?? '']));
}

/** Assets linked directly to any of the nodes (an m2m condition: the engine joins the link table). */
export function assetsOfNodes(nodeIds: readonly string[]): ScopeCondition {
  return { field: 'nodes', op: 'in', values: nodeIds };
}

/**
 * Assets in each node's subtree (distinct: an asset in two nodes of one subtree counts once). An org root
 * holds every asset of its org (an asset always has a node; orphans go back to the root), so its count
 * is the org's asset count. Other nodes union the direct asset ids of their subtree, read through the
 * nodes' reverse m2m `assets` for every node concerned at once.
 */
export function assetsAmounts(
  resources: ResourceDirectory,
  ctx: RequestContext,
  allNodes: readonly NodeRow[],
  wanted: readonly NodeRow[],
): Map<string, number> {
  const assets = resources.get(ASSET);
  const result = new Map<string, number>();
  // Subtrees walked through a child index, their direct asset links read in one go: a page of n nodes
  // costs their subtrees, not n scans of the tree and a read per node.
  const index = childIndex(allNodes);
  const subtrees = new Map<string, NodeRow[]>();
  for (const node of wanted) {
    if (node.parentKey === '') result.set(node.id, assets.count(null, { ...ctx, orgId: node.orgId }));
    else subtrees.set(node.id, subtreeIn(index, node));
  }
  const ids = new Set([...subtrees.values()].flatMap((nodes) => nodes.map((node) => node.id)));
  const direct =
    ids.size === 0 ? new Map<string, string[]>() : resources.get(NODE).linkedMany('assets', [...ids]);
  for (const [nodeId, nodes] of subtrees) {
    const distinct = new Set<string>();
    for (const item of nodes) for (const id of direct.get(item.id) ?? []) distinct.add(id);
    result.set(nodeId, distinct.size);
  }
  return result;
}

/** A node and its descendants, through a child index (cost: the subtree's size). */
export function subtreeIn(index: ReadonlyMap<string, NodeRow[]>, top: NodeRow): NodeRow[] {
  const found: NodeRow[] = [];
  const stack: NodeRow[] = [top];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    found.push(item);
    stack.push(...childrenIn(index, item));
  }
  return found;
}

/**
 * Moves nodes (and their subtrees) under `target`: each gets a fresh child key of the target and its
 * descendants' keys are rewritten by prefix. Refuses a move into the node's own subtree. The tree is read
 * once and kept current in memory as nodes move (a node inside another moved one follows it first), so
 * the work is the moved subtrees' size, never a re-read of the tree per node.
 */
export function moveNodesUnder(
  resources: ResourceDirectory,
  ctx: RequestContext,
  target: NodeRow,
  moving: readonly NodeRow[],
): { error: string } | null {
  const access: ResourceAccess = resources.get(NODE);
  for (const node of moving) {
    if (node.parentKey === '' || isSelfOrDescendant(target.key, node.key)) {
      return { error: assetMessage('nodeMoveIntoItself', ctx.language) };
    }
  }
  const current = new Map(orgNodes(resources, ctx).map((node) => [node.id, { ...node }]));
  const byKey = new Map([...current.values()].map((node) => [`${node.orgId} ${node.key}`, node.id]));
  const parentOf = new Map<string, string>();
  const children = new Map<string, Set<string>>();
  const attach = (id: string, parentId: string): void => {
    parentOf.set(id, parentId);
    const set = children.get(parentId) ?? new Set<string>();
    set.add(id);
    children.set(parentId, set);
  };
  for (const node of current.values()) {
    const parentId = byKey.get(`${node.orgId} ${node.parentKey}`);
    if (parentId !== undefined) attach(node.id, parentId);
  }
  for (const node of moving) {
    const fresh = current.get(node.id);
    if (!fresh || fresh.parentKey === target.key) continue;
    children.get(parentOf.get(fresh.id) ?? '')?.delete(fresh.id);
    attach(fresh.id, target.id);
    const rewrite = (id: string, key: string): void => {
      const item = current.get(id);
      if (!item) return;
      item.key = key;
      item.parentKey = parentKeyOf(key);
      access.setColumns(id, { key, parent_key: item.parentKey });
      for (const child of children.get(id) ?? []) {
        const old = current.get(child);
        if (old) rewrite(child, `${key}${old.key.slice(old.parentKey.length)}`);
      }
    };
    rewrite(fresh.id, allocateChildKey(resources, ctx, target.id));
  }
  return null;
}
