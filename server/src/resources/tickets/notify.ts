import type { Database } from '../../data/database';
import type { Language, ResourceDirectory, StoredRow } from '../../engine/declaration';
import { publishSystemMessage, sendSiteMessage } from '../../notifications';
import { escapeHtml } from './escape-html';
import { ticketMessage } from './messages';
import { ticketBody } from './ticket-body';

/**
 * Tells the assignees of a step that a ticket waits for them (v2.21 mails them; this product has site
 * messages). The message is HTML: the intro is escaped and the body is the escaped ticket body. The
 * subject is plain text, which the console renders as text (escaping it would show entities).
 */
export async function notifyAssignees(
  db: Database,
  ticket: StoredRow,
  assigneeIds: readonly string[],
  language: Language,
): Promise<void> {
  if (assigneeIds.length === 0) return;
  const intro = ticketMessage('siteMessageIntro', language, { applicant: String(ticket.applicant_display) });
  await sendSiteMessage(db, {
    userIds: assigneeIds,
    subject: ticketMessage('siteMessageSubject', language, { title: String(ticket.title) }),
    message: `<p>${escapeHtml(intro)}</p>${ticketBody(ticket, language)}`,
    senderId: typeof ticket.applicant === 'string' ? ticket.applicant : null,
  });
}

/**
 * Tells the subscribers of the system message `ticket_applied` that a ticket was opened
 * (docs/message-subscriptions.md), with the same body the assignees get.
 */
export async function notifyTicketSubscribers(
  db: Database,
  resources: ResourceDirectory,
  ticket: StoredRow,
  language: Language,
): Promise<void> {
  await publishSystemMessage(
    db,
    resources,
    'ticket_applied',
    (lang) => ({
      subject: ticketMessage('siteMessageSubject', lang, { title: String(ticket.title) }),
      message: `<p>${escapeHtml(
        ticketMessage('siteMessageIntro', lang, { applicant: String(ticket.applicant_display) }),
      )}</p>${ticketBody(ticket, lang)}`,
    }),
    language,
  );
}
