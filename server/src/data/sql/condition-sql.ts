import type { Condition } from '../conditions';
import { assertIdentifier, containsPattern, exactPattern, type Dialect, type SearchIndex, type Sql } from '../dialect';

/**
 * The SQL compiler of conditions, apart from any table I/O: a pure function of the condition, the shape
 * of the table and the dialect, unit-tested on its own (tests/unit/server/condition-sql.test.ts). Every
 * value becomes a bound parameter; every name comes from a declaration and is checked.
 */

/** Storage types the compiler distinguishes (matches engine/compile.ts ColumnType). */
export type ColumnKind = 'text' | 'integer' | 'real' | 'boolean' | 'datetime' | 'json';

export interface LinkShape {
  table: string;
  sourceColumn: string;
  targetColumn: string;
}

/** What the compiler needs to know of a table. */
export interface TableShape {
  table: string;
  /** A declared field or raw column name → its column and kind; null when neither exists. */
  column(name: string): { column: string; kind: ColumnKind } | null;
  /** The link table of an m2m field. */
  link(field: string): LinkShape | undefined;
  /** `fk__field` → the related table's column, read through the fk column; null when not resolvable. */
  lookup(
    name: string,
  ): { table: string; fkColumn: string; column: string; kind: ColumnKind; integerTarget: boolean } | null;
  /** The derived search index (SQLite FTS5), when the table has one. */
  search: SearchIndex | null;
}

export interface CompileOptions {
  /** May search terms use the search index (not for page walks along an order index). */
  searchIndex: boolean;
  /**
   * The search planner's verdict on a term (docs/data-layer.md#search-planning), from a bounded probe of
   * the index: true — rare, the index narrows the rows (a search, or a `contains` on a search column);
   * false — common or too short, the plain LIKE lets the database walk the list's ordering or filter
   * index. Absent: every search uses the index, a `contains` never does.
   */
  selective?: (term: string) => boolean;
  /**
   * Test LIKE patterns on the rows the other conjuncts' index finds, never through an index of their own
   * (`Dialect.unindexedText`): a block of gram blocks (docs/data-layer.md#match-lists) is a range of a
   * thousand rows, which PostgreSQL intersected with a trigram bitmap of the whole table.
   */
  patternsAsFilters?: boolean;
}

export interface CompiledWhere extends Sql {
  /** Tables the condition reads (cached results depend on their write versions). */
  tables: Set<string>;
  /** It holds a LIKE pattern: read it with `planForValues` (a plan made for one pattern fits another badly). */
  patterns: boolean;
  /**
   * The columns of the table itself the condition reads (`id` for m2m and subquery tests by id, the fk
   * column of an `fk__field` lookup): a cached set of keys depends only on them and on the other `tables`
   * (docs/data-layer.md#writes-mixed-into-reads).
   */
  columns: Set<string>;
}

export const TRUE = '1 = 1';
export const FALSE = '1 = 0';

/** Numeric columns take only numbers: anything else can match no row (and PostgreSQL would refuse it). */
const NUMERIC: ReadonlySet<ColumnKind> = new Set(['integer', 'real', 'boolean', 'datetime']);

/** No stored text holds a NUL (PostgreSQL cannot even take one as a parameter): such a value matches nothing. */
const hasNul = (value: unknown): boolean => typeof value === 'string' && value.includes('\0');

/** The values an integer column holds on both backends (PostgreSQL INTEGER is 32-bit). */
const INT32 = 2_147_483_647;

/** Whether a number fits a column of this kind (anything else matches no row, and is no SQL error). */
function fits(kind: ColumnKind, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  if (kind === 'real') return true;
  if (!Number.isInteger(value)) return false;
  return kind === 'integer' || kind === 'boolean' ? Math.abs(value) <= INT32 : Number.isSafeInteger(value);
}

function storedValue(kind: ColumnKind, value: unknown): { ok: boolean; value: unknown } {
  if (hasNul(value)) return { ok: false, value };
  if (!NUMERIC.has(kind)) return { ok: true, value: typeof value === 'number' ? String(value) : value };
  if (typeof value === 'boolean') return { ok: true, value: value ? 1 : 0 };
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())
        ? Number(value)
        : NaN;
  return fits(kind, number) ? { ok: true, value: number } : { ok: false, value };
}

class Compilation {
  readonly tables: Set<string>;
  readonly columns = new Set<string>();
  /** Large id sets met (m2m links, subqueries, long lists): see `compileWhere`. */
  idSets = 0;
  /** A search term narrowed the rows through the search index. */
  indexedSearch = false;
  /** A LIKE pattern was bound. */
  patterns = false;

  constructor(
    private readonly shape: TableShape,
    private readonly dialect: Dialect,
    private readonly options: CompileOptions,
    /** Compile large id sets as membership tests, not index constraints. */
    private readonly idSetsAsFilters: boolean,
  ) {
    this.tables = new Set([shape.table]);
  }

  private idSet(expression: string): string {
    this.idSets += 1;
    return this.idSetsAsFilters ? this.dialect.noIndex(expression) : expression;
  }

  compile(condition: Condition): Sql {
    if ('never' in condition) return { text: FALSE, params: [] };
    if ('allOf' in condition) return this.join(condition.allOf, ' AND ', TRUE);
    if ('anyOf' in condition) return this.join(condition.anyOf, ' OR ', FALSE);
    if ('not' in condition) {
      const inner = this.compile(condition.not);
      return { text: `NOT (${inner.text})`, params: inner.params };
    }
    if ('search' in condition) return this.search(condition.search, condition.fields);
    const link = this.shape.column(condition.field) ? undefined : this.shape.link(condition.field);
    if (link) return this.linked(condition, link);
    const field = this.field(condition.field);
    // JSON columns are compared as their text (a value that is no JSON is then no error, only no match).
    const target = field.kind === 'json' ? { text: this.dialect.asText(field.text), kind: 'text' as const } : field;
    const bind = (value: unknown) => storedValue(target.kind, value);
    switch (condition.op) {
      case 'eq':
      case 'ne': {
        if (condition.value === null || condition.value === undefined)
          return { text: `${target.text} IS ${condition.op === 'eq' ? '' : 'NOT '}NULL`, params: [] };
        const value = bind(condition.value);
        if (condition.op === 'eq')
          return value.ok ? { text: `${target.text} = ?`, params: [value.value] } : { text: FALSE, params: [] };
        return value.ok
          ? { text: `(${target.text} IS NULL OR ${target.text} <> ?)`, params: [value.value] }
          : { text: TRUE, params: [] };
      }
      case 'in': {
        const values = condition.values.map(bind).filter((v) => v.ok).map((v) => v.value);
        return this.inList(target.text, values);
      }
      case 'contains':
        return this.containsPlanned(condition.field, target, condition.value);
      case 'iexact': {
        if (hasNul(condition.value)) return { text: FALSE, params: [] };
        // The case-insensitive LIKE of `contains` without wildcards: the same folding on both backends.
        const text = target.kind === 'text' ? target.text : this.dialect.asText(target.text);
        this.patterns = true;
        return { text: this.dialect.ilike(text), params: [exactPattern(condition.value)] };
      }
      case 'gte':
      case 'lte': {
        const value = bind(condition.value);
        if (!value.ok) return { text: FALSE, params: [] };
        return { text: `${target.text} ${condition.op === 'gte' ? '>=' : '<='} ?`, params: [value.value] };
      }
      case 'inSubquery': {
        const { table, column, where } = condition.subquery;
        assertIdentifier(table);
        assertIdentifier(column);
        const keys = Object.keys(where).map(assertIdentifier);
        const clauses = keys.map((key) => (where[key] === null ? `${key} IS NULL` : `${key} = ?`));
        const params = keys.filter((key) => where[key] !== null).map((key) => where[key]);
        this.tables.add(table);
        // Other rows of this same table: their columns are read too.
        if (table === this.shape.table) for (const name of [column, ...keys]) this.columns.add(name);
        return {
          text: `${this.idSet(target.text)} IN (SELECT ${column} FROM ${table}${clauses.length ? ` WHERE ${clauses.join(' AND ')}` : ''})`,
          params,
        };
      }
    }
  }

  private join(list: readonly Condition[], operator: string, empty: string): Sql {
    if (list.length === 0) return { text: empty, params: [] };
    const parts = list.map((c) => this.compile(c));
    if (parts.length === 1) return parts[0] as Sql;
    return { text: `(${parts.map((p) => p.text).join(operator)})`, params: parts.flatMap((p) => p.params) };
  }

  /** An m2m field: the rows linked to the value(s). */
  private linked(condition: Condition, link: LinkShape): Sql {
    if (!('op' in condition) || (condition.op !== 'eq' && condition.op !== 'in'))
      throw new Error(`unsupported condition on m2m field "${'field' in condition ? condition.field : ''}"`);
    this.tables.add(link.table);
    this.columns.add('id');
    const inner = (test: string, params: unknown[]): Sql => ({
      text: `${this.idSet('r.id')} IN (SELECT l.${link.sourceColumn} FROM ${link.table} l WHERE ${test})`,
      params,
    });
    const target = `l.${link.targetColumn}`;
    if (condition.op !== 'in') return inner(`${target} = ?`, [condition.value]);
    if (condition.values.length === 0) return { text: FALSE, params: [] };
    return inner(this.dialect.inList(target), [this.dialect.listParam(condition.values)]);
  }

  private inList(expression: string, values: readonly unknown[]): Sql {
    if (values.length === 0) return { text: FALSE, params: [] };
    if (values.length > LONG_LIST)
      return {
        text: this.dialect.inList(this.idSet(expression)),
        params: [this.dialect.listParam(values)],
      };
    return { text: `${expression} IN (${values.map(() => '?').join(', ')})`, params: [...values] };
  }

  private contains(target: { text: string; kind: ColumnKind }, term: string): Sql {
    if (hasNul(term)) return { text: FALSE, params: [] };
    const text = target.kind === 'text' ? target.text : this.dialect.asText(target.text);
    this.patterns = true;
    const tested = this.options.patternsAsFilters ? this.dialect.unindexedText(text) : text;
    return { text: this.dialect.ilike(tested), params: [containsPattern(term)] };
  }

  /** The columns of these fields when the search index covers every one of them, else null. */
  private indexed(fields: readonly string[]): string[] | null {
    const index = this.shape.search;
    if (index === null) return null;
    const columns = fields.map((field) => this.shape.column(field)?.column ?? null);
    return columns.every((column): column is string => column !== null && index.columns.includes(column))
      ? columns
      : null;
  }

  /** `like` (the test that defines the result) narrowed first through the search index, where it can. */
  private narrowed(like: Sql, term: string, columns: readonly string[]): Sql {
    const narrow = this.shape.search?.narrow('r', term, columns) ?? null;
    if (narrow === null) return like;
    this.indexedSearch = true;
    return { text: `(${narrow.text} AND ${like.text})`, params: [...narrow.params, ...like.params] };
  }

  /** A `contains` filter: on a search column, a term the planner found rare is narrowed like a search. */
  private containsPlanned(field: string, target: { text: string; kind: ColumnKind }, term: string): Sql {
    const like = this.contains(target, term);
    const columns = this.indexed([field]);
    const { searchIndex, selective } = this.options;
    if (hasNul(term) || columns === null || !searchIndex || !selective?.(term)) return like;
    return this.narrowed(like, term, columns);
  }

  /**
   * One search term (docs/http.md#lists: icontains on any of the fields). The LIKE test defines the result; with a
   * search index (SQLite FTS5 trigram) a narrowing condition first turns the scan into an index lookup —
   * for a term the planner found rare (docs/data-layer.md#search-planning). PostgreSQL's trigram GIN
   * indexes serve the ILIKE itself.
   */
  private search(term: string, fields: readonly string[]): Sql {
    // No stored text holds a NUL, and neither an FTS5 phrase nor a PostgreSQL parameter can carry one.
    if (fields.length === 0 || hasNul(term)) return { text: FALSE, params: [] };
    const parts = fields.map((field) => this.contains(this.field(field), term));
    const like: Sql = {
      text: parts.length === 1 ? (parts[0] as Sql).text : `(${parts.map((p) => p.text).join(' OR ')})`,
      params: parts.flatMap((p) => p.params),
    };
    const columns = this.indexed(fields);
    const { searchIndex, selective } = this.options;
    if (columns === null || !searchIndex || (selective && !selective(term))) return like;
    return this.narrowed(like, term, columns);
  }

  /** A field as an SQL expression: its column, or `fk__field` as a correlated subquery. */
  field(name: string): { text: string; kind: ColumnKind } {
    const column = this.shape.column(name);
    if (column) {
      this.columns.add(column.column);
      return { text: `r.${column.column}`, kind: column.kind };
    }
    const lookup = this.shape.lookup(name);
    if (lookup) {
      this.tables.add(lookup.table);
      this.columns.add(lookup.fkColumn);
      if (lookup.table === this.shape.table) this.columns.add(lookup.column).add('id');
      // fk columns hold text; an integer primary key is compared as text (PostgreSQL does not mix them).
      const id = lookup.integerTarget ? this.dialect.asText('t.id') : 't.id';
      return {
        text: `(SELECT t.${lookup.column} FROM ${lookup.table} t WHERE ${id} = r.${lookup.fkColumn})`,
        kind: lookup.kind,
      };
    }
    throw new Error(`unknown field "${name}" in a condition on ${this.shape.table}`);
  }
}

/** Lists longer than this travel as one parameter (json_each / ANY) instead of one per value. */
export const LONG_LIST = 500;

/**
 * A condition as the WHERE clause of a select over `shape.table` aliased `r`. When an indexed search meets
 * a large id set (a node's assets, an spm), SQLite would use both as index constraints and probe every
 * pair (100k ids × 25k hits: minutes); the id sets are then compiled as membership tests, so the search
 * hits drive the loop.
 */
export function compileWhere(
  condition: Condition | null,
  shape: TableShape,
  dialect: Dialect,
  options: CompileOptions = { searchIndex: true },
): CompiledWhere {
  if (!condition) return { text: TRUE, params: [], tables: new Set([shape.table]), patterns: false, columns: new Set() };
  const first = new Compilation(shape, dialect, options, false);
  const sql = first.compile(condition);
  if (!first.indexedSearch || first.idSets === 0)
    return { ...sql, tables: first.tables, patterns: first.patterns, columns: first.columns };
  const filtered = new Compilation(shape, dialect, options, true);
  return { ...filtered.compile(condition), tables: filtered.tables, patterns: filtered.patterns, columns: filtered.columns };
}

/**
 * The terms of a condition that the search index could serve — searches and `contains` filters over
 * search columns only — for the search planner's probes (docs/data-layer.md#search-planning).
 */
export function indexableTerms(condition: Condition | null, shape: TableShape): string[] {
  const index = shape.search;
  if (!condition || index === null) return [];
  const covered = (fields: readonly string[]) =>
    fields.length > 0 && fields.every((field) => index.columns.includes(shape.column(field)?.column ?? ''));
  const terms = new Set<string>();
  const visit = (c: Condition): void => {
    if ('allOf' in c) c.allOf.forEach(visit);
    else if ('anyOf' in c) c.anyOf.forEach(visit);
    else if ('not' in c) visit(c.not);
    else if ('search' in c) {
      if (covered(c.fields) && !hasNul(c.search)) terms.add(c.search);
    } else if ('op' in c && c.op === 'contains' && covered([c.field]) && !hasNul(c.value)) terms.add(c.value);
  };
  visit(condition);
  return [...terms];
}

/** ORDER BY with the id tie-breaker in the direction of the last term (see ResourceTable.orderBy). */
export function compileOrder(
  order: ReadonlyArray<{ field: string; descending: boolean }>,
  shape: TableShape,
): string {
  const terms = order
    .map((term) => ({ column: shape.column(term.field)?.column ?? null, descending: term.descending }))
    .filter((term): term is { column: string; descending: boolean } => term.column !== null);
  const parts = terms.map((term) => `r.${term.column} ${term.descending ? 'DESC' : 'ASC'}`);
  parts.push(`r.id ${terms.at(-1)?.descending ? 'DESC' : 'ASC'}`);
  return parts.join(', ');
}
