import type { Db } from '../db/open-database';

/** Permission codes of custom roles (built-in roles take theirs from rbac/builtin-roles.ts). */
export function listRolePermissions(db: Db, roleIds: readonly string[]): Map<string, string[]> {
  const result = new Map<string, string[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return result;
  const rows = db
    .prepare(
      'SELECT role_id, code FROM role_permissions WHERE role_id IN (SELECT value FROM json_each(?)) ORDER BY code',
    )
    .all(JSON.stringify(roleIds)) as Array<{ role_id: string; code: string }>;
  for (const row of rows) result.get(row.role_id)?.push(row.code);
  return result;
}

export function replaceRolePermissions(db: Db, roleId: string, codes: readonly string[]): void {
  const insert = db.prepare(
    'INSERT INTO role_permissions (role_id, code) VALUES (?, ?) ON CONFLICT DO NOTHING',
  );
  db.transaction(() => {
    db.prepare('DELETE FROM role_permissions WHERE role_id = ?').run(roleId);
    for (const code of codes) insert.run(roleId, code);
  })();
}
