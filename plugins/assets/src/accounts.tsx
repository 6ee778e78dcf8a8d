import { useCallback, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import {
  Http,
  ListTable,
  MfaDialog,
  isHttpError,
  mapServerErrors,
  openTaskLog,
  taskIdOf,
  useCan,
  useService,
  useT,
  type Row,
  type RowAction,
} from '@bastion/sdk';
import { ACCOUNTS_URL, ACCOUNT_SECRETS_URL } from './common';
import { TreeListLayout } from './TreeListLayout';

const COLUMNS = [
  'hostname',
  'ip',
  'username',
  'version',
  'connectivity',
  'systemuser_display',
  'date_created',
  'date_updated',
  'actions',
];

/** An account's secrets, after the MFA dialog (docs/accounts.md#secrets-behind-mfa). */
function ViewSecretDialog({ row, onHide }: { row: Row; onHide: () => void }) {
  const t = useT();
  const http = useService(Http);
  const [secret, setSecret] = useState<Record<string, unknown> | null>(null);
  const [verified, setVerified] = useState(false);
  const onVerified = useCallback(() => {
    setVerified(true);
    http
      .get<Record<string, unknown>>(`${ACCOUNT_SECRETS_URL}${row.id}/`)
      .then(setSecret)
      .catch(() => onHide());
  }, [http, row.id, onHide]);
  if (!verified) return <MfaDialog onVerified={onVerified} onCancel={onHide} />;
  const item = (label: string, value: unknown, multiline: boolean, testId: string) => (
    <div className="flex flex-column gap-1">
      <span className="font-semibold">{t(label)}</span>
      {multiline ? (
        <InputTextarea
          value={String(value ?? '')}
          readOnly
          rows={5}
          className="font-monospace text-sm"
          data-testid={testId}
        />
      ) : (
        <InputText value={String(value ?? '')} readOnly data-testid={testId} />
      )}
    </div>
  );
  return (
    <Dialog
      header={t('account.viewSecret')}
      visible
      onHide={onHide}
      style={{ width: '40rem', maxWidth: '95vw' }}
      data-testid="account-secret-dialog"
    >
      {secret === null ? (
        <i className="pi pi-spin pi-spinner" aria-label={t('account.loading')} />
      ) : (
        <div className="flex flex-column gap-3">
          {item('account.hostname', secret.hostname, false, 'account-secret-hostname')}
          {item('account.username', secret.username, false, 'account-secret-username')}
          {item('account.password', secret.password, false, 'account-secret-password')}
          {secret.private_key
            ? item('account.privateKey', secret.private_key, true, 'account-secret-key')
            : null}
        </div>
      )}
    </Dialog>
  );
}

/** A new password and/or private key for one account; the server's field errors keep what was typed. */
function UpdateSecretDialog({ row, onHide }: { row: Row; onHide: (saved: boolean) => void }) {
  const t = useT();
  const http = useService(Http);
  const [values, setValues] = useState({ password: '', private_key: '', passphrase: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const save = async (): Promise<void> => {
    const body = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
    setBusy(true);
    try {
      await http.patch(`${ACCOUNTS_URL}${row.id}/`, body, { silent: true });
      onHide(true);
    } catch (error) {
      const mapped = mapServerErrors(isHttpError(error) ? error.data : null, new Set(Object.keys(values)));
      setErrors(mapped.fields);
      setFormError(mapped.form ?? (Object.keys(mapped.fields).length ? null : t('account.saveFailed')));
    } finally {
      setBusy(false);
    }
  };
  const field = (name: keyof typeof values, label: string, input: 'password' | 'textarea') => (
    <div className="flex flex-column gap-1">
      <label htmlFor={`account-${name}`} className="font-semibold">
        {t(label)}
      </label>
      {input === 'textarea' ? (
        <InputTextarea
          id={`account-${name}`}
          rows={5}
          value={values[name]}
          onChange={(e) => set(name)(e.target.value)}
          invalid={Boolean(errors[name])}
          className="font-monospace text-sm"
        />
      ) : (
        <InputText
          id={`account-${name}`}
          type="password"
          autoComplete="new-password"
          value={values[name]}
          onChange={(e) => set(name)(e.target.value)}
          invalid={Boolean(errors[name])}
        />
      )}
      {errors[name] ? (
        <small className="p-error" data-testid={`account-${name}-error`}>
          {errors[name]}
        </small>
      ) : null}
    </div>
  );
  return (
    <Dialog
      header={t('account.updateSecret')}
      visible
      onHide={() => onHide(false)}
      style={{ width: '40rem', maxWidth: '95vw' }}
      data-testid="account-update-dialog"
      footer={
        <Button
          type="button"
          label={t('account.save')}
          loading={busy}
          onClick={() => void save()}
          data-testid="account-update-save"
        />
      }
    >
      <div className="flex flex-column gap-3">
        <span>{`${String(row.hostname ?? '')} · ${String(row.username ?? '')}`}</span>
        {formError ? <small className="p-error">{formError}</small> : null}
        {field('password', 'account.password', 'password')}
        {field('private_key', 'account.privateKey', 'textarea')}
        {field('passphrase', 'account.passphrase', 'password')}
      </div>
    </Dialog>
  );
}

/**
 * The accounts of assets (docs/accounts.md): View secret (MFA first), Test (task log), Update secret, Delete;
 * the export reads account-secrets after the MFA dialog. No create or import, as in v2.21.
 */
export function AccountListTable({
  extraQuery,
  testId = 'accounts-list',
  mirrorQuery = true,
}: {
  extraQuery?: Record<string, string>;
  testId?: string;
  mirrorQuery?: boolean;
}) {
  const http = useService(Http);
  const canView = useCan('assets.view_assetaccountsecret');
  const canTest = useCan('assets.test_authbook');
  const canChange = useCan('assets.change_assetaccountsecret');
  const [dialog, setDialog] = useState<{ kind: 'view' | 'update'; row: Row; reload: () => void } | null>(
    null,
  );
  const actions: RowAction[] = [
    {
      name: 'view',
      label: 'account.view',
      icon: 'pi pi-eye',
      has: () => canView,
      onClick: ({ row, reload }) => setDialog({ kind: 'view', row, reload }),
    },
    {
      name: 'test',
      label: 'account.test',
      icon: 'pi pi-bolt',
      has: () => canTest,
      onClick: async ({ row }) => {
        const task = taskIdOf(await http.post(`${ACCOUNTS_URL}${row.id}/verify/`, { action: 'test' }));
        if (task) openTaskLog(task);
      },
    },
    {
      name: 'update-secret',
      label: 'account.updateSecret',
      icon: 'pi pi-key',
      has: () => canChange,
      onClick: ({ row, reload }) => setDialog({ kind: 'update', row, reload }),
    },
  ];
  return (
    <>
      <ListTable
        url={ACCOUNTS_URL}
        name={testId}
        permissions={{ app: 'assets', resource: 'authbook' }}
        columns={COLUMNS}
        columnsShow={{
          default: ['hostname', 'ip', 'username', 'version', 'connectivity', 'actions'],
          min: ['username', 'actions'],
        }}
        extraQuery={extraQuery}
        mirrorQuery={mirrorQuery}
        detailPath={null}
        search={{ exclude: ['systemuser', 'asset'] }}
        hasCreate={false}
        hasImport={false}
        rights={{ rowUpdate: false, rowClone: false, bulkUpdate: false, import: false, importUpdate: false }}
        exportUrl={ACCOUNT_SECRETS_URL}
        exportMfa
        rowActions={actions}
        testId={testId}
      />
      {dialog?.kind === 'view' ? <ViewSecretDialog row={dialog.row} onHide={() => setDialog(null)} /> : null}
      {dialog?.kind === 'update' ? (
        <UpdateSecretDialog
          row={dialog.row}
          onHide={(saved) => {
            if (saved) dialog.reload();
            setDialog(null);
          }}
        />
      ) : null}
    </>
  );
}

/** `/console/accounts/authbook`: the node tree narrows the accounts to a node's assets. */
export default function AccountListPage() {
  return (
    <TreeListLayout>
      {(node) => <AccountListTable extraQuery={node ? { node: node.id } : undefined} />}
    </TreeListLayout>
  );
}
