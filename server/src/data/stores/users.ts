import type { Database } from '../database';

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
  /** The provider user ids bound for QR sign-in (docs/auth-im-sms.md#qr-sign-in-and-binding); null = none. */
  imIds: { wecom: string | null; dingtalk: string | null; feishu: string | null };
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
  wecom_id: string | null;
  dingtalk_id: string | null;
  feishu_id: string | null;
}

const USER_COLUMNS = `u.id, u.username, u.name, u.email, u.wechat, u.phone, u.mfa_level, u.source,
  u.need_update_password, u.is_service_account, u.is_active, u.is_first_login, u.date_expired, u.date_joined,
  u.last_login, u.date_password_last_updated, u.created_by, u.comment, u.wecom_id, u.dingtalk_id, u.feishu_id`;

function toUser(row: UserRow): UserRecord {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    wechat: row.wechat,
    phone: row.phone,
    mfaLevel: Number(row.mfa_level),
    source: row.source,
    needUpdatePassword: Number(row.need_update_password) === 1,
    isServiceAccount: Number(row.is_service_account) === 1,
    isActive: Number(row.is_active) === 1,
    isFirstLogin: Number(row.is_first_login) === 1,
    dateExpired: Number(row.date_expired),
    dateJoined: Number(row.date_joined),
    lastLogin: row.last_login === null ? null : Number(row.last_login),
    datePasswordLastUpdated:
      row.date_password_last_updated === null ? null : Number(row.date_password_last_updated),
    createdBy: row.created_by,
    comment: row.comment,
    imIds: { wecom: row.wecom_id ?? null, dingtalk: row.dingtalk_id ?? null, feishu: row.feishu_id ?? null },
  };
}

/**
 * Reads and the few column writes of authentication (login time, password hash). Users are created,
 * changed and deleted through the engine's `users.user` resource only (users/create-user.ts): one data
 * path per table.
 */
export async function findUserById(db: Database, id: string): Promise<UserRecord | null> {
  const row = await db.get<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ?`, [id]);
  return row ? toUser(row) : null;
}

/** The user and its password hash, for the login form only. */
export async function findUserCredentials(
  db: Database,
  username: string,
): Promise<{ user: UserRecord; passwordHash: string } | null> {
  const row = await db.get<UserRow & { password_hash: string }>(
    `SELECT ${USER_COLUMNS}, u.password_hash FROM users u WHERE u.username = ?`,
    [username],
  );
  return row ? { user: toUser(row), passwordHash: row.password_hash } : null;
}

/** The stored password hash of a user ('' = none), for checking an old password. */
export async function findUserPasswordHash(db: Database, userId: string): Promise<string | null> {
  const row = await db.get<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = ?', [
    userId,
  ]);
  return row ? row.password_hash : null;
}

/** Replaces a user's password hash; `mustChange` = the user has to choose a new one at the next login. */
export async function setUserPasswordHash(
  db: Database,
  userId: string,
  passwordHash: string,
  when: number,
  mustChange: boolean,
): Promise<void> {
  await db.run(
    `UPDATE users SET password_hash = ?, date_password_last_updated = ?, need_update_password = ? WHERE id = ?`,
    [passwordHash, when, mustChange, userId],
  );
}

/**
 * Sets when the user's password was last changed (epoch milliseconds; null = never). For seeds and tests that
 * need a password close to or past its expiry; the API sets it only when the password changes.
 */
export async function setUserPasswordLastUpdated(
  db: Database,
  userId: string,
  when: number | null,
): Promise<void> {
  await db.run('UPDATE users SET date_password_last_updated = ? WHERE id = ?', [when, userId]);
}

export async function recordUserLogin(db: Database, userId: string, when: number): Promise<void> {
  await db.run('UPDATE users SET last_login = ? WHERE id = ?', [when, userId]);
}

/** The fields a user may change on their own profile (docs/profile.md); only those given are written. */
export async function updateOwnProfile(
  db: Database,
  userId: string,
  fields: { wechat?: string; phone?: string | null; comment?: string; isFirstLogin?: boolean },
): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [];
  const add = (column: string, value: unknown) => {
    sets.push(`${column} = ?`);
    params.push(value);
  };
  if (fields.wechat !== undefined) add('wechat', fields.wechat);
  if (fields.phone !== undefined) add('phone', fields.phone);
  if (fields.comment !== undefined) add('comment', fields.comment);
  if (fields.isFirstLogin !== undefined) add('is_first_login', fields.isFirstLogin);
  if (sets.length === 0) return;
  await db.run(`UPDATE users SET ${sets.join(', ')} WHERE id = ?`, [...params, userId]);
}

/** Active users whose address is `email` (case-insensitive), for the forgotten-password form. */
export async function findActiveUsersByEmail(db: Database, email: string): Promise<UserRecord[]> {
  const rows = await db.all<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users u WHERE LOWER(u.email) = LOWER(?) AND u.is_active = 1`,
    [email],
  );
  return rows.map(toUser);
}

/**
 * Active local users with an address whose password was last set within [from, to) — the ones a
 * password-expiry reminder is for (docs/mail.md#password-expiry-reminders).
 */
export async function listUsersPasswordSetBetween(db: Database, from: number, to: number): Promise<UserRecord[]> {
  const rows = await db.all<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users u
     WHERE u.is_active = 1 AND u.source = 'local' AND u.email <> ''
       AND u.date_password_last_updated >= ? AND u.date_password_last_updated < ?`,
    [from, to],
  );
  return rows.map(toUser);
}
