import { parseArgs } from 'node:util';
import type { ServerConfig } from '../config';
import { openPreparedDatabase } from '../bootstrap/database-schema';
import { ADMIN_USERNAME, seedOnStart } from '../bootstrap/first-start';
import { createUser } from '../users/create-user';
import { passwordProblems } from '../auth/password-policy';
import { passwordRules } from '../settings/password-rules';
import { adminPasswordNotice } from './notice';

export const CREATE_USER_USAGE = `usage: npm run admin -- create-user --username NAME --email ADDRESS --password SECRET
  [--name DISPLAY] [--system-role ROLE]... [--org-role ORG:ROLE]... [--inactive]
  ROLE is a role id or built-in name (User, SystemAuditor, SystemAdmin, OrgUser, OrgAuditor, OrgAdmin);
  ORG is an org id or "default". Defaults: --system-role User --org-role default:OrgUser.`;

/** `create-user`: adds a user to the configured database (for e2e set-up and operators). */
export async function runCreateUser(config: ServerConfig, argv: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      'system-role': { type: 'string', multiple: true },
      'org-role': { type: 'string', multiple: true },
      inactive: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.username || !values.email) {
    process.stderr.write(`${CREATE_USER_USAGE}\n`);
    return 2;
  }
  const { db, registry } = await openPreparedDatabase(config);
  try {
    if (values.password !== undefined) {
      const roles = [...(values['system-role'] ?? []), ...(values['org-role'] ?? [])];
      const administrator = roles.some((role) => /(^|:)(SystemAdmin|OrgAdmin)$/.test(role));
      const problems = passwordProblems(values.password, { administrator }, 'en', await passwordRules(db));
      if (problems.length > 0) {
        process.stderr.write(`--password: ${problems.join(' ')}\n`);
        return 2;
      }
    }
    const target = { db, resources: registry };
    const generated = await seedOnStart(target, config.adminPassword);
    if (generated !== null) process.stdout.write(adminPasswordNotice(ADMIN_USERNAME, generated, null));
    const orgRoles = values['org-role']?.map((entry) => {
      const split = entry.lastIndexOf(':');
      if (split <= 0) throw new Error(`--org-role expects ORG:ROLE, got "${entry}"`);
      return { org: entry.slice(0, split), role: entry.slice(split + 1) };
    });
    const user = await createUser(target, {
      username: values.username,
      email: values.email,
      password: values.password ?? null,
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values['system-role'] !== undefined ? { systemRoles: values['system-role'] } : {}),
      ...(orgRoles !== undefined ? { orgRoles } : {}),
      isActive: !values.inactive,
    });
    process.stdout.write(`created user ${user.username} (${user.id})\n`);
    return 0;
  } finally {
    await db.close();
  }
}
