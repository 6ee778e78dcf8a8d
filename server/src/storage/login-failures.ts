import type { Db } from '../db/open-database';

/** What a failure counter or block is keyed by. */
export type LockScope = 'user_ip' | 'ip' | 'user';

/**
 * Adds one failure to the counter and returns the new count. Like the Django cache counter of v2.21, the
 * window restarts with each failure, and a counter whose window has passed starts again from zero.
 */
export async function incrementFailure(
  db: Db,
  scope: LockScope,
  key: string,
  windowMs: number,
  now: number,
): Promise<number> {
  const row = db
    .prepare(
      `INSERT INTO login_failures (scope, key, count, expires_at) VALUES (?, ?, 1, ?)
       ON CONFLICT (scope, key) DO UPDATE SET
         count = CASE WHEN login_failures.expires_at > ? THEN login_failures.count + 1 ELSE 1 END,
         expires_at = excluded.expires_at
       RETURNING count`,
    )
    .get(scope, key, now + windowMs, now) as { count: number };
  return row.count;
}

export async function clearFailures(db: Db, scope: LockScope, key: string): Promise<void> {
  db.prepare('DELETE FROM login_failures WHERE scope = ? AND key = ?').run(scope, key);
}

export async function setBlock(db: Db, scope: LockScope, key: string, until: number): Promise<void> {
  db.prepare(
    `INSERT INTO login_blocks (scope, key, until) VALUES (?, ?, ?)
     ON CONFLICT (scope, key) DO UPDATE SET until = excluded.until`,
  ).run(scope, key, until);
}

/** End of the block in epoch ms, or null when not blocked. */
export async function findBlock(db: Db, scope: LockScope, key: string, now: number): Promise<number | null> {
  const row = db
    .prepare('SELECT until FROM login_blocks WHERE scope = ? AND key = ? AND until > ?')
    .get(scope, key, now) as { until: number } | undefined;
  return row ? row.until : null;
}

/** Which of these keys are blocked right now (list pages show `login_blocked`). */
export async function findBlockedKeys(
  db: Db,
  scope: LockScope,
  keys: readonly string[],
  now: number,
): Promise<Set<string>> {
  const blocked = new Set<string>();
  for (let start = 0; start < keys.length; start += 500) {
    const chunk = keys.slice(start, start + 500);
    const rows = db
      .prepare(
        `SELECT key FROM login_blocks WHERE scope = ? AND until > ? AND key IN (${chunk.map(() => '?').join(', ')})`,
      )
      .all(scope, now, ...chunk) as Array<{ key: string }>;
    for (const row of rows) blocked.add(row.key);
  }
  return blocked;
}

/** Synchronous form of findBlockedKeys, for computed list fields (`login_blocked`). */
export function blockedKeysNow(db: Db, scope: LockScope, keys: readonly string[]): Set<string> {
  const rows = db
    .prepare(
      'SELECT key FROM login_blocks WHERE scope = ? AND until > ? AND key IN (SELECT value FROM json_each(?))',
    )
    .all(scope, Date.now(), JSON.stringify(keys)) as Array<{ key: string }>;
  return new Set(rows.map((row) => row.key));
}

/** Lifts a block and its counters (users/{id}/unblock/). */
export function deleteBlock(db: Db, scope: LockScope, key: string): void {
  db.prepare('DELETE FROM login_blocks WHERE scope = ? AND key = ?').run(scope, key);
  db.prepare('DELETE FROM login_failures WHERE scope = ? AND key = ?').run(scope, key);
  // The (username, address) counters start with the username and a newline.
  db.prepare("DELETE FROM login_failures WHERE scope = 'user_ip' AND substr(key, 1, ?) = ?").run(
    key.length + 1,
    `${key}\n`,
  );
}
