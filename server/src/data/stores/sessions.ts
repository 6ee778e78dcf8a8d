import crypto from 'node:crypto';
import type { Database } from '../database';

export interface SessionRecord {
  userId: string;
  csrfToken: string;
  expiresAt: number;
  /** When this session last proved MFA (docs/auth.md#mfa), epoch ms; null if never. */
  mfaVerifiedAt: number | null;
}

/**
 * Only a SHA-256 of the session id is stored, so a copy of the database does not hand out live sessions.
 * Sessions and their csrf tokens live in the database: every instance on it knows every session.
 */
export const hashSessionId = (sessionId: string): string =>
  crypto.createHash('sha256').update(sessionId).digest('hex');

export async function insertSession(
  db: Database,
  session: { sessionId: string; userId: string; csrfToken: string; clientIp: string; expiresAt: number },
): Promise<void> {
  await db.run(
    `INSERT INTO sessions (id_hash, user_id, csrf_token, client_ip, date_created, expires_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
    [
      hashSessionId(session.sessionId),
      session.userId,
      session.csrfToken,
      session.clientIp,
      Date.now(),
      session.expiresAt,
    ],
  );
}

/** The live session for this id, or null when unknown or expired. */
export async function findSession(
  db: Database,
  sessionId: string,
  now: number,
): Promise<SessionRecord | null> {
  const row = await db.get<{
    user_id: string;
    csrf_token: string;
    expires_at: number;
    mfa_verified_at: number | null;
  }>(
    'SELECT user_id, csrf_token, expires_at, mfa_verified_at FROM sessions WHERE id_hash = ? AND expires_at > ?',
    [hashSessionId(sessionId), now],
  );
  return row
    ? {
        userId: row.user_id,
        csrfToken: row.csrf_token,
        expiresAt: Number(row.expires_at),
        mfaVerifiedAt: row.mfa_verified_at === null ? null : Number(row.mfa_verified_at),
      }
    : null;
}

export async function extendSession(db: Database, sessionId: string, expiresAt: number): Promise<void> {
  await db.run('UPDATE sessions SET expires_at = ? WHERE id_hash = ?', [expiresAt, hashSessionId(sessionId)]);
}

export async function markSessionMfaVerified(db: Database, sessionId: string, at: number): Promise<void> {
  await db.run('UPDATE sessions SET mfa_verified_at = ? WHERE id_hash = ?', [at, hashSessionId(sessionId)]);
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.run('DELETE FROM sessions WHERE id_hash = ?', [hashSessionId(sessionId)]);
}

export async function deleteExpiredSessions(db: Database, now: number): Promise<number> {
  return (await db.run('DELETE FROM sessions WHERE expires_at <= ?', [now])).changes;
}

/**
 * Ends every session of a user (credential changes, docs/security.md), except `keepSessionId` — the
 * actor's own session when he changed his own password. Returns how many ended.
 */
export async function deleteUserSessions(
  db: Database,
  userId: string,
  keepSessionId: string | null,
): Promise<number> {
  const keep = keepSessionId === null ? '' : hashSessionId(keepSessionId);
  return (await db.run('DELETE FROM sessions WHERE user_id = ? AND id_hash <> ?', [userId, keep])).changes;
}
