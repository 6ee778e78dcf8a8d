import crypto from 'node:crypto';

/**
 * The `spm` resource-id cache (docs/http.md#lists): POST ids, get a key, use `?spm=<key>` on any list for 300
 * s. Kept in process memory per user (a key is useless to anyone else); bounded so it cannot grow without
 * limit. A multi-instance deployment would move it to the shared database.
 */
const TTL_MS = 300_000;
const MAX_ENTRIES = 10_000;
export const MAX_SPM_IDS = 200_000;
/**
 * The one JSON body above JSON_BODY_LIMIT: MAX_SPM_IDS uuids as a JSON list (about 40 bytes each). It is
 * stored as it is, with no per-item work, so parsing it is the whole cost (tens of milliseconds).
 */
export const SPM_BODY_LIMIT = 8 * 1024 * 1024;

interface Entry {
  userId: string;
  ids: string[];
  expiresAt: number;
}

export class ResourceCache {
  private readonly entries = new Map<string, Entry>();

  put(userId: string, ids: readonly string[] | null): string {
    const spm = crypto.randomUUID();
    this.sweep();
    // A body without `resources` still gets a key, but nothing is stored under it (v2.21 behaviour).
    if (ids !== null) this.entries.set(spm, { userId, ids: [...ids], expiresAt: Date.now() + TTL_MS });
    return spm;
  }

  /** The ids under this key for this user; an unknown, expired or foreign key gives an empty list. */
  get(userId: string, spm: string): string[] {
    const entry = this.entries.get(spm);
    if (!entry || entry.userId !== userId || entry.expiresAt < Date.now()) return [];
    return entry.ids;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt < now) this.entries.delete(key);
    // Oldest keys go first when the cap is still reached (Map keeps insertion order).
    while (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
