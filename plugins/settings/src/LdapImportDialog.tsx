import { useCallback, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { Tag } from 'primereact/tag';
import { Http, useService, useT } from '@bastion/sdk';
import { rowsOf, type Page } from './listRows';
import { readAnswer, readFailure } from './ldapAnswers';

const USERS_URL = '/api/v1/settings/ldap/users/';
const REFRESH_URL = '/api/v1/settings/ldap/cache/refresh/';
const IMPORT_URL = '/api/v1/settings/ldap/users/import/';
const ORGS_URL = '/api/v1/orgs/orgs/?limit=500';

interface DirectoryRow {
  id: string;
  username: string;
  name: string;
  email: string;
  existing: boolean;
}
interface Outcome {
  username: string;
  status: 'created' | 'updated' | 'failed';
  detail?: string;
}
interface Org {
  id: string;
  name: string;
}

const SEVERITY = { created: 'success', updated: 'info', failed: 'danger' } as const;

/**
 * The directory's users as the server last read them (docs/ldap.md#users): refresh, search, page, choose
 * users and organizations, import, and read each user's outcome in its row. The calls suppress the automatic
 * error popup; a failure shows here with the directory's words.
 */
export default function LdapImportDialog({ onHide }: { onHide: () => void }) {
  const t = useT();
  const http = useService(Http);
  const [rows, setRows] = useState<DirectoryRow[] | null>(null);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<DirectoryRow[]>([]);
  const [orgs, setOrgs] = useState<Org[]>([]);
  const [orgIds, setOrgIds] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});

  const load = useCallback(
    async (query: string) => {
      try {
        const url = query ? `${USERS_URL}?search=${encodeURIComponent(query)}` : USERS_URL;
        setRows(await http.get<DirectoryRow[]>(url, { silent: true }));
        setError(null);
      } catch (failure) {
        setRows([]);
        setError(readFailure(failure, t('ldap.noAnswer')).text);
      }
    },
    [http, t],
  );

  useEffect(() => {
    const timer = setTimeout(() => void load(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [load, search]);

  useEffect(() => {
    let live = true;
    http.get<Page<Org>>(ORGS_URL, { silent: true }).then(
      (page) => {
        if (!live) return;
        const list = rowsOf(page);
        setOrgs(list);
        const fallback = list.find((o) => (o as { is_default?: boolean }).is_default) ?? list[0];
        if (fallback) setOrgIds([fallback.id]);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [http]);

  const refresh = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await http.get(REFRESH_URL, { silent: true });
      await load(search.trim());
    } catch (failure) {
      setError(readFailure(failure, t('ldap.noAnswer')).text);
    } finally {
      setBusy(false);
    }
  };

  const importChosen = async () => {
    setBusy(true);
    setMessage(null);
    setError(null);
    // Without organizations to choose from (one organization only), the server imports into Default.
    const body = {
      username_list: selected.map((row) => row.username),
      ...(orgIds.length > 0 ? { org_ids: orgIds } : {}),
    };
    let answer: { text: string; errors: string[]; results: Outcome[] };
    try {
      const data = await http.post<{ results?: Outcome[] }>(IMPORT_URL, body, { silent: true });
      answer = { ...readAnswer(data), results: data.results ?? [] };
    } catch (failure) {
      const data = (failure as { data?: { results?: Outcome[] } }).data;
      answer = { ...readFailure(failure, t('ldap.noAnswer')), results: data?.results ?? [] };
    }
    setOutcomes(Object.fromEntries(answer.results.map((o) => [o.username, o])));
    setMessage(answer.errors.length === 0 ? answer.text : null);
    setError(answer.errors.length > 0 ? [answer.text, ...answer.errors].filter(Boolean).join('\n') : null);
    setSelected([]);
    await load(search.trim());
    setBusy(false);
  };

  const state = (row: DirectoryRow) => {
    const outcome = outcomes[row.username];
    if (outcome)
      return (
        <Tag
          severity={SEVERITY[outcome.status]}
          value={t(`ldap.outcome.${outcome.status}`)}
          title={outcome.detail}
          data-testid={`ldap-outcome-${row.username}`}
        />
      );
    return row.existing ? (
      <Tag severity="secondary" value={t('ldap.existing')} />
    ) : (
      <Tag severity="warning" value={t('ldap.notExisting')} />
    );
  };

  return (
    <Dialog
      header={t('ldap.importUsers')}
      visible
      onHide={onHide}
      style={{ width: 'min(64rem, 96vw)' }}
      data-testid="ldap-import-dialog"
    >
      <div className="flex flex-column gap-3">
        <div className="flex flex-wrap gap-2 align-items-center">
          <span className="p-input-icon-left">
            <i className="pi pi-search" />
            <InputText
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('ldap.search')}
              aria-label={t('ldap.search')}
              data-testid="ldap-users-search"
            />
          </span>
          <Button
            type="button"
            label={t('ldap.refresh')}
            icon="pi pi-refresh"
            severity="secondary"
            loading={busy}
            onClick={() => void refresh()}
            data-testid="ldap-users-refresh"
          />
        </div>
        {error ? (
          <div
            className="p-inline-message p-inline-message-error"
            style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            data-testid="ldap-import-error"
          >
            {error}
          </div>
        ) : null}
        {message ? (
          <div className="p-inline-message p-inline-message-success" data-testid="ldap-import-result">
            {message}
          </div>
        ) : null}
        <DataTable
          value={rows ?? []}
          loading={rows === null}
          dataKey="username"
          selectionMode="checkbox"
          selection={selected}
          onSelectionChange={(e) => setSelected(e.value as DirectoryRow[])}
          paginator
          rows={10}
          rowsPerPageOptions={[10, 20, 50]}
          emptyMessage={t('ldap.noUsers')}
          size="small"
          data-testid="ldap-users"
        >
          <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />
          <Column field="username" header={t('ldap.username')} />
          <Column field="name" header={t('ldap.name')} />
          <Column field="email" header={t('ldap.email')} />
          <Column header={t('ldap.state')} body={state} />
        </DataTable>
        <div className="flex flex-wrap gap-2 align-items-center justify-content-end">
          <label htmlFor="ldap-import-orgs">{t('ldap.orgs')}</label>
          <MultiSelect
            inputId="ldap-import-orgs"
            value={orgIds}
            options={orgs}
            optionLabel="name"
            optionValue="id"
            onChange={(e) => setOrgIds(e.value as string[])}
            display="chip"
            className="w-20rem"
            data-testid="ldap-import-orgs"
          />
          <Button
            type="button"
            label={t('ldap.import')}
            icon="pi pi-download"
            disabled={busy || selected.length === 0 || (orgs.length > 0 && orgIds.length === 0)}
            onClick={() => void importChosen()}
            data-testid="ldap-import-submit"
          />
        </div>
      </div>
    </Dialog>
  );
}
