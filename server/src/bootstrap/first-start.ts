import { newCompliantPassword, passwordProblems } from '../auth/password-policy';
import { passwordRules } from '../settings/password-rules';
import { BUILTIN_ROLES } from '../rbac/builtin-roles';
import { DEFAULT_ORG_ID, DEFAULT_ORG_NAME } from '../orgs/org-ids';
import { ensureOrg } from '../data/stores/orgs';
import { ensureBuiltinRoles } from '../data/stores/roles';
import { findUserCredentials } from '../data/stores/users';
import { createUser, type UserTarget } from '../users/create-user';

export const ADMIN_USERNAME = 'admin';

/**
 * Idempotent start-up seeding: the Default org, the built-in roles, and on the very first start the `admin`
 * user. Returns the generated admin password when one was made (the caller prints it once), else null.
 * Instances starting together on one database take turns (a lock held to the commit): exactly one of them
 * creates `admin` and prints its password.
 */
export async function seedOnStart(target: UserTarget, adminPassword: string | null): Promise<string | null> {
  const { db } = target;
  return db.transaction(async () => {
    await db.lock('bastion:first-start');
    await ensureOrg(db, { id: DEFAULT_ORG_ID, name: DEFAULT_ORG_NAME, comment: '' });
    await ensureBuiltinRoles(db, BUILTIN_ROLES);
    if (await findUserCredentials(db, ADMIN_USERNAME)) return null;
    const problems =
      adminPassword === null
        ? []
        : passwordProblems(adminPassword, { administrator: true }, 'en', await passwordRules(db));
    if (problems.length > 0) throw new Error(`BASTION_ADMIN_PASSWORD: ${problems.join(' ')}`);
    const password = adminPassword ?? newCompliantPassword();
    await createUser(target, {
      username: ADMIN_USERNAME,
      name: 'Administrator',
      email: 'admin@example.com',
      password,
      systemRoles: ['SystemAdmin'],
      orgRoles: [{ org: DEFAULT_ORG_ID, role: 'OrgAdmin' }],
    });
    return adminPassword === null ? password : null;
  });
}
