import { hashPassword } from '../auth/passwords';
import type { Database } from '../data/database';
import type { RequestContext, ResourceDirectory } from '../engine/declaration';
import { builtinRoleIdFor } from '../rbac/builtin-roles';
import { DEFAULT_ORG_ID } from '../orgs/org-ids';
import { findOrgById } from '../data/stores/orgs';
import { findRolesByIds } from '../data/stores/roles';
import { replaceUserBindings } from '../data/stores/role-bindings';
import { findUserById, setUserPasswordHash, type UserRecord } from '../data/stores/users';

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

/** Where users are created: the engine's directory (its `users.user` resource) over the database. */
export interface UserTarget {
  db: Database;
  resources: ResourceDirectory;
}

async function resolveRole(db: Database, idOrName: string, scope: 'system' | 'org'): Promise<string> {
  const id = builtinRoleIdFor(idOrName) ?? idOrName;
  const [role] = await findRolesByIds(db, [id]);
  if (!role) throw new Error(`unknown role "${idOrName}"`);
  if (role.scope !== scope)
    throw new Error(`role "${role.name}" is a ${role.scope} role, not a ${scope} role`);
  return role.id;
}

/** A user that may not be created: the field errors of the engine's validation, as one message. */
export class UserRefusedError extends Error {
  constructor(readonly errors: unknown) {
    super(`the user was refused: ${JSON.stringify(errors)}`);
    this.name = 'UserRefusedError';
  }
}

/**
 * Creates a user with its system and org role bindings (first start, the CLI, seeds and tests) through
 * the engine's `users.user` resource — the one data path of the users table, with its validation (unique
 * username and e-mail, formats) and hooks. The password is set afterwards as the API's password change
 * does; the password policy is the caller's business (the CLI and first start check it). Throws on unknown
 * roles/orgs, and UserRefusedError for input the resource refuses (a taken username or e-mail).
 */
export async function createUser(target: UserTarget, input: NewUser): Promise<UserRecord> {
  const { db, resources } = target;
  const username = input.username.trim();
  if (username === '' || username.length > 128) throw new Error('username must be 1 to 128 characters');
  const systemRoles: string[] = [];
  for (const role of input.systemRoles ?? ['User']) systemRoles.push(await resolveRole(db, role, 'system'));
  const orgRoles = new Map<string, string[]>();
  for (const { org, role } of input.orgRoles ?? [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]) {
    const orgId = org.toLowerCase() === 'default' ? DEFAULT_ORG_ID : org;
    if (!(await findOrgById(db, orgId))) throw new Error(`unknown org "${org}"`);
    orgRoles.set(orgId, [...(orgRoles.get(orgId) ?? []), await resolveRole(db, role, 'org')]);
  }
  const [firstOrg, firstRoles] = [...orgRoles][0] ?? [DEFAULT_ORG_ID, []];
  const ctx: RequestContext = {
    userId: '',
    username: (input.createdBy ?? 'System').slice(0, 30),
    orgId: firstOrg,
    perms: new Set(),
    isSystemAdmin: true,
    language: 'en',
  };
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async () => {
    let row;
    try {
      row = await resources.get('users.user').create(
        {
          username,
          name: input.name?.trim() || username,
          email: input.email.trim(),
          is_active: input.isActive ?? true,
          source: input.source ?? 'local',
          comment: input.comment ?? '',
          // The resource insists on one system role; a user meant to have none loses the default below.
          ...(systemRoles.length > 0 ? { system_roles: systemRoles } : {}),
          ...(firstRoles.length > 0 ? { org_roles: firstRoles } : {}),
        },
        ctx,
      );
    } catch (error) {
      const body = (error as { body?: unknown; statusCode?: number }).body;
      if ((error as { statusCode?: number }).statusCode === 400) throw new UserRefusedError(body);
      throw error;
    }
    const id = String(row.id);
    // A user without system or org roles in the input has none (the resource adds User / OrgUser).
    if (systemRoles.length === 0) await replaceUserBindings(db, id, 'system', null, []);
    if (firstRoles.length === 0) await replaceUserBindings(db, id, 'org', firstOrg, []);
    for (const [orgId, roles] of [...orgRoles].slice(1))
      await replaceUserBindings(db, id, 'org', orgId, roles);
    if (passwordHash !== null) await setUserPasswordHash(db, id, passwordHash, Date.now(), false);
    const created = await findUserById(db, id);
    if (!created) throw new Error('user vanished right after insert');
    return created;
  });
}
