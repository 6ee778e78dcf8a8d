import crypto from 'node:crypto';
import type { Db } from '../db/open-database';
import type { RoleScope } from '../rbac/builtin-roles';

export interface UserRecord {
  id: string;
  username: string;
  name: string;
  email: string;
  wechat: string;
  phone: string | null;
  mfaLevel: number;
  source: string;
  needUpdatePassword: boolean;
  isServiceAccount: boolean;
  isActive: boolean;
  isFirstLogin: boolean;
  /** epoch milliseconds */
  dateExpired: number;
  dateJoined: number;
  lastLogin: number | null;
  datePasswordLastUpdated: number | null;
  createdBy: string;
  comment: string;
}

export interface UserInsert {
  username: string;
  name: string;
  email: string;
  passwordHash: string;
  isActive: boolean;
  source: string;
  createdBy: string;
  comment: string;
  dateExpired: number;
  bindings: ReadonlyArray<{ roleId: string; scope: RoleScope; orgId: string | null }>;
}

interface UserRow {
  id: string;
  username: string;
  name: string;
  email: string;
  wechat: string;
  phone: string | null;
  mfa_level: number;
  source: string;
  need_update_password: number;
  is_service_account: number;
  is_active: number;
  is_first_login: number;
  date_expired: number;
  date_joined: number;
  last_login: number | null;
  date_password_last_updated: number | null;
  created_by: string;
  comment: string;
}

const USER_COLUMNS = `u.id, u.username, u.name, u.email, u.wechat, u.phone, u.mfa_level, u.source,
  u.need_update_password, u.is_service_account, u.is_active, u.is_first_login, u.date_expired, u.date_joined,
  u.last_login, u.date_password_last_updated, u.created_by, u.comment`;

function toUser(row: UserRow): UserRecord {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    wechat: row.wechat,
    phone: row.phone,
    mfaLevel: row.mfa_level,
    source: row.source,
    needUpdatePassword: row.need_update_password === 1,
    isServiceAccount: row.is_service_account === 1,
    isActive: row.is_active === 1,
    isFirstLogin: row.is_first_login === 1,
    dateExpired: row.date_expired,
    dateJoined: row.date_joined,
    lastLogin: row.last_login,
    datePasswordLastUpdated: row.date_password_last_updated,
    createdBy: row.created_by,
    comment: row.comment,
  };
}

/** Thrown when username or email is already taken. */
export class DuplicateUserError extends Error {
  constructor(readonly field: 'username' | 'email') {
    super(`a user with this ${field} already exists`);
  }
}

/** Inserts a user and its role bindings in one transaction. */
export async function insertUser(db: Db, input: UserInsert): Promise<UserRecord> {
  const id = crypto.randomUUID();
  const now = Date.now();
  const exists = db
    .prepare('SELECT username, email FROM users WHERE username = ? OR email = ?')
    .get(input.username, input.email) as { username: string; email: string } | undefined;
  if (exists) throw new DuplicateUserError(exists.username === input.username ? 'username' : 'email');
  const insertUserRow = db.prepare(
    `INSERT INTO users (id, username, name, email, password_hash, source, is_active, date_expired, date_joined,
       date_password_last_updated, created_by, comment)
     VALUES (@id, @username, @name, @email, @passwordHash, @source, @isActive, @dateExpired, @now, @passwordDate,
       @createdBy, @comment)`,
  );
  const insertBinding = db.prepare(
    `INSERT INTO role_bindings (id, user_id, role_id, scope, org_id, date_created) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT DO NOTHING`,
  );
  db.transaction(() => {
    insertUserRow.run({
      id,
      username: input.username,
      name: input.name,
      email: input.email,
      passwordHash: input.passwordHash,
      source: input.source,
      isActive: input.isActive ? 1 : 0,
      dateExpired: input.dateExpired,
      now,
      passwordDate: input.passwordHash === '' ? null : now,
      createdBy: input.createdBy,
      comment: input.comment,
    });
    for (const binding of input.bindings) {
      insertBinding.run(crypto.randomUUID(), id, binding.roleId, binding.scope, binding.orgId, now);
    }
  })();
  const created = await findUserById(db, id);
  if (!created) throw new Error('user vanished right after insert');
  return created;
}

export async function findUserById(db: Db, id: string): Promise<UserRecord | null> {
  const row = db.prepare(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ?`).get(id) as UserRow | undefined;
  return row ? toUser(row) : null;
}

/** The user and its password hash, for the login form only. */
export async function findUserCredentials(
  db: Db,
  username: string,
): Promise<{ user: UserRecord; passwordHash: string } | null> {
  const row = db
    .prepare(`SELECT ${USER_COLUMNS}, u.password_hash FROM users u WHERE u.username = ?`)
    .get(username) as (UserRow & { password_hash: string }) | undefined;
  return row ? { user: toUser(row), passwordHash: row.password_hash } : null;
}

/** The stored password hash of a user ('' = none), for checking an old password. */
export function findUserPasswordHash(db: Db, userId: string): string | null {
  const row = db.prepare('SELECT password_hash FROM users WHERE id = ?').get(userId) as
    { password_hash: string } | undefined;
  return row ? row.password_hash : null;
}

/** Replaces a user's password hash; `mustChange` = the user has to choose a new one at the next login. */
export function setUserPasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
  when: number,
  mustChange: boolean,
): void {
  db.prepare(
    `UPDATE users SET password_hash = ?, date_password_last_updated = ?, need_update_password = ? WHERE id = ?`,
  ).run(passwordHash, when, mustChange ? 1 : 0, userId);
}

/**
 * Sets when the user's password was last changed (epoch milliseconds; null = never). For seeds and tests that
 * need a password close to or past its expiry; the API sets it only when the password changes.
 */
export async function setUserPasswordLastUpdated(db: Db, userId: string, when: number | null): Promise<void> {
  db.prepare('UPDATE users SET date_password_last_updated = ? WHERE id = ?').run(when, userId);
}

export async function recordUserLogin(db: Db, userId: string, when: number): Promise<void> {
  db.prepare('UPDATE users SET last_login = ? WHERE id = ?').run(when, userId);
}

/** Columns a list may be ordered by, keyed by the API field name. */
const ORDER_COLUMNS: Readonly<Record<string, string>> = {
  name: 'u.name',
  username: 'u.username',
  date_joined: 'u.date_joined',
};

export const USER_ORDER_FIELDS: readonly string[] = Object.keys(ORDER_COLUMNS);

export interface UserListQuery {
  /** Members of this org (users with a role binding in it); null = every user (Root). */
  orgId: string | null;
  /** All terms must match; each term may match username, email or name (case-insensitive substring). */
  searchTerms: readonly string[];
  /** Exact-match filters by API field name. */
  filters: Partial<Record<'id' | 'username' | 'email' | 'name' | 'source', string>>;
  ids: readonly string[] | null;
  order: ReadonlyArray<{ field: string; descending: boolean }>;
  /** null = all rows */
  limit: number | null;
  offset: number;
}

const FILTER_COLUMNS = new Set(['id', 'username', 'email', 'name', 'source']);

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export async function listUsers(
  db: Db,
  query: UserListQuery,
): Promise<{ count: number; users: UserRecord[] }> {
  // Service accounts are components, never listed (docs/resources.md#users).
  const where: string[] = ['u.is_service_account = 0'];
  const params: unknown[] = [];
  if (query.orgId !== null) {
    where.push(`EXISTS (SELECT 1 FROM role_bindings b WHERE b.user_id = u.id AND b.org_id = ?)`);
    params.push(query.orgId);
  }
  for (const term of query.searchTerms) {
    const like = `%${escapeLike(term)}%`;
    where.push(`(u.username LIKE ? ESCAPE '\\' OR u.email LIKE ? ESCAPE '\\' OR u.name LIKE ? ESCAPE '\\')`);
    params.push(like, like, like);
  }
  for (const [field, value] of Object.entries(query.filters)) {
    if (value === undefined || !FILTER_COLUMNS.has(field)) continue;
    where.push(`u.${field} = ?`);
    params.push(value);
  }
  if (query.ids !== null) {
    if (query.ids.length === 0) where.push('0');
    else {
      where.push(`u.id IN (${query.ids.map(() => '?').join(', ')})`);
      params.push(...query.ids);
    }
  }
  const orderBy = query.order
    .filter((entry) => ORDER_COLUMNS[entry.field] !== undefined)
    .map((entry) => `${ORDER_COLUMNS[entry.field]} ${entry.descending ? 'DESC' : 'ASC'}`);
  // The id tie-breaker keeps pages stable when the order column has duplicates.
  orderBy.push('u.id ASC');
  const whereSql = where.join(' AND ');
  const { count } = db.prepare(`SELECT COUNT(*) AS count FROM users u WHERE ${whereSql}`).get(...params) as {
    count: number;
  };
  const page = query.limit === null ? '' : ' LIMIT ? OFFSET ?';
  const pageParams = query.limit === null ? [] : [query.limit, Math.max(0, query.offset)];
  const rows = db
    .prepare(`SELECT ${USER_COLUMNS} FROM users u WHERE ${whereSql} ORDER BY ${orderBy.join(', ')}${page}`)
    .all(...params, ...pageParams) as UserRow[];
  return { count, users: rows.map(toUser) };
}

export async function countUsers(db: Db): Promise<number> {
  return (db.prepare('SELECT COUNT(*) AS count FROM users').get() as { count: number }).count;
}
