import type { ServerConfig } from '../config';
import type { Database } from '../data/database';
import { findUserLanguage } from '../data/stores/user-languages';
import { SITE_DEFAULT_LANG } from '../http/language';
import { claimExpiryReminder } from '../data/stores/password-reset-tokens';
import { listUsersPasswordSetBetween, type UserRecord } from '../data/stores/users';
import { categoryValues } from '../settings/settings-values';
import { renderMail } from './mail-contents';
import { sendSystemMail } from './mail-queue';
import { siteUrl } from './password-reset';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Users are reminded on each of the last days before their password expires. */
export const REMINDER_DAYS = 5;

/**
 * One day's password-expiry reminders (docs/mail.md#password-expiry-reminders): every active local user
 * with an address whose password expires within REMINDER_DAYS days (SECURITY_PASSWORD_EXPIRATION_TIME)
 * gets one mail a day, however many instances run the job, in his language (docs/mail.md#languages). Returns
 * how many were queued. `notify` tells whoever subscribed to the `password_expiry` system message of each user
 * reminded (notifications/password-expiry-messages.ts).
 */
export async function sendExpiryReminders(
  db: Database,
  config: ServerConfig,
  now = Date.now(),
  notify?: (user: UserRecord, days: number) => Promise<void>,
): Promise<number> {
  const security = await categoryValues(db, config, 'security');
  const expirationDays = Number(security.SECURITY_PASSWORD_EXPIRATION_TIME ?? 9999);
  const lifetime = expirationDays * DAY_MS;
  const users = await listUsersPasswordSetBetween(
    db,
    now - lifetime,
    now - lifetime + REMINDER_DAYS * DAY_MS,
  );
  const custom = await categoryValues(db, config, 'email_content');
  const link = `${await siteUrl(db, config)}/ui/profile/password`;
  const day = new Date(now).toISOString().slice(0, 10);
  let queued = 0;
  for (const user of users) {
    if (!(await claimExpiryReminder(db, user.id, day))) continue;
    const days = Math.max(1, Math.ceil(((user.datePasswordLastUpdated ?? now) + lifetime - now) / DAY_MS));
    const content = renderMail(
      'password_expiry',
      { username: user.username, name: user.name || user.username, email: user.email, link, days },
      custom,
      (await findUserLanguage(db, user.id)) ?? SITE_DEFAULT_LANG,
    );
    await notify?.(user, days);
    if (await sendSystemMail(db, { to: [user.email], kind: 'password_expiry', ...content })) queued += 1;
  }
  return queued;
}
