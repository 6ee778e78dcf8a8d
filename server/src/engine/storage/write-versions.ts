import type Database from 'better-sqlite3';
import type { Db } from '../../db/open-database';
import { assertIdentifier } from '../compile';

/**
 * Per-table write versions kept by SQLite itself, and a small cache of query results keyed by them.
 *
 * Every table the engine creates or adopts (resource tables, m2m link tables) gets AFTER INSERT/UPDATE/DELETE
 * triggers that bump its row in `engine_write_versions`. The triggers see every write — through the engine,
 * through the bulk seed loader, through the hand-written storage modules (users, orgs, role bindings) and
 * through other connections or processes on the same file — so a cached result is served only while the
 * versions of every table its query reads are unchanged: it can never be stale after a write.
 *
 * Results are neither read from nor stored in the cache inside a transaction (a rolled-back write would
 * bring a version back to a value a cached result was computed under).
 */
type Statement = Database.Statement<unknown[]>;

const VERSIONS_TABLE = 'engine_write_versions';
/** Entries kept; the least recently used go first. */
const MAX_ENTRIES = 2_000;
/** Total weight kept (a count weighs 1, a cached window of rowids its length: ~16 MB of Float64). */
const MAX_WEIGHT = 2_000_000;
/** Keys (SQL text + parameters) longer than this are not cached (an spm list of thousands of ids). */
const MAX_KEY_LENGTH = 8_192;

interface Entry {
  stamp: string;
  value: unknown;
  weight: number;
}

const byDb = new WeakMap<Db, WriteVersions>();

export class WriteVersions {
  private readonly tracked = new Set<string>();
  private readonly read: Statement;
  private readonly entries = new Map<string, Entry>();
  private weight = 0;

  private constructor(private readonly db: Db) {
    db.exec(
      `CREATE TABLE IF NOT EXISTS ${VERSIONS_TABLE} (name TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID`,
    );
    this.read = db.prepare<unknown[]>(`SELECT version FROM ${VERSIONS_TABLE} WHERE name = ?`).pluck();
  }

  /** The one instance of a database handle. */
  static of(db: Db): WriteVersions {
    let versions = byDb.get(db);
    if (!versions) {
      versions = new WriteVersions(db);
      byDb.set(db, versions);
    }
    return versions;
  }

  /** Installs the version triggers of a table (idempotent); from then on its reads can be cached. */
  track(table: string): void {
    assertIdentifier(table);
    if (this.tracked.has(table)) return;
    this.db.prepare(`INSERT OR IGNORE INTO ${VERSIONS_TABLE} (name, version) VALUES (?, 0)`).run(table);
    for (const [event, suffix] of [
      ['INSERT', 'i'],
      ['UPDATE', 'u'],
      ['DELETE', 'd'],
    ] as const) {
      this.db.exec(
        `CREATE TRIGGER IF NOT EXISTS ${table}__wv_${suffix} AFTER ${event} ON ${table} BEGIN
           UPDATE ${VERSIONS_TABLE} SET version = version + 1 WHERE name = '${table}';
         END`,
      );
    }
    this.tracked.add(table);
  }

  isTracked(table: string): boolean {
    return this.tracked.has(table);
  }

  /** The current versions of these tables as one string; null when one is untracked or in a transaction. */
  stamp(tables: Iterable<string>): string | null {
    if (this.db.inTransaction) return null;
    let stamp = '';
    for (const table of tables) {
      if (!this.tracked.has(table)) return null;
      stamp += `${table}:${String(this.read.get(table))};`;
    }
    return stamp;
  }

  /**
   * `compute()`'s result for `key`, reused while the versions of `tables` stay the same. Values must be
   * treated as immutable by callers.
   */
  cached<T>(
    key: string,
    tables: ReadonlySet<string>,
    compute: () => T,
    weigh: (value: T) => number = () => 1,
  ): T {
    if (key.length > MAX_KEY_LENGTH) return compute();
    const stamp = this.stamp(tables);
    if (stamp === null) return compute();
    const entry = this.entries.get(key);
    if (entry && entry.stamp === stamp) {
      // Refresh its place (least recently used goes first).
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value as T;
    }
    const value = compute();
    const weight = Math.max(1, weigh(value));
    this.drop(key);
    if (weight > MAX_WEIGHT) return value;
    while (this.entries.size >= MAX_ENTRIES || this.weight + weight > MAX_WEIGHT) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
    this.entries.set(key, { stamp, value, weight });
    this.weight += weight;
    return value;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }
}
