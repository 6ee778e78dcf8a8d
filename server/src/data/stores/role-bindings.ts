import crypto from 'node:crypto';
import type { Database } from '../database';
import type { RoleScope } from '../../rbac/builtin-roles';

export interface RoleBindingRecord {
  roleId: string;
  roleName: string;
  scope: RoleScope;
  /** null for system bindings */
  orgId: string | null;
}

interface BindingRow {
  role_id: string;
  role_name: string;
  scope: RoleScope;
  org_id: string | null;
}

const toBinding = (row: BindingRow): RoleBindingRecord => ({
  roleId: row.role_id,
  roleName: row.role_name,
  scope: row.scope,
  orgId: row.org_id,
});

/** Every binding of one user, system and org, oldest first. */
export async function listUserRoleBindings(db: Database, userId: string): Promise<RoleBindingRecord[]> {
  const rows = await db.all<BindingRow>(
    `SELECT b.role_id, r.name AS role_name, b.scope, b.org_id
     FROM role_bindings b JOIN roles r ON r.id = b.role_id
     WHERE b.user_id = ? ORDER BY b.date_created, r.name`,
    [userId],
  );
  return rows.map(toBinding);
}

/** Bindings of many users at once (list pages), keyed by user id. */
export async function listRoleBindingsForUsers(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, RoleBindingRecord[]>> {
  const result = new Map<string, RoleBindingRecord[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return result;
  const rows = await db.all<BindingRow & { user_id: string }>(
    `SELECT b.user_id, b.role_id, r.name AS role_name, b.scope, b.org_id
     FROM role_bindings b JOIN roles r ON r.id = b.role_id
     WHERE ${db.dialect.inList('b.user_id')} ORDER BY b.date_created, r.name`,
    [db.dialect.listParam(userIds)],
  );
  for (const row of rows) result.get(row.user_id)?.push(toBinding(row));
  return result;
}

/**
 * Replaces a user's bindings of one scope (system: orgId null; org: in that org only — other orgs'
 * bindings are never touched).
 */
export async function replaceUserBindings(
  db: Database,
  userId: string,
  scope: RoleScope,
  orgId: string | null,
  roleIds: readonly string[],
): Promise<void> {
  const now = Date.now();
  await db.transaction(async () => {
    // `NOT IN` an empty list must keep nothing: the list then holds one id no role has.
    const keep = db.dialect.listParam(roleIds.length === 0 ? [''] : roleIds);
    if (scope === 'system')
      await db.run(
        `DELETE FROM role_bindings WHERE user_id = ? AND scope = 'system' AND NOT (${db.dialect.inList('role_id')})`,
        [userId, keep],
      );
    else
      await db.run(
        `DELETE FROM role_bindings WHERE user_id = ? AND scope = 'org' AND org_id = ? AND NOT (${db.dialect.inList('role_id')})`,
        [userId, orgId, keep],
      );
    for (const roleId of roleIds)
      await db.run(
        `INSERT INTO role_bindings (id, user_id, role_id, scope, org_id, date_created) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT DO NOTHING`,
        [crypto.randomUUID(), userId, roleId, scope, orgId, now],
      );
  });
}

/** Adds org bindings in one org, keeping the user's existing ones (users/invite/). */
export async function addOrgBindings(
  db: Database,
  userIds: readonly string[],
  orgId: string,
  roleIds: readonly string[],
): Promise<void> {
  const now = Date.now();
  await db.transaction(async () => {
    for (const userId of userIds)
      for (const roleId of roleIds)
        await db.run(
          `INSERT INTO role_bindings (id, user_id, role_id, scope, org_id, date_created) VALUES (?, ?, ?, 'org', ?, ?)
           ON CONFLICT DO NOTHING`,
          [crypto.randomUUID(), userId, roleId, orgId, now],
        );
  });
}

/** Drops every org binding of a user in one org (users/{id}/remove/). */
export async function removeUserFromOrg(db: Database, userId: string, orgId: string): Promise<void> {
  await db.run("DELETE FROM role_bindings WHERE user_id = ? AND scope = 'org' AND org_id = ?", [
    userId,
    orgId,
  ]);
}

/**
 * How many users each role is bound to (roles' users_amount): in one org when `orgId` is given (org
 * roles seen from an org), else everywhere.
 */
export async function roleUserCounts(
  db: Database,
  roleIds: readonly string[],
  orgId: string | null = null,
): Promise<Map<string, number>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db.all<{ role_id: string; n: number }>(
    `SELECT role_id, COUNT(DISTINCT user_id) AS n FROM role_bindings
     WHERE ${db.dialect.inList('role_id')}${orgId === null ? '' : ' AND org_id = ?'} GROUP BY role_id`,
    orgId === null ? [db.dialect.listParam(roleIds)] : [db.dialect.listParam(roleIds), orgId],
  );
  return new Map(rows.map((row) => [row.role_id, Number(row.n)]));
}

/** Users bound to a role (roles/{id}/users/): in one org when `orgId` is given, else everywhere. */
export async function usersOfRole(
  db: Database,
  roleId: string,
  orgId: string | null = null,
): Promise<Array<{ id: string; name: string; username: string }>> {
  return db.all<{ id: string; name: string; username: string }>(
    `SELECT DISTINCT u.id, u.name, u.username FROM role_bindings b JOIN users u ON u.id = b.user_id
     WHERE b.role_id = ?${orgId === null ? '' : ' AND b.org_id = ?'} ORDER BY u.username`,
    orgId === null ? [roleId] : [roleId, orgId],
  );
}
