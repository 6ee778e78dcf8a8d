import type { AppContext } from '../app-context';
import type { UserRecord } from '../data/stores/users';
import { authenticate, ldapSettings, LdapStepError } from '../ldap/ldap-directory';
import { accessRequest, RadiusError } from '../radius/radius-client';
import { radiusSettings } from '../radius/radius-settings';
import { createRadiusUser } from '../radius/radius-users';
import { verifyPassword } from './passwords';

export interface PasswordVerdict {
  ok: boolean;
  /** Which backend decided, for the login log (docs/audit.md#login-logs). */
  backend: 'Password' | 'LDAP' | 'Radius';
  /** The user the backend created at this sign-in: a name unknown here that the RADIUS server accepted. */
  created?: UserRecord;
  /** The password could not be checked at all (the RADIUS server did not answer): say so, not "wrong". */
  unavailable?: boolean;
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The RADIUS server's verdict (docs/auth-radius-saml.md#radius); an unknown username it accepts becomes a
 * user with source `radius`. A server that does not answer, or answers with another secret, is a refusal
 * that says the server is unavailable. Null when RADIUS sign-in is off.
 */
async function checkWithRadius(
  ctx: AppContext,
  user: UserRecord | null,
  username: string,
  password: string,
  warn: (message: string) => void,
): Promise<PasswordVerdict | null> {
  const settings = await radiusSettings(ctx.db, ctx.config);
  if (!settings.enabled) return null;
  try {
    const answer = await accessRequest(settings, username, password);
    if (!answer.accepted) return { ok: false, backend: 'Radius' };
  } catch (error) {
    if (!(error instanceof RadiusError)) throw error;
    warn(`RADIUS sign-in of ${username}: ${error.kind}: ${error.message}`);
    return { ok: false, backend: 'Radius', unavailable: true };
  }
  if (user) return { ok: true, backend: 'Radius' };
  try {
    return { ok: true, backend: 'Radius', created: await createRadiusUser(ctx, username) };
  } catch (error) {
    warn(`RADIUS sign-in of ${username}: the user could not be created: ${describe(error)}`);
    return { ok: false, backend: 'Radius' };
  }
}

/**
 * Which backend checks a sign-in password (docs/ldap.md#signing-in, docs/auth-radius-saml.md#radius): a user
 * whose source is `ldap` is checked by the directory only — the local password is ignored, and with LDAP
 * sign-in turned off, or the directory refusing (a wrong password, a user it disabled, no answer), the
 * password is wrong. A user whose source is `radius`, and with RADIUS on a username unknown here, is checked by
 * the RADIUS server only. Every other user is checked against the stored hash. Steps after the password (MFA,
 * ACLs) follow in the caller.
 */
export async function checkPassword(
  ctx: AppContext,
  credentials: { user: UserRecord; passwordHash: string } | null,
  username: string,
  password: string,
  warn: (message: string) => void,
): Promise<PasswordVerdict> {
  if (credentials === null || credentials.user.source === 'radius') {
    const viaRadius = await checkWithRadius(ctx, credentials?.user ?? null, username, password, warn);
    if (viaRadius) return viaRadius;
    if (credentials !== null) return { ok: false, backend: 'Radius' };
  }
  if (credentials?.user.source !== 'ldap')
    return { ok: await verifyPassword(password, credentials?.passwordHash ?? null), backend: 'Password' };
  const settings = await ldapSettings(ctx.db, ctx.config);
  if (!settings.enabled) return { ok: false, backend: 'LDAP' };
  try {
    await authenticate(settings, ctx.config, username, password);
    return { ok: true, backend: 'LDAP' };
  } catch (error) {
    if (!(error instanceof LdapStepError) || (error.step !== 'password' && error.step !== 'user'))
      warn(`LDAP sign-in of ${username}: ${describe(error)}`);
    return { ok: false, backend: 'LDAP' };
  }
}
