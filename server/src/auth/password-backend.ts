import type { AppContext } from '../app-context';
import type { UserRecord } from '../data/stores/users';
import { authenticate, ldapSettings, LdapStepError } from '../ldap/ldap-directory';
import { verifyPassword } from './passwords';

export interface PasswordVerdict {
  ok: boolean;
  /** Which backend decided, for the login log (docs/audit.md#login-logs). */
  backend: 'Password' | 'LDAP';
}

/**
 * Which backend checks a sign-in password (docs/ldap.md#signing-in): a user whose source is `ldap` is
 * checked by the directory only — the local password is ignored, and with LDAP sign-in turned off, or the
 * directory refusing (a wrong password, a user it disabled, no answer), the password is wrong. Every other
 * user is checked against the stored hash. Steps after the password (MFA, ACLs) follow in the caller.
 */
export async function checkPassword(
  ctx: AppContext,
  credentials: { user: UserRecord; passwordHash: string } | null,
  username: string,
  password: string,
  warn: (message: string) => void,
): Promise<PasswordVerdict> {
  if (credentials?.user.source !== 'ldap')
    return { ok: await verifyPassword(password, credentials?.passwordHash ?? null), backend: 'Password' };
  const settings = await ldapSettings(ctx.db, ctx.config);
  if (!settings.enabled) return { ok: false, backend: 'LDAP' };
  try {
    await authenticate(settings, ctx.config, username, password);
    return { ok: true, backend: 'LDAP' };
  } catch (error) {
    if (!(error instanceof LdapStepError) || (error.step !== 'password' && error.step !== 'user'))
      warn(`LDAP sign-in of ${username}: ${error instanceof Error ? error.message : String(error)}`);
    return { ok: false, backend: 'LDAP' };
  }
}
