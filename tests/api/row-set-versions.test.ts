// Windows, counts and search probes are cached under a table's row-set version when the columns they read
// are key columns (docs/data-layer.md#writes-mixed-into-reads): a write of another column keeps them, and
// every write that can change a set of keys — made by another connection (another worker or instance) —
// is seen on the next read. Never a stale page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Condition } from '../../server/src/data/conditions';
import type { Database } from '../../server/src/data/database';
import { migrateSchema } from '../../server/src/data/migrate';
import { openDatabase } from '../../server/src/data/open-database';
import { ResourceTable } from '../../server/src/data/resource-table';
import type { CompiledResource } from '../../server/src/engine/compile';
import { createTestDatabase, testBackend, type TestDatabase } from './test-database';
import { kinds, things } from './test-resources';

const TABLE = 'test_things';

describe(`row-set versions on ${testBackend()}`, () => {
  let dir: string;
  let target: TestDatabase;
  /** This server's connection, and another worker's or instance's on the same database. */
  let mine: Database;
  let other: Database;
  let table: ResourceTable;

  const search: Condition = {
    allOf: [
      { field: 'org_id', op: 'eq', value: 'org-a' },
      { search: 'web', fields: ['hostname', 'ip'] },
    ],
  };
  const page = (where: Condition = search) =>
    table.page({ where, order: [{ field: 'hostname', descending: false }], limit: 3, offset: 0 });
  const version = async (name: string) =>
    Number(
      (
        await other.get<{ version: number }>('SELECT version FROM engine_write_versions WHERE name = ?', [
          name,
        ])
      )?.version,
    );

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-row-set-'));
    target = await createTestDatabase();
    mine = await openDatabase({ dataDir: dir, databaseUrl: target.url });
    other = await openDatabase({ dataDir: dir, databaseUrl: target.url });
    const byName = new Map<string, CompiledResource>([
      ['test.kind', kinds],
      ['test.thing', things],
    ]);
    const kindTable = new ResourceTable(mine, kinds, (name) => byName.get(name));
    table = new ResourceTable(mine, things, (name) => byName.get(name));
    await migrateSchema(mine, async () => {
      await kindTable.migrate();
      await table.migrate();
    });
    await kindTable.insertMany([{ id: 1, name: 'linux' }]);
    await table.insertMany(
      ['web-c', 'web-a', 'web-b', 'db-x'].map((hostname, i) => ({
        id: `r${i}`,
        org_id: 'org-a',
        hostname,
        ip: `10.0.0.${i}`,
        is_active: 1,
        meta: JSON.stringify({ i }),
        kind_id: '1',
        date_created: 1_700_000_000_000 + i,
      })),
    );
  });

  afterAll(async () => {
    await other?.close();
    await mine?.close();
    await target?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the row-set version through a write of other columns, and shows the new values', async () => {
    expect((await page()).rows.map((r) => r.hostname)).toEqual(['web-a', 'web-b', 'web-c']);
    const before = await version(`${TABLE}#rows`);
    const whole = await version(TABLE);
    await other.run(`UPDATE ${TABLE} SET meta = ?, date_created = ? WHERE id = ?`, ['{"i":9}', 1, 'r1']);
    // Also an update naming a key column without changing its value.
    await other.run(`UPDATE ${TABLE} SET hostname = hostname WHERE id = ?`, ['r2']);
    expect(await version(TABLE)).toBeGreaterThan(whole);
    expect(await version(`${TABLE}#rows`)).toBe(before);
    const after = await page();
    expect(after.rows.map((r) => r.hostname)).toEqual(['web-a', 'web-b', 'web-c']);
    // The page's rows follow the whole version: the new value is there.
    expect(after.rows[0]?.date_created).toBe(1);
  });

  it("sees another connection's rename, move to another org, insert and delete in the next page", async () => {
    await other.run(`UPDATE ${TABLE} SET hostname = ? WHERE id = ?`, ['web-z', 'r1']);
    expect((await page()).rows.map((r) => r.hostname)).toEqual(['web-b', 'web-c', 'web-z']);
    await other.run(`UPDATE ${TABLE} SET org_id = ? WHERE id = ?`, ['org-b', 'r2']);
    const moved = await page();
    expect(moved.rows.map((r) => r.hostname)).toEqual(['web-c', 'web-z']);
    expect(moved.count).toBe(2);
    await other.run(
      `INSERT INTO ${TABLE} (id, org_id, hostname, ip, is_active, kind_id, date_created) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ['r9', 'org-a', 'web-0', '10.0.0.9', 1, '1', 5],
    );
    expect((await page()).rows.map((r) => r.hostname)).toEqual(['web-0', 'web-c', 'web-z']);
    await other.run(`DELETE FROM ${TABLE} WHERE id = ?`, ['r9']);
    expect((await page()).count).toBe(2);
    // A search probe follows the search columns: an ip changed elsewhere is found.
    await other.run(`UPDATE ${TABLE} SET ip = ? WHERE id = ?`, ['web-ip', 'r3']);
    expect((await page()).rows.map((r) => r.hostname)).toEqual(['db-x', 'web-c', 'web-z']);
  });

  it('caches a set read through another column under the whole version', async () => {
    const recent: Condition = { field: 'date_created', op: 'gte', value: 1_700_000_000_000 };
    const before = await table.count(recent);
    await other.run(`UPDATE ${TABLE} SET date_created = ? WHERE id = ?`, [1_800_000_000_000, 'r1']);
    expect(await table.count(recent)).toBe(before + 1);
    const ordered = await table.page({
      where: null,
      order: [{ field: 'date_created', descending: true }],
      limit: 1,
      offset: 0,
    });
    expect(ordered.rows[0]?.id).toBe('r1');
    await other.run(`UPDATE ${TABLE} SET date_created = ? WHERE id = ?`, [1, 'r1']);
    const reordered = await table.page({
      where: null,
      order: [{ field: 'date_created', descending: true }],
      limit: 1,
      offset: 0,
    });
    expect(reordered.rows[0]?.id).not.toBe('r1');
  });
});
