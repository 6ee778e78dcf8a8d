import { orderFields, parsePageRequest, searchTerms } from '../http/pagination';
import { allOf, type Condition, type OrderTerm, type SelectQuery } from '../data/conditions';
import type { FieldDeclaration, RequestContext } from './declaration';
import type { EngineResource } from './runtime';
import { parseBoolean, parseDateTime } from './values';

/** Query string values, first value of repeated keys. */
export type QueryValues = Readonly<Record<string, string>>;

export function firstValues(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!query || typeof query !== 'object') return out;
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[key] = first;
  }
  return out;
}

/** A search term longer than this cannot match any declared field usefully; it is cut, not refused. */
const MAX_TERM_LENGTH = 128;
/** `ids=` is capped like spm; a longer list is a client bug, answered with the first ones. */
const MAX_IDS = 10_000;

/** A filter value converted to its stored form; null when it cannot match (tolerated, filter ignored). */
function filterValue(field: FieldDeclaration | undefined, value: string): unknown {
  if (!field) return value;
  switch (field.kind) {
    case 'boolean': {
      const parsed = parseBoolean(value);
      return parsed === null ? null : parsed ? 1 : 0;
    }
    case 'integer':
    case 'float':
      return /^-?\d{1,15}(\.\d+)?$/.test(value.trim()) ? Number(value) : null;
    case 'choice':
      return typeof field.choices?.[0]?.value === 'number'
        ? /^-?\d{1,9}$/.test(value.trim())
          ? Number(value)
          : null
        : value;
    case 'datetime':
      return parseDateTime(value);
    default:
      return value;
  }
}

export interface ListRequest {
  /** Condition of the filtered set (scope + filters + search + spm/ids + date range). */
  where: Condition | null;
  /** Condition without the request's filters: scope only (bulk delete guard). */
  base: Condition | null;
  order: OrderTerm[];
  limit: number | null;
  offset: number;
  /** The request narrowed by id (`ids=` or `spm=`). */
  byIds: boolean;
  /** The request carried any filter, search, ids or spm. */
  filtered: boolean;
}

/**
 * Turns the list parameters of docs/http.md#lists into a storage-neutral query. Every tolerance is
 * documented: unknown parameters and order fields are ignored, an unparsable filter value or date is dropped,
 * a bad limit/offset means no pagination / offset 0, search terms are capped in number (10) and length.
 */
export async function listRequest(
  resource: EngineResource,
  query: QueryValues,
  ctx: RequestContext,
  spmIds: (spm: string) => Promise<string[]>,
): Promise<ListRequest> {
  const decl = resource.declaration;
  const base = await resource.scope(ctx);
  const conditions: Array<Condition | null> = [];
  let byIds = false;
  let filtered = false;
  if (query.spm !== undefined && query.spm !== '') {
    conditions.push({ field: 'id', op: 'in', values: await spmIds(query.spm.slice(0, 64)) });
    byIds = true;
  }
  if (query.ids !== undefined && query.ids !== '') {
    const ids = query.ids
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== '' && id.length <= 64)
      .slice(0, MAX_IDS);
    conditions.push({ field: 'id', op: 'in', values: ids });
    byIds = true;
  }
  for (const name of decl.filterFields) {
    const raw = query[name];
    if (raw === undefined || raw === '' || decl.customFilters?.[name]) continue;
    if (!resource.store.knows(name)) continue;
    const value = filterValue(resource.compiled.fields.get(name), raw.slice(0, 1024));
    filtered = true;
    if (value === null) continue;
    conditions.push({ field: name, op: 'eq', value });
  }
  for (const [name, build] of Object.entries(decl.customFilters ?? {})) {
    const raw = query[name];
    if (raw === undefined || raw === '') continue;
    filtered = true;
    conditions.push(await build(raw.slice(0, 1024), ctx, resource.registry));
  }
  const searchable = decl.searchFields
    .map((f) => f.replace(/^[\^=@$]/, ''))
    .filter((f) => resource.store.knows(f));
  const terms = searchTerms(query.search).map((term) => term.slice(0, MAX_TERM_LENGTH));
  if (terms.length > 0 && searchable.length > 0) {
    filtered = true;
    for (const term of terms) conditions.push({ search: term, fields: searchable });
  }
  if (decl.dateRangeField) {
    const from = query.date_from ? parseDateTime(query.date_from) : null;
    const to = query.date_to ? parseDateTime(query.date_to) : null;
    if (from !== null) conditions.push({ field: decl.dateRangeField, op: 'gte', value: from });
    if (to !== null) conditions.push({ field: decl.dateRangeField, op: 'lte', value: to });
    if (from !== null || to !== null) filtered = true;
  }
  const requested = orderFields(query.order, decl.orderingFields);
  const order: OrderTerm[] =
    requested.length > 0
      ? requested
      : decl.defaultOrdering.map((item) => ({
          field: item.replace(/^-/, ''),
          descending: item.startsWith('-'),
        }));
  const page = parsePageRequest(query);
  return {
    where: allOf([base, ...conditions]),
    base,
    order,
    limit: page.limit,
    offset: page.offset,
    byIds,
    filtered: filtered || byIds,
  };
}

export const selectOf = (list: ListRequest): SelectQuery => ({
  where: list.where,
  order: list.order,
  limit: list.limit,
  offset: list.offset,
});

/** `fields_size`, `fields=`, `fields!=` (GET only): the set of output fields to keep, or undefined = all. */
export function outputFields(
  resource: EngineResource,
  query: QueryValues,
  detail = false,
): Set<string> | undefined {
  const keep = askedFields(resource, query);
  if (detail) return keep;
  const detailOnly = [...resource.compiled.fields].filter(([, field]) => field.detailOnly).map(([n]) => n);
  if (detailOnly.length === 0) return keep;
  return new Set([...(keep ?? allOutputNames(resource))].filter((name) => !detailOnly.includes(name)));
}

function askedFields(resource: EngineResource, query: QueryValues): Set<string> | undefined {
  const decl = resource.declaration;
  let keep: Set<string> | undefined;
  if (query.fields_size === 'mini') keep = new Set(decl.fieldsMini);
  else if (query.fields_size === 'small') keep = new Set(decl.fieldsSmall ?? decl.fieldsMini);
  if (query.fields) {
    const named = query.fields.split(',').map((f) => f.trim());
    keep = new Set(named.filter((f) => keep === undefined || keep.has(f)));
  }
  // `?fields!=a,b` arrives as the key `fields!` (the `=` splits key and value).
  const drop = query['fields!'];
  if (drop) {
    const dropped = new Set(drop.split(',').map((f) => f.trim()));
    const all = keep ?? new Set(allOutputNames(resource));
    keep = new Set([...all].filter((f) => !dropped.has(f)));
  }
  return keep;
}

export function allOutputNames(resource: EngineResource): string[] {
  const names: string[] = [];
  for (const [name, field] of resource.compiled.fields) {
    if (!field.writeOnly) names.push(name);
    if (field.display && field.choices) names.push(`${name}_display`);
  }
  return names;
}
