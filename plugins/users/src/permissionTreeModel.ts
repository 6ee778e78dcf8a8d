/**
 * zTree nodes of `…/permissions/tree/` (docs/resources.md#trees) → PrimeReact tree, and view-implied-by
 * rules.
 */
export interface ZNode {
  id: string;
  name: string;
  pId: string;
  isParent: boolean;
  checked?: boolean;
  halfCheck?: boolean;
  meta?: { type?: string; data?: { codename?: string } };
}

export interface PTreeNode {
  key: string;
  label: string;
  children?: PTreeNode[];
}

export type Selection = Record<string, { checked?: boolean; partialChecked?: boolean }>;

export function toTree(nodes: readonly ZNode[]): { roots: PTreeNode[]; selection: Selection } {
  const byId = new Map<string, PTreeNode>();
  for (const n of nodes)
    byId.set(n.id, { key: n.id, label: n.name, ...(n.isParent ? { children: [] } : {}) });
  const roots: PTreeNode[] = [];
  for (const n of nodes) {
    const parent = n.pId ? byId.get(n.pId) : undefined;
    if (parent?.children) parent.children.push(byId.get(n.id)!);
    else roots.push(byId.get(n.id)!);
  }
  const selection: Selection = {};
  for (const n of nodes) {
    if (n.checked) selection[n.id] = { checked: true, partialChecked: false };
    else if (n.halfCheck) selection[n.id] = { checked: false, partialChecked: true };
  }
  return { roots, selection };
}

const CODE = /^([\w-]+)\.(add|change|delete)_(\w+)$/;

/** Checking add/change/delete of a resource also checks its view permission (the console's dependency rule). */
export function impliedPermissions(nodes: readonly ZNode[], selection: Selection): Selection {
  const out: Selection = { ...selection };
  const byCode = new Map<string, ZNode>();
  for (const n of nodes) {
    const code = n.meta?.data?.codename ?? n.name;
    if (!n.isParent) byCode.set(code, n);
  }
  for (const n of nodes) {
    if (n.isParent || !out[n.id]?.checked) continue;
    const m = CODE.exec(n.meta?.data?.codename ?? n.name);
    const view = m ? byCode.get(`${m[1]}.view_${m[3]}`) : undefined;
    if (view && !out[view.id]?.checked) out[view.id] = { checked: true, partialChecked: false };
  }
  return out;
}
