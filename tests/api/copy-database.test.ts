import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CopyRefusedError, copyDatabase } from '../../server/src/data/copy-database';
import type { Database } from '../../server/src/data/database';
import { migrateSchema } from '../../server/src/data/migrate';
import { openDatabase } from '../../server/src/data/open-database';
import { ResourceTable } from '../../server/src/data/resource-table';
import { TaskLogStore } from '../../server/src/data/stores/task-log-store';
import type { CompiledResource } from '../../server/src/engine/compile';
import { createTestDatabase, testBackend, type TestDatabase } from './test-database';
import { kinds, things } from './test-resources';

const byName = new Map<string, CompiledResource>([
  ['test.kind', kinds],
  ['test.thing', things],
]);

/** The engine's schema step for the two test resources, on any database. */
const schema = async (db: Database): Promise<void> => {
  await new ResourceTable(db, kinds, (name) => byName.get(name)).migrate();
  await new ResourceTable(db, things, (name) => byName.get(name)).migrate();
};

/** Moving an SQLite data directory up to PostgreSQL (only meaningful where PostgreSQL runs). */
describe.runIf(testBackend() === 'postgres')('copying an SQLite data directory into PostgreSQL', () => {
  let dir: string;
  let target: TestDatabase;
  let source: Database;
  let pg: Database;
  const logTask = '5f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-copy-'));
    source = await openDatabase({ dataDir: dir, databaseUrl: null });
    await migrateSchema(source, schema);
    const now = Date.now();
    await source.run('INSERT INTO orgs (id, name, date_created) VALUES (?, ?, ?)', ['o1', 'Default', now]);
    await source.run(
      `INSERT INTO users (id, username, name, email, date_expired, date_joined) VALUES (?, ?, ?, ?, ?, ?)`,
      ['u1', 'alice', 'Alice', 'alice@example.com', now + 1e9, now],
    );
    await source.run(
      'INSERT INTO access_keys (id, user_id, secret_sealed, is_active, date_created) VALUES (?, ?, ?, ?, ?)',
      ['k1', 'u1', 'v1.sealed-bytes-stay-as-they-are', 1, now],
    );
    const table = new ResourceTable(source, things, (name) => byName.get(name));
    await new ResourceTable(source, kinds, (name) => byName.get(name)).insertMany([
      { id: 1, name: 'linux' },
      { id: 5, name: 'windows' },
    ]);
    await table.insertMany(
      [
        {
          id: 'a1',
          org_id: 'o1',
          hostname: 'web-1',
          ip: '10.0.0.1',
          is_active: 1,
          meta: '{"rack":3}',
          kind_id: '5',
        },
      ],
      [
        {
          field: 'tags',
          pairs: [
            ['a1', '5'],
            ['a1', '1'],
          ],
        },
      ],
    );
    // A log file of a version that kept logs on disk.
    const logDir = path.join(dir, 'task-logs', logTask.slice(0, 2));
    fs.mkdirSync(logDir, { recursive: true });
    fs.writeFileSync(path.join(logDir, `${logTask}.log`), 'old log line\n');
    target = await createTestDatabase();
    pg = await openDatabase({ dataDir: dir, databaseUrl: target.url });
  });

  afterAll(async () => {
    await pg?.close();
    await source?.close();
    await target?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies every table, keeps secrets sealed as they were, link order and ids going', async () => {
    const report = await copyDatabase(source, pg, { dataDir: dir, schema });
    const rows = Object.fromEntries(report.tables.map((t) => [t.table, t.rows]));
    expect(rows).toMatchObject({
      orgs: 1,
      users: 1,
      access_keys: 1,
      test_kinds: 2,
      test_things: 1,
      test_things_tags: 2,
    });
    expect(report.taskLogs).toBe(1);
    expect(await pg.get('SELECT secret_sealed FROM access_keys WHERE id = ?', ['k1'])).toEqual({
      secret_sealed: 'v1.sealed-bytes-stay-as-they-are',
    });
    const things2 = new ResourceTable(pg, things, (name) => byName.get(name));
    await schema(pg);
    expect((await things2.linkedMany('tags', ['a1'])).get('a1')).toEqual(['5', '1']);
    expect(await things2.count({ search: 'WEB', fields: ['hostname'] })).toBe(1);
    expect(await things2.count({ field: 'kind__name', op: 'eq', value: 'windows' })).toBe(1);
    const row = await pg.get<{ meta: unknown }>('SELECT meta FROM test_things WHERE id = ?', ['a1']);
    // Stored as a JSON object, not as a JSON string of it (read back as text, as on SQLite).
    expect(JSON.parse(String(row?.meta))).toEqual({ rack: 3 });
    // The integer id sequence continues after the copied ids.
    const kindsTable = new ResourceTable(pg, kinds, (name) => byName.get(name));
    await schema(pg);
    expect(Number(await kindsTable.insert({ name: 'bsd' }))).toBe(6);
    expect(await new TaskLogStore(pg).readAll(logTask)).toBe('old log line\n');
  });

  it('refuses a second run, or any target that is not empty, and changes nothing', async () => {
    const before = await pg.get<{ n: number }>('SELECT COUNT(*) AS n FROM users');
    const error = await copyDatabase(source, pg, { dataDir: dir, schema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CopyRefusedError);
    expect((error as Error).message).toMatch(
      /is not empty \(\d+ tables\): the copy only goes into an empty database/,
    );
    expect((error as Error).message).not.toMatch(/password/);
    expect(await pg.get('SELECT COUNT(*) AS n FROM users')).toEqual(before);
  });
});
