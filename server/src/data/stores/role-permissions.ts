import type { Database } from '../database';

/** Permission codes of custom roles (built-in roles take theirs from rbac/builtin-roles.ts). */
export async function listRolePermissions(
  db: Database,
  roleIds: readonly string[],
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return result;
  const rows = await db.all<{ role_id: string; code: string }>(
    `SELECT role_id, code FROM role_permissions WHERE ${db.dialect.inList('role_id')} ORDER BY code`,
    [db.dialect.listParam(roleIds)],
  );
  for (const row of rows) result.get(row.role_id)?.push(row.code);
  return result;
}

export async function replaceRolePermissions(
  db: Database,
  roleId: string,
  codes: readonly string[],
): Promise<void> {
  await db.transaction(async () => {
    await db.run('DELETE FROM role_permissions WHERE role_id = ?', [roleId]);
    for (const code of codes)
      await db.run('INSERT INTO role_permissions (role_id, code) VALUES (?, ?) ON CONFLICT DO NOTHING', [
        roleId,
        code,
      ]);
  });
}
