/**
 * The match lists of gram blocks (docs/data-layer.md#match-lists): for one block and one set of search
 * terms, the keys and order values of the rows of the block's partition and range that match the terms,
 * read once by a query over that range and then kept in memory.
 *
 * A list is kept under the block's stamp (its id, row count and range) and the table's epoch (bumped by
 * every delete, every update of a summarised column and every rebuild). A full block never changes: its
 * lists outlive the writes of live sessions, which all go to the open block of their partition — whose
 * stamp changes with each write, so only its lists are read again. A late row (an old time) joins the open
 * block too, widening its range: it is found in the open block's list, even where an older block's range
 * also covers its time (the caller drops the duplicate key).
 */

/** The rows of one block that match one set of terms: keys and order values, in no particular order. */
export interface MatchList {
  keys: Float64Array | readonly unknown[];
  at: Float64Array;
}

/**
 * What all lists may keep, in rowid-sized entries: a key and order value weigh 1 where the key is a number
 * (16 bytes, SQLite's rowids), 4 where it is a string (PostgreSQL's ids: about 60 bytes): 16 MB either way.
 */
const MAX_KEPT = 1_000_000;
const STRING_KEY_WEIGHT = 4;

export class GramMatchLists {
  private readonly lists = new Map<string, MatchList>();
  private readonly reading = new Map<string, Promise<MatchList>>();
  private kept = 0;

  constructor(private readonly maxKept = MAX_KEPT) {}

  /** The list under `key` (block stamp, epoch, terms), read by `read` when it is not kept. */
  async get(key: string, read: () => Promise<ReadonlyArray<{ k: unknown; t: unknown }>>): Promise<MatchList> {
    const kept = this.lists.get(key);
    if (kept) {
      // The least recently used goes first.
      this.lists.delete(key);
      this.lists.set(key, kept);
      return kept;
    }
    const running = this.reading.get(key);
    if (running) return running;
    const reading = read().then((rows) => this.keep(key, rows));
    this.reading.set(key, reading);
    try {
      return await reading;
    } finally {
      this.reading.delete(key);
    }
  }

  private keep(key: string, rows: ReadonlyArray<{ k: unknown; t: unknown }>): MatchList {
    const numeric = rows.every((row) => typeof row.k === 'number');
    const list: MatchList = {
      keys: numeric ? Float64Array.from(rows, (row) => row.k as number) : rows.map((row) => row.k),
      at: Float64Array.from(rows, (row) => Number(row.t)),
    };
    const weight = weightOf(list);
    if (weight > this.maxKept) return list;
    while (this.kept + weight > this.maxKept) {
      const oldest = this.lists.keys().next().value;
      if (oldest === undefined) break;
      this.kept -= weightOf(this.lists.get(oldest) as MatchList);
      this.lists.delete(oldest);
    }
    this.lists.set(key, list);
    this.kept += weight;
    return list;
  }
}

function weightOf(list: MatchList): number {
  return list.at.length * (list.keys instanceof Float64Array ? 1 : STRING_KEY_WEIGHT) + 1;
}
