import type { Database } from '../database';

/** One queued mail (migration 800); the body (recipients' addresses aside) is sealed by the mail module. */
export interface QueuedMail {
  id: string;
  kind: string;
  recipients: string[];
  sealedBody: string;
  attempts: number;
}

interface QueueRow {
  id: string;
  kind: string;
  recipients: string;
  sealed_body: string;
  attempts: number;
}

export async function insertQueuedMail(
  db: Database,
  mail: { id: string; kind: string; recipients: readonly string[]; sealedBody: string },
  now = Date.now(),
): Promise<void> {
  await db.run(
    `INSERT INTO mail_queue (id, kind, recipients, sealed_body, status, next_attempt_at, created_at)
     VALUES (?, ?, ?, ?, 'pending', ?, ?)`,
    [mail.id, mail.kind, JSON.stringify(mail.recipients), mail.sealedBody, now, now],
  );
}

/**
 * Claims the oldest due mail for `instance` until `claimedUntil`: one atomic update, so that a mail goes to
 * exactly one instance (PostgreSQL re-checks the claim condition on the row it waited for).
 */
export async function claimDueMail(
  db: Database,
  instance: string,
  claimedUntil: number,
  now = Date.now(),
): Promise<QueuedMail | null> {
  const row = await db.get<QueueRow>(
    `UPDATE mail_queue SET claimed_by = ?, claimed_until = ?
     WHERE id = (SELECT id FROM mail_queue
                 WHERE status = 'pending' AND next_attempt_at <= ? AND claimed_until <= ?
                 ORDER BY created_at LIMIT 1)
       AND status = 'pending' AND claimed_until <= ?
     RETURNING id, kind, recipients, sealed_body, attempts`,
    [instance, claimedUntil, now, now, now],
  );
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    recipients: JSON.parse(row.recipients) as string[],
    sealedBody: row.sealed_body,
    attempts: Number(row.attempts),
  };
}

/** Sent: the body is dropped (it may hold a reset link), the row stays as the record. */
export async function markMailSent(db: Database, id: string, now = Date.now()): Promise<void> {
  await db.run(
    `UPDATE mail_queue SET status = 'sent', sealed_body = '', sent_at = ?, attempts = attempts + 1,
       last_error = '', claimed_until = 0 WHERE id = ?`,
    [now, id],
  );
}

/** A failed attempt: tried again at `retryAt`, or given up (`retryAt` null) with its body dropped. */
export async function markMailFailed(db: Database, id: string, error: string, retryAt: number | null): Promise<void> {
  if (retryAt === null)
    await db.run(
      `UPDATE mail_queue SET status = 'failed', sealed_body = '', attempts = attempts + 1, last_error = ?,
         claimed_until = 0 WHERE id = ?`,
      [error.slice(0, 1000), id],
    );
  else
    await db.run(
      `UPDATE mail_queue SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, claimed_until = 0
       WHERE id = ?`,
      [error.slice(0, 1000), retryAt, id],
    );
}

export interface MailRecord {
  id: string;
  kind: string;
  recipients: string[];
  status: string;
  attempts: number;
  lastError: string;
}

/** The queue's records, newest first (what an operator or a test checks). */
export async function listQueuedMail(db: Database, limit = 100): Promise<MailRecord[]> {
  const rows = await db.all<QueueRow & { status: string; last_error: string }>(
    `SELECT id, kind, recipients, status, attempts, last_error FROM mail_queue ORDER BY created_at DESC LIMIT ?`,
    [limit],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    recipients: JSON.parse(row.recipients) as string[],
    status: row.status,
    attempts: Number(row.attempts),
    lastError: row.last_error,
  }));
}
