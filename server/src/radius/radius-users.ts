import type { AppContext } from '../app-context';
import type { UserRecord } from '../data/stores/users';
import { createUser } from '../users/create-user';
import { emailForNewUser } from '../users/new-user-email';

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
    {
      username,
      email: await emailForNewUser(ctx.db, ctx.config, username),
      source: 'radius',
      createdBy: 'Radius',
    },
  );
}
