import crypto from 'node:crypto';
import type { Database } from '../database';

/**
 * Sign-ins between "password right" and "MFA right" (docs/auth.md#mfa-at-sign-in). Only a SHA-256 of the
 * browser's token is stored, like session ids. Every instance on the database knows every pending sign-in.
 */
export interface PendingSignIn {
  userId: string;
  username: string;
  backend: string;
  next: string;
  /** The sealed secret offered to a user who must enrol first; null until the enrolment page shows one. */
  enrolSecret: string | null;
  expiresAt: number;
}

const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

export async function insertPendingSignIn(
  db: Database,
  token: string,
  pending: Omit<PendingSignIn, 'enrolSecret'>,
): Promise<void> {
  await db.run(
    `INSERT INTO login_pending (id_hash, user_id, username, backend, next_url, enrol_secret, expires_at)
     VALUES (?, ?, ?, ?, ?, NULL, ?)`,
    [hashToken(token), pending.userId, pending.username, pending.backend, pending.next, pending.expiresAt],
  );
}

/** The live pending sign-in of this token, or null when unknown or expired. */
export async function findPendingSignIn(
  db: Database,
  token: string,
  now: number,
): Promise<PendingSignIn | null> {
  const row = await db.get<{
    user_id: string;
    username: string;
    backend: string;
    next_url: string;
    enrol_secret: string | null;
    expires_at: number;
  }>(
    `SELECT user_id, username, backend, next_url, enrol_secret, expires_at FROM login_pending
     WHERE id_hash = ? AND expires_at > ?`,
    [hashToken(token), now],
  );
  return row
    ? {
        userId: row.user_id,
        username: row.username,
        backend: row.backend,
        next: row.next_url,
        enrolSecret: row.enrol_secret,
        expiresAt: Number(row.expires_at),
      }
    : null;
}

/** Keeps the secret offered for enrolment, so a reload shows the same one; only the first offer sticks. */
export async function setPendingEnrolSecret(db: Database, token: string, sealed: string): Promise<boolean> {
  const result = await db.run(
    'UPDATE login_pending SET enrol_secret = ? WHERE id_hash = ? AND enrol_secret IS NULL',
    [sealed, hashToken(token)],
  );
  return result.changes === 1;
}

/** Ends a pending sign-in; true when this call ended it (so two requests cannot both complete it). */
export async function deletePendingSignIn(db: Database, token: string): Promise<boolean> {
  return (await db.run('DELETE FROM login_pending WHERE id_hash = ?', [hashToken(token)])).changes === 1;
}

export async function deleteExpiredPendingSignIns(db: Database, now: number): Promise<number> {
  return (await db.run('DELETE FROM login_pending WHERE expires_at <= ?', [now])).changes;
}
