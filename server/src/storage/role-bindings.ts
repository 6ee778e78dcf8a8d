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
