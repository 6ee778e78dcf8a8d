/** A zTree item as `nodes/children/tree/` answers it (resources.md §1.6, §9.1). */
export interface TreeItem {
  id: string;
  name: string;
  pId: string;
  isParent: boolean;
  meta: { type: 'node' | 'asset'; data: { id?: string; key?: string; value?: string } };
}

/** A node of the asset tree as the page keeps it. */
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
  if (item.meta?.type !== 'node' || !data.id || !data.key) return null;
  return {
    key: data.key,
    label: item.name,
    data: { id: data.id, key: data.key, value: String(data.value ?? item.name) },
    leaf: !item.isParent,
  };
}

/**
 * The first load answers the org roots and their children as a flat list linked by `pId` (the parent's
 * key): rebuild the forest; children whose parent is not in the list are roots (Root org: every org root).
 */
export function buildForest(items: readonly TreeItem[]): TreeNodeData[] {
  const nodes = items.map(toNode).filter((node): node is TreeNodeData => node !== null);
  const byKey = new Map(nodes.map((node) => [node.key, node]));
  const roots: TreeNodeData[] = [];
  items.forEach((item) => {
    const node = byKey.get(item.meta?.data?.key ?? '');
    if (!node) return;
    const parent = byKey.get(item.pId);
    if (parent) parent.children = [...(parent.children ?? []), node];
    else roots.push(node);
  });
  return roots;
}

/** A child load: the nodes directly below `parentKey`. */
export function childrenOf(items: readonly TreeItem[], parentKey: string): TreeNodeData[] {
  return items
    .filter((item) => item.pId === parentKey)
    .map(toNode)
    .filter((node): node is TreeNodeData => node !== null);
}

/** Returns the forest with `children` set on the node of `key` (immutably, for React state). */
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
