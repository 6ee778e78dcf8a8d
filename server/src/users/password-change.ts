import type { Database } from '../data/database';
import { revokeUserCredentials, type CredentialChange } from '../auth/credential-revocation';
import { hashPassword } from '../auth/passwords';
import { setUserPasswordHash } from '../data/stores/users';

/** Who changes a password: their user id and the session they act from (null for signed requests). */
export interface PasswordActor {
  userId: string;
  sessionId: string | null;
}

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
  },
): Promise<void> {
  const hash = await hashPassword(password);
  await db.transaction(async () => {
    await setUserPasswordHash(db, userId, hash, Date.now(), how.mustChange);
    await revokeUserCredentials(db, userId, passwordChangeKind(how.actor, userId), how.actor.sessionId);
  });
}
