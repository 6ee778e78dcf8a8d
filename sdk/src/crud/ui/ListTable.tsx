import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent, type DataTableSortEvent } from 'primereact/datatable';
import type { MenuItem } from 'primereact/menuitem';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PAGE_SIZES } from '../../constants';
import { isHttpError } from '../../http/HttpError';
import type { Page } from '../../services/http';
import { buildColumns, cellText, visibleColumns, type ColumnSpec } from '../columns';
import { loadMetadata, fieldsOf, type FieldsMeta } from '../metadata';
import {
  buildListParams,
  buildSearchOptions,
  filterParams,
  hasActiveFilter,
  orderOf,
  queryFromSearchParams,
  queryToSearchParams,
  sortOf,
  type ListQuery,
} from '../query';
import { createSpm } from '../relation';
import { canBulkDelete, resourcePerms, tableRights } from '../rights';
import { crudPaths, detailUrl, urlPath } from '../routes';
import { loadPageSize, loadShownColumns, savePageSize, saveShownColumns, tableKey } from '../tableConfig';
import { BooleanCell, SecretCell, choiceText, formatDateTime } from './cells';
import { useKit, useToast, useIncomingFlash } from './kit';
import { TagSearch } from './TagSearch';
import type { ConfirmRequest } from './Confirm';
import type { ListTableProps, Row, RowAction, TableAction, TableActionContext } from './types';

const ColumnSettingsDialog = lazy(() => import('./ColumnSettingsDialog'));
const ImportDialog = lazy(() => import('./ImportDialog'));
const ExportDialog = lazy(() => import('./ExportDialog'));
const BulkUpdateDialog = lazy(() => import('./BulkUpdateDialog'));
const DateRange = lazy(() => import('./DateRange'));
const Confirm = lazy(() => import('./Confirm'));
const PopupMenu = lazy(() => import('./PopupMenu'));

type DialogName = 'columns' | 'import' | 'export' | 'bulkUpdate' | null;

function defaultRowName(row: Row): string {
  for (const key of ['name', 'hostname', 'username', 'display_name']) {
    const v = row[key];
    if (typeof v === 'string' && v) return v;
  }
  return row.id;
}

function defaultDateRange(days: number): { dateFrom: string; dateTo: string } {
  const end = new Date();
  end.setHours(23, 59, 59, 0);
  const start = new Date(end.getTime() - days * 24 * 3600 * 1000);
  start.setHours(0, 0, 1, 0);
  return { dateFrom: start.toISOString(), dateTo: end.toISOString() };
}

/**
 * The generic list table (docs/crud.md#list-page, docs/crud.md#form-page,
 * docs/permissions.md#rights-in-the-console, docs/crud.md#search): metadata columns, lazy paging, sort, tag
 * search and date range mirrored in the address, selection across pages, header and row actions with the
 * table rights, and the column settings / import / export / bulk update dialogs (each its own lazy chunk).
 */
export function ListTable<R extends Row = Row>(props: ListTableProps<R>) {
  const kit = useKit();
  const { http, t, pt } = kit;
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const mirror = props.mirrorQuery !== false;
  const basePath = props.basePath ?? location.pathname.replace(/\/+$/, '');
  const paths = crudPaths(basePath);
  const storageKey = tableKey({ name: props.name, routePath: basePath, url: props.url });
  const { toast, show } = useToast();
  const incoming = useIncomingFlash();
  const datePicker = props.datePicker ? (typeof props.datePicker === 'object' ? props.datePicker : {}) : null;

  const [meta, setMeta] = useState<FieldsMeta | null>(null);
  const [query, setQuery] = useState<ListQuery>(() => {
    const restored = queryFromSearchParams(mirror ? searchParams : new URLSearchParams(), loadPageSize());
    if (datePicker && !restored.dateFrom) return { ...restored, ...defaultDateRange(datePicker.days ?? 7) };
    return restored;
  });
  const [page, setPage] = useState<{ rows: R[]; total: number }>({ rows: [], total: 0 });
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const [reloadTick, setReloadTick] = useState(0);
  const [selected, setSelected] = useState<Map<string, R>>(() => new Map());
  const [dialog, setDialog] = useState<DialogName>(null);
  const [shownSaved, setShownSaved] = useState<string[] | null>(() => loadShownColumns(storageKey));
  const [moreAnchor, setMoreAnchor] = useState<{ target: HTMLElement } | null>(null);
  const [confirmRequest, setConfirmRequest] = useState<ConfirmRequest | null>(null);
  const dataArrived = useRef(false);

  const notify = useCallback(
    (severity: 'success' | 'info' | 'warn' | 'error', text: string) => show({ severity, text: pt(text) }),
    [show, pt],
  );
  useEffect(() => {
    if (incoming) show(incoming);
    // Only once per navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  // Metadata (once per URL per session).
  useEffect(() => {
    let alive = true;
    loadMetadata(http, props.url)
      .then((m) => alive && setMeta(fieldsOf(m, 'GET')))
      .catch((error: unknown) => {
        console.warn('metadata of', props.url, 'failed', error);
        if (alive) setMeta({});
      });
    return () => {
      alive = false;
    };
  }, [http, props.url]);

  // Mirror the query into the address.
  useEffect(() => {
    if (!mirror) return;
    const next = queryToSearchParams(query, searchParams);
    if (next.toString() !== searchParams.toString()) setSearchParams(next, { replace: true });
  }, [mirror, query, searchParams, setSearchParams]);

  const extraQuery = props.extraQuery;
  const extraKey = JSON.stringify(extraQuery ?? {});
  const requestKey = JSON.stringify([props.url, query, extraKey, reloadTick]);
  const loading = loadedKey !== requestKey;
  useEffect(() => {
    const controller = new AbortController();
    http
      .get<Page<R> | R[]>(props.url, {
        params: buildListParams(query, JSON.parse(extraKey) as typeof extraQuery),
        signal: controller.signal,
      })
      .then((answer) => {
        performance.mark('crud:data');
        dataArrived.current = true;
        const rows = Array.isArray(answer) ? answer : (answer.results ?? []);
        const total = Array.isArray(answer) ? answer.length : (answer.count ?? rows.length);
        setPage({ rows, total });
        setLoadedKey(requestKey);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setPage({ rows: [], total: 0 });
        setLoadedKey(requestKey);
      });
    return () => controller.abort();
    // requestKey stands for url, query, extra query and reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, requestKey]);

  useEffect(() => {
    if (!dataArrived.current || loading) return;
    dataArrived.current = false;
    performance.mark('crud:rendered');
    try {
      performance.measure('crud:list-render', 'crud:data', 'crud:rendered');
    } catch {
      // marks cleared by someone else
    }
  }, [page, loading]);

  const reload = useCallback(() => setReloadTick((n) => n + 1), []);
  const clearSelection = useCallback(() => setSelected(new Map()), []);
  const selectedRows = useMemo(() => [...selected.values()], [selected]);
  const perms = resourcePerms(props.url, props.permissions);
  const rights = tableRights({ can: kit.can, perms, rootOrg: kit.rootOrg, overrides: props.rights });
  const filtered = hasActiveFilter(query);
  const context: TableActionContext<R> = { selected: selectedRows, reload, clearSelection, query, notify };

  const searchOptions = useMemo(
    () =>
      buildSearchOptions({
        meta: meta ?? {},
        options: props.search?.options?.map((o) => ({ ...o, label: pt(o.label) })),
        exclude: props.search?.exclude,
        yes: t('value.yes'),
        no: t('value.no'),
      }),
    [meta, props.search, pt, t],
  );

  const columns: ColumnSpec<R>[] = useMemo(
    () =>
      buildColumns<R>({
        meta: meta ?? {},
        columns: props.columns,
        columnsMeta: props.columnsMeta
          ? Object.fromEntries(
              Object.entries(props.columnsMeta).map(([k, v]) => [
                k,
                v.label ? { ...v, label: pt(v.label) } : v,
              ]),
            )
          : undefined,
        actionsLabel: t('table.actions'),
      }),
    [meta, props.columns, props.columnsMeta, pt, t],
  );
  const shown = visibleColumns(columns, props.columnsShow, shownSaved);

  // ---- actions ----
  const rowName = props.rowName ?? defaultRowName;
  const deleteRow = (row: R): void => {
    setConfirmRequest({
      header: t('action.delete'),
      message: t('confirm.deleteOne', { name: rowName(row) }),
      acceptLabel: t('action.confirm'),
      rejectLabel: t('action.cancel'),
      accept: async () => {
        try {
          await http.delete(detailUrl(urlPath(props.url), row.id));
          notify('success', t('message.deleteSuccess'));
          setSelected((s) => {
            const n = new Map(s);
            n.delete(row.id);
            return n;
          });
          reload();
        } catch (error) {
          const data = isHttpError(error) ? (error.data as { msg?: string } | undefined) : undefined;
          if (!data?.msg)
            notify('error', `${t('message.deleteError')} ${error instanceof Error ? error.message : ''}`);
        }
      },
    });
  };
  const bulkDelete = (): void => {
    const count = selectedRows.length;
    setConfirmRequest({
      header: t('action.deleteSelected'),
      message: t('confirm.deleteMany', { count }),
      acceptLabel: t('action.confirm'),
      rejectLabel: t('action.cancel'),
      accept: async () => {
        try {
          const spm = await createSpm(
            http,
            selectedRows.map((r) => r.id),
          );
          await http.delete(urlPath(props.url), { params: { spm } });
          notify('success', t('message.bulkDeleteSuccess'));
          clearSelection();
          reload();
        } catch (error) {
          notify('error', `${t('message.bulkDeleteError')} ${error instanceof Error ? error.message : ''}`);
        }
      },
    });
  };

  const moreItems: MenuItem[] = [];
  moreItems.push({
    label: t('action.deleteSelected'),
    icon: 'pi pi-trash',
    disabled: !canBulkDelete(rights, selectedRows.length),
    visible: rights.bulkDelete,
    command: bulkDelete,
    data: { testid: 'more-delete-selected' },
  });
  if (props.bulkUpdate) {
    moreItems.push({
      label: t('action.updateSelected'),
      icon: 'pi pi-pencil',
      disabled: !rights.bulkUpdate || selectedRows.length === 0,
      visible: rights.bulkUpdate,
      command: () => setDialog('bulkUpdate'),
      data: { testid: 'more-update-selected' },
    });
  }
  for (const a of props.moreActions ?? []) {
    if (a.has === false) continue;
    moreItems.push({
      label: pt(a.label),
      icon: a.icon,
      disabled: a.can ? !a.can(context) : false,
      command: () => void a.onClick(context),
      data: { testid: `more-${a.name}` },
    });
  }
  const visibleMore = moreItems.filter((i) => i.visible !== false);

  const goCreate = (): void => {
    const target = props.createPath ?? paths.create;
    if (props.createInNewTab) window.open(`/ui${target}`, '_blank', 'noopener');
    else navigate(target);
  };

  const builtinRow: RowAction<R>[] = [
    {
      name: 'update',
      label: 'action.update',
      icon: 'pi pi-pencil',
      has: (row) => rights.rowUpdate && (props.canRow?.update?.(row) ?? true),
      onClick: ({ row }) => navigate(props.updatePath ? props.updatePath(row) : paths.update(row.id)),
    },
    {
      name: 'delete',
      label: 'action.delete',
      icon: 'pi pi-trash',
      severity: 'danger',
      has: (row) => rights.rowDelete && (props.canRow?.delete?.(row) ?? true),
      onClick: ({ row }) => deleteRow(row),
    },
    {
      name: 'clone',
      label: 'action.clone',
      icon: 'pi pi-copy',
      severity: 'info',
      has: (row) => rights.rowClone && (props.canRow?.clone?.(row) ?? true),
      onClick: ({ row }) => {
        const create = props.createPath ?? paths.create;
        navigate(`${create}${create.includes('?') ? '&' : '?'}clone_from=${encodeURIComponent(row.id)}`);
      },
    },
  ];
  const builtinNames = new Set(builtinRow.map((a) => a.name));

  const actionsCell = (row: R): ReactNode => {
    const all = [
      ...builtinRow.map((a) => ({ ...a, label: t(a.label) })),
      ...(props.rowActions ?? []).map((a) => ({ ...a, label: pt(a.label) })),
    ].filter((a) => (a.has ? a.has(row) : true));
    if (!all.length) return null;
    const ctx = { row, reload, notify };
    const button = (a: (typeof all)[number]) => (
      <Button
        key={a.name}
        type="button"
        size="small"
        text={!builtinNames.has(a.name) || a.name !== 'update'}
        severity={a.name === 'update' ? undefined : a.severity}
        label={a.label}
        disabled={a.can ? !a.can(row) : false}
        onClick={() => void a.onClick(ctx)}
        data-testid={`row-${a.name}`}
      />
    );
    if (all.length <= 2) return <span className="flex gap-1">{all.map(button)}</span>;
    return (
      <span className="flex gap-1 align-items-center">
        {button(all[0]!)}
        <RowMore
          label={t('action.more')}
          items={all.slice(1).map((a) => ({
            label: a.label,
            icon: a.icon,
            disabled: a.can ? !a.can(row) : false,
            command: () => void a.onClick(ctx),
            data: { testid: `row-${a.name}` },
          }))}
        />
      </span>
    );
  };

  const body = (col: ColumnSpec<R>) =>
    function Cell(row: R): ReactNode {
      if (col.body) return col.body(row);
      const value = row[col.field];
      switch (col.kind) {
        case 'actions':
          return actionsCell(row);
        case 'link': {
          const text = cellText(row, col);
          const to =
            props.detailPath === null
              ? null
              : props.detailPath
                ? props.detailPath(row)
                : paths.detail(row.id);
          return rights.nameLink && to ? (
            <Link to={to} data-testid="row-link" title={text}>
              {text}
            </Link>
          ) : (
            text
          );
        }
        case 'boolean':
          return <BooleanCell value={value} yes={t('value.yes')} no={t('value.no')} />;
        case 'datetime':
          return formatDateTime(value, kit.language);
        case 'choice':
          return col.displayField && row[col.displayField] != null
            ? String(row[col.displayField])
            : choiceText(col.meta, value);
        case 'secret':
          return (
            <SecretCell
              value={value}
              labels={{ show: t('action.show'), hide: t('action.hide'), copy: t('action.copy') }}
            />
          );
        default:
          return cellText(row, col);
      }
    };

  const onSelectionChange = (value: R[]): void => {
    setSelected((prev) => {
      const next = new Map(prev);
      for (const r of page.rows) next.delete(r.id);
      for (const r of value) next.set(r.id, r);
      return next;
    });
  };

  const sort = sortOf(query.order);
  const onPage = (e: DataTablePageEvent): void => {
    if (e.rows !== query.size) savePageSize(e.rows);
    setQuery((q) => ({ ...q, size: e.rows, page: e.rows !== q.size ? 1 : Math.floor(e.first / e.rows) + 1 }));
  };
  const onSort = (e: DataTableSortEvent): void => {
    setQuery((q) => ({ ...q, page: 1, order: orderOf(e.sortField, e.sortOrder ?? 0) }));
  };

  const header = (
    <div className="flex flex-wrap gap-2 align-items-center justify-content-between">
      <div className="flex flex-wrap gap-2 align-items-center">
        {props.hasCreate !== false && rights.create ? (
          <Button
            type="button"
            size="small"
            icon="pi pi-plus"
            label={t('action.create')}
            onClick={goCreate}
            data-testid="crud-create"
          />
        ) : null}
        {(props.headerActions ?? [])
          .filter((a: TableAction<R>) => a.has !== false)
          .map((a) => (
            <Button
              key={a.name}
              type="button"
              size="small"
              outlined
              icon={a.icon}
              label={pt(a.label)}
              disabled={a.can ? !a.can(context) : false}
              onClick={() => void a.onClick(context)}
              data-testid={`header-${a.name}`}
            />
          ))}
        {visibleMore.length ? (
          <>
            <Button
              type="button"
              size="small"
              outlined
              severity="secondary"
              label={t('action.moreActions')}
              icon="pi pi-chevron-down"
              iconPos="right"
              onClick={(e) => setMoreAnchor({ target: e.currentTarget })}
              data-testid="crud-more"
            />
            {moreAnchor ? (
              <Suspense fallback={null}>
                <PopupMenu items={visibleMore} anchor={moreAnchor} onClose={() => setMoreAnchor(null)} />
              </Suspense>
            ) : null}
          </>
        ) : null}
        {selectedRows.length ? (
          <span className="text-sm text-color-secondary" data-testid="crud-selected-count">
            {t('table.selected', { count: selectedRows.length })}
          </span>
        ) : null}
        {props.toolbar}
      </div>
      <div className="flex flex-wrap gap-2 align-items-center flex-1 justify-content-end">
        {props.search?.hidden ? null : (
          <TagSearch
            options={searchOptions}
            value={{ search: query.search, filters: query.filters }}
            onChange={(v) => setQuery((q) => ({ ...q, page: 1, search: v.search, filters: v.filters }))}
          />
        )}
        {datePicker ? (
          <Suspense fallback={null}>
            <DateRange
              from={query.dateFrom}
              to={query.dateTo}
              onChange={(r) => setQuery((q) => ({ ...q, page: 1, dateFrom: r.from, dateTo: r.to }))}
            />
          </Suspense>
        ) : null}
        {props.hasColumnSettings !== false ? (
          <IconButton
            icon="pi pi-cog"
            label={t('action.columnSettings')}
            onClick={() => setDialog('columns')}
            testId="crud-column-settings"
          />
        ) : null}
        {props.hasImport !== false && rights.import ? (
          <IconButton
            icon="pi pi-upload"
            label={t('action.import')}
            onClick={() => setDialog('import')}
            testId="crud-import"
          />
        ) : null}
        {props.hasExport !== false && rights.export ? (
          <IconButton
            icon="pi pi-download"
            label={t('action.export')}
            onClick={() => setDialog('export')}
            testId="crud-export"
          />
        ) : null}
        <IconButton icon="pi pi-refresh" label={t('action.refresh')} onClick={reload} testId="crud-refresh" />
      </div>
    </div>
  );

  const selectable = props.selectable !== false;
  const currentSelection = page.rows.filter((r) => selected.has(r.id));

  return (
    <div data-testid={props.testId ?? 'crud-list'} className="crud-list">
      {toast}
      {confirmRequest ? (
        <Suspense fallback={null}>
          <Confirm request={confirmRequest} onHide={() => setConfirmRequest(null)} />
        </Suspense>
      ) : null}
      <DataTable
        value={page.rows}
        dataKey="id"
        lazy
        paginator
        first={(query.page - 1) * query.size}
        rows={query.size}
        totalRecords={page.total}
        rowsPerPageOptions={[...PAGE_SIZES]}
        pageLinkSize={5}
        onPage={onPage}
        sortField={sort.field}
        sortOrder={sort.direction}
        onSort={onSort}
        loading={loading || meta === null}
        header={header}
        emptyMessage={t('table.empty')}
        currentPageReportTemplate={t('table.total', { total: '{totalRecords}' })}
        paginatorTemplate="CurrentPageReport FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown"
        size="small"
        stripedRows
        selectionMode="checkbox"
        selection={currentSelection}
        onSelectionChange={(e) => onSelectionChange(e.value as R[])}
      >
        {selectable ? <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} /> : null}
        {shown.map((col) => (
          <Column
            key={col.field}
            field={col.field}
            header={col.label}
            sortable={col.sortable}
            sortField={col.sortField}
            body={body(col)}
            style={col.width ? { width: `${col.width}px` } : undefined}
            align={col.kind === 'boolean' || col.kind === 'actions' ? 'center' : undefined}
          />
        ))}
      </DataTable>
      <Suspense fallback={null}>
        {dialog === 'columns' ? (
          <ColumnSettingsDialog
            columns={columns.map((c) => ({ field: c.field, label: c.label }))}
            show={props.columnsShow}
            shown={shown.map((c) => c.field)}
            onSave={(fields) => {
              saveShownColumns(storageKey, fields);
              setShownSaved(fields);
              setDialog(null);
            }}
            onHide={() => setDialog(null)}
          />
        ) : null}
        {dialog === 'import' ? (
          <ImportDialog
            url={urlPath(props.url)}
            canCreate={rights.importCreate}
            canUpdate={rights.importUpdate}
            selectedIds={selectedRows.map((r) => r.id)}
            onHide={(changed) => {
              setDialog(null);
              if (changed) reload();
            }}
          />
        ) : null}
        {dialog === 'export' ? (
          <ExportDialog
            url={urlPath(props.url)}
            selectedIds={selectedRows.map((r) => r.id)}
            filterParams={filterParams(query, props.extraQuery)}
            filtered={filtered}
            mfa={props.exportMfa ?? false}
            onHide={() => setDialog(null)}
          />
        ) : null}
        {dialog === 'bulkUpdate' && props.bulkUpdate ? (
          <BulkUpdateDialog
            url={urlPath(props.url)}
            rows={selectedRows}
            fields={props.bulkUpdate.fields}
            fieldsMeta={props.bulkUpdate.fieldsMeta}
            onHide={(changed) => {
              setDialog(null);
              if (changed) {
                notify('success', t('message.updateSuccess'));
                reload();
              }
            }}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

function IconButton({
  icon,
  label,
  onClick,
  testId,
}: {
  icon: string;
  label: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Button
      type="button"
      icon={icon}
      rounded
      text
      severity="secondary"
      aria-label={label}
      title={label}
      onClick={onClick}
      data-testid={testId}
    />
  );
}

function RowMore({ label, items }: { label: string; items: MenuItem[] }) {
  // The menu module and instance only come with the first click: a page of rows mounts no menus.
  const [anchor, setAnchor] = useState<{ target: HTMLElement } | null>(null);
  return (
    <>
      <Button
        type="button"
        size="small"
        text
        severity="secondary"
        label={label}
        icon="pi pi-chevron-down"
        iconPos="right"
        onClick={(e) => setAnchor({ target: e.currentTarget })}
        data-testid="row-more"
      />
      {anchor ? (
        <Suspense fallback={null}>
          <PopupMenu items={items} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

export default ListTable;
