import type { Queryable } from './database';

/**
 * Everything that differs between SQLite and PostgreSQL, each concern in one method (docs/data-layer.md):
 * column types, JSON columns, list membership, case-insensitive matching, the search index (SQLite FTS5
 * trigram ↔ PostgreSQL pg_trgm GIN), the key the count/page cache pages by, write-version triggers,
 * schema introspection, integer ids and the migration lock. SQL outside this interface is the portable
 * subset both engines share; upserts (`INSERT … ON CONFLICT (…) DO UPDATE SET x = excluded.x` and
 * `ON CONFLICT DO NOTHING`) are spelled the same in both and therefore need no method here.
 */
export type DialectName = 'sqlite' | 'postgres';

/** An SQL fragment and its parameters. */
export interface Sql {
  text: string;
  params: unknown[];
}

/** Storage-neutral column types of declarations and migrations. */
export interface ColumnTypes {
  text: string;
  integer: string;
  /** Epoch milliseconds and other 64-bit integers. */
  bigint: string;
  real: string;
  /** Stored 0/1 in both backends, so values and filters are the same everywhere. */
  boolean: string;
  json: string;
  /** An integer primary key the database assigns. */
  integerId: string;
}

/** A derived search index over a table's search columns, made by `searchIndex`. */
export interface SearchIndex {
  readonly columns: readonly string[];
  /**
   * An extra condition that narrows `alias`'s rows to candidates for `term` through the index (a superset
   * of the rows the case-insensitive LIKE accepts), or null when the LIKE itself uses the index.
   */
  narrow(alias: string, term: string, columns: readonly string[]): Sql | null;
  /**
   * The bounded probe of the search planner (docs/data-layer.md#search-planning): how many rows hold `term`
   * in `columns`, counted through the index but never past `bound + 1` (a common term costs no more than
   * a rare one); null when the index cannot serve the term (shorter than a trigram). Absent where the
   * database judges a term by itself and `narrow` is always null (PostgreSQL).
   */
  probe?(db: Queryable, term: string, columns: readonly string[], bound: number): Promise<number | null>;
}

export interface Dialect {
  readonly name: DialectName;
  readonly types: ColumnTypes;
  /** `expr` is one of the values bound to the fragment's single `?` (any number of values). */
  inList(expr: string): string;
  /** The parameter value `inList` binds. */
  listParam(values: readonly unknown[]): unknown;
  /** Case-insensitive "contains": `expr <op> ? ESCAPE '\'` with a `%…%` pattern. */
  ilike(expr: string): string;
  /** A non-text column as text (search over numbers); SQLite compares any type with LIKE. */
  asText(expr: string): string;
  /**
   * Whether a resource's `coveringIndexes` are built (docs/data-layer.md#covering-indexes): SQLite tests a
   * LIKE on the index entry alone; PostgreSQL's B-tree entries are limited to about 2.7 kB, which a long
   * text column can exceed (an insert would fail), so it builds none.
   */
  readonly coveringIndexes: boolean;
  /** `expr` kept out of index selection (SQLite's planner otherwise probes large id sets pairwise). */
  noIndex(expr: string): string;
  /**
   * A text expression of the same value as `expr` (NULL stays NULL) that no index serves: a pattern tested
   * on it filters the rows another index found (PostgreSQL's trigram indexes match the bare column).
   */
  unindexedText(expr: string): string;
  /** Smaller of two values (SQLite's scalar MIN, PostgreSQL's LEAST). */
  least(a: string, b: string): string;
  /** The text values of `expr` over a query's rows joined by `separator` (a literal); NULL for no rows. */
  joinedText(expr: string, separator: string): string;
  /**
   * The column a list's ordered window is cached by (SQLite's rowid: the table b-tree itself; PostgreSQL
   * has none stable, so the primary key).
   */
  readonly rowKey: string;
  /** Column link tables are ordered by (insertion order). */
  readonly linkOrder: string;
  /**
   * The targets of one row's m2m links, in link order, as ONE column of a select (PostgreSQL: an
   * `ARRAY(…)` subquery, read back as a string array; SQLite: a `json_group_array` subquery, read back as
   * JSON text), so a page and its links are one statement — on PostgreSQL one round trip instead of one
   * per m2m field, on SQLite one statement and no second pass over the page's ids. Null where a backend
   * cannot: the links are then read with `ResourceTable.linkedMany`.
   */
  linkedArray: ((link: { table: string; source: string; target: string }, rowId: string) => string) | null;
  /** DDL of a link table of an m2m field. */
  linkTable(table: string, source: string, target: string): string;
  /** Columns of a table (empty when it does not exist). */
  columnsOf(db: Queryable, table: string): Promise<string[]>;
  /**
   * Creates (or rebuilds when its columns changed) the search index over `columns` (all of a resource's
   * search fields; `text` tells which hold text).
   */
  searchIndex(
    db: Queryable,
    table: string,
    columns: ReadonlyArray<{ column: string; text: boolean }>,
  ): Promise<SearchIndex | null>;
  /**
   * Drops what `searchIndex` derived for `table` (index, triggers), so a bulk load does not maintain it row
   * by row; `searchIndex` builds it again in one pass (docs/data-layer.md#bulk-loads).
   */
  dropSearchIndex(db: Queryable, table: string, columns: readonly string[]): Promise<void>;
  /** Triggers that bump `versionsTable` for every write to `table` (see engine/storage/write-versions.ts). */
  writeVersionTriggers(table: string, versionsTable: string): string[];
  /**
   * Triggers that bump the version named `${table}#rows` for a write that can change a set of the table's
   * keys: an insert, a delete, or an update that changes the value of one of `columns` or the row's key
   * (docs/data-layer.md#writes-mixed-into-reads). Dropped and created again at every start, so they always
   * name the columns this build counts on.
   */
  rowSetVersionTriggers(table: string, columns: readonly string[], versionsTable: string): string[];
  /** Keeps an integer id sequence ahead of ids inserted explicitly (none needed for SQLite). */
  afterExplicitIntegerIds(table: string): string | null;
  /** Serialises concurrent migrations of several instances (inside the migration's transaction). */
  migrationLock(): string | null;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Names in SQL text come from code (declarations, migrations), never from input; checked anyway. */
export function assertIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`invalid SQL identifier: "${name}"`);
  return name;
}

/** `term` as a LIKE/ILIKE pattern matching exactly itself, with `\` as the escape character. */
export const exactPattern = (term: string): string => term.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** `%term%` for LIKE/ILIKE with `\` as the escape character. */
export const containsPattern = (term: string): string => `%${exactPattern(term)}%`;
