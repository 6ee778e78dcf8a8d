import type { Database } from '../database';
import { WriteVersions } from '../write-versions';

/** Read on every profile request: cached while the table is unwritten (exact, data/write-versions.ts). */
const PUBLIC_KEYS: ReadonlySet<string> = new Set(['user_public_keys']);

/** A user's SSH public key (migration 701), or null when none is set. */
export async function findUserPublicKey(db: Database, userId: string): Promise<string | null> {
  return WriteVersions.of(db).cached(`user_public_keys\u0000${userId}`, PUBLIC_KEYS, async () => {
    const row = await db.get<{ public_key: string }>(
      'SELECT public_key FROM user_public_keys WHERE user_id = ?',
      [userId],
    );
    return row ? row.public_key : null;
  });
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
