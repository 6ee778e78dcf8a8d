import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import {
  Http,
  ROOT_ORG_ID,
  openTaskLog,
  taskIdOf,
  useCan,
  useOrg,
  useService,
  useT,
  NodeTreeView,
  type NodeRef,
} from '@bastion/sdk';
import { NODES_URL } from './common';

interface NodeTreeProps {
  selected: NodeRef | null;
  onSelect: (node: NodeRef | null) => void;
  notify: (severity: 'success', text: string) => void;
}

/** The nodes only: assets are listed beside the tree. */
const TREE_PARAMS = { assets: 0 };

type Editing = { mode: 'create' | 'rename'; node: NodeRef; value: string } | null;

/**
 * The asset tree (docs/resources.md#assets): nodes load level by level; choosing one filters
 * the list. Node operations act on the chosen node and are hidden in the root organization.
 */
export function NodeTree({ selected, onSelect, notify }: NodeTreeProps) {
  const t = useT();
  const http = useService(Http);
  const rootOrg = useOrg()?.id === ROOT_ORG_ID;
  const canAdd = useCan('assets.add_node') && !rootOrg;
  const canChange = useCan('assets.change_node') && !rootOrg;
  const canDelete = useCan('assets.delete_node') && !rootOrg;
  const canTest = useCan('assets.test_assetconnectivity') && !rootOrg;
  const [editing, setEditing] = useState<Editing>(null);
  const [generation, setGeneration] = useState(0);
  const reload = () => setGeneration((g) => g + 1);

  const save = async () => {
    if (!editing) return;
    const value = editing.value.trim();
    try {
      if (editing.mode === 'create') await http.post(`${NODES_URL}${editing.node.id}/children/`, { value });
      else await http.patch(`${NODES_URL}${editing.node.id}/`, { value });
      setEditing(null);
      notify('success', t('node.saved'));
      reload();
    } catch {
      // Refused requests are shown by the shell (docs/http.md#errors-and-what-the-console-shows); the tree
      // stays as it was.
    }
  };
  const remove = async (node: NodeRef) => {
    if (!window.confirm(t('node.confirmDelete', { name: node.value }))) return;
    try {
      await http.delete(`${NODES_URL}${node.id}/`);
      onSelect(null);
      notify('success', t('node.deleted'));
      reload();
    } catch {
      // Refused requests are shown by the shell (docs/http.md#errors-and-what-the-console-shows); the tree
      // stays as it was.
    }
  };
  const test = async (node: NodeRef) => {
    try {
      const task = taskIdOf(await http.post(`${NODES_URL}${node.id}/tasks/`, { action: 'test' }));
      if (task) openTaskLog(task);
    } catch {
      // Refused requests are shown by the shell (docs/http.md#errors-and-what-the-console-shows); the tree
      // stays as it was.
    }
  };

  // What can be done to the chosen node (docs/resources.md#assets right-click menu), each behind its
  // permission.
  const nodeOperations: { name: string; icon: string; allowed: boolean; run: (node: NodeRef) => void }[] = [
    {
      name: 'create',
      icon: 'pi pi-plus',
      allowed: canAdd,
      run: (node) => setEditing({ mode: 'create', node, value: '' }),
    },
    {
      name: 'rename',
      icon: 'pi pi-pencil',
      allowed: canChange,
      run: (node) => setEditing({ mode: 'rename', node, value: node.value }),
    },
    { name: 'delete', icon: 'pi pi-trash', allowed: canDelete, run: (node) => void remove(node) },
    { name: 'test', icon: 'pi pi-bolt', allowed: canTest, run: (node) => void test(node) },
  ];

  return (
    <div className="flex flex-column gap-2" data-testid="asset-tree">
      <div className="flex align-items-center gap-1 flex-wrap">
        <span className="font-medium mr-auto">{t('node.title')}</span>
        <Button icon="pi pi-refresh" text rounded aria-label={t('node.refresh')} onClick={reload} />
        {selected
          ? nodeOperations
              .filter((op) => op.allowed)
              .map((op) => (
                <Button
                  key={op.name}
                  icon={op.icon}
                  text
                  rounded
                  severity={op.name === 'delete' ? 'danger' : undefined}
                  aria-label={t(`node.${op.name}`)}
                  title={t(`node.${op.name}`)}
                  data-testid={`node-${op.name}`}
                  onClick={() => op.run(selected)}
                />
              ))
          : null}
      </div>
      <NodeTreeView
        url={`${NODES_URL}children/tree/`}
        params={TREE_PARAMS}
        selected={selected}
        onSelect={onSelect}
        reloadKey={generation}
      />
      <Dialog
        visible={editing !== null}
        onHide={() => setEditing(null)}
        header={editing?.mode === 'rename' ? t('node.rename') : t('node.create')}
        style={{ width: 'min(28rem, 95vw)' }}
        footer={
          <Button
            label={t('node.save')}
            onClick={() => void save()}
            disabled={!editing?.value.trim()}
            data-testid="node-save"
          />
        }
      >
        <InputText
          autoFocus
          className="w-full"
          value={editing?.value ?? ''}
          placeholder={t('node.name')}
          aria-label={t('node.name')}
          data-testid="node-name"
          onChange={(e) =>
            setEditing((current) => (current ? { ...current, value: e.target.value } : current))
          }
          onKeyDown={(e) => {
            if (e.key === 'Enter') void save();
          }}
        />
      </Dialog>
    </div>
  );
}
