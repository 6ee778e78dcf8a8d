import { useEffect, useState } from 'react';
import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent, type DataTableSortEvent } from 'primereact/datatable';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { Http, PAGE_SIZES, useService, useT, type Page } from '@bastion/sdk';
import { USERS_URL, buildListParams, storePageSize, storedPageSize, type ListState } from './query';

/** The fields of a user row this list shows. */
export interface UserRow {
  id: string;
  name: string;
  username: string;
  email: string;
  source?: string | { value: string; label: string };
  source_display?: string;
  is_active: boolean;
  is_valid?: boolean;
  system_roles_display?: string;
  org_roles_display?: string;
}

const SEARCH_DELAY_MS = 400;

function sourceText(row: UserRow): string {
  if (row.source_display) return row.source_display;
  return typeof row.source === 'string' ? row.source : (row.source?.label ?? '');
}

/** Read-only users list: lazy paging, sorting and search against /api/v1/users/users/. */
export default function UserListPage() {
  const t = useT();
  const http = useService(Http);
  const [state, setState] = useState<ListState>(() => ({
    first: 0,
    rows: storedPageSize(globalThis.localStorage),
    sortField: null,
    sortOrder: null,
    search: '',
  }));
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState<{ rows: UserRow[]; total: number }>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(true);

  // Typing refines the query after a short pause instead of on every key stroke.
  useEffect(() => {
    const timer = setTimeout(() => {
      setState((s) => (s.search === searchText ? s : { ...s, search: searchText, first: 0 }));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  useEffect(() => {
    const controller = new AbortController();
    http
      .get<Page<UserRow>>(USERS_URL, { params: buildListParams(state), signal: controller.signal })
      .then((answer) => {
        setPage({ rows: answer.results ?? [], total: answer.count ?? 0 });
        setLoading(false);
      })
      .catch(() => {
        // The host already showed the error; an aborted request needs nothing.
        if (controller.signal.aborted) return;
        setPage({ rows: [], total: 0 });
        setLoading(false);
      });
    return () => controller.abort();
  }, [http, state]);

  const onPage = (e: DataTablePageEvent): void => {
    if (e.rows !== state.rows) storePageSize(globalThis.localStorage, e.rows);
    setLoading(true);
    setState((s) => ({ ...s, first: e.first, rows: e.rows }));
  };
  const onSort = (e: DataTableSortEvent): void => {
    setLoading(true);
    setState((s) => ({ ...s, first: 0, sortField: e.sortField, sortOrder: e.sortOrder ?? null }));
  };

  const header = (
    <div className="flex justify-content-between align-items-center gap-3 flex-wrap">
      <h2 className="m-0 text-xl">{t('page.title')}</h2>
      <IconField iconPosition="left">
        <InputIcon className="pi pi-search" />
        <InputText
          type="search"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          placeholder={t('search.placeholder')}
          aria-label={t('search.placeholder')}
          data-testid="users-search"
        />
      </IconField>
    </div>
  );

  return (
    <div className="users-plugin" data-testid="users-list">
      <DataTable
        value={page.rows}
        dataKey="id"
        lazy
        paginator
        first={state.first}
        rows={state.rows}
        totalRecords={page.total}
        rowsPerPageOptions={[...PAGE_SIZES]}
        pageLinkSize={5}
        onPage={onPage}
        sortField={state.sortField ?? undefined}
        sortOrder={(state.sortOrder ?? 0) as 0 | 1 | -1}
        onSort={onSort}
        loading={loading}
        header={header}
        emptyMessage={t('table.empty')}
        currentPageReportTemplate={t('table.report')}
        paginatorTemplate="CurrentPageReport FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown"
        stripedRows
        size="small"
      >
        <Column field="name" header={t('column.name')} sortable />
        <Column field="username" header={t('column.username')} sortable />
        <Column field="email" header={t('column.email')} sortable />
        <Column
          header={t('column.roles')}
          body={(row: UserRow) =>
            [row.system_roles_display, row.org_roles_display].filter(Boolean).join(' | ')
          }
        />
        <Column
          field="source"
          header={t('column.source')}
          body={(row: UserRow) => sourceText(row)}
          sortable
        />
        <Column
          field="is_active"
          header={t('column.active')}
          sortable
          body={(row: UserRow) => (
            <Tag
              value={row.is_active ? t('value.yes') : t('value.no')}
              severity={row.is_active ? 'success' : 'danger'}
            />
          )}
        />
      </DataTable>
    </div>
  );
}
