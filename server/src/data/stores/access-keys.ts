import type { Database } from '../database';

/** A user's access key (docs/auth.md#access-keys-and-signed-requests). The secret is stored sealed (auth/secret-box.ts), never in clear. */
export interface AccessKeyRecord {
  id: string;
  userId: string;
  secretSealed: string;
  isActive: boolean;
  /** epoch milliseconds */
  dateCreated: number;
}

interface AccessKeyRow {
  id: string;
  user_id: string;
  secret_sealed: string;
  is_active: number;
  date_created: number;
}

const toRecord = (row: AccessKeyRow): AccessKeyRecord => ({
  id: row.id,
  userId: row.user_id,
  secretSealed: row.secret_sealed,
  isActive: Number(row.is_active) === 1,
  dateCreated: Number(row.date_created),
});

const COLUMNS = 'id, user_id, secret_sealed, is_active, date_created';

export async function insertAccessKey(db: Database, key: AccessKeyRecord): Promise<void> {
  await db.run(
    `INSERT INTO access_keys (id, user_id, secret_sealed, is_active, date_created) VALUES (?, ?, ?, ?, ?)`,
    [key.id, key.userId, key.secretSealed, key.isActive, key.dateCreated],
  );
}

export async function findAccessKey(db: Database, id: string): Promise<AccessKeyRecord | null> {
  const row = await db.get<AccessKeyRow>(`SELECT ${COLUMNS} FROM access_keys WHERE id = ?`, [id]);
  return row ? toRecord(row) : null;
}

/** One of the user's keys, or null (another user's key is as absent as an unknown one). */
export async function findOwnAccessKey(
  db: Database,
  userId: string,
  id: string,
): Promise<AccessKeyRecord | null> {
  const row = await db.get<AccessKeyRow>(`SELECT ${COLUMNS} FROM access_keys WHERE id = ? AND user_id = ?`, [
    id,
    userId,
  ]);
  return row ? toRecord(row) : null;
}

export async function countAccessKeys(db: Database, userId: string): Promise<number> {
  const row = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM access_keys WHERE user_id = ?', [
    userId,
  ]);
  return Number(row?.n ?? 0);
}

export interface AccessKeyListQuery {
  userId: string;
  /** id prefix (v2.21 search field `^id`; `^secret` is gone with the secret). */
  idPrefixes: readonly string[];
  isActive: boolean | null;
  order: ReadonlyArray<{ field: 'date_created' | 'is_active' | 'id'; descending: boolean }>;
  limit: number | null;
  offset: number;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listAccessKeys(
  db: Database,
  query: AccessKeyListQuery,
): Promise<{ rows: AccessKeyRecord[]; count: number }> {
  const where = ['user_id = ?'];
  const params: unknown[] = [query.userId];
  // Ids are lower-case UUIDs and the prefix is lowered: a plain LIKE matches alike on both backends.
  for (const prefix of query.idPrefixes) {
    where.push(`id LIKE ? ESCAPE '\\'`);
    params.push(`${escapeLike(prefix.toLowerCase())}%`);
  }
  if (query.isActive !== null) {
    where.push('is_active = ?');
    params.push(query.isActive);
  }
  const clause = where.join(' AND ');
  const order = [
    ...query.order,
    { field: 'date_created', descending: true },
    { field: 'id', descending: false },
  ]
    .map((o) => `${o.field} ${o.descending ? 'DESC' : 'ASC'}`)
    .join(', ');
  const counted = await db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM access_keys WHERE ${clause}`,
    params,
  );
  const page = query.limit === null ? '' : ' LIMIT ? OFFSET ?';
  const rows = await db.all<AccessKeyRow>(
    `SELECT ${COLUMNS} FROM access_keys WHERE ${clause} ORDER BY ${order}${page}`,
    query.limit === null ? params : [...params, query.limit, query.offset],
  );
  return { rows: rows.map(toRecord), count: Number(counted?.n ?? 0) };
}

export async function setAccessKeyActive(
  db: Database,
  userId: string,
  id: string,
  isActive: boolean,
): Promise<void> {
  await db.run('UPDATE access_keys SET is_active = ? WHERE id = ? AND user_id = ?', [isActive, id, userId]);
}

/** Switches off every key of a user (an administrator replaced the password); the owner may switch them on. */
export async function deactivateAccessKeys(db: Database, userId: string): Promise<number> {
  return (await db.run('UPDATE access_keys SET is_active = 0 WHERE user_id = ? AND is_active = 1', [userId]))
    .changes;
}

export async function deleteAccessKey(db: Database, userId: string, id: string): Promise<boolean> {
  return (await db.run('DELETE FROM access_keys WHERE id = ? AND user_id = ?', [id, userId])).changes > 0;
}

/**
 * Records a signature as used until `expiresAt`; false when it was already recorded (a replay) — on any
 * instance, as the records live in the database. Expired records are swept here, at most once a minute.
 */
export async function recordSignatureUse(
  db: Database,
  digest: string,
  expiresAt: number,
  now: number,
): Promise<boolean> {
  if (now - lastSweep > 60_000) {
    lastSweep = now;
    await db.run('DELETE FROM signature_replays WHERE expires_at <= ?', [now]);
  }
  const inserted = await db.run(
    `INSERT INTO signature_replays (digest, expires_at) VALUES (?, ?)
     ON CONFLICT (digest) DO UPDATE SET expires_at = excluded.expires_at
       WHERE signature_replays.expires_at <= ?`,
    [digest, expiresAt, now],
  );
  return inserted.changes > 0;
}

let lastSweep = 0;
