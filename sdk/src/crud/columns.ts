import type { ReactNode } from 'react';
import type { FieldMeta, FieldsMeta } from './metadata';

/** How a cell is rendered; the list table maps each kind to a formatter. */
export type ColumnKind =
  'text' | 'link' | 'choice' | 'boolean' | 'datetime' | 'secret' | 'list' | 'chips' | 'actions' | 'custom';

/** Per-column overrides a page gives in `columnsMeta` (docs/crud.md#list-page, docs/crud.md#columns). */
export interface ColumnOverride<Row = Record<string, unknown>> {
  label?: string;
  kind?: ColumnKind;
  width?: number;
  sortable?: boolean;
  /** Custom cell; wins over the kind's formatter. */
  body?: (row: Row) => ReactNode;
  /** false (or a function returning false) drops the column. */
  has?: boolean | (() => boolean);
  /** Show this field's value instead (e.g. `groups_display` for `groups`). */
  displayField?: string;
}

export interface ColumnSpec<Row = Record<string, unknown>> {
  field: string;
  label: string;
  kind: ColumnKind;
  sortable: boolean;
  width?: number;
  /** A name the sort sends instead of the field (`order=`). */
  sortField: string;
  meta?: FieldMeta;
  displayField?: string;
  body?: (row: Row) => ReactNode;
}

export interface ColumnsShow {
  /** Shown when the user saved nothing; all columns when absent. */
  default?: readonly string[];
  /** Always shown and not switchable (`actions` and `id` are always in this set). */
  min?: readonly string[];
}

/**
 * Columns that can never be hidden (docs/crud.md#columns: "the minimal column default is actions and id").
 */
export const ALWAYS_SHOWN: readonly string[] = ['actions', 'id'];

const SECRET_NAMES = /(^|_)(password|secret|private_key|token|secret_key)$/;

/** Column kind from the field's name and metadata type (docs/crud.md#columns). */
export function columnKind(field: string, meta: FieldMeta | undefined): ColumnKind {
  if (field === 'actions') return 'actions';
  if (field === 'name' || field === 'hostname' || field === 'display_name') return 'link';
  if (SECRET_NAMES.test(field)) return 'secret';
  const type = meta?.type;
  if (type === 'boolean') return 'boolean';
  if (type === 'datetime' || type === 'date' || field === 'date_start' || field === 'datetime')
    return 'datetime';
  if (type === 'choice' || type === 'multiple choice') return 'choice';
  if (type === 'list') return 'list';
  return 'text';
}

function defaultWidth(kind: ColumnKind): number | undefined {
  switch (kind) {
    case 'actions':
      return 150;
    case 'boolean':
      return 80;
    case 'datetime':
      return 160;
    default:
      return undefined;
  }
}

/** Header text of `actions` when no metadata names it; pages translate it in the table. */
export const ACTIONS_FIELD = 'actions';

/**
 * Columns for a table from `actions.GET` metadata: label, kind and sortability per field, then the page's
 * overrides. With no `columns` list every metadata field is a column (plus actions). Columns whose `has`
 * is false are dropped; unknown names without an override keep the field name as label.
 */
export function buildColumns<Row = Record<string, unknown>>(input: {
  meta: FieldsMeta;
  columns?: readonly string[];
  columnsMeta?: Readonly<Record<string, ColumnOverride<Row>>>;
  actionsLabel?: string;
}): ColumnSpec<Row>[] {
  const names = input.columns ?? [...Object.keys(input.meta), ACTIONS_FIELD];
  const out: ColumnSpec<Row>[] = [];
  for (const field of names) {
    const override = input.columnsMeta?.[field] ?? {};
    const has = typeof override.has === 'function' ? override.has() : override.has;
    if (has === false) continue;
    const meta = input.meta[field];
    const kind = override.kind ?? columnKind(field, meta);
    const label =
      override.label ?? meta?.label ?? (field === ACTIONS_FIELD ? (input.actionsLabel ?? 'Actions') : field);
    const sortable = override.sortable ?? (kind !== 'actions' && (meta?.order === true || field === 'name'));
    const spec: ColumnSpec<Row> = {
      field,
      label,
      kind,
      sortable,
      sortField: field,
      meta,
    };
    const width = override.width ?? defaultWidth(kind);
    if (width !== undefined) spec.width = width;
    if (override.displayField) spec.displayField = override.displayField;
    else if (kind === 'choice') spec.displayField = `${field}_display`;
    if (override.body) spec.body = override.body;
    out.push(spec);
  }
  return out;
}

/** The field names a user may switch in the column settings (all labelled columns minus the fixed ones). */
export function fixedColumns(show: ColumnsShow | undefined): Set<string> {
  return new Set([...ALWAYS_SHOWN, ...(show?.min ?? [])]);
}

/**
 * Shown columns (docs/crud.md#columns): the user's saved choice ∪ min, else `columnsShow.default` ∪ min, else
 * all; always in the order of `columns`.
 */
export function visibleColumns<C extends { field: string }>(
  columns: readonly C[],
  show: ColumnsShow | undefined,
  saved: readonly string[] | null | undefined,
): C[] {
  const fixed = fixedColumns(show);
  const chosen = saved?.length ? saved : show?.default;
  if (!chosen) return [...columns];
  const wanted = new Set([...chosen, ...fixed]);
  return columns.filter((c) => wanted.has(c.field));
}

/** A cell's plain text: `<field>_display` when present, choice labels, lists joined, objects by name. */
export function cellText(
  row: Record<string, unknown>,
  column: Pick<ColumnSpec, 'field' | 'displayField' | 'meta'>,
): string {
  if (column.displayField && row[column.displayField] !== undefined && row[column.displayField] !== null) {
    return String(row[column.displayField]);
  }
  return valueText(row[column.field], column.meta);
}

/** The items of a list value as texts, for chips (a single value is a one-item list). */
export function valueItems(value: unknown, meta?: FieldMeta): string[] {
  if (value === null || value === undefined || value === '') return [];
  return (Array.isArray(value) ? value : [value]).map((v) => valueText(v, meta)).filter(Boolean);
}

export function valueText(value: unknown, meta?: FieldMeta): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => valueText(v, meta)).join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('label' in o) return String(o.label);
    if ('display_name' in o) return String(o.display_name);
    if ('name' in o) return String(o.name);
    return JSON.stringify(value);
  }
  const choice = meta?.choices?.find((c) => String(c.value) === String(value));
  return choice ? choice.display_name : String(value);
}
