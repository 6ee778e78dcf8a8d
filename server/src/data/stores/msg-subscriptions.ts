import type { Database } from '../database';
import { WriteVersions } from '../write-versions';

/** Who receives one system message and over which channels (migration 741). */
export interface SystemSubscription {
  messageType: string;
  users: string[];
  groups: string[];
  roles: string[];
  receiveBackends: string[];
}

const list = (text: string): string[] => {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
};

type Row = { message_type: string; users: string; groups: string; roles: string; receive_backends: string };

const toRecord = (row: Row): SystemSubscription => ({
  messageType: row.message_type,
  users: list(row.users),
  groups: list(row.groups),
  roles: list(row.roles),
  receiveBackends: list(row.receive_backends),
});

/** The stored subscriptions by message type (a type never saved has none). */
export async function listSystemSubscriptions(db: Database): Promise<Map<string, SystemSubscription>> {
  const rows = await db.all<Row>(
    'SELECT message_type, users, groups, roles, receive_backends FROM system_msg_subscriptions',
  );
  return new Map(rows.map((row) => [row.message_type, toRecord(row)]));
}

export async function saveSystemSubscription(db: Database, s: SystemSubscription, now = Date.now()): Promise<void> {
  await db.run(
    `INSERT INTO system_msg_subscriptions (message_type, users, groups, roles, receive_backends, date_updated)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (message_type) DO UPDATE SET users = excluded.users, groups = excluded.groups,
       roles = excluded.roles, receive_backends = excluded.receive_backends, date_updated = excluded.date_updated`,
    [
      s.messageType,
      JSON.stringify(s.users),
      JSON.stringify(s.groups),
      JSON.stringify(s.roles),
      JSON.stringify(s.receiveBackends),
      now,
    ],
  );
}

/** Each user's own channels, for the users given; a user who never chose is absent. */
const SUBSCRIPTIONS: ReadonlySet<string> = new Set(['user_msg_subscriptions']);

/**
 * One user's chosen channels (null: never chosen), cached while the table is unwritten (exact,
 * data/write-versions.ts): every profile request shows them. Frozen: shared between requests.
 */
export async function findUserReceiveBackends(db: Database, userId: string): Promise<readonly string[] | null> {
  return WriteVersions.of(db).cached(`user_msg_subscriptions\u0000${userId}`, SUBSCRIPTIONS, async () => {
    const chosen = (await userReceiveBackends(db, [userId])).get(userId);
    return chosen ? Object.freeze([...chosen]) : null;
  });
}

export async function userReceiveBackends(db: Database, userIds: readonly string[]): Promise<Map<string, string[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.all<{ user_id: string; receive_backends: string }>(
    `SELECT user_id, receive_backends FROM user_msg_subscriptions WHERE ${db.dialect.inList('user_id')}`,
    [db.dialect.listParam(userIds)],
  );
  return new Map(rows.map((row) => [row.user_id, list(row.receive_backends)]));
}

export async function saveUserReceiveBackends(
  db: Database,
  userId: string,
  backends: readonly string[],
  now = Date.now(),
): Promise<void> {
  await db.run(
    `INSERT INTO user_msg_subscriptions (user_id, receive_backends, date_updated) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET receive_backends = excluded.receive_backends,
       date_updated = excluded.date_updated`,
    [userId, JSON.stringify(backends), now],
  );
}
