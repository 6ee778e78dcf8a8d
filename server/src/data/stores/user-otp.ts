import type { Database } from '../database';
import { WriteVersions } from '../write-versions';

const USERS: ReadonlySet<string> = new Set(['users']);

/**
 * Whether a user has an authenticator bound: asked on every profile request and before each MFA
 * decision, so cached while `users` is unwritten (exact, data/write-versions.ts). Only the answer is
 * kept, never the sealed secret.
 */
export async function isOtpBound(db: Database, userId: string): Promise<boolean> {
  return WriteVersions.of(db).cached(`users:otp-bound\u0000${userId}`, USERS, async () => {
    const row = await db.get<{ bound: number }>(
      'SELECT CASE WHEN otp_secret IS NULL THEN 0 ELSE 1 END AS bound FROM users WHERE id = ?',
      [userId],
    );
    return Number(row?.bound ?? 0) === 1;
  });
}

/**
 * A user's TOTP binding (docs/auth.md#mfa): the sealed secret and the last time step a code was accepted
 * for. The secret is sealed by the caller (auth/secret-box.ts); this store never sees it in clear.
 */
export async function findSealedOtpSecret(db: Database, userId: string): Promise<string | null> {
  const row = await db.get<{ otp_secret: string | null }>('SELECT otp_secret FROM users WHERE id = ?', [
    userId,
  ]);
  return row?.otp_secret ?? null;
}

/** Binds (sealed secret) or unbinds (null) a user's authenticator; a new binding starts with no used step. */
export async function setSealedOtpSecret(db: Database, userId: string, sealed: string | null): Promise<void> {
  await db.run('UPDATE users SET otp_secret = ?, otp_last_step = NULL WHERE id = ?', [sealed, userId]);
}

/**
 * Claims a time step for a user: true when no code of this or a later step was accepted before. One
 * conditional UPDATE, so two instances (or two requests) racing with the same code cannot both win.
 */
export async function claimOtpStep(db: Database, userId: string, step: number): Promise<boolean> {
  const result = await db.run(
    'UPDATE users SET otp_last_step = ? WHERE id = ? AND (otp_last_step IS NULL OR otp_last_step < ?)',
    [step, userId, step],
  );
  return result.changes === 1;
}
