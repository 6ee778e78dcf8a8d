import type { Database } from '../database';

/** A temporary password (docs/auth.md#temporary-passwords). The secret is stored sealed (auth/secret-box.ts), never in clear. */
export interface TempTokenRecord {
  id: string;
  userId: string;
  username: string;
  /** '' once the token is used or expired and its secret has been dropped. */
  secretSealed: string;
  verified: boolean;
  /** epoch milliseconds */
  dateCreated: number;
  dateUpdated: number;
  dateVerified: number | null;
  dateExpired: number;
}

interface TempTokenRow {
  id: string;
  user_id: string;
  username: string;
  secret_sealed: string;
  verified: number;
  date_created: number;
  date_updated: number;
  date_verified: number | null;
  date_expired: number;
}

const toRecord = (row: TempTokenRow): TempTokenRecord => ({
  id: row.id,
  userId: row.user_id,
  username: row.username,
  secretSealed: row.secret_sealed,
  verified: Number(row.verified) === 1,
  dateCreated: Number(row.date_created),
  dateUpdated: Number(row.date_updated),
  dateVerified: row.date_verified === null ? null : Number(row.date_verified),
  dateExpired: Number(row.date_expired),
});

const SELECT = `SELECT t.id, t.user_id, u.username, t.secret_sealed, t.verified, t.date_created, t.date_updated,
  t.date_verified, t.date_expired FROM temp_tokens t JOIN users u ON u.id = t.user_id`;

export async function insertTempToken(
  db: Database,
  token: { id: string; userId: string; secretSealed: string; dateCreated: number; dateExpired: number },
): Promise<void> {
  await db.run(
    `INSERT INTO temp_tokens (id, user_id, secret_sealed, verified, date_created, date_updated, date_expired)
     VALUES (?, ?, ?, 0, ?, ?, ?)`,
    [token.id, token.userId, token.secretSealed, token.dateCreated, token.dateCreated, token.dateExpired],
  );
}

export async function findOwnTempToken(
  db: Database,
  userId: string,
  id: string,
): Promise<TempTokenRecord | null> {
  const row = await db.get<TempTokenRow>(`${SELECT} WHERE t.id = ? AND t.user_id = ?`, [id, userId]);
  return row ? toRecord(row) : null;
}

/** The user's tokens, newest first. */
export async function listTempTokens(
  db: Database,
  userId: string,
  page: { limit: number | null; offset: number },
): Promise<{ rows: TempTokenRecord[]; count: number }> {
  const counted = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM temp_tokens WHERE user_id = ?', [
    userId,
  ]);
  const limit = page.limit === null ? '' : ' LIMIT ? OFFSET ?';
  const rows = await db.all<TempTokenRow>(
    `${SELECT} WHERE t.user_id = ? ORDER BY t.date_created DESC, t.id DESC${limit}`,
    page.limit === null ? [userId] : [userId, page.limit, page.offset],
  );
  return { rows: rows.map(toRecord), count: Number(counted?.n ?? 0) };
}

/** Tokens that may still be used to sign in (not verified, not expired). */
export async function liveTempTokens(db: Database, userId: string, now: number): Promise<TempTokenRecord[]> {
  const rows = await db.all<TempTokenRow>(
    `${SELECT} WHERE t.user_id = ? AND t.verified = 0 AND t.date_expired > ? ORDER BY t.date_created DESC`,
    [userId, now],
  );
  return rows.map(toRecord);
}

/**
 * Marks a live token used, atomically: true for exactly one caller (on any instance), false when it was
 * already used or has expired in between. Its secret is dropped (nobody needs it again).
 */
export async function markTempTokenVerified(db: Database, id: string, now: number): Promise<boolean> {
  const result = await db.run(
    `UPDATE temp_tokens SET verified = 1, date_verified = ?, date_updated = ?, secret_sealed = ''
     WHERE id = ? AND verified = 0 AND date_expired > ?`,
    [now, now, id, now],
  );
  return result.changes === 1;
}

/** Ends a token now (no-op for one already expired); its secret is dropped. */
export async function expireTempToken(db: Database, userId: string, id: string, now: number): Promise<void> {
  await db.run(
    `UPDATE temp_tokens SET date_expired = ${db.dialect.least('date_expired', '?')}, date_updated = ?, secret_sealed = ''
     WHERE id = ? AND user_id = ?`,
    [now, now, id, userId],
  );
}

/** Drops the secrets of tokens that expired (they can never be used), and forgets tokens dead for long. */
export async function sweepTempTokens(db: Database, now: number, keepMs: number): Promise<void> {
  await db.run(`UPDATE temp_tokens SET secret_sealed = '' WHERE date_expired <= ? AND secret_sealed <> ''`, [
    now,
  ]);
  await db.run('DELETE FROM temp_tokens WHERE date_expired <= ?', [now - keepMs]);
}

/** Ends every still usable token of a user now (credential changes); their secrets are dropped. */
export async function expireLiveTempTokens(db: Database, userId: string, now: number): Promise<number> {
  const result = await db.run(
    `UPDATE temp_tokens SET date_expired = ?, date_updated = ?, secret_sealed = ''
     WHERE user_id = ? AND verified = 0 AND date_expired > ?`,
    [now, now, userId, now],
  );
  return result.changes;
}
