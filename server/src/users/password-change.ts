import type { Database } from '../data/database';
import { revokeUserCredentials, type CredentialChange } from '../auth/credential-revocation';
import { hashPassword } from '../auth/passwords';
import { insertPasswordChangeLog, personDisplay } from '../data/stores/audit-logs';
import { findUserById, setUserPasswordHash } from '../data/stores/users';

/** Who changes a password: their user id and the session they act from (null for signed requests). */
export interface PasswordActor {
  userId: string;
  sessionId: string | null;
  /** The address the change came from; '' from the command line. */
  remoteAddr: string;
}

/** Who the password change log names as the actor when nobody signed in did it (the command line). */
const SYSTEM_ACTOR = 'System';

/** A change of one's own password keeps the actor's session; anybody else's is an administrator's act. */
function passwordChangeKind(actor: PasswordActor, userId: string): CredentialChange {
  return actor.userId === userId ? 'password-changed' : 'password-set-by-admin';
}

/**
 * Replaces a user's password and ends what the old one opened (auth/credential-revocation.ts). The caller
 * has checked the password policy (auth/password-policy.ts) and who may do this (rbac/user-authority.ts).
 */
export async function replacePassword(
  db: Database,
  userId: string,
  password: string,
  how: {
    actor: PasswordActor;
    /** The user must choose a new password at the next login (after a reset). */
    mustChange: boolean;
    /** The first password of a new account is no change: not logged. */
    firstPassword?: boolean;
  },
): Promise<void> {
  const hash = await hashPassword(password);
  await db.transaction(async () => {
    await setUserPasswordHash(db, userId, hash, Date.now(), how.mustChange);
    await revokeUserCredentials(db, userId, passwordChangeKind(how.actor, userId), how.actor.sessionId);
    // The password change log, in the transaction of the change (docs/audit.md#password-change-logs).
    if (how.firstPassword === true) return;
    const user = await findUserById(db, userId);
    const actor = how.actor.userId === '' ? null : await findUserById(db, how.actor.userId);
    if (!user) return;
    await insertPasswordChangeLog(db, {
      user: personDisplay(user),
      userId,
      changeBy: actor ? personDisplay(actor) : SYSTEM_ACTOR,
      remoteAddr: how.actor.remoteAddr,
      datetime: Date.now(),
    });
  });
}
