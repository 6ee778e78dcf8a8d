import crypto from 'node:crypto';
import type { ServerConfig } from '../config';
import type { Database } from '../data/database';
import { insertResetToken } from '../data/stores/password-reset-tokens';
import type { UserRecord } from '../data/stores/users';
import { SITE_DEFAULT_LANG, type Lang } from '../http/language';
import { findUserLanguage } from '../data/stores/user-languages';
import { categoryValues } from '../settings/settings-values';
import { renderMail, type MailKind } from './mail-contents';
import { mailingConfig, sendSystemMail } from './mail-queue';

export const RESET_PATH = '/core/auth/password/reset/';
export const FORGOT_PATH = '/core/auth/password/forgot/';

/** How long a link lives: a new account's a day (it waits in an inbox), a requested reset an hour. */
export const RESET_LINK_HOURS: Readonly<Record<'user_created' | 'reset_password', number>> = {
  user_created: 24,
  reset_password: 1,
};

/** A link's token: 50 URL-safe characters (≈ 300 random bits). */
const newResetToken = (): string => crypto.randomBytes(38).toString('base64url').slice(0, 50);
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{50}$/;
/** Only the hash is stored: a copy of the database hands out no working link. */
export const resetTokenHash = (token: string): string =>
  crypto.createHash('sha256').update(token).digest('hex');

/**
 * The address of the console in mails: the Basic setting SITE_URL, else the server's own listening
 * address. Never the request's Host header, which the client chooses (a reset link pointing at an
 * attacker's host would hand them the token).
 */
export async function siteUrl(db: Database, config: ServerConfig): Promise<string> {
  const value = (await categoryValues(db, config, 'basic')).SITE_URL;
  if (typeof value === 'string' && value !== '') return value.replace(/\/+$/, '');
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host}:${config.port}`;
}

/** A new single-use link that sets `user`'s password, valid for `hours`. */
export async function issueResetLink(
  db: Database,
  config: ServerConfig,
  userId: string,
  hours: number,
): Promise<string> {
  const token = newResetToken();
  await insertResetToken(db, resetTokenHash(token), userId, Date.now() + hours * 3_600_000);
  return `${await siteUrl(db, config)}${RESET_PATH}?token=${token}`;
}

/**
 * Mails `user` a link that sets the password: after an administrator created the account with the
 * "reset link" strategy (`user_created`), or after the forgotten-password form (`reset_password`), in
 * the language he last signed in with, else `fallback` (docs/mail.md#languages).
 * False when no mail server is configured.
 */
export async function mailResetLink(
  db: Database,
  config: ServerConfig,
  user: Pick<UserRecord, 'id' | 'username' | 'name' | 'email'>,
  kind: Extract<MailKind, 'user_created' | 'reset_password'>,
  fallback: Lang,
): Promise<boolean> {
  if (user.email === '') return false;
  const lang = (await findUserLanguage(db, user.id)) ?? fallback;
  const hours = RESET_LINK_HOURS[kind];
  const link = await issueResetLink(db, config, user.id, hours);
  const custom = await categoryValues(db, config, 'email_content');
  const content = renderMail(
    kind,
    { username: user.username, name: user.name || user.username, email: user.email, link, hours },
    custom,
    lang,
  );
  return sendSystemMail(db, { to: [user.email], kind, ...content });
}

/**
 * The "reset link" password strategy of a new account (docs/mail.md#password-reset-links), for callers
 * that hold only the database (the users resource): nothing when no server runs on it. The new user never
 * signed in: the mail is in the site's default language, not the administrator's.
 */
export async function mailNewAccountLink(
  db: Database,
  user: Pick<UserRecord, 'id' | 'username' | 'name' | 'email'>,
): Promise<boolean> {
  const config = mailingConfig(db);
  return config ? mailResetLink(db, config, user, 'user_created', SITE_DEFAULT_LANG) : false;
}
