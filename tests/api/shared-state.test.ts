import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/data/database';
import { migrateSchema } from '../../server/src/data/migrate';
import { openDatabase } from '../../server/src/data/open-database';
import { claimPeriod } from '../../server/src/data/periodic-jobs';
import { ResourceCacheStore } from '../../server/src/data/stores/resource-cache-store';
import { TaskLogMarks } from '../../server/src/data/stores/task-log-marks';
import { TaskLogStore, taskLogChannel } from '../../server/src/data/stores/task-log-store';
import { createTestDatabase, testBackend, type TestDatabase } from './test-database';

/**
 * What several instances share through the database. On PostgreSQL `a` and `b` are two handles (two
 * pools, two listening connections) on one database, as two server processes have; on SQLite they are one.
 */
describe(`shared state on ${testBackend()}`, () => {
  let dir: string;
  let target: TestDatabase;
  let a: Database;
  let b: Database;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-shared-'));
    target = await createTestDatabase();
    a = await openDatabase({ dataDir: dir, databaseUrl: target.url });
    await migrateSchema(a);
    b = target.url === null ? a : await openDatabase({ dataDir: dir, databaseUrl: target.url });
  });

  afterAll(async () => {
    if (b !== a) await b.close();
    await a.close();
    await target.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps an spm made on one instance for its user on the other, until it expires', async () => {
    const now = Date.now();
    const spm = await new ResourceCacheStore(a).put('u1', ['x', 'y'], now);
    const other = new ResourceCacheStore(b);
    expect(await other.get('u1', spm, now)).toEqual(['x', 'y']);
    expect(await other.get('u2', spm, now)).toEqual([]);
    expect(await other.get('u1', spm, now + 301_000)).toEqual([]);
    const empty = await other.put('u1', null, now);
    expect(await other.get('u1', empty, now)).toEqual([]);
  });

  it('streams a task log written on one instance to a reader on the other, in order and whole', async () => {
    const task = '0b5c7a3e-8c3f-4d0a-9a43-6f2a3c1d9e01';
    const announced: string[] = [];
    const stop = await b.notifications.subscribe(taskLogChannel(task), (seq) => announced.push(seq));
    const writer = new TaskLogStore(a).writer(task);
    writer.log('first line');
    writer.log('second line — 二行目');
    await expect.poll(() => announced.length, { timeout: 10_000 }).toBeGreaterThan(0);
    for (let i = 0; i < 300; i++) writer.log(`host-${i}: ok`);
    await writer.close();
    const reader = new TaskLogStore(b);
    let position = 0;
    let text = '';
    for (;;) {
      const chunk = await reader.read(task, position, 4096);
      if (chunk.text === '') break;
      expect(Buffer.byteLength(chunk.text)).toBeLessThanOrEqual(4096 + 64);
      text += chunk.text;
      position = chunk.position;
    }
    expect(text.split('\n').slice(0, 3)).toEqual(['first line', 'second line — 二行目', 'host-0: ok']);
    expect(text.endsWith('host-299: ok\n')).toBe(true);
    expect(await reader.readAll(task)).toBe(text);
    expect(await reader.exists(task)).toBe(true);
    stop();
    expect(await reader.sweep(Date.now() + 1, new Set([task]))).toBe(0);
    expect(await reader.sweep(Date.now() + 1, new Set())).toBe(1);
    expect(await reader.exists(task)).toBe(false);
  });

  it('resumes a log mark on the other instance only for its user and task', async () => {
    const mark = await new TaskLogMarks(a).issue('u1', 't1', 7);
    const marks = new TaskLogMarks(b);
    expect(await marks.position(mark, 'u1', 't1')).toBe(7);
    expect(await marks.position(mark, 'u2', 't1')).toBe(0);
    expect(await marks.position(mark, 'u1', 't2')).toBe(0);
    expect(await marks.position(undefined, 'u1', 't1')).toBe(0);
  });

  it('gives the period of a job to exactly one of the instances claiming it together', async () => {
    const now = Date.now();
    const claims = await Promise.all([
      claimPeriod(a, 'sweep', 60_000, now),
      claimPeriod(b, 'sweep', 60_000, now),
      claimPeriod(b, 'sweep', 60_000, now),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimPeriod(a, 'sweep', 60_000, now + 30_000)).toBe(false);
    expect(await claimPeriod(b, 'sweep', 60_000, now + 60_000)).toBe(true);
  });
});
