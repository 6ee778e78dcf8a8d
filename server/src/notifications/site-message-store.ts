import crypto from 'node:crypto';
import type { Db } from '../db/open-database';

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
  hasRead: row.has_read === 1,
  readAt: row.read_at,
  dateCreated: row.date_created,
  dateUpdated: row.date_updated,
});

const SELECT = `SELECT m.id, m.subject, m.message, s.name AS sender_name, r.has_read, r.read_at,
    m.date_created, r.date_updated
  FROM site_message_users r
  JOIN site_messages m ON m.id = r.message_id
  LEFT JOIN users s ON s.id = m.sender_id`;

/** Stores one message for each of `userIds` (unknown ids are skipped). Returns the message id. */
export function insertSiteMessage(
  db: Db,
  input: { subject: string; message: string; senderId: string | null; userIds: readonly string[] },
  now: number = Date.now(),
): { id: string; recipients: string[] } {
  const id = crypto.randomUUID();
  const recipients: string[] = [];
  const known = db.prepare('SELECT 1 FROM users WHERE id = ?');
  const insertMessage = db.prepare(
    'INSERT INTO site_messages (id, subject, message, sender_id, date_created) VALUES (?, ?, ?, ?, ?)',
  );
  const insertRecipient = db.prepare(
    `INSERT INTO site_message_users (message_id, user_id, has_read, read_at, date_updated)
     VALUES (?, ?, 0, NULL, ?) ON CONFLICT DO NOTHING`,
  );
  db.transaction(() => {
    insertMessage.run(id, input.subject, input.message, input.senderId, now);
    for (const userId of new Set(input.userIds)) {
      if (!known.get(userId)) continue;
      insertRecipient.run(id, userId, now);
      recipients.push(userId);
    }
  })();
  return { id, recipients };
}

export interface SiteMessageQuery {
  userId: string;
  hasRead?: boolean;
  limit: number | null;
  offset: number;
}

/** The user's own messages, newest first. */
export function listSiteMessages(
  db: Db,
  query: SiteMessageQuery,
): { count: number; rows: SiteMessageRecord[] } {
  const where = ['r.user_id = ?'];
  const params: unknown[] = [query.userId];
  if (query.hasRead !== undefined) {
    where.push('r.has_read = ?');
    params.push(query.hasRead ? 1 : 0);
  }
  const clause = where.join(' AND ');
  const { n } = db
    .prepare(`SELECT COUNT(*) AS n FROM site_message_users r WHERE ${clause}`)
    .get(...params) as { n: number };
  const page = query.limit === null ? '' : ' LIMIT ? OFFSET ?';
  const pageParams = query.limit === null ? [] : [query.limit, query.offset];
  const rows = db
    .prepare(`${SELECT} WHERE ${clause} ORDER BY m.date_created DESC, m.id DESC${page}`)
    .all(...params, ...pageParams) as Row[];
  return { count: n, rows: rows.map(toRecord) };
}

export function findSiteMessage(db: Db, userId: string, id: string): SiteMessageRecord | null {
  const row = db.prepare(`${SELECT} WHERE r.user_id = ? AND m.id = ?`).get(userId, id) as Row | undefined;
  return row ? toRecord(row) : null;
}

export function countUnread(db: Db, userId: string): number {
  const { n } = db
    .prepare('SELECT COUNT(*) AS n FROM site_message_users WHERE user_id = ? AND has_read = 0')
    .get(userId) as { n: number };
  return n;
}

/** Marks the user's own messages read; `ids` null = all of them. Returns how many changed. */
export function markSiteMessagesRead(
  db: Db,
  userId: string,
  ids: readonly string[] | null,
  now: number = Date.now(),
): number {
  if (ids === null) {
    return db
      .prepare(
        'UPDATE site_message_users SET has_read = 1, read_at = ?, date_updated = ? WHERE user_id = ? AND has_read = 0',
      )
      .run(now, now, userId).changes;
  }
  const update = db.prepare(
    `UPDATE site_message_users SET has_read = 1, read_at = ?, date_updated = ?
     WHERE user_id = ? AND message_id = ? AND has_read = 0`,
  );
  let changed = 0;
  db.transaction(() => {
    for (const id of new Set(ids)) changed += update.run(now, now, userId, id).changes;
  })();
  return changed;
}
