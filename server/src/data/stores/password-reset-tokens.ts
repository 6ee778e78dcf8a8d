import type { Database } from '../database';

/** Password reset links (migration 801): the hash of each token, its user, its end, when it was used. */
export async function insertResetToken(
  db: Database,
  tokenHash: string,
  userId: string,
  expiresAt: number,
): Promise<void> {
  await db.run('INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?)', [
    tokenHash,
    userId,
    expiresAt,
  ]);
}

/** The user of a live token (unused, not expired), or null. */
export async function findLiveResetToken(db: Database, tokenHash: string, now = Date.now()): Promise<string | null> {
  const row = await db.get<{ user_id: string }>(
    'SELECT user_id FROM password_reset_tokens WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?',
    [tokenHash, now],
  );
  return row?.user_id ?? null;
}

/**
 * Spends a token: true for exactly one caller (the update only matches an unused live token). Every other
 * link of the same user ends with it.
 */
export async function spendResetToken(db: Database, tokenHash: string, now = Date.now()): Promise<string | null> {
  const row = await db.get<{ user_id: string }>(
    `UPDATE password_reset_tokens SET used_at = ?
     WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id`,
    [now, tokenHash, now],
  );
  if (!row) return null;
  await db.run('UPDATE password_reset_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL', [
    now,
    row.user_id,
  ]);
  return row.user_id;
}

/** Records today's expiry reminder of a user: true when it was not sent yet today. */
export async function claimExpiryReminder(db: Database, userId: string, day: string): Promise<boolean> {
  const row = await db.get(
    `INSERT INTO password_expiry_reminders (user_id, day) VALUES (?, ?)
     ON CONFLICT (user_id, day) DO NOTHING RETURNING user_id`,
    [userId, day],
  );
  return row !== undefined;
}
