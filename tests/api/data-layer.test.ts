import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, UniqueViolation, type Database } from '../../server/src/data/database';
import { containsPattern } from '../../server/src/data/dialect';
import { migrateSchema } from '../../server/src/data/migrate';
import type { Migration } from '../../server/src/data/migrations';
import { openDatabase } from '../../server/src/data/open-database';
import { createTestDatabase, testBackend, type TestDatabase } from './test-database';

/** The data layer itself, on the backend of this project (api: SQLite, api-pg: PostgreSQL). */
describe(`data layer on ${testBackend()}`, () => {
  let dir: string;
  let target: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-data-layer-'));
    target = await createTestDatabase();
    db = await openDatabase({ dataDir: dir, databaseUrl: target.url });
    await migrateSchema(db);
    const t = db.dialect.types;
    await db.exec(`CREATE TABLE things (id ${t.text} PRIMARY KEY, name ${t.text} NOT NULL, n ${t.bigint},
      flag ${t.boolean} NOT NULL DEFAULT 0, doc ${t.json})`);
  });

  afterAll(async () => {
    await db.close();
    await target.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('binds booleans as 0/1, returns 64-bit integers as numbers and JSON as written', async () => {
    const when = Date.UTC(2030, 0, 1, 12);
    await db.run('INSERT INTO things (id, name, n, flag, doc) VALUES (?, ?, ?, ?, ?)', [
      'a',
      'Alpha',
      when,
      true,
      JSON.stringify({ list: [1, 'two'] }),
    ]);
    const row = await db.get<{ n: number; flag: number; doc: unknown }>(
      'SELECT n, flag, doc FROM things WHERE id = ?',
      ['a'],
    );
    expect(row?.n).toBe(when);
    expect(row?.flag).toBe(1);
    // JSON comes back as text on both backends (PostgreSQL's jsonb too: cached rows stay plain values).
    expect(typeof row?.doc).toBe('string');
    expect(JSON.parse(String(row?.doc))).toEqual({ list: [1, 'two'] });
    const count = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM things');
    expect(count?.n).toBe(1);
  });

  it('reads rows of any column names, a __proto__ column never becoming a prototype', async () => {
    await db.run('INSERT INTO things (id, name) VALUES (?, ?)', ['shape', 'Shape']);
    const odd = 'SELECT name AS "__proto__", name AS "a b", id AS "name" FROM things WHERE id = ?';
    const read = await db.get<Record<string, unknown>>(odd, ['shape']);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    // A column named __proto__ is left out on both backends, never made the row's prototype.
    expect(Object.keys(read ?? {})).toEqual(['a b', 'name']);
    expect(read?.['a b']).toBe('Shape');
    expect(read?.name).toBe('shape');
    await db.run('DELETE FROM things WHERE id = ?', ['shape']);
  });

  it('upserts, returns rows of RETURNING and counts changes', async () => {
    const upsert = `INSERT INTO things (id, name) VALUES (?, ?)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name RETURNING name`;
    expect(await db.get(upsert, ['b', 'Beta'])).toEqual({ name: 'Beta' });
    expect(await db.get(upsert, ['b', 'Bravo'])).toEqual({ name: 'Bravo' });
    expect(
      (await db.run('INSERT INTO things (id, name) VALUES (?, ?) ON CONFLICT DO NOTHING', ['b', 'x']))
        .changes,
    ).toBe(0);
    expect((await db.run('UPDATE things SET flag = ? WHERE id IN (?, ?)', [true, 'a', 'b'])).changes).toBe(2);
    await expect(
      db.run('INSERT INTO things (id, name) VALUES (?, ?)', ['b', 'again']),
    ).rejects.toBeInstanceOf(UniqueViolation);
  });

  it('matches case-insensitively, with LIKE wildcards in the term taken literally', async () => {
    await db.run('INSERT INTO things (id, name) VALUES (?, ?), (?, ?)', ['c', 'web_PROD-1', 'd', 'webXprod']);
    const found = await db.all<{ id: string }>(
      `SELECT id FROM things WHERE ${db.dialect.ilike('name')} ORDER BY id`,
      [containsPattern('B_prod')],
    );
    expect(found.map((r) => r.id)).toEqual(['c']);
  });

  it('tests membership in a list of any length with one parameter', async () => {
    const ids = Array.from({ length: 40_000 }, (_, i) => `x${i}`).concat(['a', 'c']);
    const rows = await db.all<{ id: string }>(
      `SELECT id FROM things WHERE ${db.dialect.inList('id')} ORDER BY id`,
      [db.dialect.listParam(ids)],
    );
    expect(rows.map((r) => r.id)).toEqual(['a', 'c']);
  });

  it('commits a transaction as a whole, rolls it back as a whole, and keeps others out meanwhile', async () => {
    await expect(
      db.transaction(async () => {
        await db.run('INSERT INTO things (id, name) VALUES (?, ?)', ['t1', 'one']);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await db.get('SELECT id FROM things WHERE id = ?', ['t1'])).toBeUndefined();

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const writer = db.transaction(async () => {
      await db.run('INSERT INTO things (id, name) VALUES (?, ?)', ['t2', 'two']);
      expect(db.inTransaction()).toBe(true);
      await gate;
      await db.run('UPDATE things SET name = ? WHERE id = ?', ['two, final', 't2']);
    });
    // Read from outside while the writer waits: never the half-done state.
    const outside = db.get<{ name: string }>('SELECT name FROM things WHERE id = ?', ['t2']);
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await writer;
    const seen = await outside;
    expect(seen === undefined || seen.name === 'two, final').toBe(true);
    expect(await db.get('SELECT name FROM things WHERE id = ?', ['t2'])).toEqual({ name: 'two, final' });
    expect(db.inTransaction()).toBe(false);
  });

  it('serialises transactions that take the same lock', async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = db.transaction(async () => {
      await db.lock('org:1');
      order.push('first holds');
      await gate;
      order.push('first ends');
    });
    await expect.poll(() => order).toEqual(['first holds']);
    const second = db.transaction(async () => {
      await db.lock('org:1');
      order.push('second holds');
    });
    if (db.dialect.name === 'postgres')
      // The second transaction is really waiting for the lock (not merely slower to start).
      await expect
        .poll(async () =>
          Number(
            (
              await db.get<{ n: number }>(
                "SELECT COUNT(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
              )
            )?.n,
          ),
        )
        .toBe(1);
    else await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['first holds']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first holds', 'first ends', 'second holds']);
    await expect(db.lock('org:1')).rejects.toThrow(/outside a transaction/);
  });

  it('migrates atomically: a failing migration leaves nothing of the run behind', async () => {
    const broken: Migration[] = [
      { id: 9001, name: 'good', sql: (t) => `CREATE TABLE mig_good (id ${t.text} PRIMARY KEY);` },
      {
        id: 9002,
        name: 'bad',
        sql: () => `CREATE TABLE mig_bad (id TEXT PRIMARY KEY); SELECT * FROM missing_table;`,
      },
    ];
    await expect(migrateSchema(db, null, broken)).rejects.toThrow();
    expect(await db.dialect.columnsOf(db, 'mig_good')).toEqual([]);
    expect(await db.dialect.columnsOf(db, 'mig_bad')).toEqual([]);
    const applied = await db.all('SELECT id FROM schema_migrations WHERE id > 9000');
    expect(applied).toEqual([]);
    // The real list applies once: a second run does nothing.
    expect(await migrateSchema(db)).toEqual([]);
  });

  it('delivers notifications to subscribers, and runs an exclusive job once at a time', async () => {
    const received: string[] = [];
    const stop = await db.notifications.subscribe('test:ping', (payload) => received.push(payload));
    await db.notifications.publish('test:ping', 'hello');
    await db.notifications.publish('test:other', 'not for us');
    await expect.poll(() => received, { timeout: 10_000 }).toEqual(['hello']);
    stop();

    let release!: () => void;
    let started!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = db.runExclusive('job', async () => {
      started();
      await gate;
    });
    await running;
    expect(await db.runExclusive('job', async () => undefined)).toBe(false);
    release();
    expect(await first).toBe(true);
  });
});

describe('an unusable database', () => {
  it('is one clear line naming the URL without its password', async () => {
    const url = 'postgres://someone:s3cret-pass@127.0.0.1:1/nowhere';
    const error = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: url }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    const message = (error as Error).message;
    expect(message).toContain('postgres://someone:***@127.0.0.1:1/nowhere');
    expect(message).not.toContain('s3cret');
    expect(message).toContain('connection refused');
    expect(message).not.toContain('\n');
  });

  it('refuses a URL of another kind', async () => {
    const error = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: 'mysql://u:p@h/db' }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe(
      'BASTION_DATABASE_URL must be a postgres:// URL, got mysql://u:***@h/db',
    );
  });
});
