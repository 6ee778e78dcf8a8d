import type { Database } from '../database';
import { WriteVersions } from '../write-versions';

/**
 * What a failure counter or block is keyed by; `mfa`: wrong one-time codes per user id (auth/mfa-verify.ts);
 * `forgot_ip` / `forgot_email`: forgotten-password requests (mail/forgot-limit.ts); `sms_ip` / `sms_user`:
 * text-message codes sent at sign-in (auth/mfa-sms.ts).
 */
export type LockScope = 'user_ip' | 'ip' | 'user' | 'mfa' | 'forgot_ip' | 'forgot_email' | 'sms_ip' | 'sms_user';

/**
 * Adds one failure to the counter and returns the new count. Like the Django cache counter of v2.21, the
 * window restarts with each failure, and a counter whose window has passed starts again from zero.
 */
export async function incrementFailure(
  db: Database,
  scope: LockScope,
  key: string,
  windowMs: number,
  now: number,
): Promise<number> {
  const row = await db.get<{ count: number }>(
    `INSERT INTO login_failures (scope, key, count, expires_at) VALUES (?, ?, 1, ?)
     ON CONFLICT (scope, key) DO UPDATE SET
       count = CASE WHEN login_failures.expires_at > ? THEN login_failures.count + 1 ELSE 1 END,
       expires_at = excluded.expires_at
     RETURNING count`,
    [scope, key, now + windowMs, now],
  );
  return Number(row?.count ?? 1);
}

export async function clearFailures(db: Database, scope: LockScope, key: string): Promise<void> {
  await db.run('DELETE FROM login_failures WHERE scope = ? AND key = ?', [scope, key]);
}

export async function setBlock(db: Database, scope: LockScope, key: string, until: number): Promise<void> {
  await db.run(
    `INSERT INTO login_blocks (scope, key, until) VALUES (?, ?, ?)
     ON CONFLICT (scope, key) DO UPDATE SET until = excluded.until`,
    [scope, key, until],
  );
}

const BLOCKS: ReadonlySet<string> = new Set(['login_blocks']);

/**
 * Whether a key is blocked at `now`, from its block's end cached while `login_blocks` is unwritten
 * (exact, data/write-versions.ts; the end is compared with the clock on each call): the signed-in user's
 * own block shows on every profile request. Keys come from signed-in users, never from a login form.
 */
export async function isBlockedNow(db: Database, scope: LockScope, key: string, now: number): Promise<boolean> {
  const until = await WriteVersions.of(db).cached(`login_blocks\u0000${scope}\u0000${key}`, BLOCKS, async () => {
    const row = await db.get<{ until: number }>('SELECT until FROM login_blocks WHERE scope = ? AND key = ?', [
      scope,
      key,
    ]);
    return row ? Number(row.until) : null;
  });
  return until !== null && until > now;
}

/** End of the block in epoch ms, or null when not blocked. */
export async function findBlock(
  db: Database,
  scope: LockScope,
  key: string,
  now: number,
): Promise<number | null> {
  const row = await db.get<{ until: number }>(
    'SELECT until FROM login_blocks WHERE scope = ? AND key = ? AND until > ?',
    [scope, key, now],
  );
  return row ? Number(row.until) : null;
}

/** Which of these keys are blocked right now (list pages show `login_blocked`). */
export async function findBlockedKeys(
  db: Database,
  scope: LockScope,
  keys: readonly string[],
  now: number = Date.now(),
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.all<{ key: string }>(
    `SELECT key FROM login_blocks WHERE scope = ? AND until > ? AND ${db.dialect.inList('key')}`,
    [scope, now, db.dialect.listParam(keys)],
  );
  return new Set(rows.map((row) => row.key));
}

/** Lifts a block and its counters (users/{id}/unblock/). */
export async function deleteBlock(db: Database, scope: LockScope, key: string): Promise<void> {
  await db.transaction(async () => {
    await db.run('DELETE FROM login_blocks WHERE scope = ? AND key = ?', [scope, key]);
    await db.run('DELETE FROM login_failures WHERE scope = ? AND key = ?', [scope, key]);
    // The (username, address) counters start with the username and a newline.
    await db.run("DELETE FROM login_failures WHERE scope = 'user_ip' AND substr(key, 1, ?) = ?", [
      key.length + 1,
      `${key}\n`,
    ]);
  });
}
