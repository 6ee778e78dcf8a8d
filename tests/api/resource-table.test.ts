import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Condition } from '../../server/src/data/conditions';
import type { Database } from '../../server/src/data/database';
import { migrateSchema } from '../../server/src/data/migrate';
import { openDatabase } from '../../server/src/data/open-database';
import { ResourceTable } from '../../server/src/data/resource-table';
import { compileResource, type CompiledResource } from '../../server/src/engine/compile';
import { createTestDatabase, testBackend, type TestDatabase } from './test-database';
import { kinds, things } from './test-resources';

describe(`resource tables on ${testBackend()}`, () => {
  let dir: string;
  let target: TestDatabase;
  let db: Database;
  let thingTable: ResourceTable;
  let kindTable: ResourceTable;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-resource-table-'));
    target = await createTestDatabase();
    db = await openDatabase({ dataDir: dir, databaseUrl: target.url });
    const byName = new Map<string, CompiledResource>([
      ['test.kind', kinds],
      ['test.thing', things],
    ]);
    kindTable = new ResourceTable(db, kinds, (name) => byName.get(name));
    thingTable = new ResourceTable(db, things, (name) => byName.get(name));
    await migrateSchema(db, async () => {
      await kindTable.migrate();
      await thingTable.migrate();
    });
  });

  afterAll(async () => {
    await db.close();
    await target.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('assigns integer ids and keeps them ahead of ids inserted explicitly', async () => {
    await kindTable.insertMany([
      { id: 1, name: 'linux' },
      { id: 2, name: 'windows' },
    ]);
    const id = await kindTable.insert({ name: 'unix' });
    expect(Number(id)).toBe(3);
    expect(await kindTable.get('3', null)).toMatchObject({ name: 'unix' });
    // An id that is no number finds nothing (and is no SQL error on PostgreSQL).
    expect(await kindTable.get('abc', null)).toBeNull();
  });

  it('loads many rows with their links, then pages, searches and counts them', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      id: `t${String(i).padStart(4, '0')}`,
      org_id: i % 2 === 0 ? 'org-a' : 'org-b',
      hostname: `${i % 3 === 0 ? 'Prod' : 'test'}-web-${String(i).padStart(4, '0')}`,
      ip: `10.0.${i >> 8}.${i & 255}`,
      is_active: i % 5 === 0 ? 0 : 1,
      meta: JSON.stringify({ i }),
      kind_id: '1',
      date_created: 1_700_000_000_000 + i,
    }));
    await thingTable.insertMany(rows, [{ field: 'tags', pairs: rows.map((r) => [r.id, '2'] as const) }]);
    const prod = {
      allOf: [
        { field: 'org_id', op: 'eq' as const, value: 'org-a' },
        { search: 'PROD', fields: ['hostname', 'ip'] },
      ],
    };
    const page = await thingTable.page({
      where: prod,
      order: [{ field: 'hostname', descending: true }],
      limit: 5,
      offset: 2,
    });
    expect(page.count).toBe(200);
    expect(page.rows.map((r) => r.hostname)).toEqual([
      'Prod-web-1182',
      'Prod-web-1176',
      'Prod-web-1170',
      'Prod-web-1164',
      'Prod-web-1158',
    ]);
    expect(await thingTable.count({ field: 'tags', op: 'eq', value: '2' })).toBe(1200);
    expect(await thingTable.count({ field: 'kind__name', op: 'eq', value: 'linux' })).toBe(1200);
    expect(await thingTable.count({ field: 'is_active', op: 'eq', value: 0 })).toBe(240);
    const links = await thingTable.linkedMany('tags', ['t0000', 'missing']);
    expect([...links]).toEqual([
      ['t0000', ['2']],
      ['missing', []],
    ]);
  });

  it('never serves a cached count or page after a write', async () => {
    const where = { search: 'web-0003', fields: ['hostname'] };
    expect(await thingTable.count(where)).toBe(1);
    await thingTable.update('t0004', { hostname: 'test-web-0003b' });
    expect(await thingTable.count(where)).toBe(2);
    const page = await thingTable.page({
      where,
      order: [{ field: 'hostname', descending: false }],
      limit: 10,
      offset: 0,
    });
    expect(page.rows.map((r) => r.id)).toEqual(['t0003', 't0004']);
    await thingTable.deleteMany(['t0004']);
    expect(await thingTable.count(where)).toBe(1);
    expect(await thingTable.linkedMany('tags', ['t0004'])).toEqual(new Map([['t0004', []]]));
  });

  it('keeps link order, and reads large sets in ordered batches', async () => {
    await thingTable.link('tags', 't0000', ['3', '1', '2'], 'set');
    expect((await thingTable.linkedMany('tags', ['t0000'])).get('t0000')).toEqual(['3', '1', '2']);
    await thingTable.link('tags', 't0000', ['1'], 'remove');
    expect((await thingTable.linkedMany('tags', ['t0000'])).get('t0000')).toEqual(['3', '2']);
    // A page reads its rows' links in the same statement, in the same order (both backends).
    const page = await thingTable.page({
      where: { field: 'id', op: 'in', values: ['t0000', 't0001'] },
      order: [{ field: 'hostname', descending: false }],
      limit: 10,
      offset: 0,
    });
    expect(page.links?.get('tags')).toEqual(
      new Map([
        ['t0000', ['3', '2']],
        ['t0001', ['2']],
      ]),
    );
    const seen: string[] = [];
    for await (const batch of thingTable.batches(
      {
        where: { field: 'org_id', op: 'eq', value: 'org-b' },
        order: [{ field: 'hostname', descending: false }],
        limit: null,
        offset: 0,
      },
      250,
    ))
      seen.push(...batch.map((r) => String(r.id)));
    expect(seen).toHaveLength(600);
    expect(new Set(seen).size).toBe(600);
  });

  it('pages a set too large for a window by an order-index walk, with the same rows and links', async () => {
    // The same table with a window of 50 rows: org-b's 600 rows are paged by SQL (keys, then rows).
    const walking = new ResourceTable(db, things, (name) => (name === 'test.kind' ? kinds : undefined), 50);
    const query = (offset: number) => ({
      where: { field: 'org_id', op: 'eq' as const, value: 'org-b' },
      order: [{ field: 'hostname', descending: true }],
      limit: 7,
      offset,
    });
    for (const offset of [0, 7, 300, 596, 700]) {
      const windowed = await thingTable.page(query(offset));
      const walked = await walking.page(query(offset));
      expect(walked.count).toBe(600);
      expect(walked.rows).toEqual(windowed.rows);
      expect(walked.links).toEqual(windowed.links);
      expect(walked.rows).toHaveLength(Math.max(0, Math.min(7, 600 - offset)));
    }
  });

  it('stops counting a boundedCount list at its bound, and pages past it by a walk', async () => {
    // The same table declared with a bounded count, its bound lowered to 100: org-b's 600 rows pass it.
    const boundedThings = compileResource({ ...things.decl, boundedCount: true });
    const lookup = (name: string) => (name === 'test.kind' ? kinds : undefined);
    const bounded = new ResourceTable(db, boundedThings, lookup, 50_000, 5_000, 100);
    await bounded.migrate();
    const query = (where: Condition, offset: number) => ({
      where,
      order: [{ field: 'hostname', descending: true }],
      limit: 7,
      offset,
    });
    const orgB = { field: 'org_id', op: 'eq' as const, value: 'org-b' };
    const expected = (offset: number) => thingTable.page(query(orgB, offset));
    for (const [offset, count, lowerBound] of [
      [0, 100, true], // from the window of 101 keys
      [93, 100, true], // the last page inside the bound
      [94, 101, true], // crosses it: walked, rows follow
      [300, 307, true],
      [596, 600, false], // a partial page ends the set: exact
      [700, 100, true], // past the end: only the bound is known
    ] as const) {
      const page = await bounded.page(query(orgB, offset));
      const exact = await expected(offset);
      expect(page.rows, `offset ${offset}`).toEqual(exact.rows);
      expect(page.links, `offset ${offset}`).toEqual(exact.links);
      expect({ count: page.count, lowerBound: page.countIsLowerBound }, `offset ${offset}`).toEqual({
        count,
        lowerBound,
      });
      expect(exact).toMatchObject({ count: 600, countIsLowerBound: false });
    }
    // A set within the bound is counted exactly; so is every set of a resource without the declaration.
    const small = { allOf: [orgB, { field: 'hostname', op: 'contains' as const, value: 'web-00' }] };
    const within = await bounded.page(query(small, 0));
    expect(within).toEqual(await thingTable.page(query(small, 0)));
    expect(within).toMatchObject({ count: 50, countIsLowerBound: false });
    const unbounded = new ResourceTable(db, things, lookup, 50_000, 5_000, 100);
    expect(await unbounded.page(query(orgB, 0))).toMatchObject({ count: 600, countIsLowerBound: false });
  });

  it('builds covering indexes on SQLite only, where a walk then tests its LIKE on the index entry', async () => {
    const covered = compileResource({
      ...things.decl,
      coveringIndexes: [['org_id', 'date_created', 'id', 'ip']],
    });
    await new ResourceTable(db, covered, (name) => (name === 'test.kind' ? kinds : undefined)).migrate();
    const name = 'test_things_ix_org_id_date_created_id_ip';
    const sqlite = testBackend() === 'sqlite';
    const found = sqlite
      ? await db.all("SELECT name FROM sqlite_master WHERE type = 'index' AND name = ?", [name])
      : await db.all('SELECT indexname FROM pg_indexes WHERE indexname = ?', [name]);
    // PostgreSQL's B-tree entries are limited to about 2.7 kB: no covering index of a text column there.
    expect(found).toHaveLength(sqlite ? 1 : 0);
    if (sqlite) {
      const plan = await db.all<{ detail: string }>(
        "EXPLAIN QUERY PLAN SELECT r.rowid FROM test_things r WHERE r.org_id = ? AND r.ip LIKE ? ESCAPE '\\' ORDER BY r.date_created DESC, r.id DESC LIMIT 5",
        ['org-a', '%10.0.1%'],
      );
      expect(plan.map((row) => row.detail).join(' | ')).toContain(`COVERING INDEX ${name}`);
    }
  });

  it('narrows a search or a contains filter through the index only for a term its probe finds rare', async () => {
    // A planner whose bound is 100 rows, over a recording connection: 'Prod' (hundreds of rows) is common,
    // 'we' too short, 'web-0003' rare; the rows are the default planner's (which finds 'Prod' rare here).
    const statements: string[] = [];
    const recording = new Proxy(db, {
      get(target, key) {
        const value = Reflect.get(target, key, target) as unknown;
        if (key === 'all' || key === 'get')
          return (sql: string, params?: readonly unknown[]) => {
            statements.push(sql);
            return key === 'all' ? target.all(sql, params) : target.get(sql, params);
          };
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const planned = new ResourceTable(
      recording,
      things,
      (name) => (name === 'test.kind' ? kinds : undefined),
      50_000,
      100,
    );
    await planned.migrate();
    const query = (where: Condition) => ({
      where,
      order: [{ field: 'hostname', descending: false }],
      limit: 20,
      offset: 0,
    });
    const narrowed = () => statements.some((sql) => /\bMATCH\b/.test(sql) && !/LIMIT \?\)$/.test(sql.trim()));
    // Each case its own term: a page read before is served from the cache, with no statement at all.
    for (const [where, rare] of [
      [{ search: 'Prod', fields: ['hostname'] }, false],
      [{ field: 'hostname', op: 'contains', value: 'test' }, false],
      [{ search: 'we', fields: ['hostname'] }, false],
      [{ search: 'web-0003', fields: ['hostname'] }, true],
      [{ field: 'hostname', op: 'contains', value: 'web-0005' }, true],
    ] satisfies Array<[Condition, boolean]>) {
      statements.length = 0;
      const page = await planned.page(query(where));
      expect(page).toEqual(await thingTable.page(query(where)));
      expect(page.count > 100, JSON.stringify(where)).toBe(!rare);
      // Only SQLite's FTS5 index is narrowed by us; PostgreSQL plans its trigram index by itself.
      expect(narrowed(), JSON.stringify(where)).toBe(rare && testBackend() === 'sqlite');
    }
  });

  it("serves a page's cached rows and links only until the table or a link table is written", async () => {
    const query = {
      where: { field: 'id', op: 'in' as const, values: ['t0001', 't0003'] },
      order: [{ field: 'hostname', descending: false }],
      limit: 10,
      offset: 0,
    };
    const first = await thingTable.page(query);
    expect(first.links?.get('tags')?.get('t0001')).toEqual(['2']);
    // A caller changing its rows changes nothing for the next one (shared rows are frozen: it fails).
    const byId = (rows: ReadonlyArray<Record<string, unknown>>, id: string) =>
      rows.find((row) => row.id === id);
    try {
      byId(first.rows, 't0003')!.hostname = 'changed by a caller';
    } catch (error) {
      expect(error).toBeInstanceOf(TypeError);
    }
    expect(byId((await thingTable.page(query)).rows, 't0003')?.hostname).toBe('Prod-web-0003');
    await thingTable.link('tags', 't0001', ['1'], 'add');
    expect((await thingTable.page(query)).links?.get('tags')?.get('t0001')).toEqual(['2', '1']);
    await thingTable.update('t0001', { ip: '10.9.9.9' });
    expect(byId((await thingTable.page(query)).rows, 't0001')?.ip).toBe('10.9.9.9');
    // A write made outside this table object (another instance, a store) is seen as well.
    await db.run("UPDATE test_things SET ip = '10.8.8.8' WHERE id = 't0001'");
    expect(byId((await thingTable.page(query)).rows, 't0001')?.ip).toBe('10.8.8.8');
  });

  it('checks uniqueness per org and exposes only real columns', async () => {
    expect(await thingTable.exists('hostname', 'Prod-web-0000', null, 'org-a')).toBe(true);
    expect(await thingTable.exists('hostname', 'Prod-web-0000', 't0000', 'org-a')).toBe(false);
    expect(await thingTable.exists('hostname', 'Prod-web-0000', null, 'org-b')).toBe(false);
    expect(thingTable.knows('kind__name')).toBe(true);
    expect(thingTable.knows('kind__nope')).toBe(false);
  });
});
