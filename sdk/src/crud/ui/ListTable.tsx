import { Suspense, lazy, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent, type DataTableSortEvent } from 'primereact/datatable';
import type { PaginatorTemplateOptions } from 'primereact/paginator';
import type { MenuItem } from 'primereact/menuitem';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PAGE_SIZES } from '../../constants';
import { normalizeLanguage } from '../../rules/language';
import { buildColumns, cellText, valueItems, visibleColumns, type ColumnSpec } from '../columns';
import { buildSearchOptions, filterParams, orderOf, sortOf } from '../query';
import { canBulkDelete } from '../rights';
import { crudPaths, urlPath } from '../routes';
import { loadShownColumns, saveShownColumns, tableKey } from '../tableConfig';
import { BooleanCell, ChipList, SecretCell, choiceText, formatDateTime } from './cells';
import { useKit, useToast, useIncomingFlash } from './kit';
import { ListIconButton, MenuButton, RowActionButtons } from './ListParts';
import { TagSearch } from './TagSearch';
import type { ListTableProps, Row, RowAction, TableAction } from './types';
import { useListController } from './useListController';

const ColumnSettingsDialog = lazy(() => import('./ColumnSettingsDialog'));
const ImportDialog = lazy(() => import('./ImportDialog'));
const ExportDialog = lazy(() => import('./ExportDialog'));
const BulkUpdateDialog = lazy(() => import('./BulkUpdateDialog'));
const DateRange = lazy(() => import('./DateRange'));
const Confirm = lazy(() => import('./Confirm'));

type DialogName = 'columns' | 'import' | 'export' | 'bulkUpdate' | null;

/**
 * The generic list table (docs/crud.md#list-page, docs/permissions.md#rights-in-the-console,
 * docs/crud.md#search): a view over `useListController` — metadata columns, lazy paging, sort, tag search and
 * date range (owned by the address), selection across pages, header and row actions with the table rights,
 * and the column settings / import / export / bulk update dialogs (each its own lazy chunk).
 */
/**
 * The page-size chooser is a native select: PrimeReact's Dropdown there builds its whole option panel on every
 * render of the table, ≈ 10 % of the first view's main-thread time (docs/architecture.md "Boot sequence of a
 * signed-in page"). A total that is a lower bound (docs/crud.md#paging-and-the-address) has no last page and no page
 * numbers to show: first, previous and next only.
 */
function paginatorTemplate(pageSizeLabel: string, lowerBound: boolean): PaginatorTemplateOptions {
  return {
    layout: lowerBound
      ? 'CurrentPageReport FirstPageLink PrevPageLink NextPageLink RowsPerPageDropdown'
      : 'CurrentPageReport FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown',
    RowsPerPageDropdown: (options) => (
      <select
        className="p-inputtext p-component crud-page-size"
        data-testid="page-size"
        aria-label={pageSizeLabel}
        value={String(options.value)}
        disabled={options.disabled}
        // The paginator's handler reads only `value` of the event it is given.
        onChange={(e) => options.onChange({ value: Number(e.target.value) } as never)}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    ),
  };
}

export function ListTable<R extends Row = Row>(props: ListTableProps<R>) {
  const kit = useKit();
  const { t, pt } = kit;
  const location = useLocation();
  const navigate = useNavigate();
  const basePath = props.basePath ?? location.pathname.replace(/\/+$/, '');
  const paths = crudPaths(basePath);
  const storageKey = tableKey({ name: props.name, routePath: basePath, url: props.url });
  const { toast, show } = useToast();
  const incoming = useIncomingFlash();
  const datePicker = props.datePicker ? (typeof props.datePicker === 'object' ? props.datePicker : {}) : null;
  const notify = useCallback(
    (severity: 'success' | 'info' | 'warn' | 'error', text: string) => show({ severity, text: pt(text) }),
    [show, pt],
  );
  const list = useListController<R>(
    {
      url: props.url,
      extraQuery: props.extraQuery,
      permissions: props.permissions,
      rights: props.rights,
      mirrorQuery: props.mirrorQuery,
      defaultDays: datePicker ? (datePicker.days ?? 7) : null,
      rowName: props.rowName,
    },
    notify,
  );
  const { meta, query, setQuery, reload, selectedRows, rights, context } = list;
  const lowerBound = list.totalIsLowerBound;
  const pagination = useMemo(() => paginatorTemplate(t('table.pageSize'), lowerBound), [t, lowerBound]);
  // A lower bound reads "10,000+"; the paginator is told one row past the page while another page follows,
  // so that "next" stays on until the server says the rows end.
  const first = (query.page - 1) * query.size;
  const totalRecords = lowerBound
    ? list.hasNextPage
      ? Math.max(list.total, first + query.size) + 1
      : Math.max(list.total, first + list.rows.length)
    : list.total;
  const totalText = lowerBound
    ? `${new Intl.NumberFormat(normalizeLanguage(kit.language) ?? 'en').format(list.total)}+`
    : '{totalRecords}';
  const [dialog, setDialog] = useState<DialogName>(null);
  const [shownSaved, setShownSaved] = useState<string[] | null>(() => loadShownColumns(storageKey));

  useEffect(() => {
    if (incoming) show(incoming);
    // Only once per navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

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
  const deleteRow = list.deleteRow;
  const bulkDelete = list.deleteSelected;

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
  const rowActions: RowAction<R>[] = [
    ...builtinRow.map((a) => ({ ...a, label: t(a.label) })),
    ...(props.rowActions ?? []).map((a) => ({ ...a, label: pt(a.label) })),
  ];
  const actionsCell = (row: R): ReactNode => (
    <RowActionButtons actions={rowActions} context={{ row, reload, notify }} moreLabel={t('action.more')} />
  );

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
        case 'chips':
          return <ChipList values={valueItems(col.displayField ? row[col.displayField] : value, col.meta)} />;
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

  const sort = sortOf(query.order);
  const onPage = (e: DataTablePageEvent): void => {
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
          <MenuButton
            label={t('action.moreActions')}
            items={visibleMore}
            look="outlined"
            testId="crud-more"
          />
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
          <ListIconButton
            icon="pi pi-cog"
            label={t('action.columnSettings')}
            onClick={() => setDialog('columns')}
            testId="crud-column-settings"
          />
        ) : null}
        {props.hasImport !== false && rights.import ? (
          <ListIconButton
            icon="pi pi-upload"
            label={t('action.import')}
            onClick={() => setDialog('import')}
            testId="crud-import"
          />
        ) : null}
        {props.hasExport !== false && rights.export ? (
          <ListIconButton
            icon="pi pi-download"
            label={t('action.export')}
            onClick={() => setDialog('export')}
            testId="crud-export"
          />
        ) : null}
        <ListIconButton
          icon="pi pi-refresh"
          label={t('action.refresh')}
          onClick={reload}
          testId="crud-refresh"
        />
      </div>
    </div>
  );

  // Checkboxes only where a selection can be used: a READ_ONLY_TABLE has no bulk action, so none.
  const selectable =
    props.selectable ?? (rights.bulkDelete || rights.bulkUpdate || (props.moreActions?.length ?? 0) > 0);

  return (
    <div data-testid={props.testId ?? 'crud-list'} className="crud-list">
      {toast}
      {list.confirmRequest ? (
        <Suspense fallback={null}>
          <Confirm request={list.confirmRequest} onHide={list.dismissConfirm} />
        </Suspense>
      ) : null}
      <DataTable
        value={list.rows}
        dataKey="id"
        lazy
        paginator
        first={first}
        rows={query.size}
        totalRecords={totalRecords}
        rowsPerPageOptions={[...PAGE_SIZES]}
        pageLinkSize={5}
        onPage={onPage}
        sortField={sort.field}
        sortOrder={sort.direction}
        onSort={onSort}
        loading={list.loading || meta === null}
        header={header}
        emptyMessage={t('table.empty')}
        currentPageReportTemplate={t('table.total', { total: totalText })}
        paginatorTemplate={pagination}
        size="small"
        stripedRows
        selectionMode="checkbox"
        selection={list.selectionOnPage}
        onSelectionChange={(e) => list.select(e.value as R[])}
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
            style={
              col.kind === 'actions'
                ? { minWidth: `${col.width ?? 150}px`, whiteSpace: 'nowrap' }
                : col.width
                  ? { width: `${col.width}px` }
                  : undefined
            }
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
            url={urlPath(props.exportUrl ?? props.url)}
            selectedIds={selectedRows.map((r) => r.id)}
            filterParams={filterParams(query, props.extraQuery)}
            filtered={list.filtered}
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

export default ListTable;
