import type { Db } from '../db/open-database';

/**
 * A user's access key (docs/auth.md#access-keys-and-signed-requests). The secret is stored sealed
 * (auth/secret-box.ts), never in clear.
 */
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
  isActive: row.is_active === 1,
  dateCreated: row.date_created,
});

const COLUMNS = 'id, user_id, secret_sealed, is_active, date_created';

export function insertAccessKey(db: Db, key: AccessKeyRecord): void {
  db.prepare(
    `INSERT INTO access_keys (id, user_id, secret_sealed, is_active, date_created) VALUES (?, ?, ?, ?, ?)`,
  ).run(key.id, key.userId, key.secretSealed, key.isActive ? 1 : 0, key.dateCreated);
}

export function findAccessKey(db: Db, id: string): AccessKeyRecord | null {
  const row = db.prepare(`SELECT ${COLUMNS} FROM access_keys WHERE id = ?`).get(id) as
    AccessKeyRow | undefined;
  return row ? toRecord(row) : null;
}

/** One of the user's keys, or null (another user's key is as absent as an unknown one). */
export function findOwnAccessKey(db: Db, userId: string, id: string): AccessKeyRecord | null {
  const row = db
    .prepare(`SELECT ${COLUMNS} FROM access_keys WHERE id = ? AND user_id = ?`)
    .get(id, userId) as AccessKeyRow | undefined;
  return row ? toRecord(row) : null;
}

export function countAccessKeys(db: Db, userId: string): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM access_keys WHERE user_id = ?').get(userId) as { n: number })
    .n;
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

export function listAccessKeys(
  db: Db,
  query: AccessKeyListQuery,
): { rows: AccessKeyRecord[]; count: number } {
  const where = ['user_id = ?'];
  const params: unknown[] = [query.userId];
  for (const prefix of query.idPrefixes) {
    where.push(`id LIKE ? ESCAPE '\\'`);
    params.push(`${escapeLike(prefix.toLowerCase())}%`);
  }
  if (query.isActive !== null) {
    where.push('is_active = ?');
    params.push(query.isActive ? 1 : 0);
  }
  const clause = where.join(' AND ');
  const order = [
    ...query.order,
    { field: 'date_created', descending: true },
    { field: 'id', descending: false },
  ]
    .map((o) => `${o.field} ${o.descending ? 'DESC' : 'ASC'}`)
    .join(', ');
  const count = (
    db.prepare(`SELECT COUNT(*) AS n FROM access_keys WHERE ${clause}`).get(...params) as { n: number }
  ).n;
  const page = query.limit === null ? '' : ` LIMIT ${query.limit} OFFSET ${query.offset}`;
  const rows = db
    .prepare(`SELECT ${COLUMNS} FROM access_keys WHERE ${clause} ORDER BY ${order}${page}`)
    .all(...params) as AccessKeyRow[];
  return { rows: rows.map(toRecord), count };
}

export function setAccessKeyActive(db: Db, userId: string, id: string, isActive: boolean): void {
  db.prepare('UPDATE access_keys SET is_active = ? WHERE id = ? AND user_id = ?').run(
    isActive ? 1 : 0,
    id,
    userId,
  );
}

/** Switches off every key of a user (an administrator replaced the password); the owner may switch them on. */
export function deactivateAccessKeys(db: Db, userId: string): number {
  return db.prepare('UPDATE access_keys SET is_active = 0 WHERE user_id = ? AND is_active = 1').run(userId)
    .changes;
}

export function deleteAccessKey(db: Db, userId: string, id: string): boolean {
  return db.prepare('DELETE FROM access_keys WHERE id = ? AND user_id = ?').run(id, userId).changes > 0;
}

/**
 * Records a signature as used until `expiresAt`; false when it was already recorded (a replay). Expired
 * records are swept here, at most once a minute.
 */
export function recordSignatureUse(db: Db, digest: string, expiresAt: number, now: number): boolean {
  if (now - lastSweep > 60_000) {
    lastSweep = now;
    db.prepare('DELETE FROM signature_replays WHERE expires_at <= ?').run(now);
  }
  const inserted = db
    .prepare(
      `INSERT INTO signature_replays (digest, expires_at) VALUES (?, ?)
       ON CONFLICT (digest) DO UPDATE SET expires_at = excluded.expires_at
         WHERE signature_replays.expires_at <= ?`,
    )
    .run(digest, expiresAt, now);
  return inserted.changes > 0;
}

let lastSweep = 0;
