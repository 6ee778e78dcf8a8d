import crypto from 'node:crypto';
import type { Db } from '../db/open-database';

export interface SessionRecord {
  userId: string;
  csrfToken: string;
  expiresAt: number;
}

/**
 * Only a SHA-256 of the session id is stored, so a copy of the database does not hand out live sessions.
 */
const hashSessionId = (sessionId: string): string =>
  crypto.createHash('sha256').update(sessionId).digest('hex');

export async function insertSession(
  db: Db,
  session: { sessionId: string; userId: string; csrfToken: string; clientIp: string; expiresAt: number },
): Promise<void> {
  db.prepare(
    `INSERT INTO sessions (id_hash, user_id, csrf_token, client_ip, date_created, expires_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    hashSessionId(session.sessionId),
    session.userId,
    session.csrfToken,
    session.clientIp,
    Date.now(),
    session.expiresAt,
  );
}

/** The live session for this id, or null when unknown or expired. */
export async function findSession(db: Db, sessionId: string, now: number): Promise<SessionRecord | null> {
  const row = db
    .prepare('SELECT user_id, csrf_token, expires_at FROM sessions WHERE id_hash = ? AND expires_at > ?')
    .get(hashSessionId(sessionId), now) as
    { user_id: string; csrf_token: string; expires_at: number } | undefined;
  return row ? { userId: row.user_id, csrfToken: row.csrf_token, expiresAt: row.expires_at } : null;
}

export async function extendSession(db: Db, sessionId: string, expiresAt: number): Promise<void> {
  db.prepare('UPDATE sessions SET expires_at = ? WHERE id_hash = ?').run(expiresAt, hashSessionId(sessionId));
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(hashSessionId(sessionId));
}

export async function deleteExpiredSessions(db: Db, now: number): Promise<number> {
  return db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(now).changes;
}

/**
 * Ends every session of a user (credential changes, docs/security.md), except `keepSessionId` — the
 * actor's own session when he changed his own password. Returns how many ended.
 */
export function deleteUserSessions(db: Db, userId: string, keepSessionId: string | null): number {
  const keep = keepSessionId === null ? '' : hashSessionId(keepSessionId);
  return db.prepare('DELETE FROM sessions WHERE user_id = ? AND id_hash <> ?').run(userId, keep).changes;
}
