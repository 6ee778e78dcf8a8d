import { useState } from 'react';
import { InputSwitch } from 'primereact/inputswitch';
import { Http, ListPage, useCan, useService, useT, type Row, type TableActionContext } from '@bastion/sdk';
import { ConfirmDialog, SecretDialog } from './SecretDialog';

export const ACCESS_KEYS_URL = '/api/v1/authentication/access-keys/';

interface AccessKeyRow extends Row {
  is_active: boolean;
  date_created: string;
}

interface CreatedKey {
  id: string;
  secret: string;
  is_active: boolean;
  date_created: string;
}

/**
 * The on/off switch of one key. Its own state: the table does not re-render cells whose row is unchanged.
 */
function ActiveSwitch({ row, disabled, label }: { row: AccessKeyRow; disabled: boolean; label: string }) {
  const http = useService(Http);
  const [checked, setChecked] = useState(row.is_active === true);
  const [busy, setBusy] = useState(false);
  const change = async (value: boolean): Promise<void> => {
    setBusy(true);
    setChecked(value);
    try {
      const saved = await http.patch<{ is_active: boolean }>(`${ACCESS_KEYS_URL}${row.id}/`, {
        is_active: value,
      });
      setChecked(saved.is_active);
    } catch {
      setChecked(!value);
    } finally {
      setBusy(false);
    }
  };
  return (
    <InputSwitch
      checked={checked}
      disabled={disabled || busy}
      onChange={(event) => void change(event.value === true)}
      data-testid="api-key-active"
      aria-label={label}
    />
  );
}

/**
 * The user's API keys (docs/auth.md#access-keys-and-signed-requests `ApiKey`): id, an on/off switch, creation
 * date, delete. "Create" shows the new secret once: the server never returns it again (unlike v2.21, which
 * listed every secret).
 */
export default function ApiKeyPage() {
  const t = useT();
  const http = useService(Http);
  const canAdd = useCan('authentication.add_accesskey');
  const canChange = useCan('authentication.change_accesskey');
  const canDelete = useCan('authentication.delete_accesskey');
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [pendingDelete, setPendingDelete] = useState<{ row: AccessKeyRow; reload: () => void } | null>(null);

  const create = async (context: TableActionContext): Promise<void> => {
    try {
      setCreated(await http.post<CreatedKey>(ACCESS_KEYS_URL));
    } catch {
      // The host shows the server's message (e.g. the per-user limit).
    }
    context.reload();
  };

  return (
    <div className="profile-plugin" data-testid="api-key-page">
      <ListPage
        url={ACCESS_KEYS_URL}
        name="profile-api-keys"
        help="apiKey.help"
        testId="api-key-list"
        permissions={{ app: 'authentication', resource: 'accesskey' }}
        columns={['id', 'is_active', 'date_created', 'actions']}
        columnsShow={{ min: ['id', 'is_active', 'actions'] }}
        columnsMeta={{
          id: {
            label: 'apiKey.id',
            body: (row) => (
              <span className="font-monospace" data-testid="api-key-id">
                {row.id}
              </span>
            ),
          },
          is_active: {
            label: 'apiKey.active',
            // Keyed by the stored value: a reload that brings another value starts the switch afresh.
            body: (row) => (
              <ActiveSwitch
                key={`${row.id}:${String(row.is_active)}`}
                row={row as AccessKeyRow}
                disabled={!canChange}
                label={t('apiKey.active')}
              />
            ),
          },
        }}
        rowName={(row) => row.id}
        hasCreate={false}
        hasImport={false}
        hasExport={false}
        selectable={false}
        mirrorQuery={false}
        rights={{ rowUpdate: false, rowClone: false, rowDelete: false, bulkDelete: false, bulkUpdate: false }}
        headerActions={[
          { name: 'create', label: 'apiKey.create', icon: 'pi pi-plus', has: canAdd, onClick: create },
        ]}
        rowActions={[
          {
            name: 'delete',
            label: 'apiKey.delete',
            icon: 'pi pi-trash',
            severity: 'danger',
            has: () => canDelete,
            onClick: ({ row, reload }) => setPendingDelete({ row: row as AccessKeyRow, reload }),
          },
        ]}
      />
      {created ? (
        <SecretDialog
          header={t('apiKey.createdTitle')}
          testId="api-key-secret"
          secret={created.secret}
          warning={t('apiKey.onceWarning')}
          onHide={() => setCreated(null)}
        >
          <div className="flex flex-column gap-1">
            <span className="font-semibold">{t('apiKey.id')}</span>
            <span className="font-monospace" data-testid="api-key-secret-id">
              {created.id}
            </span>
          </div>
        </SecretDialog>
      ) : null}
      {pendingDelete ? (
        <ConfirmDialog
          header={t('apiKey.delete')}
          message={t('apiKey.confirmDelete', { id: pendingDelete.row.id })}
          testId="api-key-delete"
          onHide={() => setPendingDelete(null)}
          onAccept={async () => {
            try {
              await http.delete(`${ACCESS_KEYS_URL}${pendingDelete.row.id}/`);
            } catch {
              // Shown by the host.
            }
            pendingDelete.reload();
          }}
        />
      ) : null}
    </div>
  );
}
