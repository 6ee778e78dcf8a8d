import crypto from 'node:crypto';
import type { CompiledResource } from '../engine/compile';
import type { Condition, OrderTerm, SelectQuery } from './conditions';
import type { Database, Row } from './database';
import { assertIdentifier } from './dialect';
import { GramBlocks } from './gram-blocks';
import {
  compileOrder,
  compileWhere,
  indexableTerms,
  type ColumnKind,
  type CompiledWhere,
  type TableShape,
} from './sql/condition-sql';
import { WriteVersions } from './write-versions';

/**
 * The table of one declared resource on either backend: additive migrations, selects compiled from
 * storage-neutral conditions (sql/condition-sql.ts), the count/page cache, writes, m2m links. The engine
 * reaches SQL only through this class; a declaration never sees it.
 */

/** Looks up another resource (fk lookups `user__name`). */
export type ResourceLookup = (name: string) => CompiledResource | undefined;

/** Statements touching many ids go in chunks of this many (SQLite binds at most 32,766 parameters). */
const CHUNK = 500;
/** Filtered sets up to this many rows are paged from a cached window of their ordered keys. */
const WINDOW_MAX = 50_000;
/**
 * A list whose resource declares `boundedCount` stops counting here: a larger set answers this many as a
 * lower bound (docs/http.md#lists). Chosen by measurement (docs/terminal.md#scale): finding the bound costs
 * the rows examined until that many matched — at 1,000 a common term's first page cost 2.6–8.4 ms of
 * SQLite CPU and the search benchmark missed its p95, at 200 0.5–1.7 ms.
 */
const COUNT_BOUND = 200;
/** Selects of up to this many rows are cached (`select`). */
const CACHED_SELECT_MAX = 200;
/**
 * A search term found in at most this many rows by the search index's probe is rare: the index narrows
 * the rows. A commoner one is matched along the list's own ordering or filter index, which reads the rows
 * of the list's range anyway (docs/data-layer.md#search-planning).
 */
const RARE_TERM = 5_000;
/** PostgreSQL binds at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 30_000;

/** The ordered keys of a filtered set (rowids on SQLite, ids on PostgreSQL), cached for paging. */
type Window = Float64Array | readonly unknown[];
/** The m2m links read with a page (`Dialect.linkedArray`): field → row id → target ids in link order. */
export type PageLinks = ReadonlyMap<string, ReadonlyMap<string, string[]>>;
/** The cached window of a set larger than WINDOW_MAX: such a set is paged by SQL. */
const TOO_LARGE = Symbol('too large for a window');

/** One list page (`ResourceTable.page`). */
export interface ListPage {
  rows: Row[];
  /** The filtered set's size; with `countIsLowerBound`, more than this many rows match. */
  count: number;
  /** Set only on a list of a `boundedCount` resource that stopped counting (docs/http.md#lists). */
  countIsLowerBound: boolean;
  links: PageLinks | null;
}

export class ResourceTable {
  /** Columns that actually exist (declared ones plus those of an adopted table). */
  readonly existingColumns = new Set<string>();
  private readonly versions: WriteVersions;
  private readonly shape: TableShape;
  private pageTableSet: ReadonlySet<string> | null = null;
  /** The row-set version's name (after `migrate`) and the columns it follows (see `keyColumns`). */
  private rowsVersion: string | null = null;
  private rowSetColumns: ReadonlySet<string> = new Set();
  /** The declaration's gram blocks (after `migrate`), null when it declares none. */
  private grams: GramBlocks | null = null;
  /** Set while a bulk load inserts: the blocks are summarised once after it. */
  private bulkLoading = false;

  /**
   * `windowMax`: the largest filtered set paged from a cached window (tests lower it to reach the
   * order-index walk of larger sets with few rows); `rareTerm`: the search planner's bound (tests lower it
   * to meet common terms in a small table); `countBound`: where a `boundedCount` resource's list stops
   * counting (tests lower it to reach the bound with few rows).
   */
  constructor(
    private readonly db: Database,
    readonly resource: CompiledResource,
    private readonly lookup: ResourceLookup,
    private readonly windowMax = WINDOW_MAX,
    private readonly rareTerm = RARE_TERM,
    private readonly countBound = COUNT_BOUND,
  ) {
    this.versions = WriteVersions.of(db);
    const kinds = new Map(resource.table.columns.map((c) => [c.column, c.type as ColumnKind]));
    this.shape = {
      table: this.table,
      column: (name) => {
        const column = this.column(name);
        return column ? { column, kind: kinds.get(column) ?? 'text' } : null;
      },
      link: (field) => this.resource.links.get(field),
      lookup: (name) => this.fkLookup(name),
      search: null,
    };
  }

  get table(): string {
    return this.resource.table.table;
  }

  private get types() {
    return this.db.dialect.types;
  }

  /**
   * Additive migration (run inside the start-up migration's transaction, data/migrate.ts): creates the
   * table when missing, adds missing columns, link tables and indexes. Never drops or changes a column,
   * so tables of numbered migrations (users, roles, …) are adopted.
   */
  async migrate(): Promise<void> {
    // Joins the start-up migration's transaction; alone it is a transaction of its own (savepoints need one).
    await this.db.transaction(() => this.migrateTable());
  }

  private async migrateTable(): Promise<void> {
    const spec = this.resource.table;
    const type = (kind: ColumnKind): string =>
      kind === 'datetime' ? this.types.bigint : kind === 'boolean' ? this.types.boolean : this.types[kind];
    const defs = spec.columns.map((c) =>
      c.column === 'id'
        ? c.type === 'integer'
          ? `id ${this.types.integerId}`
          : `id ${this.types.text} PRIMARY KEY`
        : `${c.column} ${type(c.type)}`,
    );
    if (!spec.columns.some((c) => c.column === 'id')) defs.unshift(`id ${this.types.text} PRIMARY KEY`);
    await this.db.exec(`CREATE TABLE IF NOT EXISTS ${this.table} (${defs.join(', ')})`);
    await this.refreshColumns();
    for (const column of spec.columns)
      if (!this.existingColumns.has(column.column))
        await this.db.exec(`ALTER TABLE ${this.table} ADD COLUMN ${column.column} ${type(column.type)}`);
    await this.refreshColumns();
    for (const link of spec.links) {
      await this.db.exec(this.db.dialect.linkTable(link.table, link.sourceColumn, link.targetColumn));
      await this.db.exec(
        `CREATE UNIQUE INDEX IF NOT EXISTS ${link.table}_pair ON ${link.table} (${link.sourceColumn}, ${link.targetColumn})`,
      );
      await this.db.exec(`CREATE INDEX IF NOT EXISTS ${link.table}_target ON ${link.table} (${link.targetColumn})`);
    }
    for (const cols of spec.uniques) {
      const name = `${this.table}_uq_${cols.join('_')}`;
      // Existing duplicate rows of an adopted table: validation still enforces uniqueness on writes.
      await this.attempt(`CREATE UNIQUE INDEX IF NOT EXISTS ${name} ON ${this.table} (${cols.join(', ')})`);
    }
    for (const cols of this.derivedIndexes)
      await this.db.exec(`CREATE INDEX IF NOT EXISTS ${this.indexName(cols)} ON ${this.table} (${cols.join(', ')})`);
    await this.migrateSearchIndex();
    await this.migrateGramBlocks();
    await this.versions.track(this.table);
    for (const link of spec.links) await this.versions.track(link.table);
    this.rowSetColumns = this.keyColumns();
    this.rowsVersion = await this.versions.trackRows(this.table, [...this.rowSetColumns]);
  }

  /**
   * The columns whose changes the row-set version follows (docs/data-layer.md#writes-mixed-into-reads):
   * the id, the org, every indexed, unique, search, filter and ordering column and every fk column — what
   * lists select and order by. Others (a comment, the time of the last change) may change without
   * dropping the cached windows and counts; a query that reads one of them is cached under the table's
   * whole version instead.
   */
  private keyColumns(): Set<string> {
    const decl = this.resource.decl;
    const spec = this.resource.table;
    const names = [
      'id',
      'org_id',
      ...spec.indexes.flat(),
      ...spec.uniques.flat(),
      ...(this.searchColumns() ?? []),
      ...[...decl.filterFields, ...decl.orderingFields].map((field) => this.column(field.replace(/^-/, ''))),
      ...spec.columns.map((c) => c.column).filter((column) => column.endsWith('_id')),
    ];
    return new Set(names.filter((name): name is string => name !== null && this.existingColumns.has(name)));
  }

  /**
   * The versions a cached set of keys (a window, a count, a probe) depends on: the tables `where` reads,
   * with this table's row-set version instead of its whole version when every column of it read (by the
   * condition and `order`) is one the row-set version follows.
   */
  private keyTables(where: CompiledWhere, order: readonly OrderTerm[] = []): ReadonlySet<string> {
    const rows = this.rowsVersion;
    if (rows === null) return where.tables;
    for (const column of where.columns) if (!this.rowSetColumns.has(column)) return where.tables;
    for (const term of order) {
      const column = this.column(term.field);
      if (column !== null && !this.rowSetColumns.has(column)) return where.tables;
    }
    return new Set([...where.tables].map((table) => (table === this.table ? rows : table)));
  }

  /** The ordering and filter indexes, and the covering ones where the dialect builds them. */
  private get derivedIndexes(): readonly string[][] {
    const spec = this.resource.table;
    return this.db.dialect.coveringIndexes ? [...spec.indexes, ...spec.coveringIndexes] : spec.indexes;
  }

  private indexName(cols: readonly string[]): string {
    return assertIdentifier(`${this.table}_ix_${cols.join('_')}`);
  }

  /** The search fields' columns, when every one of them is a column other than the id (else no index). */
  private searchColumns(): string[] | null {
    const fields = this.resource.decl.searchFields.map((f) => f.replace(/^[\^=@$]/, ''));
    const columns = fields.map((f) => this.column(f));
    if (fields.length === 0 || columns.some((c) => c === null || c === 'id')) return null;
    return columns as string[];
  }

  /**
   * A bulk load (docs/data-layer.md#bulk-loads): `load` inserts its rows through `insert` (each call one
   * transaction of `insertMany`) while the derived indexes — the ordering and filter indexes and the search
   * index — are away; they are then built once over all rows (far cheaper than maintaining them row by
   * row) and the table's planner statistics are refreshed, so that the first lists after the load pick
   * the right index. Unique indexes stay: they are constraints, not derived.
   */
  async bulkLoad(load: (insert: (rows: readonly Row[]) => Promise<void>) => Promise<void>): Promise<void> {
    await this.knowColumns();
    await this.db.transaction(async () => {
      for (const cols of this.derivedIndexes) await this.db.exec(`DROP INDEX IF EXISTS ${this.indexName(cols)}`);
      const search = this.searchColumns();
      if (search) await this.db.dialect.dropSearchIndex(this.db, this.table, search);
    });
    this.bulkLoading = true;
    try {
      await load((rows) => this.insertMany(rows));
    } finally {
      this.bulkLoading = false;
      // Also summarises the loaded rows in gram blocks (GramBlocks.migrate).
      await this.migrate();
      await this.db.exec(`ANALYZE ${this.table}`);
    }
  }

  /** A statement that may fail without failing the migration around it (a savepoint on both backends). */
  private async attempt(statement: string): Promise<boolean> {
    const savepoint = `sp_${crypto.randomBytes(4).toString('hex')}`;
    await this.db.exec(`SAVEPOINT ${savepoint}`);
    try {
      await this.db.exec(statement);
      await this.db.exec(`RELEASE SAVEPOINT ${savepoint}`);
      return true;
    } catch {
      await this.db.exec(`ROLLBACK TO SAVEPOINT ${savepoint}`);
      await this.db.exec(`RELEASE SAVEPOINT ${savepoint}`);
      return false;
    }
  }

  /** The search index of the search fields, when every one of them is a column other than the id. */
  private async migrateSearchIndex(): Promise<void> {
    const columns = this.searchColumns();
    if (!columns) return;
    const kinds = new Map(this.resource.table.columns.map((c) => [c.column, c.type]));
    this.shape.search = await this.db.dialect.searchIndex(
      this.db,
      this.table,
      columns.map((column) => ({ column, text: kinds.get(column) === 'text' })),
    );
  }

  /** The gram blocks of the declaration (docs/data-layer.md#gram-blocks), summarising rows not yet counted. */
  private async migrateGramBlocks(): Promise<void> {
    const declared = this.resource.decl.gramBlocks;
    if (!declared) return;
    const columnOf = (field: string): string => {
      const column = this.column(field);
      if (column === null) throw new Error(`gramBlocks of ${this.table}: no column "${field}"`);
      return column;
    };
    const kinds = new Map(this.resource.table.columns.map((c) => [c.column, c.type as ColumnKind]));
    this.grams = new GramBlocks(
      this.db,
      this.table,
      {
        columns: declared.fields.map(columnOf),
        partitions: ['org_id', ...declared.partitions.map(columnOf)],
        order: columnOf(declared.order),
      },
      kinds,
      this.versions,
    );
    await this.grams.migrate(this.types);
  }

  private async refreshColumns(): Promise<void> {
    this.existingColumns.clear();
    for (const name of await this.db.dialect.columnsOf(this.db, this.table)) this.existingColumns.add(name);
  }

  /** The column of a field name or raw column; null when neither exists. */
  private column(name: string): string | null {
    const mapped = this.resource.columnOf.get(name);
    if (mapped) return mapped;
    return this.existingColumns.has(name) ? name : null;
  }

  private fkLookup(
    name: string,
  ): { table: string; fkColumn: string; column: string; kind: ColumnKind; integerTarget: boolean } | null {
    const split = name.indexOf('__');
    if (split <= 0) return null;
    const fk = this.resource.fields.get(name.slice(0, split));
    const target = fk?.to ? this.lookup(fk.to) : undefined;
    const fkColumn = this.column(name.slice(0, split));
    const column = target?.columnOf.get(name.slice(split + 2));
    if (!target || !fkColumn || !column) return null;
    const kind = target.table.columns.find((c) => c.column === column)?.type ?? 'text';
    const integerTarget = target.table.columns.some((c) => c.column === 'id' && c.type === 'integer');
    return { table: target.table.table, fkColumn, column, kind, integerTarget };
  }

  /** Whether a field can be used in conditions and ordering. */
  knows(name: string): boolean {
    return this.column(name) !== null || this.resource.links.has(name) || this.fkLookup(name) !== null;
  }

  /**
   * A condition as SQL. Its search terms are planned first (docs/data-layer.md#search-planning): each one
   * the index could serve is probed, bounded by RARE_TERM, and only a rare one is looked up in the index.
   */
  private async where(given: Condition | null, searchIndex = true): Promise<CompiledWhere> {
    const condition =
      this.grams && searchIndex
        ? await this.grams.narrow(
            given,
            (field) => this.column(field),
            (column) => this.filterIndexed(column),
          )
        : given;
    const terms = searchIndex && this.shape.search?.probe ? indexableTerms(condition, this.shape) : [];
    const rare = new Set<string>();
    for (const term of terms) if (await this.isRare(term)) rare.add(term);
    const compiled = compileWhere(condition, this.shape, this.db.dialect, {
      searchIndex,
      selective: (term) => rare.has(term),
    });
    // A pattern is planned with its value (PostgreSQL) unless an equality on a column with a filter index of
    // its own decides the plan whatever the pattern (one session's commands): that planning cost 0.4 ms of
    // PostgreSQL per request, more than the read.
    return compiled.patterns && this.narrowedByEquality(condition) ? { ...compiled, patterns: false } : compiled;
  }

  /**
   * Whether a conjunct of `condition` is an equality on a column leading a filter index of its own, of a
   * field with many values (a choice or a flag leaves a large share of the rows).
   */
  private narrowedByEquality(condition: Condition | null): boolean {
    const conjuncts = (c: Condition): Condition[] => ('allOf' in c ? c.allOf.flatMap(conjuncts) : [c]);
    return (condition === null ? [] : conjuncts(condition)).some((c) => {
      if (!('op' in c) || c.op !== 'eq' || c.value === null) return false;
      const column = this.column(c.field);
      const kind = this.resource.fields.get(c.field)?.kind;
      return column !== null && column !== 'org_id' && kind !== 'choice' && kind !== 'boolean' && this.filterIndexed(column);
    });
  }

  /** Whether a filter index leads with this column (after the org): an equality on it reads few rows. */
  private filterIndexed(column: string): boolean {
    return this.resource.table.indexes.some((cols) => (cols[0] === 'org_id' ? cols[1] : cols[0]) === column);
  }

  /** The bounded probe of one term over all the search columns, cached until the table is written. */
  private async isRare(term: string): Promise<boolean> {
    const index = this.shape.search;
    const probe = index?.probe?.bind(index);
    if (!index || !probe) return false;
    // The search index holds the search columns only: the row-set version follows them.
    const tables = new Set([this.rowsVersion ?? this.table]);
    const hits = await this.versions.cached(`probe\u0000${this.table}\u0000${this.rareTerm}\u0000${term}`, tables, () =>
      probe(this.db, term, index.columns, this.rareTerm),
    );
    return hits !== null && hits <= this.rareTerm;
  }

  private orderBy(query: SelectQuery): string {
    return compileOrder(query.order, this.shape);
  }

  /**
   * Rows of a select. Small results are cached until a table the query reads is written (exact, see
   * WriteVersions): hooks and computed fields ask the same small questions on every request (the nodes
   * of a page's assets). Each caller gets its own copies of the rows.
   */
  async select(query: SelectQuery): Promise<Row[]> {
    const where = await this.where(query.where);
    const page = query.limit === null ? '' : ' LIMIT ? OFFSET ?';
    const params = query.limit === null ? where.params : [...where.params, query.limit, Math.max(0, query.offset)];
    const text = `SELECT r.* FROM ${this.table} r WHERE ${where.text} ORDER BY ${this.orderBy(query)}${page}`;
    const rows = await this.versions.cached(
      `${text}\u0000${cacheKey(params)}`,
      where.tables,
      () => this.db.all(text, params, { planForValues: where.patterns }),
      // A row weighs about as much memory as a hundred window keys; large results are not kept.
      (rows) => (rows.length <= CACHED_SELECT_MAX ? rows.length * 100 : Infinity),
    );
    return rows.length <= CACHED_SELECT_MAX ? rows.map(copyRow) : rows;
  }

  /**
   * Rows in batches, in the select's order (exports of large sets without holding every row). The ordered
   * ids are read once (an index walk); each batch is then fetched by id, so no batch pays an OFFSET scan.
   * A row deleted meanwhile is skipped; rows are read as they are when their batch is fetched.
   */
  async *batches(query: SelectQuery, size: number): AsyncGenerator<Row[]> {
    const where = await this.where(query.where);
    const limit = query.limit ?? (this.db.dialect.name === 'sqlite' ? -1 : null);
    const page = limit === null ? ' OFFSET ?' : ' LIMIT ? OFFSET ?';
    const params = [...where.params, ...(limit === null ? [] : [limit]), Math.max(0, query.offset)];
    const ids = (
      await this.db.all<{ id: unknown }>(
        `SELECT r.id FROM ${this.table} r WHERE ${where.text} ORDER BY ${this.orderBy(query)}${page}`,
        params,
        { planForValues: where.patterns },
      )
    ).map((row) => row.id);
    const fetch = `SELECT r.* FROM ${this.table} r WHERE ${this.db.dialect.inList('r.id')}`;
    for (let start = 0; start < ids.length; start += size) {
      const chunk = ids.slice(start, start + size);
      const byId = new Map<unknown, Row>();
      for (const row of await this.db.all(fetch, [this.db.dialect.listParam(chunk)])) byId.set(row.id, row);
      const rows = chunk.map((id) => byId.get(id)).filter((row): row is Row => row !== undefined);
      if (rows.length > 0) yield rows;
    }
  }

  /**
   * COUNT(*) of a condition, cached per compiled query until a table it reads is written (see
   * WriteVersions: exact, never stale).
   */
  async count(condition: Condition | null): Promise<number> {
    return this.countOf(await this.where(condition));
  }

  private async countOf(where: CompiledWhere): Promise<number> {
    const text = `SELECT COUNT(*) AS n FROM ${this.table} r WHERE ${where.text}`;
    return this.versions.cached(`${text}\u0000${cacheKey(where.params)}`, this.keyTables(where), async () => {
      const row = await this.db.get<{ n: number }>(text, where.params, { planForValues: where.patterns });
      return Number(row?.n ?? 0);
    });
  }

  /**
   * One list page and the count of the whole filtered set (docs/http.md#lists). A set of up to `windowMax` rows is
   * read once as its ordered keys — the same single pass a COUNT needs — and cached until a table it reads
   * is written, so the pages of a search cost a lookup of `limit` rows by key. Larger sets are paged by
   * SQL (an order-index walk, where a search index would only add work) with a cached count.
   *
   * A resource declaring `boundedCount` reads its window up to `countBound` rows only: a larger set answers
   * `countBound` as a lower bound (`countIsLowerBound`), so a common term costs the rows examined until
   * that many matched instead of the whole range. Its pages past the window are walked, one row more than
   * the page telling whether more follow; a partial page there ends the set, whose count is then exact.
   */
  async page(query: SelectQuery & { limit: number }): Promise<ListPage> {
    const where = await this.where(query.where);
    const offset = Math.max(0, query.offset);
    const key = this.db.dialect.rowKey;
    const bounded = this.resource.decl.boundedCount === true && this.countBound < this.windowMax;
    const size = bounded ? this.countBound : this.windowMax;
    // The window is read first: for a set that fits it, its length is the count (one pass, not two).
    const text = `SELECT r.${key} AS k FROM ${this.table} r WHERE ${where.text} ORDER BY ${this.orderBy(query)} LIMIT ?`;
    const params = [...where.params, size + 1];
    const window = await this.versions.cached<Window | typeof TOO_LARGE>(
      `${text}\u0000${cacheKey(params)}`,
      this.keyTables(where, query.order),
      async () => {
        const keys =
          (bounded ? await this.windowFromBlocks(query, size + 1) : null) ??
          (await this.db.all<{ k: unknown }>(text, params, { planForValues: where.patterns })).map((r) => r.k);
        // A bounded window keeps its keys past the bound too: its first pages are served from it.
        if (keys.length > size && !bounded) return TOO_LARGE;
        return keys.every((k) => typeof k === 'number') ? Float64Array.from(keys as number[]) : keys;
      },
      (value) => (value === TOO_LARGE ? 1 : value.length),
    );
    const exact = (count: number, rows: { rows: Row[]; links: PageLinks | null }): ListPage => ({
      ...rows,
      count,
      countIsLowerBound: false,
    });
    if (window !== TOO_LARGE && window.length <= size)
      return exact(window.length, await this.rowsOfKeys([...window.slice(offset, offset + query.limit)]));
    if (window !== TOO_LARGE && offset + query.limit <= size)
      return {
        ...(await this.rowsOfKeys([...window.slice(offset, offset + query.limit)])),
        count: size,
        countIsLowerBound: true,
      };
    // The page's keys first, its rows and links after: PostgreSQL computes the select list (the link
    // subqueries) of every row an OFFSET skips, and the keys alone come from the order index.
    const walkKeys = async (condition: CompiledWhere, limit: number) =>
      (
        await this.db.all<{ k: unknown }>(
          `SELECT r.${key} AS k FROM ${this.table} r WHERE ${condition.text} ORDER BY ${this.orderBy(query)} LIMIT ? OFFSET ?`,
          [...condition.params, limit, offset],
          { planForValues: condition.patterns },
        )
      ).map((row) => row.k);
    if (window === TOO_LARGE) {
      const count = await this.countOf(where);
      return exact(count, await this.rowsOfKeys(await walkKeys(await this.where(query.where, false), query.limit)));
    }
    // Past a bounded window: one key more than the page says whether rows follow it. The set may be small
    // (the bound is far below the window's): the planned condition keeps a rare term's index lookup.
    const keys = await walkKeys(where, query.limit + 1);
    const rows = await this.rowsOfKeys(keys.slice(0, query.limit));
    if (keys.length > query.limit)
      return { ...rows, count: Math.max(size, offset + query.limit), countIsLowerBound: true };
    // A partial page ends the set: its count is known. Past the end, only the bound is.
    if (keys.length > 0) return exact(offset + keys.length, rows);
    return { ...rows, count: size, countIsLowerBound: true };
  }

  /**
   * The first `need` keys of a list from the match lists of its gram blocks (docs/data-layer.md#match-lists),
   * or null when its condition is not one they answer. The candidates come with their order values and are
   * sorted by them here; only rows sharing a value are put in order by the database (by id, in its own
   * collation) — reading every candidate's row to sort them cost as much as the walk it replaces.
   */
  private async windowFromBlocks(query: SelectQuery, need: number): Promise<unknown[] | null> {
    const found = await this.grams?.candidates(
      query.where,
      (field) => this.column(field),
      query.order,
      need,
      (condition, orderColumn) => {
        const where = compileWhere(condition, this.shape, this.db.dialect, {
          searchIndex: false,
          patternsAsFilters: true,
        });
        return this.db.all<{ k: unknown; t: unknown }>(
          `SELECT r.${this.db.dialect.rowKey} AS k, r.${orderColumn} AS t FROM ${this.table} r WHERE ${where.text}`,
          where.params,
          { planForValues: where.patterns },
        );
      },
    );
    if (!found) return null;
    const descending = query.order[0]?.descending === true;
    const index = found.keys.map((_, i) => i);
    const at = (i: number) => found.at[i] as number;
    index.sort((a, b) => (descending ? at(b) - at(a) : at(a) - at(b)));
    // Runs of one order value that reach into the window: the database orders each by id.
    const tied: unknown[] = [];
    for (let start = 0; start < Math.min(index.length, need); ) {
      let end = start + 1;
      while (end < index.length && at(index[end] as number) === at(index[start] as number)) end += 1;
      if (end - start > 1) for (const i of index.slice(start, end)) tied.push(found.keys[i]);
      start = end;
    }
    const keys = index.map((i) => found.keys[i]);
    if (tied.length > 0) {
      const key = this.db.dialect.rowKey;
      const ordered = await this.db.all<{ k: unknown; t: unknown }>(
        `SELECT r.${key} AS k, r.${this.grams?.orderColumn} AS t FROM ${this.table} r WHERE ${this.db.dialect.inList(`r.${key}`)} ORDER BY ${this.orderBy(query)}`,
        [this.db.dialect.listParam(tied)],
      );
      // Each run takes its keys back in the database's order; a row deleted since is dropped.
      const byValue = new Map<number, unknown[]>();
      for (const row of ordered) {
        const value = Number(row.t);
        byValue.set(value, [...(byValue.get(value) ?? []), row.k]);
      }
      const out: unknown[] = [];
      for (let start = 0; start < index.length && out.length < need; ) {
        const value = at(index[start] as number);
        let end = start + 1;
        while (end < index.length && at(index[end] as number) === value) end += 1;
        out.push(...(end - start > 1 && byValue.has(value) ? (byValue.get(value) as unknown[]) : keys.slice(start, end)));
        start = end;
      }
      return out.slice(0, need);
    }
    return keys.slice(0, need);
  }

  /**
   * The rows of these keys (rowids on SQLite, ids on PostgreSQL) in this order, with their m2m links; a
   * key whose row is gone is skipped. Cached like a small select until this table or one of its link
   * tables is written: the pages of a list are read again and again (docs/data-layer.md#the-fast-path).
   * Rows may be frozen: callers read them (the engine decodes them into rows of its own).
   */
  private async rowsOfKeys(keys: readonly unknown[]): Promise<{ rows: Row[]; links: PageLinks | null }> {
    if (keys.length === 0) return { rows: [], links: null };
    const key = this.db.dialect.rowKey;
    const text = `SELECT r.${key} AS "__key", ${this.linkColumns()}r.* FROM ${this.table} r WHERE ${this.db.dialect.inList(`r.${key}`)}`;
    const params = [this.db.dialect.listParam(keys)];
    const page = await this.versions.cached(
      `${text}\u0000${cacheKey(params)}`,
      this.pageTables,
      async () => {
        const byKey = new Map<unknown, Row>();
        for (const row of await this.db.all(text, params)) {
          byKey.set(row.__key, row);
          delete row.__key;
        }
        const rows = keys.map((k) => byKey.get(k)).filter((row): row is Row => row !== undefined);
        const links = this.takeLinks(rows);
        // Rows of plain values are shared frozen (a caller that tried to change one would fail loudly);
        // rows holding objects are copied for each caller (JSON arrives as text on both backends).
        const plain = rows.every((row) => Object.values(row).every((v) => v === null || typeof v !== 'object'));
        if (plain) for (const row of rows) Object.freeze(row);
        return { rows, links, plain };
      },
      (value) => (value.rows.length <= CACHED_SELECT_MAX ? value.rows.length * 100 : Infinity),
    );
    // Links are copied by their reader (the engine's prefetchedLinks).
    return { rows: page.plain ? [...page.rows] : page.rows.map(copyRow), links: page.links };
  }

  /** The tables a page's rows are read from: this one and its link tables. */
  private get pageTables(): ReadonlySet<string> {
    return (this.pageTableSet ??= new Set([this.table, ...this.resource.table.links.map((link) => link.table)]));
  }
  /**
   * The m2m links of each row as columns of the page's own select, where the dialect can (see
   * `Dialect.linkedArray`): `"__link<i>"` for the i-th link field, taken off the rows by `takeLinks`.
   */
  private linkColumns(): string {
    const linkedArray = this.db.dialect.linkedArray;
    if (!linkedArray || this.resource.table.links.length === 0) return '';
    const rowId = this.isIntegerId() ? this.db.dialect.asText('r.id') : 'r.id';
    return this.resource.table.links
      .map(
        (link, i) =>
          `${linkedArray({ table: link.table, source: link.sourceColumn, target: link.targetColumn }, rowId)} AS "__link${i}", `,
      )
      .join('');
  }

  /** Removes the link columns of `linkColumns` from the rows: m2m field → row id → targets in link order. */
  private takeLinks(rows: Row[]): PageLinks | null {
    if (!this.db.dialect.linkedArray || this.resource.table.links.length === 0) return null;
    const links = new Map<string, ReadonlyMap<string, string[]>>();
    this.resource.table.links.forEach((link, i) => {
      const column = `__link${i}`;
      const byId = new Map<string, string[]>();
      for (const row of rows) {
        // An array (PostgreSQL) or its JSON text (SQLite).
        const value = row[column];
        const targets: unknown = typeof value === 'string' ? JSON.parse(value) : value;
        byId.set(String(row.id), Array.isArray(targets) ? targets.map(String) : []);
        delete row[column];
      }
      links.set(link.field, byId);
    });
    return links;
  }

  async get(id: string | number, condition: Condition | null): Promise<Row | null> {
    const where = await this.where({ allOf: [{ field: 'id', op: 'eq', value: id }, ...(condition ? [condition] : [])] });
    return (await this.db.get(`SELECT r.* FROM ${this.table} r WHERE ${where.text}`, where.params)) ?? null;
  }

  /** Another row holding this value (uniqueness checks); `orgId` narrows to one org. */
  async exists(column: string, value: unknown, exceptId: string | null, orgId: string | null): Promise<boolean> {
    const conditions: Condition[] = [{ field: assertIdentifier(column), op: 'eq', value }];
    if (orgId !== null) conditions.push({ field: 'org_id', op: 'eq', value: orgId });
    if (exceptId !== null) conditions.push({ field: 'id', op: 'ne', value: exceptId });
    const where = await this.where({ allOf: conditions });
    return (await this.db.get(`SELECT 1 AS hit FROM ${this.table} r WHERE ${where.text} LIMIT 1`, where.params)) !== undefined;
  }

  /** A table used without `migrate` in this process (the copy command's source) learns its columns. */
  private async knowColumns(): Promise<void> {
    if (this.existingColumns.size === 0) await this.refreshColumns();
  }

  /** Keeps only the keys that are real columns (hooks may set adopted columns such as password_hash). */
  private writable(values: Row): Array<[string, unknown]> {
    return Object.entries(values).filter(([key]) => this.existingColumns.has(key));
  }

  /** Inserts a row; returns its id (the one the database assigned for integer ids given none). */
  async insert(values: Row): Promise<string> {
    await this.knowColumns();
    const entries = this.writable(values);
    const write = async () => {
      const row = await this.db.get<{ id: unknown }>(
        `INSERT INTO ${this.table} (${entries.map(([k]) => k).join(', ')}) VALUES (${entries.map(() => '?').join(', ')}) RETURNING id`,
        entries.map(([, v]) => v),
      );
      if (values.id !== undefined && this.isIntegerId()) await this.afterExplicitIds();
      await this.grams?.add([row?.id]);
      return String(row?.id);
    };
    // With gram blocks the row and its block change together (the invariant of data/gram-blocks.ts).
    return this.grams ? this.db.transaction(write) : write();
  }

  /**
   * Many rows already in stored form, with their m2m links, in one transaction and few statements: the
   * seed loader (`seed --assets N`) and the SQLite → PostgreSQL copy. No validation, no hooks.
   */
  async insertMany(rows: readonly Row[], links: ReadonlyArray<{ field: string; pairs: ReadonlyArray<readonly [string, string]> }> = []): Promise<void> {
    if (rows.length === 0 && links.length === 0) return;
    await this.knowColumns();
    await this.db.transaction(async () => {
      // Rows with the same columns go in one statement (a column a row leaves out keeps its default).
      const groups = new Map<string, { columns: string[]; rows: Row[] }>();
      for (const row of rows) {
        const columns = Object.keys(row).filter((name) => this.existingColumns.has(name) && row[name] !== undefined);
        const key = columns.join(',');
        const group = groups.get(key) ?? { columns, rows: [] };
        group.rows.push(row);
        groups.set(key, group);
      }
      for (const { columns, rows: group } of groups.values())
        await insertRows(this.db, this.table, columns, group.map((row) => columns.map((c) => row[c] ?? null)));
      if (rows.some((row) => row.id !== undefined) && this.isIntegerId()) await this.afterExplicitIds();
      if (this.grams && !this.bulkLoading) {
        const ids = rows.map((row) => row.id);
        // Rows without ids (integer ids the database assigned): the whole table is summarised again.
        if (ids.every((id) => id !== undefined && id !== null)) await this.grams.add(ids);
        else await this.grams.rebuild();
      }
      for (const entry of links) {
        const link = this.resource.links.get(entry.field);
        if (!link) throw new Error(`"${entry.field}" is not an m2m field of ${this.table}`);
        await insertRows(
          this.db,
          link.table,
          ['id', link.sourceColumn, link.targetColumn],
          entry.pairs.map(([source, target]) => [crypto.randomUUID(), source, target]),
          true,
        );
      }
    });
  }

  private isIntegerId(): boolean {
    return this.resource.table.columns.find((c) => c.column === 'id')?.type === 'integer';
  }

  private async afterExplicitIds(): Promise<void> {
    const statement = this.db.dialect.afterExplicitIntegerIds(this.table);
    if (statement) await this.db.get(statement);
  }

  async update(id: string, values: Row): Promise<void> {
    await this.knowColumns();
    const entries = this.writable(values).filter(([key]) => key !== 'id');
    if (entries.length === 0) return;
    const write = async () => {
      await this.db.run(`UPDATE ${this.table} SET ${entries.map(([k]) => `${k} = ?`).join(', ')} WHERE id = ?`, [
        ...entries.map(([, v]) => v),
        id,
      ]);
      // The row's new values join an open block; its old block keeps claiming them (a wasted read at worst).
      if (this.grams && entries.some(([key]) => this.grams?.summarises(key))) await this.grams.updated([id]);
    };
    await (this.grams ? this.db.transaction(write) : write());
  }

  /** Deletes rows and their m2m links, in one transaction. */
  async deleteMany(ids: readonly string[]): Promise<void> {
    await this.db.transaction(async () => {
      for (let start = 0; start < ids.length; start += CHUNK) {
        const chunk = this.db.dialect.listParam(ids.slice(start, start + CHUNK));
        for (const link of this.resource.table.links)
          await this.db.run(`DELETE FROM ${link.table} WHERE ${this.db.dialect.inList(link.sourceColumn)}`, [chunk]);
        const { changes } = await this.db.run(`DELETE FROM ${this.table} WHERE ${this.db.dialect.inList('id')}`, [
          chunk,
        ]);
        await this.grams?.removed(changes);
      }
    });
  }

  /**
   * Deletes every row matching `condition`, with its m2m links, a chunk per transaction so that a large
   * sweep never holds the database for long (retention, docs/settings.md#clean). Returns how many went.
   */
  async deleteWhere(condition: Condition): Promise<number> {
    const where = await this.where(condition, false);
    let total = 0;
    for (;;) {
      const rows = await this.db.all<{ id: string }>(
        `SELECT r.id FROM ${this.table} r WHERE ${where.text} LIMIT ?`,
        [...where.params, CHUNK],
      );
      if (rows.length === 0) break;
      await this.deleteMany(rows.map((row) => row.id));
      total += rows.length;
      if (rows.length < CHUNK) break;
    }
    if (total > 0) await this.grams?.prune();
    return total;
  }

  /** Every id asked for is a key, in the order given; its targets in link order (empty when none). */
  async linkedMany(field: string, ids: readonly string[]): Promise<Map<string, string[]>> {
    const link = this.resource.links.get(field);
    const result = new Map<string, string[]>(ids.map((id) => [id, []]));
    if (!link || ids.length === 0) return result;
    for (let start = 0; start < ids.length; start += CHUNK) {
      const chunk = ids.slice(start, start + CHUNK);
      const rows = await this.db.all<{ s: string; t: string }>(
        `SELECT ${link.sourceColumn} AS s, ${link.targetColumn} AS t FROM ${link.table}
         WHERE ${this.db.dialect.inList(link.sourceColumn)} ORDER BY ${this.db.dialect.linkOrder}`,
        [this.db.dialect.listParam(chunk)],
      );
      for (const row of rows) result.get(row.s)?.push(row.t);
    }
    return result;
  }

  /** Replaces (mode 'set') or extends/reduces the links of an m2m field, in one transaction. */
  async link(field: string, id: string, targets: readonly string[], mode: 'set' | 'add' | 'remove'): Promise<void> {
    const link = this.resource.links.get(field);
    if (!link) throw new Error(`"${field}" is not an m2m field of ${this.table}`);
    await this.db.transaction(async () => {
      if (mode === 'set') await this.db.run(`DELETE FROM ${link.table} WHERE ${link.sourceColumn} = ?`, [id]);
      for (const target of targets) {
        if (mode === 'remove')
          await this.db.run(`DELETE FROM ${link.table} WHERE ${link.sourceColumn} = ? AND ${link.targetColumn} = ?`, [
            id,
            target,
          ]);
        else
          await this.db.run(
            `INSERT INTO ${link.table} (id, ${link.sourceColumn}, ${link.targetColumn}) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
            [crypto.randomUUID(), id, target],
          );
      }
    });
  }
}

/** A row of the select cache for one caller (any object value copied too). */
const copyRow = (row: Row): Row => {
  const copy: Row = {};
  for (const key in row) {
    const value = row[key];
    copy[key] = value !== null && typeof value === 'object' ? structuredClone(value) : value;
  }
  return copy;
};

/** Parameters as part of a cache key (arrays of PostgreSQL list parameters included). */
const cacheKey = (params: readonly unknown[]): string => JSON.stringify(params);

/** Multi-row INSERTs, as many rows per statement as the parameter limit allows. */
async function insertRows(
  db: Database,
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<readonly unknown[]>,
  ignoreConflicts = false,
): Promise<void> {
  columns.forEach(assertIdentifier);
  const perStatement = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMETERS / Math.max(1, columns.length))));
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < rows.length; start += perStatement) {
    const batch = rows.slice(start, start + perStatement);
    await db.run(
      `INSERT INTO ${assertIdentifier(table)} (${columns.join(', ')}) VALUES ${batch.map(() => tuple).join(', ')}${ignoreConflicts ? ' ON CONFLICT DO NOTHING' : ''}`,
      batch.flat(),
    );
  }
}
