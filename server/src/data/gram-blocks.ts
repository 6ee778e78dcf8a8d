import crypto from 'node:crypto';
import type { Condition, OrderTerm } from './conditions';
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
import { GramMatchLists } from './gram-match-lists';
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
 *
 * The same blocks answer a bounded list's first window without walking the rows (`candidates`): each
 * block's matches of a term are read once and kept (gram-match-lists.ts), and a window takes the newest
 * matches from the newest blocks until no older block can hold a row of it.
 */

/** Rows per block: small enough that a block lacks most grams, large enough that a week is a few hundred. */
export const BLOCK_ROWS = 1_000;
/** A rewrite with more ranges than this merges the closest (reading more rows, still exact). */
const MAX_RANGES = 32;
/** Rows per read while summarising a whole table. */
const REBUILD_PAGE = 50_000;
/** The entry counting the rows deleted since the blocks counted them (no partition, no range). */
const DELETED = '#deleted';
/**
 * The entry whose count goes up with every delete, every update of a summarised column and every rebuild:
 * the changes after which a block's match list may hold a row it no longer matches (gram-match-lists.ts).
 */
const EPOCH = '#epoch';
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

/** A block as listed for a request: its id, partition (values and their JSON), range and row count. */
interface ListedBlock {
  id: string;
  key: string;
  parts: unknown[];
  lo: number;
  hi: number;
  n: number;
}

/** The blocks of some partitions, in partition and range order, and the table's epoch when they were read. */
interface BlockList {
  epoch: number;
  blocks: readonly ListedBlock[];
}

/** A block as the planner sees it: `keep` when its summary holds the terms. */
interface MarkedBlock extends ListedBlock {
  keep: boolean;
}

/** A list's blocks marked for some bits: all of them in list order, the kept ones newest first and oldest first. */
interface Marks {
  all: readonly MarkedBlock[];
  newest: readonly MarkedBlock[];
  oldest: readonly MarkedBlock[];
}

type PartFilter = { field: string; op: 'eq'; value: unknown } | { field: string; op: 'in'; values: readonly unknown[] };

/** A condition's conjuncts as the blocks see them (`analyse`). */
interface Analysed {
  all: readonly Condition[];
  /** Per partition column, the equality or list that names its values (undefined: every value). */
  partFilters: ReadonlyArray<PartFilter | undefined>;
  /** The partition filters and the order column's bounds, which ranges of blocks can stand for. */
  used: ReadonlySet<Condition>;
  /** The conjuncts searching summarised columns, and the bits a block must hold for them (null: none). */
  terms: readonly Condition[];
  wanted: Uint8Array | null;
  /** Everything else. */
  others: readonly Condition[];
  from: number;
  to: number;
  /** The partition filters as a condition on the block table. */
  where: readonly string[];
  params: readonly unknown[];
}

/** What a list's window needs read: the keys and order values of the rows a condition selects. */
export type MatchReader = (
  condition: Condition,
  orderColumn: string,
) => Promise<ReadonlyArray<{ k: unknown; t: unknown }>>;

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
  /** The marks of a block list for each set of bits asked (the lists are replaced when a block is written). */
  private readonly marked = new WeakMap<BlockList, Map<string, Marks>>();
  private readonly matchLists: GramMatchLists;

  constructor(
    private readonly db: Database,
    private readonly source: string,
    private readonly spec: GramBlockSpec,
    private readonly kinds: ReadonlyMap<string, ColumnKind>,
    private readonly versions: WriteVersions,
    matchLists = new GramMatchLists(),
  ) {
    this.matchLists = matchLists;
    this.table = assertIdentifier(`${source}__gram_blocks`);
    [...spec.columns, ...spec.partitions, spec.order].forEach(assertIdentifier);
  }

  private partColumn = (i: number): string => `part_${i}`;

  /** The column the blocks' ranges are of (the list's order). */
  get orderColumn(): string {
    return this.spec.order;
  }

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
      `SELECT COALESCE(SUM(CASE WHEN id = ? THEN -n WHEN id = ? THEN 0 ELSE n END), 0) AS n FROM ${this.table}`,
      [DELETED, EPOCH],
    );
    if (Number(rows?.n ?? 0) !== Number(counted?.n ?? 0)) await this.rebuild();
    await this.versions.track(this.table);
  }

  /** Summarises the whole table again, the rows in partition and order (one pass of the order index). */
  async rebuild(): Promise<void> {
    // The epoch stays (a value it took before must never come back) and goes up.
    await this.db.run(`DELETE FROM ${this.table} WHERE id <> ?`, [EPOCH]);
    await this.changed();
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
        `SELECT id, seq, lo, hi, n, summary FROM ${this.table} WHERE ${['lo IS NOT NULL', ...where].join(' AND ')} ORDER BY seq DESC LIMIT 1`,
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
    await this.changed();
  }

  /**
   * Rows of these ids had a summarised column changed (in the update's transaction): their new values join
   * an open block, and the match lists read before no longer count (the old values may be in them).
   */
  async updated(ids: readonly unknown[]): Promise<void> {
    await this.add(ids);
    await this.changed();
  }

  /** The epoch goes up: every match list read before is read again. */
  private async changed(): Promise<void> {
    await this.db.run(
      `INSERT INTO ${this.table} (id, n) VALUES (?, 1) ON CONFLICT (id) DO UPDATE SET n = ${this.table}.n + 1`,
      [EPOCH],
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
  private async summaries(rows: readonly ListedBlock[]): Promise<Map<string, Uint8Array>> {
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
   * Every block of the partitions `where` selects, in partition and range order, and the epoch; null when a
   * block's partition is null (no equality can name it). Cached until a block is written, and shared by the
   * requests of every term.
   */
  private async listed(where: readonly string[], params: readonly unknown[]): Promise<BlockList | null> {
    const key = `gram-blocks\u0000${this.table}\u0000${where.join(' AND ')}\u0000${JSON.stringify(params)}`;
    return this.versions.cached(
      key,
      new Set([this.table]),
      async () => {
        const partList = this.spec.partitions.map((_, i) => this.partColumn(i));
        const rows = await this.db.all(
          `SELECT ${['id', ...partList, 'lo', 'hi', 'n'].join(', ')} FROM ${this.table} WHERE ${['lo IS NOT NULL', ...where].join(' AND ')} ORDER BY ${[...partList, 'lo'].join(', ')}`,
          params,
        );
        const blocks: ListedBlock[] = [];
        for (const row of rows) {
          const parts = partList.map((c) => row[c]);
          if (parts.some((v) => v === null || v === undefined)) return null;
          blocks.push({
            id: String(row.id),
            key: JSON.stringify(parts),
            parts,
            lo: Number(row.lo),
            hi: Number(row.hi),
            n: Number(row.n),
          });
        }
        const epoch = await this.db.get<{ n: number }>(`SELECT n FROM ${this.table} WHERE id = ?`, [EPOCH]);
        return { epoch: Number(epoch?.n ?? 0), blocks };
      },
      (value) => (value === null ? 1 : value.blocks.length),
    );
  }

  /** The blocks of a list, each with whether its summary holds every bit of `wanted` (kept per list). */
  private async marks(list: BlockList, wanted: Uint8Array): Promise<Marks> {
    const key = encodeSummary(wanted);
    let byBits = this.marked.get(list);
    const known = byBits?.get(key);
    if (known) return known;
    const summaries = await this.summaries(list.blocks);
    const test = wantedBytes(wanted);
    // Written out, not spread: V8 gives objects made by a spread a slow shape (a walk of a thousand of
    // them cost 0.5 ms instead of 30 µs).
    const all = list.blocks.map(
      (block): MarkedBlock => ({
        id: block.id,
        key: block.key,
        parts: block.parts,
        lo: block.lo,
        hi: block.hi,
        n: block.n,
        keep: holdsBytes(summaries.get(block.id) as Uint8Array, test),
      }),
    );
    const kept = all.filter((block) => block.keep);
    const marked: Marks = {
      all,
      newest: [...kept].sort((a, b) => b.hi - a.hi),
      oldest: [...kept].sort((a, b) => a.lo - b.lo),
    };
    if (!byBits) this.marked.set(list, (byBits = new Map()));
    // A few terms per list are asked between two writes; a list of a static table meets many.
    if (byBits.size >= 64) byBits.delete(byBits.keys().next().value as string);
    byBits.set(key, marked);
    return marked;
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
   * The conjuncts of `condition` as the blocks see them: partition filters, bounds of the order column,
   * terms on summarised columns, the rest; null when a bound is not a number.
   */
  private analyse(condition: Condition, columnOf: (field: string) => string | null): Analysed | null {
    const all = conjuncts(condition);
    const summarised = (field: string) => this.spec.columns.includes(columnOf(field) ?? '');
    const terms: Condition[] = [];
    const wanted = new Uint8Array(SUMMARY_BYTES);
    let any = false;
    for (const c of all) {
      const term =
        'op' in c && c.op === 'contains' && summarised(c.field)
          ? c.value
          : 'search' in c && c.fields.length > 0 && c.fields.every(summarised)
            ? c.search
            : null;
      if (term === null) continue;
      terms.push(c);
      const bits = termBits(term);
      if (bits) {
        merge(wanted, bits);
        any = true;
      }
    }
    const used = new Set<Condition>();
    const isPartFilter = (c: Condition, column: string): c is PartFilter =>
      // An equality with null stays a conjunct of its own (no block partition is null, see `listed`).
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
        if (!Number.isFinite(value)) return null;
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
    const others = all.filter((c) => !used.has(c) && !terms.includes(c));
    return { all, partFilters, used, terms, wanted: any ? wanted : null, others, from, to, where, params };
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
    const analysed = this.analyse(condition, columnOf);
    if (analysed === null || analysed.wanted === null) return condition;
    const { all, used, from, to } = analysed;
    // An equality on a column with its own filter index (a session) already reads few rows along it.
    for (const c of all) {
      const column = 'op' in c && (c.op === 'eq' || c.op === 'in') ? columnOf(c.field) : null;
      if (column !== null && !this.spec.partitions.includes(column) && filterIndexed(column)) return condition;
    }
    // Without a bound a row whose order value is null would fall outside every range.
    if (!Number.isFinite(from) && !Number.isFinite(to)) return condition;
    const list = await this.listed(analysed.where, analysed.params);
    const ranges = list === null ? null : this.ranges((await this.marks(list, analysed.wanted)).all, from, to);
    if (ranges === null) return condition;
    const rest = all.filter((c) => !used.has(c));
    const clipped = ranges
      .map((r) => ({ ...r, lo: Math.max(r.lo, from), hi: Math.min(r.hi, to) }))
      .filter((r) => r.lo <= r.hi);
    if (clipped.length === 0) return { never: true };
    const anyRange: Condition = {
      anyOf: clipped.map((r) => ({ allOf: [...this.blockConjuncts(r.parts, r.lo, r.hi)] })),
    };
    return { allOf: [anyRange, ...rest] };
  }

  /** A partition's range as conjuncts: its partition values and the bounds of the order column. */
  private blockConjuncts(parts: readonly unknown[], lo: number, hi: number): Condition[] {
    return [
      ...this.spec.partitions.map((column, i): Condition => ({ field: column, op: 'eq', value: parts[i] })),
      { field: this.spec.order, op: 'gte', value: lo },
      { field: this.spec.order, op: 'lte', value: hi },
    ];
  }

  /**
   * The keys and order values of a set holding the first `need` rows of `condition` in `order` (the order
   * column, either way; the caller orders them, ties by id, and cuts) — every matching row when fewer
   * match — taken from the
   * match lists of the blocks whose summary holds the terms, newest blocks first (oldest for an ascending
   * order), until no block left can hold a row of the first `need`. Null when the condition is more than
   * partition filters, bounds of the order column and terms on summarised columns, when the order is
   * another, or inside a transaction (whose writes the lists must not keep).
   *
   * Exact by the invariant above: a matching row lies in its own block, whose summary holds its text and
   * whose range holds its order value; a block visited contributes every matching row of its range.
   */
  async candidates(
    condition: Condition | null,
    columnOf: (field: string) => string | null,
    order: readonly OrderTerm[],
    need: number,
    read: MatchReader,
  ): Promise<{ keys: unknown[]; at: number[] } | null> {
    if (condition === null || this.db.inTransaction()) return null;
    const [first, ...more] = order;
    if (!first || more.length > 0 || columnOf(first.field) !== this.spec.order) return null;
    const analysed = this.analyse(condition, columnOf);
    if (analysed === null || analysed.wanted === null || analysed.others.length > 0) return null;
    const { from, to } = analysed;
    if (!Number.isFinite(from) && !Number.isFinite(to)) return null;
    const list = await this.listed(analysed.where, analysed.params);
    if (list === null) return null;
    const descending = first.descending;
    const marks = await this.marks(list, analysed.wanted);
    const terms = JSON.stringify(analysed.terms);
    const seen = new Set<unknown>();
    const keys: unknown[] = [];
    const at: number[] = [];
    /** The order value of the need-th row found: no row past it can be among the first `need`. */
    const cut = (): number | null => {
      if (at.length < need) return null;
      const sorted = Float64Array.from(at).sort();
      return descending ? (sorted[sorted.length - need] as number) : (sorted[need - 1] as number);
    };
    for (const block of descending ? marks.newest : marks.oldest) {
      if (block.hi < from || block.lo > to) continue;
      const edge = cut();
      // Strictly past the cut: a row at the cut itself may come first by its id.
      if (edge !== null && (descending ? block.hi < edge : block.lo > edge)) break;
      const matches = await this.matchLists.get(
        `${block.id}\u0000${block.n}:${block.lo}:${block.hi}\u0000${list.epoch}\u0000${terms}`,
        () =>
          read({ allOf: [...this.blockConjuncts(block.parts, block.lo, block.hi), ...analysed.terms] }, this.spec.order),
      );
      for (let i = 0; i < matches.at.length; i += 1) {
        const value = matches.at[i] as number;
        const key = matches.keys[i];
        if (value < from || value > to || seen.has(key)) continue;
        seen.add(key);
        keys.push(key);
        at.push(value);
      }
    }
    const edge = cut();
    if (edge === null) return { keys, at };
    const near = (i: number) => (descending ? (at[i] as number) >= edge : (at[i] as number) <= edge);
    return { keys: keys.filter((_, i) => near(i)), at: at.filter((_, i) => near(i)) };
  }
}

function sameParts(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
