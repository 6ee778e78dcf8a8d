import { useCallback, useEffect, useState } from 'react';
import { Tree, type TreeEventNodeEvent } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import {
  buildForest,
  childrenOf,
  findNode,
  withChildren,
  type NodeRef,
  type TreeItem,
  type TreeNodeData,
} from '../nodeTree';
import { useKit } from './kit';

const NOT_LOADED = Symbol('not loaded');

export interface NodeTreeViewProps {
  /**
   * A `…/nodes/children/tree/` endpoint (zTree items, docs/resources.md#trees); children are asked with
   * `?key=`.
   */
  url: string;
  /** Extra parameters of every load (e.g. `{ assets: 0 }`). */
  params?: Readonly<Record<string, string | number>>;
  selected: NodeRef | null;
  onSelect: (node: NodeRef | null) => void;
  /** Changing it loads the tree again from the top (after a node was created, renamed or deleted). */
  reloadKey?: unknown;
  /** Shown when the first load has no node (an i18n key of the plugin). */
  emptyMessage?: string;
  /**
   * An "all" entry above the tree (label: an i18n key of the plugin): pressed while no node is chosen,
   * choosing it clears the choice — the granted trees' "All assets".
   */
  all?: { label: string; testId: string };
}

/**
 * A node tree loaded level by level (the asset tree, a user's granted nodes): the first load is opened down
 * to the children it brought, a node's children are fetched when it is first opened, and choosing a node
 * reports it. A refused request is shown by the shell; the tree stays as it was.
 */
export default function NodeTreeView({
  url,
  params,
  selected,
  onSelect,
  reloadKey,
  emptyMessage,
  all,
}: NodeTreeViewProps) {
  const { http, pt } = useKit();
  const [forest, setForest] = useState<TreeNodeData[]>([]);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  // The reload key of the last finished load: the tree is loading until it equals the current one.
  const [loaded, setLoaded] = useState<unknown>(NOT_LOADED);
  const loading = loaded !== reloadKey;
  const query = JSON.stringify(params ?? {});

  useEffect(() => {
    let live = true;
    http
      .get<TreeItem[]>(url, { params: JSON.parse(query) as Record<string, string | number> })
      .then((items) => {
        if (!live) return;
        const roots = buildForest(Array.isArray(items) ? items : []);
        const open: Record<string, boolean> = {};
        const walk = (nodes: readonly TreeNodeData[]): void =>
          nodes.forEach((node) => {
            if (!node.children?.length) return;
            open[node.key] = true;
            walk(node.children);
          });
        walk(roots);
        setForest(roots);
        setExpanded(open);
      })
      .catch(() => live && setForest([]))
      .finally(() => live && setLoaded(reloadKey));
    return () => {
      live = false;
    };
  }, [http, url, query, reloadKey]);

  const loadChildren = useCallback(
    async (event: TreeEventNodeEvent) => {
      const node = event.node as unknown as TreeNodeData;
      if (node.children) return;
      try {
        const extra = JSON.parse(query) as Record<string, string | number>;
        const items = await http.get<TreeItem[]>(url, { params: { ...extra, key: node.key } });
        setForest((current) =>
          withChildren(current, node.key, childrenOf(Array.isArray(items) ? items : [], node.key)),
        );
      } catch {
        // Shown by the shell (docs/http.md#errors-and-what-the-console-shows); the node stays closed.
      }
    },
    [http, url, query],
  );

  const tree = (
    <Tree
      value={forest as unknown as TreeNode[]}
      loading={loading}
      selectionMode="single"
      selectionKeys={selected?.key ?? null}
      onSelectionChange={(e) => {
        const key = typeof e.value === 'string' ? e.value : null;
        onSelect(key ? findNode(forest, key) : null);
      }}
      expandedKeys={expanded}
      onToggle={(e) => setExpanded(e.value as Record<string, boolean>)}
      onExpand={(e) => void loadChildren(e)}
      emptyMessage={emptyMessage ? pt(emptyMessage) : undefined}
      className="w-full border-none p-0"
    />
  );
  if (!all) return tree;
  return (
    <>
      <button
        type="button"
        className={`p-link text-left border-round px-2 py-1 ${selected ? '' : 'surface-200 font-medium'}`}
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
        data-testid={all.testId}
      >
        <i className="pi pi-th-large mr-2" aria-hidden="true" />
        {pt(all.label)}
      </button>
      {tree}
    </>
  );
}
