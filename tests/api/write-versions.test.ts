// The write-version cache stays exact with one read of the versions per request (docs/data-layer.md
// "Per-request costs"): a request sees what was committed before it began, on any connection, and its own
// writes; SQLite's shared snapshot notices another connection's commit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/data/database';
import { openDatabase } from '../../server/src/data/open-database';
import { WriteVersions } from '../../server/src/data/write-versions';
import { createTestDatabase, type TestDatabase } from './test-database';

describe('write versions: one read per request', () => {
  let database: TestDatabase;
  let dataDir: string;
  /** Two connections on one database: this instance, and another one (another process or server). */
  let mine: Database;
  let other: Database;
  const TABLES = new Set(['wv_items']);

  /** A count of the table, cached under its write version, as a list's count is. */
  const count = (db: Database) =>
    WriteVersions.of(db).cached('wv_items:count', TABLES, async () => {
      const row = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM wv_items');
      return Number(row?.n ?? 0);
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-wv-'));
    mine = await openDatabase({ dataDir, databaseUrl: database.url });
    other = await openDatabase({ dataDir, databaseUrl: database.url });
    await mine.exec('CREATE TABLE wv_items (id INTEGER PRIMARY KEY, name TEXT)');
    await WriteVersions.of(mine).track('wv_items');
  });

  afterAll(async () => {
    await other?.close();
    await mine?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("sees inside a request what another connection committed before it, and the request's own writes", async () => {
    const versions = WriteVersions.of(mine);
    expect(await versions.within(WriteVersions.readPoint(), () => count(mine))).toBe(0);
    await other.run('INSERT INTO wv_items (id, name) VALUES (1, ?)', ['from another instance']);
    await versions.within(WriteVersions.readPoint(), async () => {
      expect(await count(mine)).toBe(1);
      await mine.run('INSERT INTO wv_items (id, name) VALUES (2, ?)', ['from this request']);
      expect(await count(mine)).toBe(2);
      await mine.transaction(async () => {
        await mine.run('DELETE FROM wv_items WHERE id = 2');
      });
      expect(await count(mine)).toBe(1);
    });
  });

  it('sees outside any request what another connection committed', async () => {
    expect(await count(mine)).toBe(1);
    await other.run('INSERT INTO wv_items (id, name) VALUES (3, ?)', ['again']);
    expect(await count(mine)).toBe(2);
    await other.run('DELETE FROM wv_items');
    expect(await count(mine)).toBe(0);
  });

  it('runs one computation for requests that miss the same entry together, and a new one after a write', async () => {
    let computed = 0;
    const slowCount = () =>
      WriteVersions.of(mine).cached('wv_items:slow-count', TABLES, async () => {
        computed += 1;
        const row = await mine.get<{ n: number }>('SELECT COUNT(*) AS n FROM wv_items');
        return Number(row?.n ?? 0);
      });
    const together = await Promise.all(
      Array.from({ length: 8 }, () => WriteVersions.of(mine).within(WriteVersions.readPoint(), slowCount)),
    );
    expect(together).toEqual(Array(8).fill(0));
    expect(computed).toBe(1);
    await other.run('INSERT INTO wv_items (id, name) VALUES (4, ?)', ['after']);
    const after = await Promise.all(
      Array.from({ length: 4 }, () => WriteVersions.of(mine).within(WriteVersions.readPoint(), slowCount)),
    );
    expect(after).toEqual(Array(4).fill(1));
    expect(computed).toBe(2);
  });

  it('reads the versions once for the requests of one turn, and again for a request after a commit', async () => {
    let reads = 0;
    const get = mine.get.bind(mine);
    mine.get = ((sql: string, params?: readonly unknown[], options?: object) => {
      if (sql.includes('engine_write_versions')) reads += 1;
      return get(sql, params, options);
    }) as Database['get'];
    try {
      await other.run('INSERT INTO wv_items (id, name) VALUES (5, ?)', ['before the turn']);
      const request = () => WriteVersions.of(mine).within(WriteVersions.readPoint(), () => count(mine));
      // Sixteen requests arriving in one turn of the event loop: one read serves them all.
      expect(await Promise.all(Array.from({ length: 16 }, request))).toEqual(Array(16).fill(2));
      expect(reads).toBe(1);
      // A read already sent (or queued for a connection) when a commit lands serves no request arriving
      // after it: that one gets a read of its own and sees the commit. The earlier request may see either,
      // by whether its read reached the database before the commit.
      const early = request();
      await new Promise((resolve) => setImmediate(resolve));
      await other.run('INSERT INTO wv_items (id, name) VALUES (6, ?)', ['between two requests']);
      const readsBefore = reads;
      expect(await request()).toBe(3);
      expect(reads).toBe(readsBefore + 1);
      expect([2, 3]).toContain(await early);
    } finally {
      mine.get = get;
    }
  });
});
