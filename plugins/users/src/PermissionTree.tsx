import { useEffect, useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { Tree, type TreeCheckboxSelectionKeys } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { useT, type DetailContext } from '@bastion/sdk';
import { roleUrl, type RoleScope } from './common';
import { impliedPermissions, toTree, type ZNode } from './permissionTreeModel';

/**
 * The role's permissions as a checkbox tree (docs/permissions.md#roles-bindings-and-the-permission-tree);
 * "Update" PATCHes `{permissions: [ids]}`.
 */
export function PermissionTree({ c, scope }: { c: DetailContext; scope: RoleScope }) {
  const t = useT();
  const [nodes, setNodes] = useState<ZNode[] | null>(null);
  const [selection, setSelection] = useState<TreeCheckboxSelectionKeys>({});
  const [busy, setBusy] = useState(false);
  const url = `${roleUrl(scope)}${String(c.object.id)}/permissions/tree/`;
  const readOnly = c.object.builtin === true || !c.can(`rbac.change_${scope}role`);

  useEffect(() => {
    let alive = true;
    c.http
      .get<ZNode[]>(url, { silent: true })
      .then((list) => {
        if (!alive) return;
        setNodes(list);
        setSelection(toTree(list).selection);
      })
      .catch(() => alive && setNodes([]));
    return () => {
      alive = false;
    };
  }, [c.http, url]);

  const tree = useMemo<TreeNode[]>(() => (nodes ? toTree(nodes).roots : []), [nodes]);
  const save = async () => {
    if (!nodes) return;
    setBusy(true);
    try {
      const ids = nodes.filter((n) => !n.isParent && selection[n.id]?.checked).map((n) => Number(n.id));
      await c.http.patch(`${roleUrl(scope)}${String(c.object.id)}/`, { permissions: ids });
      c.notify('success', 'roles.permissionsSaved');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="surface-card border-round shadow-1 p-3" data-testid="permission-tree">
      <div className="flex justify-content-between align-items-center mb-2">
        <h3 className="m-0 text-base">{t('roles.permissions')}</h3>
        {!readOnly ? (
          <Button
            type="button"
            size="small"
            label={t('roles.update')}
            loading={busy}
            onClick={() => void save()}
            data-testid="permission-save"
          />
        ) : null}
      </div>
      {nodes ? (
        <Tree
          value={tree}
          selectionMode={readOnly ? undefined : 'checkbox'}
          selectionKeys={selection}
          onSelectionChange={(e) =>
            nodes && setSelection(impliedPermissions(nodes, e.value as TreeCheckboxSelectionKeys))
          }
          filter
          className="w-full border-none p-0"
        />
      ) : (
        <i className="pi pi-spin pi-spinner" />
      )}
    </section>
  );
}
