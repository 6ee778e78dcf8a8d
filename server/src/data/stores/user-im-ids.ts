import type { Database } from '../database';

/** The IM sources a user may bind (docs/auth-im-sms.md#qr-sign-in-and-binding) and their columns. */
export type ImColumnSource = 'wecom' | 'dingtalk' | 'feishu';

const COLUMN: Record<ImColumnSource, string> = {
  wecom: 'wecom_id',
  dingtalk: 'dingtalk_id',
  feishu: 'feishu_id',
};

/** The user bound to a provider's user id, or null. */
export async function findUserIdByImId(
  db: Database,
  source: ImColumnSource,
  imId: string,
): Promise<string | null> {
  const row = await db.get<{ id: string }>(`SELECT id FROM users WHERE ${COLUMN[source]} = ?`, [imId]);
  return row?.id ?? null;
}

/**
 * Binds `imId` to the user unless another user holds it (one user per provider id): `false` then, and
 * nothing changes. The unique index decides between two binds racing for the same id.
 */
export async function bindImId(
  db: Database,
  userId: string,
  source: ImColumnSource,
  imId: string,
): Promise<boolean> {
  const holder = await findUserIdByImId(db, source, imId);
  if (holder !== null && holder !== userId) return false;
  try {
    await db.run(`UPDATE users SET ${COLUMN[source]} = ? WHERE id = ?`, [imId, userId]);
  } catch {
    return false;
  }
  return true;
}

export async function unbindImId(db: Database, userId: string, source: ImColumnSource): Promise<void> {
  await db.run(`UPDATE users SET ${COLUMN[source]} = NULL WHERE id = ?`, [userId]);
}

/** Provider user ids of the given users who bound `source` (the IM message channels' recipients). */
export async function imIdsOfUsers(
  db: Database,
  source: ImColumnSource,
  userIds: readonly string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db.all<{ im_id: string }>(
    `SELECT ${COLUMN[source]} AS im_id FROM users WHERE ${COLUMN[source]} IS NOT NULL AND id IN (${userIds
      .map(() => '?')
      .join(', ')})`,
    [...userIds],
  );
  return rows.map((row) => row.im_id);
}
