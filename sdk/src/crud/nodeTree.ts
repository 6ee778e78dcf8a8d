// Node trees as pages keep them (the asset tree, a user's granted nodes): every `…/children/tree/` endpoint
// answers zTree items (docs/resources.md#trees); PrimeReact's Tree wants nested nodes, loaded level by level.

/** A zTree item as the `…/nodes/children/tree/` endpoints answer it. */
export interface TreeItem {
  id: string;
  name: string;
  pId: string;
  isParent: boolean;
  meta?: { type?: string; data?: { id?: string; key?: string; value?: string } };
}

/** A node as a page keeps it once chosen. */
export interface NodeRef {
  id: string;
  key: string;
  value: string;
}

/** PrimeReact's TreeNode shape, the part the page uses. */
export interface TreeNodeData {
  key: string;
  label: string;
  data: NodeRef;
  leaf: boolean;
  children?: TreeNodeData[];
}

function toNode(item: TreeItem): TreeNodeData | null {
  const data = item.meta?.data ?? {};
  const key = data.key ?? item.id;
  if (item.meta?.type !== 'node' || !data.id || !key) return null;
  return {
    key,
    label: item.name,
    data: { id: data.id, key, value: String(data.value ?? item.name) },
    leaf: !item.isParent,
  };
}

/**
 * A first load answers nodes (e.g. the org root and its children) as a flat list linked by `pId`, the
 * parent's key: rebuild the forest; items whose parent is not in the list are roots.
 */
export function buildForest(items: readonly TreeItem[]): TreeNodeData[] {
  const pairs = items
    .map((item) => [item, toNode(item)] as const)
    .filter((pair): pair is readonly [TreeItem, TreeNodeData] => pair[1] !== null);
  const byKey = new Map(pairs.map(([, node]) => [node.key, node]));
  const roots: TreeNodeData[] = [];
  for (const [item, node] of pairs) {
    const parent = item.pId && item.pId !== node.key ? byKey.get(item.pId) : undefined;
    if (parent) parent.children = [...(parent.children ?? []), node];
    else roots.push(node);
  }
  return roots;
}

/** A child load: the nodes directly below `parentKey`. */
export function childrenOf(items: readonly TreeItem[], parentKey: string): TreeNodeData[] {
  return items
    .filter((item) => item.pId === parentKey)
    .map(toNode)
    .filter((node): node is TreeNodeData => node !== null && node.key !== parentKey);
}

/** The forest with `children` set on the node of `key` (immutably, for React state). */
export function withChildren(
  forest: readonly TreeNodeData[],
  key: string,
  children: TreeNodeData[],
): TreeNodeData[] {
  return forest.map((node) => {
    if (node.key === key) return { ...node, children, leaf: children.length === 0 };
    if (node.children) return { ...node, children: withChildren(node.children, key, children) };
    return node;
  });
}

/** The chosen node of a selection key, anywhere in the loaded forest. */
export function findNode(forest: readonly TreeNodeData[], key: string): NodeRef | null {
  for (const node of forest) {
    if (node.key === key) return node.data;
    const inner = node.children ? findNode(node.children, key) : null;
    if (inner) return inner;
  }
  return null;
}
