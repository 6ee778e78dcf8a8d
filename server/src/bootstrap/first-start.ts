import type { Db } from '../db/open-database';
import { newCompliantPassword, passwordProblems } from '../auth/password-policy';
import { BUILTIN_ROLES } from '../rbac/builtin-roles';
import { DEFAULT_ORG_ID, DEFAULT_ORG_NAME } from '../orgs/org-ids';
import { ensureOrg } from '../storage/orgs';
import { ensureBuiltinRoles } from '../storage/roles';
import { findUserCredentials } from '../storage/users';
import { createUser } from '../users/create-user';

export const ADMIN_USERNAME = 'admin';

/**
 * Idempotent start-up seeding: the Default org, the built-in roles, and on the very first start the `admin`
 * user. Returns the generated admin password when one was made (the caller prints it once), else null.
 */
export async function seedOnStart(db: Db, adminPassword: string | null): Promise<string | null> {
  await ensureOrg(db, { id: DEFAULT_ORG_ID, name: DEFAULT_ORG_NAME, comment: '' });
  await ensureBuiltinRoles(db, BUILTIN_ROLES);
  if (await findUserCredentials(db, ADMIN_USERNAME)) return null;
  const problems =
    adminPassword === null ? [] : passwordProblems(adminPassword, { administrator: true }, 'en');
  if (problems.length > 0) throw new Error(`BASTION_ADMIN_PASSWORD: ${problems.join(' ')}`);
  const password = adminPassword ?? newCompliantPassword();
  await createUser(db, {
    username: ADMIN_USERNAME,
    name: 'Administrator',
    email: 'admin@example.com',
    password,
    systemRoles: ['SystemAdmin'],
    orgRoles: [{ org: DEFAULT_ORG_ID, role: 'OrgAdmin' }],
  });
  return adminPassword === null ? password : null;
}
