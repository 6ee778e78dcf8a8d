import type { ReactNode } from 'react';
import type { QueryParams } from '../../services/http';
import type { ColumnOverride, ColumnsShow } from '../columns';
import type { FieldOverride, FieldsLayout } from '../formFields';
import type { ListQuery, SearchOption } from '../query';
import type { ResourcePerms, TableRightName } from '../rights';

export type Row = { id: string } & Record<string, unknown>;

export interface TableActionContext<R extends Row = Row> {
  /** Selected rows, across pages. */
  selected: R[];
  reload: () => void;
  clearSelection: () => void;
  query: ListQuery;
  /** Show a toast on the page. */
  notify: (severity: 'success' | 'info' | 'warn' | 'error', text: string) => void;
}

export interface RowActionContext<R extends Row = Row> {
  row: R;
  reload: () => void;
  notify: (severity: 'success' | 'info' | 'warn' | 'error', text: string) => void;
}

/** An extra per-row action (labels are i18n keys of the plugin). */
export interface RowAction<R extends Row = Row> {
  name: string;
  label: string;
  icon?: string;
  severity?: 'secondary' | 'success' | 'info' | 'warning' | 'danger' | 'help';
  /**
   * Shown as its `icon` alone (the label becomes its accessible name and tooltip), always on the row itself,
   * never in the "More" menu: for a state such as a favourite star (docs/crud.md#list-page).
   */
  iconOnly?: boolean;
  /** false hides it for this row. */
  has?: (row: R) => boolean;
  /** false disables it for this row. */
  can?: (row: R) => boolean;
  onClick: (context: RowActionContext<R>) => void | Promise<void>;
}

/** An entry of the header "More actions" menu or an extra header button. */
export interface TableAction<R extends Row = Row> {
  name: string;
  label: string;
  icon?: string;
  has?: boolean;
  /** Disabled unless it returns true (e.g. needs a selection). */
  can?: (context: TableActionContext<R>) => boolean;
  onClick: (context: TableActionContext<R>) => void | Promise<void>;
}

/** Declarative configuration of a list table (docs/crud.md#list-page). */
export interface ListTableProps<R extends Row = Row> {
  /** List API URL, e.g. `/api/v1/users/groups/`. */
  url: string;
  /** Storage key of column settings; default "<route path>_<URL path>". */
  name?: string;
  /** Column names in order (metadata labels); default every GET field plus actions. */
  columns?: readonly string[];
  columnsShow?: ColumnsShow;
  columnsMeta?: Readonly<Record<string, ColumnOverride<R>>>;
  /** app/resource of the permission codes; default from the URL. */
  permissions?: Partial<ResourcePerms>;
  /** Switch rights off (never on): `{ rowUpdate: false, import: false }`. */
  rights?: Partial<Record<TableRightName, boolean>>;
  /** Extra list parameters sent with every request (and export). */
  extraQuery?: QueryParams;
  search?: { options?: readonly SearchOption[]; exclude?: readonly string[]; hidden?: boolean };
  /** A date range picker (`date_from`/`date_to`), default last `days` days. */
  datePicker?: boolean | { days?: number };
  /** Route path of the list (create/update/detail are derived from it); default the current path. */
  basePath?: string;
  createInNewTab?: boolean;
  /** Target of the create button; default `<basePath>/create`. */
  createPath?: string;
  /** Detail page of a row (name link); default `<basePath>/<id>`; null = no link. */
  detailPath?: ((row: R) => string) | null;
  updatePath?: (row: R) => string;
  /** Per-row narrowing of the built-in row actions (e.g. builtin roles cannot be updated). */
  canRow?: { update?: (row: R) => boolean; delete?: (row: R) => boolean; clone?: (row: R) => boolean };
  /** Extra row actions (after Update, Delete, Clone). */
  rowActions?: readonly RowAction<R>[];
  /** Extra entries of the More-actions menu (after Delete selected, Update selected). */
  moreActions?: readonly TableAction<R>[];
  /** Extra buttons next to Create. */
  headerActions?: readonly TableAction<R>[];
  /** Fields of the bulk update dialog (PATCH list); absent = no "Update selected". */
  bulkUpdate?: { fields: FieldsLayout; fieldsMeta?: Readonly<Record<string, FieldOverride>> };
  /** Ask for MFA before export (account secrets). */
  exportMfa?: boolean;
  /** Export from this list URL instead of `url` (the same rows with their secrets: account-secrets). */
  exportUrl?: string;
  /** Keep the query in the page address (default true; off for tables inside tabs or dialogs). */
  mirrorQuery?: boolean;
  /** Rows can be selected (default: when a bulk action — delete, update or `moreActions` — is offered). */
  selectable?: boolean;
  hasImport?: boolean;
  hasExport?: boolean;
  hasColumnSettings?: boolean;
  hasCreate?: boolean;
  /** Content shown left of the header buttons. */
  toolbar?: ReactNode;
  testId?: string;
  /** The rows' label in delete confirmations; default name, hostname, username, id. */
  rowName?: (row: R) => string;
}

export interface ListPageProps<R extends Row = Row> extends ListTableProps<R> {
  /** Heading (i18n key of the plugin); default none (the shell shows the route title). */
  title?: string;
  /** A help text shown as a success alert under the heading. */
  help?: string;
}
