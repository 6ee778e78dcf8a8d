import type { Database } from '../data/database';
import { notifyUnreadChanged } from './events';
import { insertSiteMessage } from '../data/stores/site-message-store';

export interface SiteMessageInput {
  userIds: readonly string[];
  subject: string;
  /** HTML as the core sends it; the console sanitises it before showing it. */
  message: string;
  /** The sending user, or null/absent for a system message (sender ""). */
  senderId?: string | null;
}

/**
 * Delivers a site message to each of `userIds` (unknown ids are skipped) and pushes the new unread count
 * to their open consoles, on every instance. For other server modules and seeds; there is deliberately no
 * HTTP "send" endpoint open to every user (docs/security-history.md, design weakness 3).
 */
export async function sendSiteMessage(
  db: Database,
  input: SiteMessageInput,
): Promise<{ id: string; recipients: string[] }> {
  const subject = input.subject.trim().slice(0, 1024);
  if (!subject) throw new Error('a site message needs a subject');
  const result = await insertSiteMessage(db, {
    subject,
    message: input.message,
    senderId: input.senderId ?? null,
    userIds: input.userIds,
  });
  await notifyUnreadChanged(db, result.recipients);
  return result;
}
