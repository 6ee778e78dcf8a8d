// Two handles on one SQLite file stand for two workers of one server (docs/data-layer.md "Several workers
// on one SQLite file"): exclusive jobs exclude each other across connections, a cached read on one misses
// after a write through the other, and notifications of a transaction go out only once it committed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateSchema } from '../../server/src/data/migrate';
import { claimPeriod } from '../../server/src/data/periodic-jobs';
import { SqliteDatabase } from '../../server/src/data/sqlite/sqlite-database';
import { WriteVersions } from '../../server/src/data/write-versions';
import { testBackend } from './test-database';

describe.runIf(testBackend() === 'sqlite')('two connections on one SQLite file', () => {
  let dir: string;
  let a: SqliteDatabase;
  let b: SqliteDatabase;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-shared-file-'));
    a = SqliteDatabase.open(dir);
    await migrateSchema(a);
    b = SqliteDatabase.open(dir);
    await a.exec('CREATE TABLE things (id TEXT PRIMARY KEY, name TEXT NOT NULL)');
    await WriteVersions.of(a).track('things');
    await WriteVersions.of(b).track('things');
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs an exclusive job on one connection at a time, and frees it when the holder ends', async () => {
    let release!: () => void;
    let started!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = a.runExclusive('job:shared', async () => {
      started();
      await gate;
    });
    await running;
    let ranOnB = false;
    expect(await b.runExclusive('job:shared', async () => void (ranOnB = true))).toBe(false);
    expect(ranOnB).toBe(false);
    // Another name is free meanwhile.
    expect(await b.runExclusive('job:other', async () => undefined)).toBe(true);
    release();
    expect(await first).toBe(true);
    expect(await b.runExclusive('job:shared', async () => void (ranOnB = true))).toBe(true);
    expect(ranOnB).toBe(true);
  });

  it('runs a periodic job once per period whichever connection wakes first', async () => {
    const runs: string[] = [];
    await Promise.all(
      [
        ['a', a],
        ['b', b],
        ['a again', a],
      ].map(([who, db]) =>
        (db as SqliteDatabase).runExclusive('job:period', async () => {
          if (await claimPeriod(db as SqliteDatabase, 'period', 60_000)) runs.push(who as string);
        }),
      ),
    );
    expect(runs).toHaveLength(1);
  });

  it("misses a cached read after the other connection's write", async () => {
    const countOn = (db: SqliteDatabase): Promise<number> =>
      WriteVersions.of(db).cached('count things', new Set(['things']), async () => {
        const row = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM things');
        return Number(row?.n);
      });
    expect(await countOn(b)).toBe(0);
    expect(await countOn(b)).toBe(0);
    for (let i = 1; i <= 3; i += 1) {
      await a.run('INSERT INTO things (id, name) VALUES (?, ?)', [`t${i}`, `thing ${i}`]);
      expect(await countOn(b)).toBe(i);
    }
    await a.transaction(async () => {
      await a.run('DELETE FROM things WHERE id = ?', ['t1']);
    });
    expect(await countOn(b)).toBe(2);
  });

  it('publishes what a transaction announced only once it committed, and nothing of a rolled-back one', async () => {
    const heard: string[] = [];
    const stop = await b.notifications.subscribe('test:tx', (payload) => heard.push(payload));
    await a
      .transaction(async () => {
        await a.notifications.publish('test:tx', 'rolled back');
        throw new Error('undo');
      })
      .catch(() => undefined);
    let seenInside: string[] = [];
    await a.transaction(async () => {
      await a.run('INSERT INTO things (id, name) VALUES (?, ?)', ['tx', 'in a transaction']);
      await a.notifications.publish('test:tx', 'committed');
      // Give a delivery every chance to happen before the commit.
      await new Promise((resolve) => setImmediate(resolve));
      seenInside = [...heard];
    });
    expect(seenInside).toEqual([]);
    stop();
    // Each handle has its own in-process channel here (a cluster worker sends through the primary).
    const own: string[] = [];
    const stopOwn = await a.notifications.subscribe('test:tx2', (payload) => own.push(payload));
    await a.transaction(async () => {
      await a.notifications.publish('test:tx2', 'after commit');
      await new Promise((resolve) => setImmediate(resolve));
      expect(own).toEqual([]);
    });
    await expect.poll(() => own).toEqual(['after commit']);
    stopOwn();
  });
});
