import type { Database } from '../database';

/** A user's SSH public key (migration 701), or null when none is set. */
export async function findUserPublicKey(db: Database, userId: string): Promise<string | null> {
  const row = await db.get<{ public_key: string }>('SELECT public_key FROM user_public_keys WHERE user_id = ?', [
    userId,
  ]);
  return row ? row.public_key : null;
}

/** Sets the key, or removes it with null. */
export async function setUserPublicKey(db: Database, userId: string, publicKey: string | null): Promise<void> {
  if (publicKey === null) {
    await db.run('DELETE FROM user_public_keys WHERE user_id = ?', [userId]);
    return;
  }
  await db.run(
    `INSERT INTO user_public_keys (user_id, public_key, date_updated) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET public_key = excluded.public_key, date_updated = excluded.date_updated`,
    [userId, publicKey, Date.now()],
  );
}
