import { useCallback, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Tree, type TreeEventNodeEvent } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import {
  Http,
  useService,
  useT,
  buildForest,
  childrenOf,
  findNode,
  withChildren,
  type NodeRef,
  type TreeItem,
  type TreeNodeData,
} from '@bastion/sdk';
import { MY_NODES_TREE_URL } from './paths';

interface GrantedNodeTreeProps {
  selected: NodeRef | null;
  onSelect: (node: NodeRef | null) => void;
}

/**
 * The nodes granted to the caller (screens.md §1.3 "My assets"): first level on mount, children when a node
 * is opened. Choosing a node filters the list; "All assets" (or choosing the node again) clears it.
 */
export function GrantedNodeTree({ selected, onSelect }: GrantedNodeTreeProps) {
  const t = useT();
  const http = useService(Http);
  const [forest, setForest] = useState<TreeNodeData[]>([]);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let live = true;
    http
      .get<TreeItem[]>(MY_NODES_TREE_URL)
      .then((items) => {
        if (!live) return;
        const roots = buildForest(Array.isArray(items) ? items : []);
        setForest(roots);
        // Open the nodes whose children came with the first load.
        const open: Record<string, boolean> = {};
        const walk = (nodes: readonly TreeNodeData[]) =>
          nodes.forEach((node) => {
            if (node.children?.length) {
              open[node.key] = true;
              walk(node.children);
            }
          });
        walk(roots);
        setExpanded(open);
      })
      .catch(() => live && setForest([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [http, generation]);

  const loadChildren = useCallback(
    async (event: TreeEventNodeEvent) => {
      const node = event.node as unknown as TreeNodeData;
      if (node.children) return;
      try {
        const items = await http.get<TreeItem[]>(MY_NODES_TREE_URL, { params: { key: node.key } });
        setForest((current) =>
          withChildren(current, node.key, childrenOf(Array.isArray(items) ? items : [], node.key)),
        );
      } catch {
        // The shell shows the refused request; the node stays closed-looking but usable.
      }
    },
    [http],
  );

  const reload = () => {
    setLoading(true);
    onSelect(null);
    setGeneration((g) => g + 1);
  };

  return (
    <div className="flex flex-column gap-2" data-testid="granted-tree">
      <div className="flex align-items-center gap-1">
        <span className="font-medium mr-auto">{t('tree.title')}</span>
        <Button
          icon="pi pi-refresh"
          text
          rounded
          aria-label={t('tree.refresh')}
          title={t('tree.refresh')}
          onClick={reload}
          data-testid="granted-tree-refresh"
        />
      </div>
      <button
        type="button"
        className={`p-link text-left border-round px-2 py-1 ${selected ? '' : 'surface-200 font-medium'}`}
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
        data-testid="granted-tree-all"
      >
        <i className="pi pi-th-large mr-2" aria-hidden="true" />
        {t('tree.all')}
      </button>
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
        emptyMessage={t('tree.empty')}
        className="w-full border-none p-0"
      />
    </div>
  );
}
