import crypto from 'node:crypto';
import type { Db } from '../db/open-database';
import type { RoleScope } from '../rbac/builtin-roles';

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

/** Every binding of one user, system and org, oldest first. */
export async function listUserRoleBindings(db: Db, userId: string): Promise<RoleBindingRecord[]> {
  const rows = db
    .prepare(
      `SELECT b.role_id, r.name AS role_name, b.scope, b.org_id
       FROM role_bindings b JOIN roles r ON r.id = b.role_id
       WHERE b.user_id = ? ORDER BY b.date_created, r.name`,
    )
    .all(userId) as BindingRow[];
  return rows.map((row) => ({
    roleId: row.role_id,
    roleName: row.role_name,
    scope: row.scope,
    orgId: row.org_id,
  }));
}

/** Bindings of many users at once (list pages), keyed by user id. */
export async function listRoleBindingsForUsers(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, RoleBindingRecord[]>> {
  const result = new Map<string, RoleBindingRecord[]>(userIds.map((id) => [id, []]));
  // Chunks stay below SQLite's bound-parameter limit.
  for (let start = 0; start < userIds.length; start += 500) {
    const chunk = userIds.slice(start, start + 500);
    const rows = db
      .prepare(
        `SELECT b.user_id, b.role_id, r.name AS role_name, b.scope, b.org_id
         FROM role_bindings b JOIN roles r ON r.id = b.role_id
         WHERE b.user_id IN (${chunk.map(() => '?').join(', ')}) ORDER BY b.date_created, r.name`,
      )
      .all(...chunk) as Array<BindingRow & { user_id: string }>;
    for (const row of rows) {
      result
        .get(row.user_id)
        ?.push({ roleId: row.role_id, roleName: row.role_name, scope: row.scope, orgId: row.org_id });
    }
  }
  return result;
}

/** Synchronous bindings of many users (computed list fields), keyed by user id. */
export function bindingsOfUsers(db: Db, userIds: readonly string[]): Map<string, RoleBindingRecord[]> {
  const result = new Map<string, RoleBindingRecord[]>(userIds.map((id) => [id, []]));
  const rows = db
    .prepare(
      `SELECT b.user_id, b.role_id, r.name AS role_name, b.scope, b.org_id
       FROM role_bindings b JOIN roles r ON r.id = b.role_id
       WHERE b.user_id IN (SELECT value FROM json_each(?)) ORDER BY b.date_created, r.name`,
    )
    .all(JSON.stringify(userIds)) as Array<BindingRow & { user_id: string }>;
  for (const row of rows)
    result
      .get(row.user_id)
      ?.push({ roleId: row.role_id, roleName: row.role_name, scope: row.scope, orgId: row.org_id });
  return result;
}

/**
 * Replaces a user's bindings of one scope (system: orgId null; org: in that org only — other orgs'
 * bindings are never touched).
 */
export function replaceUserBindings(
  db: Db,
  userId: string,
  scope: RoleScope,
  orgId: string | null,
  roleIds: readonly string[],
): void {
  const now = Date.now();
  const insert = db.prepare(
    `INSERT INTO role_bindings (id, user_id, role_id, scope, org_id, date_created) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT DO NOTHING`,
  );
  db.transaction(() => {
    if (scope === 'system') {
      db.prepare(
        "DELETE FROM role_bindings WHERE user_id = ? AND scope = 'system' AND role_id NOT IN (SELECT value FROM json_each(?))",
      ).run(userId, JSON.stringify(roleIds));
    } else {
      db.prepare(
        "DELETE FROM role_bindings WHERE user_id = ? AND scope = 'org' AND org_id = ? AND role_id NOT IN (SELECT value FROM json_each(?))",
      ).run(userId, orgId, JSON.stringify(roleIds));
    }
    for (const roleId of roleIds) insert.run(crypto.randomUUID(), userId, roleId, scope, orgId, now);
  })();
}

/** Adds org bindings in one org, keeping the user's existing ones (users/invite/). */
export function addOrgBindings(
  db: Db,
  userIds: readonly string[],
  orgId: string,
  roleIds: readonly string[],
): void {
  const now = Date.now();
  const insert = db.prepare(
    `INSERT INTO role_bindings (id, user_id, role_id, scope, org_id, date_created) VALUES (?, ?, ?, 'org', ?, ?)
     ON CONFLICT DO NOTHING`,
  );
  db.transaction(() => {
    for (const userId of userIds)
      for (const roleId of roleIds) insert.run(crypto.randomUUID(), userId, roleId, orgId, now);
  })();
}

/** Drops every org binding of a user in one org (users/{id}/remove/). */
export function removeUserFromOrg(db: Db, userId: string, orgId: string): void {
  db.prepare("DELETE FROM role_bindings WHERE user_id = ? AND scope = 'org' AND org_id = ?").run(
    userId,
    orgId,
  );
}

/**
 * How many users each role is bound to (roles' users_amount): in one org when `orgId` is given (org
 * roles seen from an org), else everywhere.
 */
export function roleUserCounts(
  db: Db,
  roleIds: readonly string[],
  orgId: string | null = null,
): Map<string, number> {
  const rows = db
    .prepare(
      `SELECT role_id, COUNT(DISTINCT user_id) AS n FROM role_bindings
       WHERE role_id IN (SELECT value FROM json_each(?)) AND (? IS NULL OR org_id = ?) GROUP BY role_id`,
    )
    .all(JSON.stringify(roleIds), orgId, orgId) as Array<{ role_id: string; n: number }>;
  return new Map(rows.map((row) => [row.role_id, row.n]));
}

/** Users bound to a role (roles/{id}/users/): in one org when `orgId` is given, else everywhere. */
export function usersOfRole(
  db: Db,
  roleId: string,
  orgId: string | null = null,
): Array<{ id: string; name: string; username: string }> {
  return db
    .prepare(
      `SELECT DISTINCT u.id, u.name, u.username FROM role_bindings b JOIN users u ON u.id = b.user_id
       WHERE b.role_id = ? AND (? IS NULL OR b.org_id = ?) ORDER BY u.username`,
    )
    .all(roleId, orgId, orgId) as Array<{ id: string; name: string; username: string }>;
}
