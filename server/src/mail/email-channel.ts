import type { Database } from '../data/database';
import { findUserById } from '../data/stores/users';
import type { MessageChannel } from '../notifications/channels';
import { sendSystemMail } from './mail-queue';

/** The text part of a message whose body is escaped HTML: tags dropped, the entities escaping put back. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * System messages by e-mail (docs/message-subscriptions.md#channels, docs/mail.md): one mail per receiver
 * (addresses never shown to each other), through the mail queue; users without an address or switched off
 * get none. Without an SMTP server configured the queue takes nothing and the site message still arrives.
 */
export const EMAIL_CHANNEL: MessageChannel = {
  name: 'email',
  label: { zh: '邮件', en: 'Email', ja: 'メール' },
  send: async (db: Database, userIds, message) => {
    for (const id of userIds) {
      const user = await findUserById(db, id);
      if (!user?.email || !user.isActive) continue;
      await sendSystemMail(db, {
        to: [user.email],
        subject: message.subject,
        text: plainText(message.message),
        html: message.message,
        kind: 'subscription',
      });
    }
  },
};
