import crypto from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Db } from '../../db/open-database';

type Statement = Database.Statement<unknown[]>;
import type { StoredRow } from '../declaration';
import { assertIdentifier, type ColumnSpec, type CompiledResource, type LinkSpec } from '../compile';
import type { Condition, SelectQuery } from '../conditions';
import { WriteVersions } from './write-versions';

/**
 * The SQLite side of one declared resource: additive migrations, selects built from storage-neutral
 * conditions, writes. This folder is the only place in the engine that writes SQL; every value travels as
 * a bound parameter and every name comes from a declaration (checked by assertIdentifier).
 */

const SQL_TYPE: Record<ColumnSpec['type'], string> = {
  text: 'TEXT',
  integer: 'INTEGER',
  real: 'REAL',
  boolean: 'INTEGER',
  datetime: 'INTEGER',
  json: 'TEXT',
};

/** Looks up another resource (fk lookups `user__name`, subqueries). */
export type ResourceLookup = (name: string) => CompiledResource | undefined;

/** SQLite allows 32766 bound parameters; chunks stay well below. */
const CHUNK = 500;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

interface Sql {
  text: string;
  params: unknown[];
}

/** State of one condition compilation: the tables it reads (cached results depend on their write versions). */
class Deps {
  readonly tables: Set<string>;
  /** Large id sets in the condition (m2m links, subqueries, long id lists): see `where`. */
  idSets = 0;
  /** A search term narrows rows through the trigram index (`rowid IN (…)`). */
  rowidSearch = false;
  /** Whether search terms may use the trigram index (not for page walks along an order index). */
  constructor(
    table: string,
    readonly searchIndex: boolean,
    /** Compile large id sets as membership tests, not index constraints (see `where`). */
    readonly idSetsAsFilters = false,
  ) {
    this.tables = new Set([table]);
  }

  /** The expression an id set tests: `+expr` keeps SQLite from driving an index loop with it. */
  idSet(expression: string): string {
    this.idSets += 1;
    return this.idSetsAsFilters ? `+${expression}` : expression;
  }
}

/** Ordered rowids of a filtered set, cached for paging (see `page`). */
interface Window {
  rowids: Float64Array;
}

/** Filtered sets up to this many rows are paged from a cached window of their ordered rowids. */
const WINDOW_MAX = 50_000;

/** Search terms shorter than this (in characters) cannot use the trigram index: they stay LIKE scans. */
const TRIGRAM = 3;

/** An FTS5 phrase: the term quoted, inner quotes doubled (no operator can be injected). */
const ftsPhrase = (term: string): string => `"${term.replace(/"/g, '""')}"`;

/** The trigram index of a resource's search fields (external content: the table itself). */
interface FtsSpec {
  table: string;
  /** Search fields, in declaration order, and their columns. */
  fields: readonly string[];
  columns: readonly string[];
}

/** A write refused by a uniqueness rule of the database: the value was taken meanwhile (answered 409). */
export class WriteConflict extends Error {}

export class SqliteTable {
  /** Columns that actually exist (declared ones plus those of an adopted table). */
  readonly existingColumns = new Set<string>();
  private readonly statements = new Map<string, Statement>();
  private readonly versions: WriteVersions;
  /** Set by `migrate` when every search field is a column. */
  private fts: FtsSpec | null = null;

  constructor(
    private readonly db: Db,
    readonly resource: CompiledResource,
    private readonly lookup: ResourceLookup,
  ) {
    this.versions = WriteVersions.of(db);
  }

  private prepare(text: string): Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare<unknown[]>(text);
      // Dynamic list queries vary with the filters sent; keep the cache bounded.
      if (this.statements.size < 500) this.statements.set(text, statement);
    }
    return statement;
  }

  private get table(): string {
    return this.resource.table.table;
  }

  /**
   * Additive migration: creates the table when missing, adds missing columns, creates link tables and
   * indexes. Never drops or changes a column, so tables of numbered migrations (users, roles, …) are adopted.
   */
  migrate(): void {
    const spec = this.resource.table;
    const defs = spec.columns.map((c) =>
      c.column === 'id'
        ? `id ${c.type === 'integer' ? 'INTEGER' : 'TEXT'} PRIMARY KEY`
        : `${c.column} ${SQL_TYPE[c.type]}`,
    );
    if (!defs.some((d) => d.startsWith('id '))) defs.unshift('id TEXT PRIMARY KEY');
    this.db.exec(`CREATE TABLE IF NOT EXISTS ${this.table} (${defs.join(', ')})`);
    this.refreshColumns();
    for (const column of spec.columns) {
      if (!this.existingColumns.has(column.column))
        this.db.exec(`ALTER TABLE ${this.table} ADD COLUMN ${column.column} ${SQL_TYPE[column.type]}`);
    }
    this.refreshColumns();
    for (const link of spec.links) {
      this.db.exec(`CREATE TABLE IF NOT EXISTS ${link.table} (
        id TEXT PRIMARY KEY, ${link.sourceColumn} TEXT NOT NULL, ${link.targetColumn} TEXT NOT NULL)`);
      this.db.exec(
        `CREATE UNIQUE INDEX IF NOT EXISTS ${link.table}_pair ON ${link.table} (${link.sourceColumn}, ${link.targetColumn})`,
      );
      this.db.exec(`CREATE INDEX IF NOT EXISTS ${link.table}_target ON ${link.table} (${link.targetColumn})`);
    }
    for (const cols of spec.uniques) {
      const name = `${this.table}_uq_${cols.join('_')}`;
      try {
        this.db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS ${name} ON ${this.table} (${cols.join(', ')})`);
      } catch {
        // Existing duplicate rows of an adopted table: validation still enforces uniqueness on writes.
      }
    }
    for (const cols of spec.indexes) {
      const name = `${this.table}_ix_${cols.join('_')}`;
      this.db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON ${this.table} (${cols.join(', ')})`);
    }
    this.migrateSearchIndex();
    this.versions.track(this.table);
    for (const link of spec.links) this.versions.track(link.table);
  }

  /**
   * Derives an FTS5 trigram index over the search fields (external content, kept in sync by triggers).
   * A derived index, not data: when the search fields changed it is dropped and rebuilt from the table.
   */
  private migrateSearchIndex(): void {
    const fields = this.resource.decl.searchFields.map((f) => f.replace(/^[\^=@$]/, ''));
    const columns = fields.map((f) => this.column(f));
    if (fields.length === 0 || columns.some((c) => c === null || c === 'id')) return;
    const cols = columns as string[];
    const fts = assertIdentifier(`${this.table}_fts`);
    const existing = (this.db.prepare(`PRAGMA table_info(${fts})`).all() as Array<{ name: string }>).map(
      (row) => row.name,
    );
    const triggers = ['ai', 'ad', 'au'].map((suffix) => `${fts}_${suffix}`);
    if (existing.length > 0 && existing.join(',') !== cols.join(',')) {
      for (const trigger of triggers) this.db.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
      this.db.exec(`DROP TABLE ${fts}`);
    }
    if (existing.join(',') !== cols.join(',')) {
      this.db.transaction(() => {
        this.db.exec(
          `CREATE VIRTUAL TABLE ${fts} USING fts5(${cols.join(', ')}, content='${this.table}', content_rowid='rowid', tokenize='trigram case_sensitive 0')`,
        );
        this.db.exec(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`);
      })();
    }
    const newValues = cols.map((c) => `new.${c}`).join(', ');
    const oldValues = cols.map((c) => `old.${c}`).join(', ');
    const list = cols.join(', ');
    this.db.exec(`CREATE TRIGGER IF NOT EXISTS ${triggers[0]} AFTER INSERT ON ${this.table} BEGIN
      INSERT INTO ${fts}(rowid, ${list}) VALUES (new.rowid, ${newValues}); END`);
    this.db.exec(`CREATE TRIGGER IF NOT EXISTS ${triggers[1]} AFTER DELETE ON ${this.table} BEGIN
      INSERT INTO ${fts}(${fts}, rowid, ${list}) VALUES ('delete', old.rowid, ${oldValues}); END`);
    this.db.exec(`CREATE TRIGGER IF NOT EXISTS ${triggers[2]} AFTER UPDATE OF ${list} ON ${this.table} BEGIN
      INSERT INTO ${fts}(${fts}, rowid, ${list}) VALUES ('delete', old.rowid, ${oldValues});
      INSERT INTO ${fts}(rowid, ${list}) VALUES (new.rowid, ${newValues}); END`);
    this.fts = { table: fts, fields, columns: cols };
  }

  private refreshColumns(): void {
    this.existingColumns.clear();
    const rows = this.db.prepare(`PRAGMA table_info(${this.table})`).all() as Array<{ name: string }>;
    for (const row of rows) this.existingColumns.add(row.name);
  }

  /** The column of a field name or raw column; null when neither exists. */
  private column(name: string): string | null {
    const mapped = this.resource.columnOf.get(name);
    if (mapped) return mapped;
    return this.existingColumns.has(name) ? name : null;
  }

  private compile(condition: Condition, alias: string, deps: Deps): Sql {
    if ('never' in condition) return { text: '0', params: [] };
    if ('allOf' in condition || 'and' in condition) {
      const list = 'allOf' in condition ? condition.allOf : condition.and;
      if (list.length === 0) return { text: '1', params: [] };
      const parts = list.map((c) => this.compile(c, alias, deps));
      return { text: `(${parts.map((p) => p.text).join(' AND ')})`, params: parts.flatMap((p) => p.params) };
    }
    if ('anyOf' in condition || 'or' in condition) {
      const list = 'anyOf' in condition ? condition.anyOf : condition.or;
      if (list.length === 0) return { text: '0', params: [] };
      const parts = list.map((c) => this.compile(c, alias, deps));
      return { text: `(${parts.map((p) => p.text).join(' OR ')})`, params: parts.flatMap((p) => p.params) };
    }
    if ('search' in condition) return this.search(condition.search, condition.fields, alias, deps);
    const target = this.fieldExpression(condition.field, alias, deps);
    switch (condition.op) {
      case 'eq':
        return condition.value === null
          ? { text: `${target.text} IS NULL`, params: target.params }
          : { text: `${target.text} = ?`, params: [...target.params, condition.value] };
      case 'ne':
        return condition.value === null
          ? { text: `${target.text} IS NOT NULL`, params: target.params }
          : {
              text: `(${target.text} IS NULL OR ${target.text} <> ?)`,
              params: [...target.params, ...target.params, condition.value],
            };
      case 'in':
        return this.inList(target, condition.values, deps);
      case 'contains':
        return {
          text: `${target.text} LIKE ? ESCAPE '\\'`,
          params: [...target.params, `%${escapeLike(condition.value)}%`],
        };
      case 'iexact':
        return { text: `${target.text} = ? COLLATE NOCASE`, params: [...target.params, condition.value] };
      case 'gte':
        return { text: `${target.text} >= ?`, params: [...target.params, condition.value] };
      case 'lte':
        return { text: `${target.text} <= ?`, params: [...target.params, condition.value] };
      case 'inSubquery': {
        const { table, column, where } = condition.subquery;
        assertIdentifier(table);
        assertIdentifier(column);
        const keys = Object.keys(where).map(assertIdentifier);
        const clauses = keys.map((key) => (where[key] === null ? `${key} IS NULL` : `${key} = ?`));
        const params = keys.filter((key) => where[key] !== null).map((key) => where[key]);
        deps.tables.add(table);
        return {
          text: `${deps.idSet(target.text)} IN (SELECT ${column} FROM ${table}${clauses.length ? ` WHERE ${clauses.join(' AND ')}` : ''})`,
          params: [...target.params, ...params],
        };
      }
    }
  }

  /**
   * One search term (docs/http.md#lists: icontains on any of the fields). The LIKE test defines the result; a
   * term of 3+ characters first narrows the rows through the trigram index (case-folded, so it finds a
   * superset of what LIKE accepts), which turns a full scan into an index lookup.
   */
  private search(term: string, fields: readonly string[], alias: string, deps: Deps): Sql {
    const pattern = `%${escapeLike(term)}%`;
    const parts = fields.map((field) => this.fieldExpression(field, alias, deps));
    if (parts.length === 0) return { text: '0', params: [] };
    const like: Sql = {
      text: `(${parts.map((p) => `${p.text} LIKE ? ESCAPE '\\'`).join(' OR ')})`,
      params: parts.flatMap((p) => [...p.params, pattern]),
    };
    const fts = this.fts;
    // An FTS5 phrase cannot hold a NUL (the query text ends there: a syntax error); such a term, which
    // the list parser never produces, is left to LIKE alone.
    const indexed =
      fts !== null &&
      deps.searchIndex &&
      !term.includes('\u0000') &&
      [...term].length >= TRIGRAM &&
      fields.every((field) => fts.fields.includes(field));
    if (!indexed) return like;
    deps.rowidSearch = true;
    const scope =
      fields.length === fts.fields.length
        ? ''
        : `{${fields.map((f) => this.column(f) as string).join(' ')}} : `;
    return {
      text: `(${alias}.rowid IN (SELECT rowid FROM ${fts.table} WHERE ${fts.table} MATCH ?) AND ${like.text})`,
      params: [`${scope}${ftsPhrase(term)}`, ...like.params],
    };
  }

  private inList(target: Sql, values: readonly unknown[], deps: Deps): Sql {
    if (values.length === 0) return { text: '0', params: [] };
    if (values.length > CHUNK) {
      // Large id lists (an spm of thousands) go through json_each: one parameter, any length.
      return {
        text: `${deps.idSet(target.text)} IN (SELECT value FROM json_each(?))`,
        params: [...target.params, JSON.stringify(values)],
      };
    }
    return {
      text: `${target.text} IN (${values.map(() => '?').join(', ')})`,
      params: [...target.params, ...values],
    };
  }

  /**
   * A field as an SQL expression: its column, an m2m field as "rows linked to", or `fk__field` as a
   * subquery on the target table. Names come from declarations and are checked; unknown ones throw.
   */
  private fieldExpression(name: string, alias: string, deps: Deps): Sql {
    const column = this.column(name);
    if (column) return { text: `${alias}.${column}`, params: [] };
    const split = name.indexOf('__');
    if (split > 0) {
      const fkName = name.slice(0, split);
      const sub = name.slice(split + 2);
      const fk = this.resource.fields.get(fkName);
      const target = fk?.to ? this.lookup(fk.to) : undefined;
      const fkCol = this.column(fkName);
      const subCol = target?.columnOf.get(sub);
      if (target && fkCol && subCol) {
        deps.tables.add(target.table.table);
        // Correlated scalar subquery: the related row's column.
        return {
          text: `(SELECT t.${subCol} FROM ${target.table.table} t WHERE t.id = ${alias}.${fkCol})`,
          params: [],
        };
      }
    }
    throw new Error(`unknown field "${name}" in a condition on ${this.table}`);
  }

  /**
   * A condition as SQL. When a trigram search meets a large id set (a node's assets, an spm), SQLite would
   * use both `IN` lists as index constraints and probe every pair (100k ids × 25k hits: minutes); the id
   * sets are then compiled as membership tests, so the search hits (bounded by the search) drive the loop.
   */
  private where(condition: Condition | null, searchIndex = true): Sql & { deps: Deps } {
    const deps = new Deps(this.table, searchIndex);
    if (!condition) return { text: '1', params: [], deps };
    const sql = this.compileWithLinks(condition, deps);
    if (!deps.rowidSearch || deps.idSets === 0) return { ...sql, deps };
    const filtered = new Deps(this.table, searchIndex, true);
    return { ...this.compileWithLinks(condition, filtered), deps: filtered };
  }

  /** m2m conditions need a different SQL shape: handled here before the generic compiler. */
  private compileWithLinks(condition: Condition, deps: Deps): Sql {
    if ('field' in condition && this.resource.links.has(condition.field) && !this.column(condition.field)) {
      const link = this.resource.links.get(condition.field) as LinkSpec;
      deps.tables.add(link.table);
      const inner = (op: string, params: unknown[]): Sql => ({
        text: `${deps.idSet('r.id')} IN (SELECT l.${link.sourceColumn} FROM ${link.table} l WHERE l.${link.targetColumn} ${op})`,
        params,
      });
      if (condition.op === 'eq') return inner('= ?', [condition.value]);
      if (condition.op === 'in') {
        if (condition.values.length === 0) return { text: '0', params: [] };
        return inner('IN (SELECT value FROM json_each(?))', [JSON.stringify(condition.values)]);
      }
      throw new Error(`unsupported operator on m2m field "${condition.field}"`);
    }
    if ('allOf' in condition || 'and' in condition) {
      const list = 'allOf' in condition ? condition.allOf : condition.and;
      if (list.length === 0) return { text: '1', params: [] };
      const parts = list.map((c) => this.compileWithLinks(c, deps));
      return { text: `(${parts.map((p) => p.text).join(' AND ')})`, params: parts.flatMap((p) => p.params) };
    }
    if ('anyOf' in condition || 'or' in condition) {
      const list = 'anyOf' in condition ? condition.anyOf : condition.or;
      if (list.length === 0) return { text: '0', params: [] };
      const parts = list.map((c) => this.compileWithLinks(c, deps));
      return { text: `(${parts.map((p) => p.text).join(' OR ')})`, params: parts.flatMap((p) => p.params) };
    }
    return this.compile(condition, 'r', deps);
  }

  /** Whether a field can be used in conditions and ordering. */
  knows(name: string): boolean {
    if (this.column(name) || this.resource.links.has(name)) return true;
    const split = name.indexOf('__');
    if (split <= 0) return false;
    const fk = this.resource.fields.get(name.slice(0, split));
    const target = fk?.to ? this.lookup(fk.to) : undefined;
    return target?.columnOf.has(name.slice(split + 2)) === true && this.column(name.slice(0, split)) !== null;
  }

  /**
   * ORDER BY of a select. The id tie-breaker keeps pages stable when the order column has duplicates; it
   * follows the direction of the last term so that the derived (org_id, field, id) index serves the whole
   * ORDER BY in either direction (no sort, no temporary b-tree).
   */
  private orderBy(query: SelectQuery): string {
    const terms = query.order.filter((term) => this.column(term.field) !== null);
    const order = terms.map((term) => `r.${this.column(term.field)} ${term.descending ? 'DESC' : 'ASC'}`);
    order.push(`r.id ${terms.at(-1)?.descending ? 'DESC' : 'ASC'}`);
    return order.join(', ');
  }

  select(query: SelectQuery): StoredRow[] {
    const where = this.where(query.where);
    const page = query.limit === null ? '' : ' LIMIT ? OFFSET ?';
    const params =
      query.limit === null ? where.params : [...where.params, query.limit, Math.max(0, query.offset)];
    return this.prepare(
      `SELECT r.* FROM ${this.table} r WHERE ${where.text} ORDER BY ${this.orderBy(query)}${page}`,
    ).all(...params) as StoredRow[];
  }

  /**
   * Rows in batches, in the select's order (exports of large sets without holding every row). The ordered
   * ids are read once (an index walk); each batch is then fetched by id, so no batch pays an OFFSET scan.
   * A row deleted meanwhile is skipped; rows are read as they are when their batch is fetched.
   */
  *batches(query: SelectQuery, size: number): Generator<StoredRow[]> {
    const where = this.where(query.where);
    const page = query.limit === null ? (query.offset > 0 ? ' LIMIT -1 OFFSET ?' : '') : ' LIMIT ? OFFSET ?';
    const params =
      query.limit === null
        ? query.offset > 0
          ? [...where.params, query.offset]
          : where.params
        : [...where.params, query.limit, Math.max(0, query.offset)];
    const ids = this.prepare(
      `SELECT r.id FROM ${this.table} r WHERE ${where.text} ORDER BY ${this.orderBy(query)}${page}`,
    )
      .pluck()
      .all(...params) as unknown[];
    const fetch = this.prepare(
      `SELECT r.* FROM ${this.table} r WHERE r.id IN (SELECT value FROM json_each(?))`,
    );
    for (let start = 0; start < ids.length; start += size) {
      const chunk = ids.slice(start, start + size);
      const byId = new Map<unknown, StoredRow>();
      for (const row of fetch.all(JSON.stringify(chunk)) as StoredRow[]) byId.set(row.id, row);
      const rows = chunk.map((id) => byId.get(id)).filter((row): row is StoredRow => row !== undefined);
      if (rows.length > 0) yield rows;
    }
  }

  /**
   * COUNT(*) of a condition, cached per compiled query until a table it reads is written (see
   * WriteVersions: exact, never stale).
   */
  count(condition: Condition | null): number {
    const where = this.where(condition);
    const text = `SELECT COUNT(*) AS n FROM ${this.table} r WHERE ${where.text}`;
    return this.versions.cached(`${text}\u0000${JSON.stringify(where.params)}`, where.deps.tables, () => {
      const row = this.prepare(text).get(...where.params) as { n: number };
      return row.n;
    });
  }

  /**
   * One list page and the count of the whole filtered set (docs/http.md#lists). A set of up to WINDOW_MAX
   * rows is read once as its ordered rowids — the same single pass a COUNT needs — and cached until a table
   * it reads is written, so the pages of a search cost a lookup of `limit` rows by rowid. Larger sets are
   * paged by SQL (an order-index walk, where a trigram lookup would only add work) with a cached count.
   */
  page(query: SelectQuery & { limit: number }): { rows: StoredRow[]; count: number } {
    const count = this.count(query.where);
    const offset = Math.max(0, query.offset);
    if (count > WINDOW_MAX) {
      const where = this.where(query.where, false);
      const rows = this.prepare(
        `SELECT r.* FROM ${this.table} r WHERE ${where.text} ORDER BY ${this.orderBy(query)} LIMIT ? OFFSET ?`,
      ).all(...where.params, query.limit, offset) as StoredRow[];
      return { rows, count };
    }
    const where = this.where(query.where);
    const text = `SELECT r.rowid FROM ${this.table} r WHERE ${where.text} ORDER BY ${this.orderBy(query)} LIMIT ?`;
    const window = this.versions.cached<Window>(
      `${text}\u0000${JSON.stringify(where.params)}`,
      where.deps.tables,
      () => ({
        rowids: Float64Array.from(
          this.prepare(text)
            .pluck()
            .all(...where.params, WINDOW_MAX + 1) as number[],
        ),
      }),
      (value) => value.rowids.length,
    );
    const slice = [...window.rowids.subarray(offset, offset + query.limit)];
    if (slice.length === 0) return { rows: [], count: window.rowids.length };
    const byRowid = new Map<number, StoredRow>();
    const fetched = this.prepare(
      `SELECT r.rowid AS "__rowid", r.* FROM ${this.table} r WHERE r.rowid IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(slice)) as StoredRow[];
    for (const row of fetched) {
      byRowid.set(Number(row.__rowid), row);
      delete row.__rowid;
    }
    const rows = slice
      .map((rowid) => byRowid.get(rowid))
      .filter((row): row is StoredRow => row !== undefined);
    return { rows, count: window.rowids.length };
  }

  get(id: string, condition: Condition | null): StoredRow | null {
    const where = this.where(condition);
    const row = this.prepare(`SELECT r.* FROM ${this.table} r WHERE r.id = ? AND ${where.text}`).get(
      id,
      ...where.params,
    ) as StoredRow | undefined;
    return row ?? null;
  }

  /** Another row holding this value (uniqueness checks); `orgId` narrows to one org. */
  exists(column: string, value: unknown, exceptId: string | null, orgId: string | null): boolean {
    assertIdentifier(column);
    const params: unknown[] = [value];
    let text = `SELECT 1 FROM ${this.table} WHERE ${column} = ?`;
    if (orgId !== null) {
      text += ' AND org_id = ?';
      params.push(orgId);
    }
    if (exceptId !== null) {
      text += ' AND id <> ?';
      params.push(exceptId);
    }
    return this.prepare(`${text} LIMIT 1`).get(...params) !== undefined;
  }

  /** Keeps only the keys that are real columns (hooks may set adopted columns such as password_hash). */
  private writable(values: StoredRow): Array<[string, unknown]> {
    return Object.entries(values).filter(([key]) => this.existingColumns.has(key));
  }

  /** Inserts a row; returns the id SQLite assigned when the row had none (integer ids). */
  insert(values: StoredRow): number {
    const entries = this.writable(values);
    const info = this.prepare(
      `INSERT INTO ${this.table} (${entries.map(([k]) => k).join(', ')}) VALUES (${entries.map(() => '?').join(', ')})`,
    ).run(...entries.map(([, v]) => v));
    return Number(info.lastInsertRowid);
  }

  update(id: string, values: StoredRow): void {
    const entries = this.writable(values).filter(([key]) => key !== 'id');
    if (entries.length === 0) return;
    this.prepare(`UPDATE ${this.table} SET ${entries.map(([k]) => `${k} = ?`).join(', ')} WHERE id = ?`).run(
      ...entries.map(([, v]) => v),
      id,
    );
  }

  deleteMany(ids: readonly string[]): void {
    for (let start = 0; start < ids.length; start += CHUNK) {
      const chunk = ids.slice(start, start + CHUNK);
      const marks = chunk.map(() => '?').join(', ');
      for (const link of this.resource.table.links)
        this.db.prepare(`DELETE FROM ${link.table} WHERE ${link.sourceColumn} IN (${marks})`).run(...chunk);
      this.db.prepare(`DELETE FROM ${this.table} WHERE id IN (${marks})`).run(...chunk);
    }
  }

  /**
   * Runs `work` in one transaction (synchronous, as better-sqlite3 transactions are). A unique or
   * primary-key violation (another request wrote the same value first) becomes a WriteConflict.
   */
  transaction<T>(work: () => T): T {
    try {
      return this.db.transaction(work)();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
        throw new WriteConflict(String((error as Error).message));
      throw error;
    }
  }

  linkedMany(field: string, ids: readonly string[]): Map<string, string[]> {
    const link = this.resource.links.get(field);
    const result = new Map<string, string[]>(ids.map((id) => [id, []]));
    if (!link || ids.length === 0) return result;
    for (let start = 0; start < ids.length; start += CHUNK) {
      const chunk = ids.slice(start, start + CHUNK);
      const rows = this.prepare(
        `SELECT ${link.sourceColumn} AS s, ${link.targetColumn} AS t FROM ${link.table}
         WHERE ${link.sourceColumn} IN (SELECT value FROM json_each(?)) ORDER BY rowid`,
      ).all(JSON.stringify(chunk)) as Array<{ s: string; t: string }>;
      for (const row of rows) result.get(row.s)?.push(row.t);
    }
    return result;
  }

  link(field: string, id: string, targets: readonly string[], mode: 'set' | 'add' | 'remove'): void {
    const link = this.resource.links.get(field);
    if (!link) throw new Error(`"${field}" is not an m2m field of ${this.table}`);
    const insert = this.prepare(
      `INSERT INTO ${link.table} (id, ${link.sourceColumn}, ${link.targetColumn}) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
    );
    const remove = this.prepare(
      `DELETE FROM ${link.table} WHERE ${link.sourceColumn} = ? AND ${link.targetColumn} = ?`,
    );
    this.db.transaction(() => {
      if (mode === 'set') this.prepare(`DELETE FROM ${link.table} WHERE ${link.sourceColumn} = ?`).run(id);
      for (const target of targets) {
        if (mode === 'remove') remove.run(id, target);
        else insert.run(crypto.randomUUID(), id, target);
      }
    })();
  }
}
