import type { Database } from '../database';
import type { RoleScope } from '../../rbac/builtin-roles';

export interface RoleRecord {
  id: string;
  name: string;
  scope: RoleScope;
  builtin: boolean;
}

interface RoleRow {
  id: string;
  name: string;
  scope: RoleScope;
  builtin: number;
}

/** Inserts missing built-in roles (fixed ids) and keeps their name/scope in step with the code. */
export async function ensureBuiltinRoles(
  db: Database,
  roles: ReadonlyArray<{ id: string; name: string; scope: RoleScope }>,
): Promise<void> {
  const now = Date.now();
  await db.transaction(async () => {
    for (const role of roles)
      await db.run(
        `INSERT INTO roles (id, name, scope, builtin, created_by, date_created, date_updated)
         VALUES (?, ?, ?, 1, 'System', ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, scope = excluded.scope, builtin = 1`,
        [role.id, role.name, role.scope, now, now],
      );
  });
}

export async function findRolesByIds(db: Database, ids: readonly string[]): Promise<RoleRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.all<RoleRow>(
    `SELECT id, name, scope, builtin FROM roles WHERE ${db.dialect.inList('id')}`,
    [db.dialect.listParam(ids)],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    scope: row.scope,
    builtin: Number(row.builtin) === 1,
  }));
}
