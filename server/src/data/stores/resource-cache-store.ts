import crypto from 'node:crypto';
import type { Database } from '../database';

/**
 * The `spm` resource-id cache (docs/http.md#lists): POST ids, get a key, use `?spm=<key>` on any list for 300 s.
 * Kept in the database (migration 401), so a key made on one instance selects rows on every other; a key
 * is useless to anyone but its user.
 */
const TTL_MS = 300_000;
export const MAX_SPM_IDS = 200_000;
/**
 * The one JSON body above the general JSON limit: MAX_SPM_IDS uuids as a JSON list (about 40 bytes each).
 * It is stored as it is, with no per-item work, so parsing it is the whole cost (tens of milliseconds).
 */
export const SPM_BODY_LIMIT = 8 * 1024 * 1024;
/** Expired keys are swept at most this often (by whichever instance writes one). */
const SWEEP_EVERY_MS = 60_000;

export class ResourceCacheStore {
  private lastSweep = 0;

  constructor(private readonly db: Database) {}

  /** A new key for these ids; a body without ids still gets a key with nothing under it (v2.21). */
  async put(userId: string, ids: readonly string[] | null, now = Date.now()): Promise<string> {
    const spm = crypto.randomUUID();
    if (now - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = now;
      await this.db.run('DELETE FROM resource_cache WHERE expires_at < ?', [now]);
    }
    if (ids !== null)
      await this.db.run('INSERT INTO resource_cache (spm, user_id, ids, expires_at) VALUES (?, ?, ?, ?)', [
        spm,
        userId,
        JSON.stringify(ids),
        now + TTL_MS,
      ]);
    return spm;
  }

  /** The ids under this key for this user; an unknown, expired or foreign key gives an empty list. */
  async get(userId: string, spm: string, now = Date.now()): Promise<string[]> {
    const row = await this.db.get<{ ids: unknown }>(
      'SELECT ids FROM resource_cache WHERE spm = ? AND user_id = ? AND expires_at >= ?',
      [spm, userId, now],
    );
    if (!row) return [];
    const ids: unknown = typeof row.ids === 'string' ? JSON.parse(row.ids) : row.ids;
    return Array.isArray(ids) ? ids.map(String) : [];
  }
}
