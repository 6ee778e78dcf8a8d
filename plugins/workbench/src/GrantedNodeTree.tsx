import { useState } from 'react';
import { Button } from 'primereact/button';
import { useT, NodeTreeView, type NodeRef } from '@bastion/sdk';
import { MY_NODES_TREE_URL } from './paths';

interface GrantedNodeTreeProps {
  selected: NodeRef | null;
  onSelect: (node: NodeRef | null) => void;
}

/**
 * The nodes granted to the caller (docs/resources.md#the-workbench): first level on mount, children when a
 * node is opened. Choosing a node filters the list; "All assets" (or choosing the node again) clears it.
 */
export function GrantedNodeTree({ selected, onSelect }: GrantedNodeTreeProps) {
  const t = useT();
  const [generation, setGeneration] = useState(0);

  const reload = () => {
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
      <NodeTreeView
        url={MY_NODES_TREE_URL}
        selected={selected}
        onSelect={onSelect}
        reloadKey={generation}
        emptyMessage="tree.empty"
        all={{ label: 'tree.all', testId: 'granted-tree-all' }}
      />
    </div>
  );
}
