import type { ResourceDeclaration } from '../../engine/declaration';
import { commentResource } from './comment';
import type { TicketDeps } from './deps';
import { flowResource } from './flow';
import { ticketResource } from './ticket';

/**
 * Tickets, their comments and the approval flows (docs/tickets.md, docs/tickets.md#words,
 * docs/tickets.md#flows). They need the app context (site messages, org memberships), so app.ts adds them
 * next to the identity resources.
 */
export function ticketResources(deps: TicketDeps): ResourceDeclaration[] {
  return [flowResource(deps), ticketResource(deps), commentResource(deps)];
}

export { ensureDefaultTicketFlows } from './default-flows';
export { openTicket } from './ticket-open';
export { processTicket, type ProcessAction } from './ticket-process';
export { COMMENT, FLOW, TICKET } from './names';
export type { TicketDeps } from './deps';
