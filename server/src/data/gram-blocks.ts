import crypto from 'node:crypto';
import type { Condition } from './conditions';
import type { Database, Row } from './database';
import { assertIdentifier, type ColumnTypes } from './dialect';
import {
  addText,
  decodeSummary,
  encodeSummary,
  holdsBytes,
  merge,
  SUMMARY_BYTES,
  termBits,
  wantedBytes,
} from './gram-bits';
import type { ColumnKind } from './sql/condition-sql';
import type { WriteVersions } from './write-versions';

/**
 * Gram blocks (docs/data-layer.md#gram-blocks): a skip index for substring searches that no text index can
 * narrow — a term of one or two characters, or one common in the table but absent from the rows the
 * other filters leave. The rows of each partition (the org and, for commands, the risk level) are cut, in
 * the order they arrive, into blocks of BLOCK_ROWS; a block stores its range of the order column and the
 * gram summary of its texts (gram-bits.ts). A list searching a term reads the blocks of its partitions and
 * range, keeps those whose summary holds the term, and is rewritten to read only their ranges.
 *
 * The invariant that makes the rewrite exact: every row lies in a block of its own partition whose range
 * holds its order value and whose summary holds its texts. Every insert and every update of these columns
 * goes through `add` in the write's transaction; a table with rows no block counts (a bulk load, an older
 * version) is summarised again at start-up.
 */

/** Rows per block: small enough that a block lacks most grams, large enough that a week is a few hundred. */
export const BLOCK_ROWS = 1_000;
/** A rewrite with more ranges than this merges the closest (reading more rows, still exact). */
const MAX_RANGES = 32;
/** Rows per read while summarising a whole table. */
const REBUILD_PAGE = 50_000;
/** The entry counting the rows deleted since the blocks counted them (no partition, no range). */
const DELETED = '#deleted';
/** Decoded summaries kept in memory (512 bytes each): 20 million rows' worth. */
const CACHED_SUMMARIES = 20_000;

export interface GramBlockSpec {
  /** The text columns summarised. */
  columns: readonly string[];
  /** Columns whose values split the rows into separate runs of blocks (each block holds one value of each). */
  partitions: readonly string[];
  /** The numeric column lists are ordered and filtered by (a timestamp). */
  order: string;
}

/** A range of one partition to read; `gapAfter`: rows skipped before the partition's next range. */
interface Range {
  parts: unknown[];
  lo: number;
  hi: number;
  gapAfter: number;
}

/** A block as the planner sees it: `keep` when its summary holds the terms. */
interface MarkedBlock {
  key: string;
  parts: unknown[];
  lo: number;
  hi: number;
  n: number;
  keep: boolean;
}

interface Block {
  parts: unknown[];
  lo: number;
  hi: number;
  n: number;
  summary: Uint8Array;
}

/** Flattens nested `allOf`s: the conjuncts of a condition. */
function conjuncts(condition: Condition): Condition[] {
  return 'allOf' in condition ? condition.allOf.flatMap(conjuncts) : [condition];
}

export class GramBlocks {
  readonly table: string;
  private readonly cache = new Map<string, { stamp: string; bits: Uint8Array }>();

  constructor(
    private readonly db: Database,
    private readonly source: string,
    private readonly spec: GramBlockSpec,
    private readonly kinds: ReadonlyMap<string, ColumnKind>,
    private readonly versions: WriteVersions,
  ) {
    this.table = assertIdentifier(`${source}__gram_blocks`);
    [...spec.columns, ...spec.partitions, spec.order].forEach(assertIdentifier);
  }

  private partColumn = (i: number): string => `part_${i}`;

  /** Whether a change of this column may move a row out of its block's partition, range or summary. */
  summarises(column: string): boolean {
    return this.spec.columns.includes(column) || this.spec.partitions.includes(column) || column === this.spec.order;
  }

  /** Creates the block table; summarises the rows no block counts (a bulk load, a first start). */
  async migrate(types: ColumnTypes): Promise<void> {
    const partType = (column: string) => {
      const kind = this.kinds.get(column) ?? 'text';
      return kind === 'datetime' ? types.bigint : kind === 'boolean' ? types.boolean : types[kind];
    };
    const parts = this.spec.partitions.map((column, i) => `${this.partColumn(i)} ${partType(column)}`);
    await this.db.exec(
      `CREATE TABLE IF NOT EXISTS ${this.table} (id ${types.text} PRIMARY KEY, seq ${types.bigint}, ${parts.join(', ')}${parts.length ? ', ' : ''}lo ${types.bigint}, hi ${types.bigint}, n ${types.integer}, summary ${types.text})`,
    );
    const partList = this.spec.partitions.map((_, i) => this.partColumn(i));
    await this.db.exec(
      `CREATE INDEX IF NOT EXISTS ${this.table}_range ON ${this.table} (${[...partList, 'hi'].join(', ')})`,
    );
    const rows = await this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${this.source}`);
    // Rows the blocks count, less those deleted since (the DELETED entry): more rows than that were
    // written past `add` (a bulk load, a version before gram blocks).
    const counted = await this.db.get<{ n: number }>(
      `SELECT COALESCE(SUM(CASE WHEN id = ? THEN -n ELSE n END), 0) AS n FROM ${this.table}`,
      [DELETED],
    );
    if (Number(rows?.n ?? 0) !== Number(counted?.n ?? 0)) await this.rebuild();
    await this.versions.track(this.table);
  }

  /** Summarises the whole table again, the rows in partition and order (one pass of the order index). */
  async rebuild(): Promise<void> {
    await this.db.run(`DELETE FROM ${this.table}`);
    const parts = this.spec.partitions;
    const select = [...parts, this.spec.order, ...this.spec.columns].map((c) => `r.${c}`).join(', ');
    const order = [...parts, this.spec.order, 'id'].map((c) => `r.${c}`).join(', ');
    let current: Block | null = null;
    let seq = 0;
    const done: Block[] = [];
    for (let offset = 0; ; offset += REBUILD_PAGE) {
      const rows = await this.db.all(
        `SELECT ${select} FROM ${this.source} r ORDER BY ${order} LIMIT ? OFFSET ?`,
        [REBUILD_PAGE, offset],
      );
      for (const row of rows) {
        const values = parts.map((c) => row[c] ?? null);
        if (current === null || current.n >= BLOCK_ROWS || !sameParts(current.parts, values)) {
          if (current) done.push(current);
          current = { parts: values, lo: Infinity, hi: -Infinity, n: 0, summary: new Uint8Array(SUMMARY_BYTES) };
        }
        this.addRow(current, row);
      }
      if (done.length > 0) await this.insertBlocks(done.splice(0), () => (seq += 1));
      if (rows.length < REBUILD_PAGE) break;
    }
    if (current) await this.insertBlocks([current], () => (seq += 1));
  }

  private addRow(block: Block, row: Row): void {
    const at = Number(row[this.spec.order] ?? 0);
    block.lo = Math.min(block.lo, at);
    block.hi = Math.max(block.hi, at);
    block.n += 1;
    for (const column of this.spec.columns) {
      const text = row[column];
      if (text !== null && text !== undefined) addText(block.summary, String(text));
    }
  }

  private async insertBlocks(blocks: readonly Block[], nextSeq: () => number): Promise<void> {
    const columns = ['id', 'seq', ...this.spec.partitions.map((_, i) => this.partColumn(i)), 'lo', 'hi', 'n', 'summary'];
    for (let start = 0; start < blocks.length; start += 200) {
      const batch = blocks.slice(start, start + 200);
      const tuple = `(${columns.map(() => '?').join(', ')})`;
      await this.db.run(
        `INSERT INTO ${this.table} (${columns.join(', ')}) VALUES ${batch.map(() => tuple).join(', ')}`,
        batch.flatMap((b) => [crypto.randomUUID(), nextSeq(), ...b.parts, b.lo, b.hi, b.n, encodeSummary(b.summary)]),
      );
    }
  }

  /**
   * Adds the rows of these ids, as stored now, to the open block of their partition (a new one when it is
   * full). Runs inside the write's transaction; a lock per partition keeps two instances from both
   * reading the open block's summary and one losing the other's bits.
   */
  async add(ids: readonly unknown[]): Promise<void> {
    if (ids.length === 0) return;
    const parts = this.spec.partitions;
    const select = ['id', ...parts, this.spec.order, ...this.spec.columns].join(', ');
    const rows: Row[] = [];
    for (let start = 0; start < ids.length; start += 500)
      rows.push(
        ...(await this.db.all(`SELECT ${select} FROM ${this.source} WHERE ${this.db.dialect.inList('id')}`, [
          this.db.dialect.listParam(ids.slice(start, start + 500)),
        ])),
      );
    const groups = new Map<string, Row[]>();
    for (const row of rows) {
      const key = JSON.stringify(parts.map((c) => row[c] ?? null));
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    // Partitions locked in one order by every writer: two transactions never wait for each other's lock.
    for (const [key, group] of [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const values = JSON.parse(key) as unknown[];
      group.sort((a, b) => Number(a[this.spec.order]) - Number(b[this.spec.order]));
      await this.db.lock(`gram-blocks:${this.source}:${key}`);
      const where = values.map((v, i) => (v === null ? `${this.partColumn(i)} IS NULL` : `${this.partColumn(i)} = ?`));
      const open = await this.db.get<{ id: string; seq: number; lo: number; hi: number; n: number; summary: string }>(
        `SELECT id, seq, lo, hi, n, summary FROM ${this.table}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT 1`,
        values.filter((v) => v !== null),
      );
      let seq = Number(open?.seq ?? 0);
      let index = 0;
      if (open && Number(open.n) < BLOCK_ROWS) {
        const block: Block = {
          parts: values,
          lo: Number(open.lo),
          hi: Number(open.hi),
          n: Number(open.n),
          summary: decodeSummary(open.summary),
        };
        for (; index < group.length && block.n < BLOCK_ROWS; index += 1) this.addRow(block, group[index] as Row);
        await this.db.run(`UPDATE ${this.table} SET lo = ?, hi = ?, n = ?, summary = ? WHERE id = ?`, [
          block.lo,
          block.hi,
          block.n,
          encodeSummary(block.summary),
          open.id,
        ]);
      }
      const fresh: Block[] = [];
      for (; index < group.length; index += 1) {
        const last = fresh.at(-1);
        const block =
          last && last.n < BLOCK_ROWS
            ? last
            : { parts: values, lo: Infinity, hi: -Infinity, n: 0, summary: new Uint8Array(SUMMARY_BYTES) };
        if (block !== last) fresh.push(block);
        this.addRow(block, group[index] as Row);
      }
      await this.insertBlocks(fresh, () => (seq += 1));
    }
  }

  /** Counts rows deleted (in the delete's transaction): the start-up check compares the rows with the blocks' count. */
  async removed(count: number): Promise<void> {
    if (count === 0) return;
    await this.db.run(
      `INSERT INTO ${this.table} (id, n) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET n = ${this.table}.n + excluded.n`,
      [DELETED, count],
    );
  }

  /** Removes blocks none of whose range holds a row any more (after a retention sweep). */
  async prune(): Promise<void> {
    const same = this.spec.partitions.map((c, i) => `r.${c} = b.${this.partColumn(i)}`);
    await this.db.transaction(async () => {
      const empty = await this.db.all<{ id: string; n: number }>(
        `SELECT b.id, b.n FROM ${this.table} b WHERE b.lo IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${this.source} r WHERE ${[...same, `r.${this.spec.order} >= b.lo`, `r.${this.spec.order} <= b.hi`].join(' AND ')})`,
      );
      for (let start = 0; start < empty.length; start += 500) {
        const chunk = empty.slice(start, start + 500);
        await this.db.run(`DELETE FROM ${this.table} WHERE ${this.db.dialect.inList('id')}`, [
          this.db.dialect.listParam(chunk.map((block) => block.id)),
        ]);
        // Their rows were all deleted, each counted in DELETED.
        await this.removed(-chunk.reduce((sum, block) => sum + Number(block.n), 0));
      }
    });
  }

  /**
   * The summaries of these blocks, decoded, from a cache by block id that holds a summary with the row
   * count and range it was read at: only blocks written since (the open ones) are read again.
   */
  private async summaries(rows: readonly Row[]): Promise<Map<string, Uint8Array>> {
    const out = new Map<string, Uint8Array>();
    const missing: string[] = [];
    for (const row of rows) {
      const id = String(row.id);
      const entry = this.cache.get(id);
      if (entry && entry.stamp === `${row.n}:${row.lo}:${row.hi}`) out.set(id, entry.bits);
      else missing.push(id);
    }
    for (let start = 0; start < missing.length; start += 500) {
      const fresh = await this.db.all<{ id: string; n: number; lo: number; hi: number; summary: string }>(
        `SELECT id, n, lo, hi, summary FROM ${this.table} WHERE ${this.db.dialect.inList('id')}`,
        [this.db.dialect.listParam(missing.slice(start, start + 500))],
      );
      for (const row of fresh) {
        const bits = decodeSummary(row.summary);
        out.set(String(row.id), bits);
        if (this.cache.size >= CACHED_SUMMARIES) this.cache.delete(this.cache.keys().next().value as string);
        this.cache.set(String(row.id), { stamp: `${row.n}:${row.lo}:${row.hi}`, bits });
      }
    }
    // A block gone between the two reads (a retention sweep) holds nothing any more.
    for (const row of rows) if (!out.has(String(row.id))) out.set(String(row.id), new Uint8Array(SUMMARY_BYTES));
    return out;
  }

  /**
   * Every block of the partitions `where` selects, in partition and range order, with whether its summary
   * holds every bit of `wanted`; null when a block's partition is null (no equality can name it). Cached
   * until a block is written: the ranges of a request's dates are then picked in memory.
   */
  private async markedBlocks(
    where: readonly string[],
    params: readonly unknown[],
    wanted: Uint8Array,
  ): Promise<MarkedBlock[] | null> {
    const partList = this.spec.partitions.map((_, i) => this.partColumn(i));
    const rows = await this.db.all(
      `SELECT ${['id', ...partList, 'lo', 'hi', 'n'].join(', ')} FROM ${this.table}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ${[...partList, 'lo'].join(', ')}`,
      params,
    );
    for (const row of rows) for (const c of partList) if (row[c] === null || row[c] === undefined) return null;
    const summaries = await this.summaries(rows);
    const test = wantedBytes(wanted);
    return rows.map((row) => ({
      key: JSON.stringify(partList.map((c) => row[c])),
      parts: partList.map((c) => row[c]),
      lo: Number(row.lo),
      hi: Number(row.hi),
      n: Number(row.n),
      keep: holdsBytes(summaries.get(String(row.id)) as Uint8Array, test),
    }));
  }

  /**
   * The ranges to read of the marked blocks overlapping [from, to]: kept blocks, adjacent ones of a partition
   * merged, at most MAX_RANGES; null when they hold more than half the rows (no skip worth its plan).
   */
  private ranges(blocks: readonly MarkedBlock[], from: number, to: number): Range[] | null {
    let total = 0;
    let kept = 0;
    for (const block of blocks)
      if (block.hi >= from && block.lo <= to) {
        total += block.n;
        if (block.keep) kept += block.n;
      }
    // Reading most of the range anyway: the list's own walk stops at its page, the ranges would not.
    if (kept * 2 > total) return null;
    const ranges: Range[] = [];
    let open: Range | null = null;
    let partition: string | null = null;
    let skipped = 0;
    for (const block of blocks) {
      if (block.hi < from || block.lo > to) continue;
      if (block.key !== partition) {
        partition = block.key;
        open = null;
        skipped = 0;
      }
      if (!block.keep) {
        skipped += block.n;
        continue;
      }
      if (open && skipped === 0) open.hi = Math.max(open.hi, block.hi);
      else {
        if (open) open.gapAfter = skipped;
        open = { parts: block.parts, lo: block.lo, hi: block.hi, gapAfter: Infinity };
        ranges.push(open);
      }
      skipped = 0;
    }
    // Too many ranges: merge neighbours of one partition across the fewest skipped rows.
    while (ranges.length > MAX_RANGES) {
      let best = -1;
      ranges.forEach((range, i) => {
        if (i + 1 < ranges.length && Number.isFinite(range.gapAfter) && (best < 0 || range.gapAfter < (ranges[best] as Range).gapAfter))
          best = i;
      });
      if (best < 0) return null;
      const [first, second] = ranges.splice(best, 2) as [Range, Range];
      ranges.splice(best, 0, {
        parts: first.parts,
        lo: Math.min(first.lo, second.lo),
        hi: Math.max(first.hi, second.hi),
        gapAfter: second.gapAfter,
      });
    }
    return ranges;
  }

  /**
   * `condition` rewritten to read only the ranges of the blocks that may hold its search terms, or as it
   * is when it searches no summarised column or when the blocks would not skip much.
   *
   * Exact: the partition and range conjuncts the blocks were chosen by are replaced by the ranges, each
   * naming its partition values and clipped to the range asked for; every row they accepted lies in a
   * chosen block's range unless it lacks a term (the invariant above).
   */
  async narrow(
    condition: Condition | null,
    columnOf: (field: string) => string | null,
    filterIndexed: (column: string) => boolean,
  ): Promise<Condition | null> {
    if (condition === null) return condition;
    const all = conjuncts(condition);
    // An equality on a column with its own filter index (a session) already reads few rows along it.
    for (const c of all) {
      const column = 'op' in c && (c.op === 'eq' || c.op === 'in') ? columnOf(c.field) : null;
      if (column !== null && !this.spec.partitions.includes(column) && filterIndexed(column)) return condition;
    }
    const summarised = (field: string) => this.spec.columns.includes(columnOf(field) ?? '');
    const terms: string[] = [];
    for (const c of all) {
      if ('op' in c && c.op === 'contains' && summarised(c.field)) terms.push(c.value);
      else if ('search' in c && c.fields.length > 0 && c.fields.every(summarised)) terms.push(c.search);
    }
    const wanted = new Uint8Array(SUMMARY_BYTES);
    let any = false;
    for (const term of terms) {
      const bits = termBits(term);
      if (bits) {
        merge(wanted, bits);
        any = true;
      }
    }
    if (!any) return condition;

    const used = new Set<Condition>();
    type PartFilter = { field: string; op: 'eq'; value: unknown } | { field: string; op: 'in'; values: readonly unknown[] };
    const isPartFilter = (c: Condition, column: string): c is PartFilter =>
      // An equality with null stays a conjunct of its own (no block partition is null, see below).
      'op' in c && ((c.op === 'eq' && c.value !== null) || c.op === 'in') && columnOf(c.field) === column;
    const partFilters = this.spec.partitions.map((column) => {
      const found = all.find((c): c is PartFilter => isPartFilter(c, column) && !used.has(c));
      if (found) used.add(found);
      return found;
    });
    let from = -Infinity;
    let to = Infinity;
    for (const c of all)
      if ('op' in c && (c.op === 'gte' || c.op === 'lte') && columnOf(c.field) === this.spec.order) {
        const value = Number(c.value);
        if (!Number.isFinite(value)) return condition;
        if (c.op === 'gte') from = Math.max(from, value);
        else to = Math.min(to, value);
        used.add(c);
      }

    const where: string[] = [];
    const params: unknown[] = [];
    partFilters.forEach((c, i) => {
      if (!c) return;
      if (c.op === 'eq') {
        where.push(`${this.partColumn(i)} = ?`);
        params.push(c.value);
      } else {
        where.push(this.db.dialect.inList(this.partColumn(i)));
        params.push(this.db.dialect.listParam(c.values));
      }
    });
    // Without a bound a row whose order value is null would fall outside every range.
    if (!Number.isFinite(from) && !Number.isFinite(to)) return condition;
    const key = `gram-blocks\u0000${this.table}\u0000${where.join(' AND ')}\u0000${JSON.stringify(params)}\u0000${encodeSummary(wanted)}`;
    const blocks = await this.versions.cached(
      key,
      new Set([this.table]),
      () => this.markedBlocks(where, params, wanted),
      (value) => (value === null ? 1 : value.length),
    );
    const ranges = blocks === null ? null : this.ranges(blocks, from, to);
    if (ranges === null) return condition;
    const rest = all.filter((c) => !used.has(c));
    const clipped = ranges
      .map((r) => ({ ...r, lo: Math.max(r.lo, from), hi: Math.min(r.hi, to) }))
      .filter((r) => r.lo <= r.hi);
    if (clipped.length === 0) return { never: true };
    const anyRange: Condition = {
      anyOf: clipped.map((r) => ({
        allOf: [
          ...this.spec.partitions.map((column, i): Condition => ({ field: column, op: 'eq', value: r.parts[i] })),
          { field: this.spec.order, op: 'gte', value: r.lo },
          { field: this.spec.order, op: 'lte', value: r.hi },
        ],
      })),
    };
    return { allOf: [anyRange, ...rest] };
  }
}

function sameParts(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
