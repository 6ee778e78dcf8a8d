import type { Db } from '../db/open-database';

/**
 * A temporary password (docs/auth.md#temporary-passwords). The secret is stored sealed (auth/secret-box.ts),
 * never in clear.
 */
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
  verified: row.verified === 1,
  dateCreated: row.date_created,
  dateUpdated: row.date_updated,
  dateVerified: row.date_verified,
  dateExpired: row.date_expired,
});

const SELECT = `SELECT t.id, t.user_id, u.username, t.secret_sealed, t.verified, t.date_created, t.date_updated,
  t.date_verified, t.date_expired FROM temp_tokens t JOIN users u ON u.id = t.user_id`;

export function insertTempToken(
  db: Db,
  token: { id: string; userId: string; secretSealed: string; dateCreated: number; dateExpired: number },
): void {
  db.prepare(
    `INSERT INTO temp_tokens (id, user_id, secret_sealed, verified, date_created, date_updated, date_expired)
     VALUES (?, ?, ?, 0, ?, ?, ?)`,
  ).run(token.id, token.userId, token.secretSealed, token.dateCreated, token.dateCreated, token.dateExpired);
}

export function findOwnTempToken(db: Db, userId: string, id: string): TempTokenRecord | null {
  const row = db.prepare(`${SELECT} WHERE t.id = ? AND t.user_id = ?`).get(id, userId) as
    TempTokenRow | undefined;
  return row ? toRecord(row) : null;
}

/** The user's tokens, newest first. */
export function listTempTokens(
  db: Db,
  userId: string,
  page: { limit: number | null; offset: number },
): { rows: TempTokenRecord[]; count: number } {
  const count = (
    db.prepare('SELECT COUNT(*) AS n FROM temp_tokens WHERE user_id = ?').get(userId) as { n: number }
  ).n;
  const limit = page.limit === null ? '' : ` LIMIT ${page.limit} OFFSET ${page.offset}`;
  const rows = db
    .prepare(`${SELECT} WHERE t.user_id = ? ORDER BY t.date_created DESC, t.rowid DESC${limit}`)
    .all(userId) as TempTokenRow[];
  return { rows: rows.map(toRecord), count };
}

/** Tokens that may still be used to sign in (not verified, not expired). */
export function liveTempTokens(db: Db, userId: string, now: number): TempTokenRecord[] {
  const rows = db
    .prepare(
      `${SELECT} WHERE t.user_id = ? AND t.verified = 0 AND t.date_expired > ? ORDER BY t.date_created DESC`,
    )
    .all(userId, now) as TempTokenRow[];
  return rows.map(toRecord);
}

/**
 * Marks a live token used, atomically: true for exactly one caller, false when it was already used or has
 * expired in between. Its secret is dropped (nobody needs it again).
 */
export function markTempTokenVerified(db: Db, id: string, now: number): boolean {
  return (
    db
      .prepare(
        `UPDATE temp_tokens SET verified = 1, date_verified = ?, date_updated = ?, secret_sealed = ''
         WHERE id = ? AND verified = 0 AND date_expired > ?`,
      )
      .run(now, now, id, now).changes === 1
  );
}

/** Ends a token now (no-op for one already expired); its secret is dropped. */
export function expireTempToken(db: Db, userId: string, id: string, now: number): void {
  db.prepare(
    `UPDATE temp_tokens SET date_expired = MIN(date_expired, ?), date_updated = ?, secret_sealed = ''
     WHERE id = ? AND user_id = ?`,
  ).run(now, now, id, userId);
}

/** Drops the secrets of tokens that expired (they can never be used), and forgets tokens dead for long. */
export function sweepTempTokens(db: Db, now: number, keepMs: number): void {
  db.prepare(`UPDATE temp_tokens SET secret_sealed = '' WHERE date_expired <= ? AND secret_sealed <> ''`).run(
    now,
  );
  db.prepare('DELETE FROM temp_tokens WHERE date_expired <= ?').run(now - keepMs);
}

/** Ends every still usable token of a user now (credential changes); their secrets are dropped. */
export function expireLiveTempTokens(db: Db, userId: string, now: number): number {
  return db
    .prepare(
      `UPDATE temp_tokens SET date_expired = ?, date_updated = ?, secret_sealed = ''
       WHERE user_id = ? AND verified = 0 AND date_expired > ?`,
    )
    .run(now, now, userId, now).changes;
}
