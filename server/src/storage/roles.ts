import type { Db } from '../db/open-database';
import type { RoleScope } from '../rbac/builtin-roles';

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
  db: Db,
  roles: ReadonlyArray<{ id: string; name: string; scope: RoleScope }>,
): Promise<void> {
  const now = Date.now();
  const upsert = db.prepare(
    `INSERT INTO roles (id, name, scope, builtin, created_by, date_created, date_updated)
     VALUES (?, ?, ?, 1, 'System', ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, scope = excluded.scope, builtin = 1`,
  );
  db.transaction(() => {
    for (const role of roles) upsert.run(role.id, role.name, role.scope, now, now);
  })();
}

export async function findRolesByIds(db: Db, ids: readonly string[]): Promise<RoleRecord[]> {
  if (ids.length === 0) return [];
  const rows = db
    .prepare(`SELECT id, name, scope, builtin FROM roles WHERE id IN (${ids.map(() => '?').join(', ')})`)
    .all(...ids) as RoleRow[];
  return rows.map((row) => ({ id: row.id, name: row.name, scope: row.scope, builtin: row.builtin === 1 }));
}
