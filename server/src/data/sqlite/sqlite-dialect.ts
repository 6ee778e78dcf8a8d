import type { Queryable } from '../database';
import { assertIdentifier, type Dialect, type SearchIndex } from '../dialect';

/** An FTS5 phrase: the term quoted, inner quotes doubled (no operator can be injected). */
export const ftsPhrase = (term: string): string => `"${term.replace(/"/g, '""')}"`;

/** Search terms shorter than this (in characters) cannot use the trigram index: they stay LIKE scans. */
const TRIGRAM = 3;

/**
 * The FTS5 trigram index of a table's search columns (external content: the table itself), kept in step
 * by triggers. A derived index, not data: when the columns changed it is dropped and rebuilt.
 */
async function ftsIndex(db: Queryable, table: string, columns: readonly string[]): Promise<SearchIndex> {
  const fts = assertIdentifier(`${table}_fts`);
  const existing = (await db.all<{ name: string }>(`PRAGMA table_info(${fts})`)).map((row) => row.name);
  const triggers = ['ai', 'ad', 'au'].map((suffix) => `${fts}_${suffix}`);
  const list = columns.join(', ');
  if (existing.length > 0 && existing.join(',') !== columns.join(',')) {
    for (const trigger of triggers) await db.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
    await db.exec(`DROP TABLE ${fts}`);
  }
  if (existing.join(',') !== columns.join(',')) {
    await db.exec(
      `CREATE VIRTUAL TABLE ${fts} USING fts5(${list}, content='${table}', content_rowid='rowid', tokenize='trigram case_sensitive 0')`,
    );
    await db.exec(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`);
  }
  const newValues = columns.map((c) => `new.${c}`).join(', ');
  const oldValues = columns.map((c) => `old.${c}`).join(', ');
  await db.exec(`CREATE TRIGGER IF NOT EXISTS ${triggers[0]} AFTER INSERT ON ${table} BEGIN
      INSERT INTO ${fts}(rowid, ${list}) VALUES (new.rowid, ${newValues}); END`);
  await db.exec(`CREATE TRIGGER IF NOT EXISTS ${triggers[1]} AFTER DELETE ON ${table} BEGIN
      INSERT INTO ${fts}(${fts}, rowid, ${list}) VALUES ('delete', old.rowid, ${oldValues}); END`);
  await db.exec(`CREATE TRIGGER IF NOT EXISTS ${triggers[2]} AFTER UPDATE OF ${list} ON ${table} BEGIN
      INSERT INTO ${fts}(${fts}, rowid, ${list}) VALUES ('delete', old.rowid, ${oldValues});
      INSERT INTO ${fts}(rowid, ${list}) VALUES (new.rowid, ${newValues}); END`);
  const match = (term: string, wanted: readonly string[]): string | null => {
    if ([...term].length < TRIGRAM) return null;
    const scope = wanted.length === columns.length ? '' : `{${wanted.join(' ')}} : `;
    return `${scope}${ftsPhrase(term)}`;
  };
  return {
    columns,
    narrow(alias, term, wanted) {
      const phrase = match(term, wanted);
      if (phrase === null) return null;
      return { text: `${alias}.rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?)`, params: [phrase] };
    },
    // FTS5 reads a phrase's doclists incrementally: the LIMIT stops it after `bound + 1` hits.
    async probe(db, term, wanted, bound) {
      const phrase = match(term, wanted);
      if (phrase === null) return null;
      const row = await db.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? LIMIT ?)`,
        [phrase, bound + 1],
      );
      return Number(row?.n ?? 0);
    },
  };
}

/** The FTS5 table and its triggers (a bulk load builds them again afterwards, in one `rebuild`). */
async function dropFtsIndex(db: Queryable, table: string): Promise<void> {
  const fts = assertIdentifier(`${table}_fts`);
  for (const suffix of ['ai', 'ad', 'au']) await db.exec(`DROP TRIGGER IF EXISTS ${fts}_${suffix}`);
  await db.exec(`DROP TABLE IF EXISTS ${fts}`);
}

export const sqliteDialect: Dialect = {
  name: 'sqlite',
  coveringIndexes: true,
  types: {
    text: 'TEXT',
    integer: 'INTEGER',
    bigint: 'INTEGER',
    real: 'REAL',
    boolean: 'INTEGER',
    json: 'TEXT',
    integerId: 'INTEGER PRIMARY KEY',
  },
  // json_each: one parameter for any number of values (SQLite binds at most 32,766).
  inList: (expr) => `${expr} IN (SELECT value FROM json_each(?))`,
  listParam: (values) => JSON.stringify(values),
  // SQLite's LIKE is case-insensitive for ASCII, as v2.21's icontains on MySQL is.
  ilike: (expr) => `${expr} LIKE ? ESCAPE '\\'`,
  asText: (expr) => expr,
  noIndex: (expr) => `+${expr}`,
  // A LIKE with a leading % never uses an index here; the column stays bare, read off a covering index.
  unindexedText: (expr) => expr,
  least: (a, b) => `MIN(${a}, ${b})`,
  joinedText: (expr, separator) => `group_concat(${expr}, '${separator.replace(/'/g, "''")}')`,
  rowKey: 'rowid',
  linkOrder: 'rowid',
  linkedArray: (link, rowId) =>
    `(SELECT json_group_array(l.${link.target} ORDER BY l.rowid) FROM ${link.table} l WHERE l.${link.source} = ${rowId})`,
  linkTable: (table, source, target) =>
    `CREATE TABLE IF NOT EXISTS ${table} (id TEXT PRIMARY KEY, ${source} TEXT NOT NULL, ${target} TEXT NOT NULL)`,
  async columnsOf(db, table) {
    return (await db.all<{ name: string }>(`PRAGMA table_info(${assertIdentifier(table)})`)).map(
      (row) => row.name,
    );
  },
  searchIndex: (db, table, columns) =>
    ftsIndex(
      db,
      table,
      columns.map((c) => c.column),
    ),
  dropSearchIndex: (db, table) => dropFtsIndex(db, table),
  writeVersionTriggers: (table, versions) =>
    (
      [
        ['INSERT', 'i'],
        ['UPDATE', 'u'],
        ['DELETE', 'd'],
      ] as const
    ).map(
      ([event, suffix]) =>
        `CREATE TRIGGER IF NOT EXISTS ${table}__wv_${suffix} AFTER ${event} ON ${table} BEGIN
           UPDATE ${versions} SET version = version + 1 WHERE name = '${table}';
         END`,
    ),
  rowSetVersionTriggers: (table, columns, versions) => {
    const bump = (names: string) => `BEGIN UPDATE ${versions} SET version = version + 1 WHERE name IN (${names}); END`;
    const rows = `'${table}#rows'`;
    // A value compared with IS NOT: NULL to a value (and back) is a change too.
    const changed = ['rowid', ...columns].map((column) => `OLD.${column} IS NOT NEW.${column}`).join(' OR ');
    // Inserts and deletes bump both versions in one trigger (SQLite triggers run per row: a bulk load of
    // 30,000 rows cost 15 % more CPU with a second one), replacing the whole version's own.
    return [
      `DROP TRIGGER IF EXISTS ${table}__wv_i`,
      `DROP TRIGGER IF EXISTS ${table}__wv_d`,
      `DROP TRIGGER IF EXISTS ${table}__rv_i`,
      `DROP TRIGGER IF EXISTS ${table}__rv_d`,
      `DROP TRIGGER IF EXISTS ${table}__rv_u`,
      `CREATE TRIGGER ${table}__rv_i AFTER INSERT ON ${table} ${bump(`'${table}', ${rows}`)}`,
      `CREATE TRIGGER ${table}__rv_d AFTER DELETE ON ${table} ${bump(`'${table}', ${rows}`)}`,
      `CREATE TRIGGER ${table}__rv_u AFTER UPDATE ON ${table} WHEN ${changed} ${bump(rows)}`,
    ];
  },
  afterExplicitIntegerIds: () => null,
  // BEGIN IMMEDIATE already holds the file's write lock for the whole migration.
  migrationLock: () => null,
};
