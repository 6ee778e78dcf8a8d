// Gram blocks (docs/data-layer.md#gram-blocks): a list searching the command input reads only the blocks
// whose summary may hold the term — and still finds every matching row, whichever way rows arrived
// (batches, single inserts, a late row with an old time, a bulk load, rows no block counted yet) and after
// a retention sweep. Every answer here is checked against the rows the test wrote.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Condition } from '../../server/src/data/conditions';
import type { Database, Row } from '../../server/src/data/database';
import { GramBlocks } from '../../server/src/data/gram-blocks';
import { migrateSchema } from '../../server/src/data/migrate';
import { openDatabase } from '../../server/src/data/open-database';
import { ResourceTable } from '../../server/src/data/resource-table';
import type { ColumnKind } from '../../server/src/data/sql/condition-sql';
import { WriteVersions } from '../../server/src/data/write-versions';
import { compileResource } from '../../server/src/engine/compile';
import { commandResource } from '../../server/src/resources/terminal/commands';
import { createTestDatabase, testBackend, type TestDatabase } from './test-database';

const compiled = compileResource(commandResource);
const TABLE = compiled.table.table;
const T0 = 1_700_000_000;
const ORDINARY = [
  'ls -l /tmp',
  'cat /etc/hosts',
  'tail -f app.log',
  'grep -r ERROR .',
  'systemctl status nginx',
  'df -h',
];
const DANGEROUS = ['rm -rf /data/tmp', 'shutdown -h now'];
/** Rows of org-a; a few of the ordinary ones, close together, hold the rare `ZQ`. */
const COUNT = 5_200;
const PLANTED = new Set([3_300, 3_301, 3_304, 3_305]);

function command(i: number, org = 'org-a'): Row {
  const dangerous = i % 20 === 0;
  const input = PLANTED.has(i)
    ? `vim /srv/ZQ-${i}.conf`
    : i === 2_222
      ? 'echo Überprüfung'
      : dangerous
        ? (DANGEROUS[i % 2] as string)
        : `${ORDINARY[i % ORDINARY.length]} /${i % 97}`;
  return {
    id: `${org}-${String(i).padStart(6, '0')}`,
    org_id: org,
    user_display: 'Alice(alice)',
    asset: 'web-01',
    system_user: 'root',
    session: 'session-1',
    input,
    output: '',
    risk_level: dangerous ? 5 : 0,
    timestamp: T0 + i * 10,
    remote_addr: null,
  };
}

describe(`gram blocks on ${testBackend()}`, () => {
  let dir: string;
  let target: TestDatabase;
  let db: Database;
  let table: ResourceTable;
  /** What the table holds, as the test wrote it. */
  let written: Row[] = [];

  /** SQLite's LIKE folds ASCII letters only; every term below is ASCII or matched in its own case. */
  const holds = (row: Row, term: string) => String(row.input).toLowerCase().includes(term.toLowerCase());

  const check = async (
    term: string,
    risk: number | null,
    from: number,
    to: number,
    form: 'contains' | 'search',
  ) => {
    const where: Condition = {
      allOf: [
        { field: 'org_id', op: 'eq', value: 'org-a' },
        ...(risk === null ? [] : [{ field: 'risk_level', op: 'eq', value: risk } as const]),
        { field: 'timestamp', op: 'gte', value: from },
        { field: 'timestamp', op: 'lte', value: to },
        form === 'contains'
          ? { field: 'input', op: 'contains', value: term }
          : { search: term, fields: ['input'] },
      ],
    };
    const truth = written
      .filter(
        (row) =>
          row.org_id === 'org-a' &&
          (risk === null || row.risk_level === risk) &&
          Number(row.timestamp) >= from &&
          Number(row.timestamp) <= to &&
          holds(row, term),
      )
      .sort((a, b) => Number(b.timestamp) - Number(a.timestamp) || (String(b.id) < String(a.id) ? -1 : 1));
    const page = await table.page({
      where,
      order: [{ field: 'timestamp', descending: true }],
      limit: 15,
      offset: 0,
    });
    const label = `${term} risk ${risk} ${from}–${to} ${form}`;
    expect(
      page.rows.map((row) => row.id),
      label,
    ).toEqual(truth.slice(0, 15).map((row) => row.id));
    expect(page.count, label).toBe(Math.min(truth.length, 200));
    expect(page.countIsLowerBound, label).toBe(truth.length > 200);
  };

  const checkAll = async () => {
    const end = T0 + COUNT * 10;
    const windows: Array<[number, number]> = [
      [T0, end],
      [T0 + 3_000 * 10, T0 + 3_400 * 10],
      [T0, T0 + 2_000 * 10],
      [T0 + 3_303 * 10, end],
    ];
    for (const term of ['zq', 'ZQ-3301', 'rm', 'ls', 'Über', 'nginx', 'q', 'zq-late', 'not-there'])
      for (const risk of [null, 0, 5])
        for (const [from, to] of windows)
          await check(term, risk, from, to, risk === 5 ? 'search' : 'contains');
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-gram-blocks-'));
    target = await createTestDatabase();
    db = await openDatabase({ dataDir: dir, databaseUrl: target.url });
    table = new ResourceTable(db, compiled, () => undefined);
    await migrateSchema(db, () => table.migrate());
    const rows = Array.from({ length: COUNT }, (_, i) => command(i));
    // Batches of the size a component posts, and another org's rows holding the same terms.
    for (let start = 0; start < rows.length; start += 800)
      await table.insertMany(rows.slice(start, start + 800));
    const other = Array.from({ length: 1_200 }, (_, i) => command(3_300 + (i % 6), 'org-b'));
    other.forEach((row, i) => (row.id = `org-b-${i}`));
    await table.insertMany(other);
    written = [...rows, ...other];
  });

  afterAll(async () => {
    await db?.close();
    await target?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads only the ranges of the blocks that may hold a rare term', async () => {
    const kinds = new Map(compiled.table.columns.map((c) => [c.column, c.type as ColumnKind]));
    const grams = new GramBlocks(
      db,
      TABLE,
      { columns: ['input'], partitions: ['org_id', 'risk_level'], order: 'timestamp' },
      kinds,
      WriteVersions.of(db),
    );
    const term: Condition = { field: 'input', op: 'contains', value: 'zq' };
    const asked: Condition = {
      allOf: [
        { field: 'org_id', op: 'eq', value: 'org-a' },
        { field: 'risk_level', op: 'eq', value: 0 },
        { field: 'timestamp', op: 'gte', value: T0 },
        { field: 'timestamp', op: 'lte', value: T0 + COUNT * 10 },
        term,
      ],
    };
    const narrowed = await grams.narrow(
      asked,
      (field) => field,
      () => false,
    );
    // The planted rows lie in one block of the ordinary commands (about 1,000 of the 4,940): the list reads
    // that block's range (and any block whose summary holds the term's bits by chance), not the rest.
    expect(narrowed).not.toBe(asked);
    const ranges = (narrowed as { allOf: Condition[] }).allOf[0] as { anyOf: Array<{ allOf: Condition[] }> };
    const spans = ranges.anyOf.map((range) => {
      const value = (op: string) =>
        Number(
          (range.allOf.find((c) => 'op' in c && c.op === op && c.field === 'timestamp') as { value: number })
            .value,
        );
      return [value('gte'), value('lte')] as const;
    });
    for (const i of PLANTED)
      expect(spans.some(([lo, hi]) => lo <= T0 + i * 10 && T0 + i * 10 <= hi)).toBe(true);
    const read = spans.reduce((sum, [lo, hi]) => sum + (hi - lo) / 10, 0);
    expect(read).toBeLessThan(COUNT / 2);
    expect((narrowed as { allOf: Condition[] }).allOf).toContain(term);
    // A selective filter index (one session) or a common term: the condition stays as asked.
    const oneSession: Condition = {
      allOf: [...(asked as { allOf: Condition[] }).allOf, { field: 'session', op: 'eq', value: 'session-1' }],
    };
    expect(
      await grams.narrow(
        oneSession,
        (field) => field,
        (column) => column === 'session',
      ),
    ).toBe(oneSession);
    const common: Condition = {
      allOf: [...(asked as { allOf: Condition[] }).allOf.slice(0, 4), { search: 'ls', fields: ['input'] }],
    };
    expect(
      await grams.narrow(
        common,
        (field) => field,
        () => false,
      ),
    ).toBe(common);
  });

  it('finds every matching row, by risk level, date range and term', async () => {
    await checkAll();
  });

  it('finds a late row with an old time, and a row inserted alone', async () => {
    const late = { ...command(100), id: 'late-1', input: 'echo zq-late' };
    await table.insert(late);
    const alone = { ...command(COUNT), input: 'ls /srv/zq' };
    await table.insert(alone);
    written.push(late, alone);
    await checkAll();
  });

  it('stays exact after a retention sweep', async () => {
    const cutoff = T0 + 3_302 * 10;
    const removed = await table.deleteWhere({ field: 'timestamp', op: 'lte', value: cutoff });
    expect(removed).toBe(written.filter((row) => Number(row.timestamp) <= cutoff).length);
    written = written.filter((row) => Number(row.timestamp) > cutoff);
    await checkAll();
  });

  it('summarises rows no block counts at start-up, and a bulk load once after it', async () => {
    // Rows written past the data layer (a version before gram blocks): the next start summarises them.
    const extra: Row[] = Array.from({ length: 1_500 }, (_, i) => ({
      ...command(COUNT + 10 + i),
      id: `extra-${i}`,
    }));
    extra[700] = { ...(extra[700] as Row), input: 'cat /srv/zq.txt' };
    extra[2] = { ...(extra[2] as Row), input: 'less /srv/zq.md' };
    for (const row of extra.slice(0, 5))
      await db.run(
        `INSERT INTO ${TABLE} (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row)
          .map(() => '?')
          .join(', ')})`,
        Object.values(row),
      );
    written.push(...extra.slice(0, 5));
    const restarted = new ResourceTable(db, compiled, () => undefined);
    await migrateSchema(db, () => restarted.migrate());
    table = restarted;
    await checkAll();
    await table.bulkLoad(async (insert) => insert(extra.slice(5)));
    written.push(...extra.slice(5));
    await checkAll();
  });
});
