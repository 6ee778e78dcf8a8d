import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Http, ListPage, READ_ONLY_TABLE, useService, useT } from '@bastion/sdk';
import { COMMANDS_URL, COMMAND_STORAGE_TREE_URL, sessionPath } from './terminalApi';

interface StorageNode {
  id: string;
  name: string;
  title?: string;
  pId: string;
  valid?: boolean;
  /** Why a storage of another kind cannot be listed here. */
  msg?: string;
}

type CommandRow = { id: string; session: string; risk_level: number; risk_level_display: string } & Record<
  string,
  unknown
>;

const COLUMNS = [
  'input',
  'risk_level_display',
  'user',
  'remote_addr',
  'asset',
  'system_user',
  'session',
  'timestamp_display',
];

/**
 * Commands: the command storages (a tree, as the original) beside the table of the chosen one; dangerous
 * commands are marked (docs/terminal.md#the-audit-view).
 */
export function CommandListPage() {
  const http = useService(Http);
  const t = useT();
  const [storages, setStorages] = useState<StorageNode[]>([]);
  const [storage, setStorage] = useState<string | null>(null);
  useEffect(() => {
    void http.get<StorageNode[]>(COMMAND_STORAGE_TREE_URL, { params: { real: 1 } }).then((nodes) => {
      const leaves = nodes.filter((node) => node.pId !== '' && node.valid !== false);
      setStorages(nodes);
      setStorage((current) => current ?? leaves[0]?.id ?? null);
    });
  }, [http]);
  const root = storages.find((node) => node.pId === '');
  const chosen = storages.find((node) => node.id === storage);
  return (
    <div className="grid">
      <div className="col-12 lg:col-3">
        <div className="surface-card border-round p-3 h-full" data-testid="command-storages">
          <div className="font-semibold mb-2">{root?.name}</div>
          <ul className="list-none p-0 m-0">
            {storages
              .filter((node) => node.pId !== '')
              .map((node) => (
                <li key={node.id}>
                  <button
                    type="button"
                    className={`p-link w-full text-left p-2 border-round ${node.id === storage ? 'surface-200 font-semibold' : ''}`}
                    onClick={() => setStorage(node.id)}
                  >
                    <i className="pi pi-database mr-2" />
                    {node.name}
                  </button>
                </li>
              ))}
          </ul>
        </div>
      </div>
      <div className="col-12 lg:col-9">
        {chosen?.valid === false ? (
          <p className="text-color-secondary" data-testid="command-storage-unreachable">
            {chosen.title ?? chosen.name}: {chosen.msg}
          </p>
        ) : storage ? (
          <ListPage
            key={storage}
            url={COMMANDS_URL}
            permissions={{ app: 'terminal', resource: 'command' }}
            extraQuery={{ command_storage_id: storage }}
            columns={COLUMNS}
            columnsMeta={{
              risk_level_display: {
                body: (value) => {
                  const row = value as CommandRow;
                  return (
                    <span
                      className={row.risk_level >= 5 ? 'text-red-600 font-semibold' : undefined}
                      data-risk={row.risk_level}
                    >
                      {row.risk_level_display}
                    </span>
                  );
                },
              },
              session: {
                body: (row) => <Link to={sessionPath(String(row.session))}>{t('command.gotoSession')}</Link>,
              },
            }}
            datePicker={{ days: 7 }}
            detailPath={null}
            hasCreate={false}
            selectable={false}
            rights={{ ...READ_ONLY_TABLE, export: true }}
            testId="commands"
          />
        ) : null}
      </div>
    </div>
  );
}
