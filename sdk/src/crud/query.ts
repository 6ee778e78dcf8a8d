import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants';
import type { QueryParams } from '../services/http';
import type { FieldsMeta } from './metadata';

/** The state of one list: page, size, sort, tag search, date range (docs/crud.md#paging-and-the-address). */
export interface ListQuery {
  /** 1-based page. */
  page: number;
  size: number;
  /** `field` or `-field`; empty = the server's default order. */
  order: string;
  /** Free-text tags, joined with commas into one `search=`. */
  search: readonly string[];
  /** Field tags `field=value`. */
  filters: Readonly<Record<string, string>>;
  /** ISO date-times; sent only when both are set. */
  dateFrom?: string;
  dateTo?: string;
}

export function emptyQuery(size: number = DEFAULT_PAGE_SIZE): ListQuery {
  return { page: 1, size, order: '', search: [], filters: {} };
}

/** Query keys that are not field filters (they belong to the page, the shell or the list itself). */
export const RESERVED_QUERY_KEYS: ReadonlySet<string> = new Set([
  'page',
  'order',
  'search',
  'date_from',
  'date_to',
  'limit',
  'offset',
  'oid',
  'activeTab',
  'draw',
  'display',
  'format',
  'template',
]);

/**
 * A filter is active when any search or field tag exists (the date range does not count,
 * docs/crud.md#paging-and-the-address).
 */
export function hasActiveFilter(q: Pick<ListQuery, 'search' | 'filters'>): boolean {
  return q.search.some((s) => s.trim()) || Object.values(q.filters).some((v) => String(v).trim() !== '');
}

/** Search and filter parameters only (what export keeps): trimmed, empty values dropped. */
export function filterParams(q: ListQuery, extra?: QueryParams): QueryParams {
  const params: QueryParams = { ...(extra ?? {}) };
  for (const [key, value] of Object.entries(q.filters)) {
    const v = String(value).trim();
    if (v) params[key] = v;
  }
  const search = q.search.map((s) => s.trim()).filter(Boolean);
  if (search.length) params.search = search.join(',');
  if (q.dateFrom && q.dateTo) {
    params.date_from = q.dateFrom;
    params.date_to = q.dateTo;
  }
  return params;
}

/**
 * The list GET parameters: limit/offset from page and size, `order`, search, filters, date range,
 * extra page query and the two inert markers draw=1&display=1.
 */
export function buildListParams(q: ListQuery, extra?: QueryParams): QueryParams {
  const params = filterParams(q, extra);
  params.limit = q.size;
  params.offset = (Math.max(1, q.page) - 1) * q.size;
  if (q.order) params.order = q.order;
  params.draw = 1;
  params.display = 1;
  return params;
}

/** PrimeReact sort (field, 1/-1/0) → `order`. */
export function orderOf(field: string | null | undefined, direction: number | null | undefined): string {
  if (!field || !direction) return '';
  return `${direction < 0 ? '-' : ''}${field}`;
}

/** `order` → PrimeReact sort. */
export function sortOf(order: string): { field: string | undefined; direction: 1 | -1 | 0 } {
  if (!order) return { field: undefined, direction: 0 };
  const first = order.split(',')[0]!;
  return first.startsWith('-') ? { field: first.slice(1), direction: -1 } : { field: first, direction: 1 };
}

/** The list state as page-address parameters (mirrored so a reload or a shared link restores it). */
export function queryToSearchParams(q: ListQuery, keep?: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  if (keep) for (const [k, v] of keep) if (k === 'oid' || k === 'activeTab') out.append(k, v);
  const search = q.search.map((s) => s.trim()).filter(Boolean);
  if (search.length) out.set('search', search.join(','));
  for (const [key, value] of Object.entries(q.filters)) if (String(value).trim()) out.set(key, String(value));
  if (q.order) out.set('order', q.order);
  if (q.page > 1) out.set('page', String(q.page));
  if (q.dateFrom && q.dateTo) {
    out.set('date_from', q.dateFrom);
    out.set('date_to', q.dateTo);
  }
  return out;
}

/** Restore a list state from the page address; unknown keys become field tags. */
export function queryFromSearchParams(params: URLSearchParams, size: number): ListQuery {
  const q = emptyQuery(size);
  const filters: Record<string, string> = {};
  const search = params.get('search');
  const page = Number(params.get('page'));
  const from = params.get('date_from');
  const to = params.get('date_to');
  for (const [key, value] of params) {
    if (!RESERVED_QUERY_KEYS.has(key) && value.trim()) filters[key] = value;
  }
  return {
    ...q,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    order: params.get('order') ?? '',
    search: search
      ? search
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
    filters,
    ...(from && to ? { dateFrom: from, dateTo: to } : {}),
  };
}

/** Page sizes offered by the list (docs/limits.md); anything else falls back to the default. */
export function validPageSize(size: unknown): number {
  const n = Number(size);
  return PAGE_SIZES.includes(n) ? n : DEFAULT_PAGE_SIZE;
}

// ---- tag search options (docs/crud.md#search) ----

export interface SearchChoice {
  value: string;
  label: string;
}

/** A field a tag can name: free text when `choices` is absent, else one of the choices. */
export interface SearchOption {
  value: string;
  label: string;
  choices?: readonly SearchChoice[];
}

/**
 * Tag options = the page's own options, then every `filter: true` field of `actions.GET` (minus `exclude`
 * and duplicates): choice fields offer their choices, booleans yes/no (sent as True/False).
 */
export function buildSearchOptions(input: {
  meta: FieldsMeta;
  options?: readonly SearchOption[];
  exclude?: readonly string[];
  yes: string;
  no: string;
}): SearchOption[] {
  const out: SearchOption[] = [...(input.options ?? [])];
  const seen = new Set(out.map((o) => o.value));
  const exclude = new Set(input.exclude ?? []);
  for (const [field, meta] of Object.entries(input.meta)) {
    if (!meta.filter || exclude.has(field) || seen.has(field)) continue;
    seen.add(field);
    const option: SearchOption = { value: field, label: meta.label ?? field };
    if (meta.type === 'boolean') {
      option.choices = [
        { value: 'True', label: input.yes },
        { value: 'False', label: input.no },
      ];
    } else if (meta.choices?.length) {
      option.choices = meta.choices.map((c) => ({ value: String(c.value), label: c.display_name }));
    }
    out.push(option);
  }
  return out.filter((o) => !exclude.has(o.value));
}

/** A tag's text: "Label: value label" for field tags, the text itself for free text. */
export function tagLabel(options: readonly SearchOption[], field: string | null, value: string): string {
  if (!field) return value;
  const option = options.find((o) => o.value === field);
  const choice = option?.choices?.find((c) => c.value.toLowerCase() === value.toLowerCase());
  return `${option?.label ?? field}: ${choice?.label ?? value}`;
}
