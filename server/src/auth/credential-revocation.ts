import type { Database } from '../data/database';
import { deactivateAccessKeys } from '../data/stores/access-keys';
import { deleteUserSessions } from '../data/stores/sessions';
import { expireLiveTempTokens } from '../data/stores/temp-tokens';

/**
 * What ends when a user's credentials change (docs/security.md "Sessions end on credential changes"):
 *
 * - `password-set-by-admin` — an administrator set or reset the password (users/{id}/password/, …/reset/,
 *   a user form or import carrying a password): every session of the user ends, live temporary passwords
 *   expire, and the user's access keys are switched off — whoever knew the old password may have made one.
 *   The owner switches them on again from the profile once signed in with the new password.
 * - `password-changed` — the user changed their own password: every other session ends and live temporary
 *   passwords expire; the session that made the change stays, and access keys stay as they are (the owner
 *   is in control and sees them on the same profile page).
 * - `disabled` — the user was disabled: every session ends and live temporary passwords expire; access keys
 *   are refused while the user is inactive (signature-auth.ts) and come back with the user.
 *
 * Open WebSockets notice within their re-check interval (http/session-socket.ts) and close with 4401.
 */
export type CredentialChange = 'password-set-by-admin' | 'password-changed' | 'disabled';

export async function revokeUserCredentials(
  db: Database,
  userId: string,
  change: CredentialChange,
  /** The session that made the change: kept when the user changed their own password, else ignored. */
  keepSessionId: string | null = null,
): Promise<void> {
  const now = Date.now();
  await db.transaction(async () => {
    await deleteUserSessions(db, userId, change === 'password-changed' ? keepSessionId : null);
    await expireLiveTempTokens(db, userId, now);
    if (change === 'password-set-by-admin') await deactivateAccessKeys(db, userId);
  });
}
