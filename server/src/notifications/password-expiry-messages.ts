import type { Database } from '../data/database';
import type { ResourceDirectory } from '../engine/declaration';
import { messageCatalogue } from '../http/message-catalogue';
import { escapeHtml } from '../resources/tickets/escape-html';
import { publishSystemMessage } from './system-messages';

const text = messageCatalogue({
  subject: {
    en: 'The password of {username} expires in {days} day(s)',
    zh: '用户 {username} 的密码将在 {days} 天后过期',
    ja: '{username} のパスワードはあと {days} 日で期限切れになります',
  },
  body: {
    en: 'The password of {name} ({username}) expires in {days} day(s); the user has been reminded by mail.',
    zh: '{name}（{username}）的密码将在 {days} 天后过期，已通过邮件提醒该用户。',
    ja: '{name}（{username}）のパスワードはあと {days} 日で期限切れになります。本人にはメールで通知しました。',
  },
});

/**
 * Tells the subscribers of `password_expiry` (docs/message-subscriptions.md) that a user's password is about
 * to expire: sent by the daily reminder job (mail/expiry-reminders.ts) for each user it reminds that day.
 */
export async function publishPasswordExpiry(
  db: Database,
  resources: ResourceDirectory,
  user: { username: string; name: string },
  days: number,
): Promise<void> {
  await publishSystemMessage(
    db,
    resources,
    'password_expiry',
    (lang) => ({
      subject: text('subject', lang, { username: user.username, days }),
      message: `<p>${escapeHtml(text('body', lang, { username: user.username, name: user.name || user.username, days }))}</p>`,
    }),
    'en',
  );
}
