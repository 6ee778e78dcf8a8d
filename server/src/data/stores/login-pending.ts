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

/** The text-message code of a pending sign-in (docs/auth.md#codes-by-text-message): sealed, with its times. */
export interface PendingSmsCode {
  sealed: string | null;
  expiresAt: number;
  sentAt: number | null;
}

export async function findPendingSmsCode(db: Database, token: string): Promise<PendingSmsCode | null> {
  const row = await db.get<{ sms_code: string | null; sms_expires_at: number | null; sms_sent_at: number | null }>(
    'SELECT sms_code, sms_expires_at, sms_sent_at FROM login_pending WHERE id_hash = ?',
    [hashToken(token)],
  );
  return row
    ? {
        sealed: row.sms_code,
        expiresAt: Number(row.sms_expires_at ?? 0),
        sentAt: row.sms_sent_at === null ? null : Number(row.sms_sent_at),
      }
    : null;
}

/**
 * Takes the send slot of a pending sign-in: true when no code was sent since `coolDownStart`, so of two
 * racing requests one sends. The previous code stops counting at once.
 */
export async function claimSmsSend(
  db: Database,
  token: string,
  now: number,
  coolDownStart: number,
): Promise<boolean> {
  const result = await db.run(
    `UPDATE login_pending SET sms_code = NULL, sms_expires_at = NULL, sms_sent_at = ?
     WHERE id_hash = ? AND (sms_sent_at IS NULL OR sms_sent_at <= ?)`,
    [now, hashToken(token), coolDownStart],
  );
  return result.changes === 1;
}

/** Keeps the code just sent; null gives the send slot back (the provider did not take the message). */
export async function setPendingSmsCode(
  db: Database,
  token: string,
  code: { sealed: string; expiresAt: number } | null,
): Promise<void> {
  await db.run(
    code
      ? 'UPDATE login_pending SET sms_code = ?, sms_expires_at = ? WHERE id_hash = ?'
      : 'UPDATE login_pending SET sms_code = NULL, sms_expires_at = NULL, sms_sent_at = NULL WHERE id_hash = ?',
    code ? [code.sealed, code.expiresAt, hashToken(token)] : [hashToken(token)],
  );
}

/** Uses up the code read as `sealed`: true for the one call that did, so a code signs in once. */
export async function spendPendingSmsCode(db: Database, token: string, sealed: string): Promise<boolean> {
  const result = await db.run(
    'UPDATE login_pending SET sms_code = NULL, sms_expires_at = NULL WHERE id_hash = ? AND sms_code = ?',
    [hashToken(token), sealed],
  );
  return result.changes === 1;
}
