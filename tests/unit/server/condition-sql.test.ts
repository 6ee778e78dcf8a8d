import { describe, expect, it } from 'vitest';
import { postgresDialect } from '../../../server/src/data/postgres/postgres-dialect';
import {
  compileOrder,
  compileWhere,
  FALSE,
  indexableTerms,
  TRUE,
  type ColumnKind,
  type TableShape,
} from '../../../server/src/data/sql/condition-sql';
import { sqliteDialect } from '../../../server/src/data/sqlite/sqlite-dialect';
import type { SearchIndex } from '../../../server/src/data/dialect';

const COLUMNS: Record<string, ColumnKind> = {
  id: 'text',
  hostname: 'text',
  ip: 'text',
  org_id: 'text',
  platform_id: 'integer',
  is_active: 'boolean',
  date_created: 'datetime',
  meta: 'json',
};

/** An FTS-like index over hostname and ip, as the SQLite dialect makes one. */
const fts: SearchIndex = {
  columns: ['hostname', 'ip'],
  narrow: (alias, term) =>
    term.length < 3
      ? null
      : {
          text: `${alias}.rowid IN (SELECT rowid FROM assets_fts WHERE assets_fts MATCH ?)`,
          params: [`"${term}"`],
        },
};

function shape(search: SearchIndex | null): TableShape {
  return {
    table: 'assets',
    column: (name) => {
      const column = name === 'platform' ? 'platform_id' : name;
      const kind = COLUMNS[column];
      return kind ? { column, kind } : null;
    },
    link: (field) =>
      field === 'nodes'
        ? { table: 'assets_nodes', sourceColumn: 'asset_id', targetColumn: 'node_id' }
        : undefined,
    lookup: (name) =>
      name === 'platform__name'
        ? { table: 'platforms', fkColumn: 'platform_id', column: 'name', kind: 'text', integerTarget: true }
        : null,
    search,
  };
}

describe('the condition compiler', () => {
  const sqlite = (c: Parameters<typeof compileWhere>[0], index: SearchIndex | null = null) =>
    compileWhere(c, shape(index), sqliteDialect);
  const pg = (c: Parameters<typeof compileWhere>[0]) => compileWhere(c, shape(null), postgresDialect);

  it('compiles no condition to a true clause that both backends accept', () => {
    expect(sqlite(null)).toMatchObject({ text: TRUE, params: [] });
    expect(pg({ allOf: [] }).text).toBe(TRUE);
    expect(pg({ anyOf: [] }).text).toBe(FALSE);
    expect(pg({ never: true }).text).toBe(FALSE);
  });

  it('binds every value and treats null as IS NULL', () => {
    expect(sqlite({ field: 'hostname', op: 'eq', value: "x' OR 1=1 --" })).toMatchObject({
      text: 'r.hostname = ?',
      params: ["x' OR 1=1 --"],
    });
    expect(sqlite({ field: 'org_id', op: 'eq', value: null }).text).toBe('r.org_id IS NULL');
    expect(sqlite({ field: 'org_id', op: 'ne', value: 'a' })).toMatchObject({
      text: '(r.org_id IS NULL OR r.org_id <> ?)',
      params: ['a'],
    });
  });

  it('lets a value that is no number match nothing on a numeric column, instead of an SQL error', () => {
    expect(pg({ field: 'platform', op: 'eq', value: 'abc' }).text).toBe(FALSE);
    expect(pg({ field: 'platform', op: 'eq', value: '7' })).toMatchObject({
      text: 'r.platform_id = ?',
      params: [7],
    });
    expect(pg({ field: 'platform', op: 'in', values: ['1', 'x', 2] })).toMatchObject({
      text: 'r.platform_id IN (?, ?)',
      params: [1, 2],
    });
    expect(pg({ field: 'date_created', op: 'gte', value: 'soon' }).text).toBe(FALSE);
    // Beyond what the column type holds (PostgreSQL INTEGER is 32-bit): no row, no overflow error.
    expect(pg({ field: 'platform', op: 'eq', value: '99999999999999999999' }).text).toBe(FALSE);
    expect(pg({ field: 'platform', op: 'eq', value: 2 ** 31 }).text).toBe(FALSE);
    expect(pg({ field: 'platform', op: 'eq', value: '1.5' }).text).toBe(FALSE);
    expect(pg({ field: 'date_created', op: 'lte', value: 2 ** 40 })).toMatchObject({ params: [2 ** 40] });
  });

  it('compares JSON columns as their text, so a value that is no JSON is no error', () => {
    expect(pg({ field: 'meta', op: 'eq', value: '%zz' })).toMatchObject({
      text: 'CAST(r.meta AS TEXT) = ?',
      params: ['%zz'],
    });
    expect(sqlite({ field: 'meta', op: 'eq', value: '%zz' }).text).toBe('r.meta = ?');
  });

  it('sends long lists as one parameter: json_each on SQLite, ANY(array) on PostgreSQL', () => {
    const ids = Array.from({ length: 600 }, (_, i) => `id${i}`);
    const onSqlite = sqlite({ field: 'id', op: 'in', values: ids });
    expect(onSqlite.text).toBe('r.id IN (SELECT value FROM json_each(?))');
    expect(onSqlite.params).toEqual([JSON.stringify(ids)]);
    const onPg = pg({ field: 'id', op: 'in', values: ids });
    expect(onPg.text).toBe('r.id = ANY(?)');
    expect(onPg.params).toEqual([ids]);
    expect(pg({ field: 'id', op: 'in', values: [] }).text).toBe(FALSE);
  });

  it('lets a value holding NUL match nothing (no stored text has one; PostgreSQL refuses the parameter)', () => {
    expect(pg({ search: 'web\0', fields: ['hostname'] }).text).toBe(FALSE);
    expect(sqlite({ search: 'web\0', fields: ['hostname'] }, fts).text).toBe(FALSE);
    expect(pg({ field: 'hostname', op: 'eq', value: 'a\0' }).text).toBe(FALSE);
    expect(pg({ field: 'hostname', op: 'in', values: ['a\0', 'b'] })).toMatchObject({ params: ['b'] });
  });

  it('searches case-insensitively with wildcards escaped', () => {
    const onPg = pg({ search: '10%_a', fields: ['hostname', 'ip'] });
    expect(onPg.text).toBe("(r.hostname ILIKE ? ESCAPE '\\' OR r.ip ILIKE ? ESCAPE '\\')");
    expect(onPg.params).toEqual(['%10\\%\\_a%', '%10\\%\\_a%']);
    const onSqlite = sqlite({ search: 'web', fields: ['hostname'] });
    expect(onSqlite.text).toBe("r.hostname LIKE ? ESCAPE '\\'");
  });

  it('marks a condition binding a LIKE pattern, whose reads are then planned for their values', () => {
    // PostgreSQL would otherwise keep a generic plan for every pattern (docs/data-layer.md#search-planning).
    for (const condition of [
      { search: 'web', fields: ['hostname'] },
      {
        allOf: [
          { field: 'is_active', op: 'eq' as const, value: true },
          { field: 'ip', op: 'contains' as const, value: '10.' },
        ],
      },
      { field: 'hostname', op: 'iexact' as const, value: 'db01' },
    ])
      expect(pg(condition).patterns, JSON.stringify(condition)).toBe(true);
    expect(pg({ field: 'hostname', op: 'eq', value: 'db01' }).patterns).toBe(false);
    expect(sqlite(null).patterns).toBe(false);
    // A narrowed search keeps its LIKE test: still a pattern.
    expect(sqlite({ search: 'web-01', fields: ['hostname', 'ip'] }, fts).patterns).toBe(true);
  });

  it('searches non-text columns as text on PostgreSQL', () => {
    expect(pg({ field: 'meta', op: 'contains', value: 'k' }).text).toBe(
      "CAST(r.meta AS TEXT) ILIKE ? ESCAPE '\\'",
    );
    expect(sqlite({ field: 'meta', op: 'contains', value: 'k' }).text).toBe("r.meta LIKE ? ESCAPE '\\'");
  });

  it('compares iexact whole and case-insensitively, its wildcards escaped, on both backends', () => {
    const onPg = pg({ field: 'hostname', op: 'iexact', value: 'DB_01%' });
    expect(onPg.text).toBe("r.hostname ILIKE ? ESCAPE '\\'");
    expect(onPg.params).toEqual(['DB\\_01\\%']);
    const onSqlite = sqlite({ field: 'hostname', op: 'iexact', value: 'DB01' });
    expect(onSqlite.text).toBe("r.hostname LIKE ? ESCAPE '\\'");
    expect(onSqlite.params).toEqual(['DB01']);
    expect(sqlite({ field: 'hostname', op: 'iexact', value: 'a\0b' }).text).toBe(FALSE);
  });

  it('narrows a search through the index when every field is indexed and the term long enough', () => {
    const indexed = sqlite({ search: 'prod', fields: ['hostname', 'ip'] }, fts);
    expect(indexed.text).toBe(
      "(r.rowid IN (SELECT rowid FROM assets_fts WHERE assets_fts MATCH ?) AND (r.hostname LIKE ? ESCAPE '\\' OR r.ip LIKE ? ESCAPE '\\'))",
    );
    expect(indexed.params).toEqual(['"prod"', '%prod%', '%prod%']);
    expect(sqlite({ search: 'pr', fields: ['hostname'] }, fts).text).toBe("r.hostname LIKE ? ESCAPE '\\'");
    expect(sqlite({ search: 'prod', fields: ['org_id'] }, fts).text).toBe("r.org_id LIKE ? ESCAPE '\\'");
    const walk = compileWhere({ search: 'prod', fields: ['hostname'] }, shape(fts), sqliteDialect, {
      searchIndex: false,
    });
    expect(walk.text).toBe("r.hostname LIKE ? ESCAPE '\\'");
  });

  it("follows the search planner's verdict: only a rare term is narrowed, a search or a contains alike", () => {
    const planned = (condition: Parameters<typeof compileWhere>[0], rare: string[]) =>
      compileWhere(condition, shape(fts), sqliteDialect, {
        searchIndex: true,
        selective: (term) => rare.includes(term),
      });
    const narrowed =
      "(r.rowid IN (SELECT rowid FROM assets_fts WHERE assets_fts MATCH ?) AND r.hostname LIKE ? ESCAPE '\\')";
    expect(planned({ search: 'prod', fields: ['hostname'] }, ['prod']).text).toBe(narrowed);
    expect(planned({ search: 'prod', fields: ['hostname'] }, []).text).toBe("r.hostname LIKE ? ESCAPE '\\'");
    // A contains filter on a search column is narrowed only on the planner's word, never without it.
    expect(planned({ field: 'hostname', op: 'contains', value: 'prod' }, ['prod']).text).toBe(narrowed);
    expect(planned({ field: 'hostname', op: 'contains', value: 'prod' }, []).text).toBe(
      "r.hostname LIKE ? ESCAPE '\\'",
    );
    expect(sqlite({ field: 'hostname', op: 'contains', value: 'prod' }, fts).text).toBe(
      "r.hostname LIKE ? ESCAPE '\\'",
    );
    // A column outside the index is never narrowed.
    expect(planned({ field: 'org_id', op: 'contains', value: 'prod' }, ['prod']).text).toBe(
      "r.org_id LIKE ? ESCAPE '\\'",
    );
  });

  it('lists the terms the search index could serve, for the planner to probe', () => {
    const condition = {
      allOf: [
        { field: 'org_id', op: 'eq' as const, value: 'o' },
        { search: 'prod', fields: ['hostname', 'ip'] },
        {
          anyOf: [
            { field: 'ip', op: 'contains' as const, value: '10.1' },
            { not: { search: 'x', fields: ['ip'] } },
          ],
        },
        { field: 'org_id', op: 'contains' as const, value: 'not indexed' },
        { search: 'mixed', fields: ['hostname', 'org_id'] },
      ],
    };
    expect(indexableTerms(condition, shape(fts))).toEqual(['prod', '10.1', 'x']);
    expect(indexableTerms(condition, shape(null))).toEqual([]);
  });

  it('turns id sets into membership tests when an indexed search meets them (SQLite only)', () => {
    const condition = {
      allOf: [
        { field: 'nodes', op: 'in' as const, values: ['n1', 'n2'] },
        { search: 'prod', fields: ['hostname'] },
      ],
    };
    const onSqlite = sqlite(condition, fts);
    expect(onSqlite.text).toContain(
      '+r.id IN (SELECT l.asset_id FROM assets_nodes l WHERE l.node_id IN (SELECT value FROM json_each(?)))',
    );
    expect([...onSqlite.tables].sort()).toEqual(['assets', 'assets_nodes']);
    const onPg = pg(condition);
    expect(onPg.text).toContain('r.id IN (SELECT l.asset_id FROM assets_nodes l WHERE l.node_id = ANY(?))');
  });

  it('reads fk lookups and subqueries as correlated selects and records the tables they read', () => {
    const lookup = pg({ field: 'platform__name', op: 'eq', value: 'Linux' });
    expect(lookup.text).toBe('(SELECT t.name FROM platforms t WHERE CAST(t.id AS TEXT) = r.platform_id) = ?');
    expect(lookup.tables.has('platforms')).toBe(true);
    const sub = pg({
      field: 'id',
      op: 'inSubquery',
      subquery: { table: 'role_bindings', column: 'user_id', where: { org_id: 'o1', scope: null } },
    });
    expect(sub.text).toBe('r.id IN (SELECT user_id FROM role_bindings WHERE org_id = ? AND scope IS NULL)');
    expect(sub.params).toEqual(['o1']);
  });

  it('refuses names that are not identifiers and fields it does not know', () => {
    expect(() =>
      pg({
        field: 'id',
        op: 'inSubquery',
        subquery: { table: 'x; DROP TABLE users', column: 'id', where: {} },
      }),
    ).toThrow(/invalid SQL identifier/);
    expect(() => pg({ field: 'nope', op: 'eq', value: 1 })).toThrow(/unknown field "nope"/);
  });

  it('orders with an id tie-breaker in the direction of the last term, skipping unknown fields', () => {
    const s = shape(null);
    expect(compileOrder([{ field: 'hostname', descending: true }], s)).toBe('r.hostname DESC, r.id DESC');
    expect(compileOrder([{ field: 'nope', descending: true }], s)).toBe('r.id ASC');
  });
});

describe('the columns a condition reads (docs/data-layer.md#writes-mixed-into-reads)', () => {
  const columns = (c: Parameters<typeof compileWhere>[0]) =>
    [...compileWhere(c, shape(fts), sqliteDialect).columns].sort();

  it('names every column of the table a condition tests, and none for no condition', () => {
    expect(columns(null)).toEqual([]);
    expect(
      columns({
        allOf: [
          { field: 'org_id', op: 'eq', value: 'o' },
          { search: 'web', fields: ['hostname', 'ip'] },
          { not: { field: 'platform', op: 'in', values: [1, 2] } },
          {
            anyOf: [
              { field: 'meta', op: 'contains', value: 'x' },
              { field: 'date_created', op: 'gte', value: 1 },
            ],
          },
        ],
      }),
    ).toEqual(['date_created', 'hostname', 'ip', 'meta', 'org_id', 'platform_id']);
  });

  it('names the fk column of a lookup, the id of an m2m test, and the columns of a subquery over the same table', () => {
    expect(columns({ field: 'platform__name', op: 'eq', value: 'Linux' })).toEqual(['platform_id']);
    expect(columns({ field: 'nodes', op: 'in', values: ['n1'] })).toEqual(['id']);
    expect(
      columns({
        field: 'id',
        op: 'inSubquery',
        subquery: { table: 'assets', column: 'id', where: { meta: '{}' } },
      }),
    ).toEqual(['id', 'meta']);
    expect(
      columns({
        field: 'id',
        op: 'inSubquery',
        subquery: { table: 'role_bindings', column: 'user_id', where: { org_id: 'o' } },
      }),
    ).toEqual(['id']);
  });
});
