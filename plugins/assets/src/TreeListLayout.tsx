import { useState, type ReactNode } from 'react';
import type { NodeRef } from '@bastion/sdk';
import { NodeTree } from './NodeTree';

/** A list beside the asset node tree: the chosen node (null = the whole org) is handed to the list. */
export function TreeListLayout({ children }: { children: (node: NodeRef | null) => ReactNode }) {
  const [node, setNode] = useState<NodeRef | null>(null);
  return (
    <div className="grid">
      <div className="col-12 lg:col-3">
        <div className="surface-card border-round p-3 h-full">
          <NodeTree selected={node} onSelect={setNode} notify={() => undefined} />
        </div>
      </div>
      <div className="col-12 lg:col-9">{children(node)}</div>
    </div>
  );
}
