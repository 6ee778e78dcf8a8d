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
    // Later pages of a large set: inside the window, across its bound and past it (walked by SQL).
    if (truth.length > 30)
      for (const offset of [90, 185, 195, 200, 215].filter((o) => o < truth.length)) {
        const later = await table.page({
          where,
          order: [{ field: 'timestamp', descending: true }],
          limit: 15,
          offset,
        });
        expect(
          later.rows.map((row) => row.id),
          `${label} offset ${offset}`,
        ).toEqual(truth.slice(offset, offset + 15).map((row) => row.id));
      }
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

  /** Gram blocks of the command table as the command list declares them, apart from its ResourceTable. */
  const commandBlocks = () =>
    new GramBlocks(
      db,
      TABLE,
      { columns: ['input'], partitions: ['org_id', 'risk_level'], order: 'timestamp' },
      new Map(compiled.table.columns.map((c) => [c.column, c.type as ColumnKind])),
      WriteVersions.of(db),
    );

  afterAll(async () => {
    await db?.close();
    await target?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads only the ranges of the blocks that may hold a rare term', async () => {
    const grams = commandBlocks();
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

  it("orders a window of rows of one time by id, in the database's order, page after page", async () => {
    // Commands of one second, the newest, from many sessions, ordinary and dangerous ones (two partitions)
    // with ids that interleave. The first 201 end inside that second, so the cut falls on it: the blocks
    // of both partitions that reach it must be read, since a row of it may come first by id.
    const at = T0 + COUNT * 10 + 500;
    const ties = Array.from({ length: 600 }, (_, i) => ({
      ...command(i % 2 ? 4_000 : 4_001),
      id: `tie-${String((i * 7_919) % 600).padStart(4, '0')}`,
      input: `cat /srv/zz-tie-${i}`,
      timestamp: at,
    }));
    for (let start = 0; start < ties.length; start += 200)
      await table.insertMany(ties.slice(start, start + 200));
    written.push(...ties);
    await check('zz-tie', null, T0, at, 'search');
    await check('zz-tie', 0, T0, at, 'contains');
    await check('zz-tie', null, at, at, 'contains');
  });

  it("reads a block's matches once, and after a write only the open block's again", async () => {
    const grams = commandBlocks();
    const reads: Condition[] = [];
    const reader = async (condition: Condition, orderColumn: string) => {
      reads.push(condition);
      const rows = written.filter((row) =>
        (condition as { allOf: Array<{ field: string; op: string; value: unknown }> }).allOf.every((c) =>
          c.op === 'eq'
            ? row[c.field] === c.value
            : c.op === 'gte'
              ? Number(row[c.field]) >= Number(c.value)
              : c.op === 'lte'
                ? Number(row[c.field]) <= Number(c.value)
                : holds(row, String(c.value)),
        ),
      );
      return rows.map((row) => ({ k: row.id, t: row[orderColumn] }));
    };
    const ask = async (from: number, to: number) =>
      (
        await grams.candidates(
          {
            allOf: [
              { field: 'org_id', op: 'eq', value: 'org-a' },
              { field: 'risk_level', op: 'eq', value: 0 },
              { field: 'timestamp', op: 'gte', value: from },
              { field: 'timestamp', op: 'lte', value: to },
              { field: 'input', op: 'contains', value: 'grep' },
            ],
          },
          (field) => field,
          [{ field: 'timestamp', descending: true }],
          201,
          reader,
        )
      )?.keys;
    const end = T0 + COUNT * 10 + 100;
    const first = (await ask(T0, end)) as string[];
    const truth = written
      .filter((row) => row.org_id === 'org-a' && row.risk_level === 0 && holds(row, 'grep'))
      .sort((a, b) => Number(b.timestamp) - Number(a.timestamp));
    // Every one of the first 201, and nothing older than the 201st.
    for (const row of truth.slice(0, 201)) expect(first).toContain(row.id);
    const edge = Number(truth[200]?.timestamp);
    for (const id of first)
      expect(Number(written.find((row) => row.id === id)?.timestamp)).toBeGreaterThanOrEqual(edge);
    // The newest blocks only: grep is in one ordinary command of six, about 170 a block.
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.length).toBeLessThan(4);
    const blocksRead = reads.length;
    // Another range over the same blocks reads none again.
    await ask(T0, end - 50);
    expect(reads.length).toBe(blocksRead);
    // A command arriving joins the open block: that block alone is read again.
    const arriving = { ...command(COUNT + 1), id: 'arriving-1', input: 'grep -c ok /var/log/app.log' };
    await table.insert(arriving);
    written.push(arriving);
    expect(await ask(T0, end)).toContain('arriving-1');
    expect(reads.length).toBe(blocksRead + 1);
    // A delete bumps the epoch: every list is read again.
    await table.deleteMany(['arriving-1']);
    written = written.filter((row) => row.id !== 'arriving-1');
    expect(await ask(T0, end)).not.toContain('arriving-1');
    expect(reads.length).toBeGreaterThan(blocksRead + 1);
    // Anything besides partitions, the range and the terms is left to SQL.
    expect(
      await grams.candidates(
        {
          allOf: [
            { field: 'org_id', op: 'eq', value: 'org-a' },
            { field: 'timestamp', op: 'gte', value: T0 },
            { field: 'input', op: 'contains', value: 'grep' },
            { field: 'asset', op: 'eq', value: 'web-01' },
          ],
        },
        (field) => field,
        [{ field: 'timestamp', descending: true }],
        201,
        reader,
      ),
    ).toBeNull();
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
