import type { Db } from '../db/open-database';
import { hashPassword } from '../auth/passwords';
import { builtinRoleIdFor } from '../rbac/builtin-roles';
import { DEFAULT_ORG_ID } from '../orgs/org-ids';
import { findOrgById } from '../storage/orgs';
import { findRolesByIds } from '../storage/roles';
import { insertUser, type UserRecord } from '../storage/users';

export interface NewUser {
  username: string;
  /** defaults to the username */
  name?: string;
  email: string;
  /** null/absent = no password: the user cannot sign in with the form. */
  password?: string | null;
  /**
   * role ids or built-in names; default ["User"] (docs/permissions.md#built-in-roles: new users get User and
   * OrgUser)
   */
  systemRoles?: readonly string[];
  /** org id (or "default") + role id or built-in name; default [{org: Default, role: "OrgUser"}] */
  orgRoles?: ReadonlyArray<{ org: string; role: string }>;
  isActive?: boolean;
  source?: string;
  createdBy?: string;
  comment?: string;
}

const SEVENTY_YEARS_MS = 70 * 365.25 * 24 * 60 * 60 * 1000;

async function resolveRole(db: Db, idOrName: string, scope: 'system' | 'org'): Promise<string> {
  const id = builtinRoleIdFor(idOrName) ?? idOrName;
  const [role] = await findRolesByIds(db, [id]);
  if (!role) throw new Error(`unknown role "${idOrName}"`);
  if (role.scope !== scope)
    throw new Error(`role "${role.name}" is a ${role.scope} role, not a ${scope} role`);
  return role.id;
}

/**
 * Creates a user with its system and org role bindings (used by first start, tests, the CLI and seeds).
 * Throws on unknown roles/orgs and on a duplicate username or email (DuplicateUserError).
 */
export async function createUser(db: Db, input: NewUser): Promise<UserRecord> {
  const username = input.username.trim();
  if (username === '' || username.length > 128) throw new Error('username must be 1 to 128 characters');
  const bindings: Array<{ roleId: string; scope: 'system' | 'org'; orgId: string | null }> = [];
  for (const role of input.systemRoles ?? ['User']) {
    bindings.push({ roleId: await resolveRole(db, role, 'system'), scope: 'system', orgId: null });
  }
  for (const { org, role } of input.orgRoles ?? [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]) {
    const orgId = org.toLowerCase() === 'default' ? DEFAULT_ORG_ID : org;
    if (!(await findOrgById(db, orgId))) throw new Error(`unknown org "${org}"`);
    bindings.push({ roleId: await resolveRole(db, role, 'org'), scope: 'org', orgId });
  }
  return insertUser(db, {
    username,
    name: input.name?.trim() || username,
    email: input.email.trim(),
    passwordHash: input.password ? await hashPassword(input.password) : '',
    isActive: input.isActive ?? true,
    source: input.source ?? 'local',
    createdBy: input.createdBy ?? 'System',
    comment: input.comment ?? '',
    dateExpired: Date.now() + SEVENTY_YEARS_MS,
    bindings,
  });
}
