import { hashPassword } from '../auth/passwords';
import type { ResourceDirectory } from '../engine/declaration';

/** Stores a user's new password (hashed, never in clear) and the date it changed: every path that sets one. */
export async function setUserPassword(
  resources: ResourceDirectory,
  userId: string,
  password: string,
): Promise<void> {
  await resources.get('users.user').setColumns(userId, {
    password_hash: await hashPassword(password),
    date_password_last_updated: Date.now(),
  });
}
