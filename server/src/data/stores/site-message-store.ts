import crypto from 'node:crypto';
import type { Database } from '../database';

/** One site message as one user sees it (the message plus that user's read state). */
export interface SiteMessageRecord {
  id: string;
  subject: string;
  message: string;
  senderName: string;
  hasRead: boolean;
  readAt: number | null;
  dateCreated: number;
  dateUpdated: number;
}

interface Row {
  id: string;
  subject: string;
  message: string;
  sender_name: string | null;
  has_read: number;
  read_at: number | null;
  date_created: number;
  date_updated: number;
}

const toRecord = (row: Row): SiteMessageRecord => ({
  id: row.id,
  subject: row.subject,
  message: row.message,
  senderName: row.sender_name ?? '',
  hasRead: Number(row.has_read) === 1,
  readAt: row.read_at === null ? null : Number(row.read_at),
  dateCreated: Number(row.date_created),
  dateUpdated: Number(row.date_updated),
});

const SELECT = `SELECT m.id, m.subject, m.message, s.name AS sender_name, r.has_read, r.read_at,
    m.date_created, r.date_updated
  FROM site_message_users r
  JOIN site_messages m ON m.id = r.message_id
  LEFT JOIN users s ON s.id = m.sender_id`;

/** Stores one message for each of `userIds` (unknown ids are skipped). Returns the message id. */
export async function insertSiteMessage(
  db: Database,
  input: { subject: string; message: string; senderId: string | null; userIds: readonly string[] },
  now: number = Date.now(),
): Promise<{ id: string; recipients: string[] }> {
  const id = crypto.randomUUID();
  const wanted = [...new Set(input.userIds)];
  return db.transaction(async () => {
    await db.run(
      'INSERT INTO site_messages (id, subject, message, sender_id, date_created) VALUES (?, ?, ?, ?, ?)',
      [id, input.subject, input.message, input.senderId, now],
    );
    const known = new Set(
      wanted.length === 0
        ? []
        : (
            await db.all<{ id: string }>(`SELECT id FROM users WHERE ${db.dialect.inList('id')}`, [
              db.dialect.listParam(wanted),
            ])
          ).map((row) => row.id),
    );
    const recipients = wanted.filter((userId) => known.has(userId));
    for (const userId of recipients)
      await db.run(
        `INSERT INTO site_message_users (message_id, user_id, has_read, read_at, date_updated)
         VALUES (?, ?, 0, NULL, ?) ON CONFLICT DO NOTHING`,
        [id, userId, now],
      );
    return { id, recipients };
  });
}

export interface SiteMessageQuery {
  userId: string;
  hasRead?: boolean;
  limit: number | null;
  offset: number;
}

/** The user's own messages, newest first. */
export async function listSiteMessages(
  db: Database,
  query: SiteMessageQuery,
): Promise<{ count: number; rows: SiteMessageRecord[] }> {
  const where = ['r.user_id = ?'];
  const params: unknown[] = [query.userId];
  if (query.hasRead !== undefined) {
    where.push('r.has_read = ?');
    params.push(query.hasRead);
  }
  const clause = where.join(' AND ');
  const counted = await db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM site_message_users r WHERE ${clause}`,
    params,
  );
  const page = query.limit === null ? '' : ' LIMIT ? OFFSET ?';
  const pageParams = query.limit === null ? [] : [query.limit, query.offset];
  const rows = await db.all<Row>(`${SELECT} WHERE ${clause} ORDER BY m.date_created DESC, m.id DESC${page}`, [
    ...params,
    ...pageParams,
  ]);
  return { count: Number(counted?.n ?? 0), rows: rows.map(toRecord) };
}

export async function findSiteMessage(
  db: Database,
  userId: string,
  id: string,
): Promise<SiteMessageRecord | null> {
  const row = await db.get<Row>(`${SELECT} WHERE r.user_id = ? AND m.id = ?`, [userId, id]);
  return row ? toRecord(row) : null;
}

export async function countUnread(db: Database, userId: string): Promise<number> {
  const row = await db.get<{ n: number }>(
    'SELECT COUNT(*) AS n FROM site_message_users WHERE user_id = ? AND has_read = 0',
    [userId],
  );
  return Number(row?.n ?? 0);
}

/** Marks the user's own messages read; `ids` null = all of them. Returns how many changed. */
export async function markSiteMessagesRead(
  db: Database,
  userId: string,
  ids: readonly string[] | null,
  now: number = Date.now(),
): Promise<number> {
  if (ids === null)
    return (
      await db.run(
        'UPDATE site_message_users SET has_read = 1, read_at = ?, date_updated = ? WHERE user_id = ? AND has_read = 0',
        [now, now, userId],
      )
    ).changes;
  return (
    await db.run(
      `UPDATE site_message_users SET has_read = 1, read_at = ?, date_updated = ?
       WHERE user_id = ? AND has_read = 0 AND ${db.dialect.inList('message_id')}`,
      [now, now, userId, db.dialect.listParam([...new Set(ids)])],
    )
  ).changes;
}
