import type { AppContext } from '../app-context';
import type { UserRecord } from '../data/stores/users';
import { createUser } from '../users/create-user';

/**
 * The e-mail of a user a sign-in source creates: the username when it is an address already, otherwise the
 * username at the `example.com` placeholder domain v2.21 uses when no EMAIL_SUFFIX is set (the users table
 * insists on a unique, well-formed e-mail; the user or an administrator corrects it afterwards).
 */
export const emailForNewUser = (username: string): string =>
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(username) ? username : `${username}@example.com`;

/**
 * Creates the user a RADIUS server has just accepted but this console does not know yet, as v2.21 does: source
 * `radius` (no local password: the server checks it every time), the User role and the organization user role
 * in the Default organization (docs/auth-radius-saml.md#radius). Throws UserRefusedError when the users table
 * refuses it (its e-mail taken by another user).
 */
export async function createRadiusUser(ctx: AppContext, username: string): Promise<UserRecord> {
  if (!ctx.resources) throw new Error('creating users needs the engine');
  return createUser(
    { db: ctx.db, resources: ctx.resources },
    { username, email: emailForNewUser(username), source: 'radius', createdBy: 'Radius' },
  );
}
