import type { Database } from '../data/database';
import { WriteVersions } from '../data/write-versions';

/** Answers kept; the least recently used go first. */
const MAX_ENTRIES = 2_000;
/** Characters kept in all (a 15-asset page is about 15,000). */
const MAX_CHARS = 32_000_000;

interface Entry {
  stamp: string;
  body: string;
}

/**
 * Whole list answers (the JSON text of one page), reused while nothing the database holds has changed
 * (`WriteVersions.snapshotStamp`): a repeated page costs the stamp and one socket write instead of its
 * rows' decoding, serialisation and JSON. Only for resources whose lists are a function of the stored
 * data, the caller and the request (docs/data-layer.md#list-answers-cached-whole); the key holds all of
 * the caller and the request that shape the answer.
 */
const byDatabase = new WeakMap<Database, ListBodyCache>();

export class ListBodyCache {
  private readonly entries = new Map<string, Entry>();
  private chars = 0;

  private constructor(private readonly versions: WriteVersions) {}

  /** The one cache of a database handle (shared by every resource, so its bounds are the process's). */
  static of(db: Database): ListBodyCache {
    let cache = byDatabase.get(db);
    if (!cache) {
      cache = new ListBodyCache(WriteVersions.of(db));
      byDatabase.set(db, cache);
    }
    return cache;
  }

  /** The cached answer of `key`, or `compute()`'s (kept under the stamp read before it ran). */
  async answer(key: string, compute: () => Promise<unknown>): Promise<string> {
    const stamp = await this.versions.snapshotStamp();
    if (stamp === null) return JSON.stringify(await compute());
    const entry = this.entries.get(key);
    if (entry && entry.stamp === stamp) {
      // Refresh its place (least recently used goes first).
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.body;
    }
    const body = JSON.stringify(await compute());
    this.drop(key);
    if (body.length > MAX_CHARS / 100) return body;
    while (this.entries.size >= MAX_ENTRIES || this.chars + body.length > MAX_CHARS) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
    this.entries.set(key, { stamp, body });
    this.chars += body.length;
    return body;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.chars -= entry.body.length;
  }
}
