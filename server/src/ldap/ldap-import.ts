import type { AppContext } from '../app-context';
import { addOrgBindings } from '../data/stores/role-bindings';
import { findOrgById } from '../data/stores/orgs';
import { findUserCredentials } from '../data/stores/users';
import { BUILTIN_ROLE_IDS } from '../rbac/builtin-roles';
import { createUser, UserRefusedError } from '../users/create-user';
import { emailForNewUser } from '../users/new-user-email';
import type { DirectoryUser } from './ldap-directory';

/** What happened to one user of an import: created here, added to the organizations, or refused. */
export interface ImportOutcome {
  username: string;
  status: 'created' | 'updated' | 'failed';
  detail?: string;
}

export interface ImportResult {
  imported: number;
  /** One line per user that could not be imported, with the reason. */
  errors: string[];
  /** One outcome per user, in the order given (the console shows them row by row). */
  results: ImportOutcome[];
}

/**
 * Imports directory users into organizations (docs/ldap.md#import): a new user is created with source
 * `ldap` (no local password: the directory checks it) and the organization user role in each organization;
 * an existing directory user is added to the organizations it is not in yet. A local user of the same name
 * is left alone and reported: a directory entry never takes over a local account.
 */
export async function importDirectoryUsers(
  ctx: AppContext,
  users: readonly DirectoryUser[],
  orgIds: readonly string[],
): Promise<ImportResult> {
  if (!ctx.resources) throw new Error('importing users needs the engine');
  const resources = ctx.resources;
  const result: ImportResult = { imported: 0, errors: [], results: [] };
  for (const user of users) {
    const existing = await findUserCredentials(ctx.db, user.username);
    if (existing) {
      if (existing.user.source !== 'ldap') {
        const detail = 'a local user of this name exists';
        result.errors.push(`${user.username}: ${detail}`);
        result.results.push({ username: user.username, status: 'failed', detail });
        continue;
      }
      for (const orgId of orgIds)
        await addOrgBindings(ctx.db, [existing.user.id], orgId, [BUILTIN_ROLE_IDS.OrgUser]);
      result.imported += 1;
      result.results.push({ username: user.username, status: 'updated' });
      continue;
    }
    try {
      await createUser(
        { db: ctx.db, resources },
        {
          username: user.username,
          name: user.name,
          // A directory entry without an address gets one at EMAIL_SUFFIX, as the other sources' users do.
          email: user.email || (await emailForNewUser(ctx.db, ctx.config, user.username)),
          source: 'ldap',
          createdBy: 'LDAP',
          orgRoles: orgIds.map((org) => ({ org, role: 'OrgUser' })),
        },
      );
      result.imported += 1;
      result.results.push({ username: user.username, status: 'created' });
    } catch (error) {
      const detail =
        error instanceof UserRefusedError ? JSON.stringify(error.errors) : (error as Error).message;
      result.errors.push(`${user.username}: ${detail}`);
      result.results.push({ username: user.username, status: 'failed', detail });
    }
  }
  return result;
}

/** The organizations of an import that exist, and the names of those that do not. */
export async function knownOrgs(ctx: AppContext, ids: readonly string[]) {
  const found: { id: string; name: string }[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const org = await findOrgById(ctx.db, id);
    if (org) found.push({ id: org.id, name: org.name });
    else missing.push(id);
  }
  return { found, missing };
}
