import type { Condition } from '../../data/conditions';
import {
  defineResource,
  type RequestContext,
  type ResourceDeclaration,
  type ResourceDirectory,
  type StoredRow,
} from '../../engine/declaration';
import { ResponseError } from '../../http/api-error';
import { LABELS, l } from '../label';
import { peopleOf } from './assignees';
import { orderedNow } from './clock';
import { isUnscoped } from './internal-context';
import { ticketMessage } from './messages';
import { COMMENT, TICKET, TICKET_ASSIGNEES, TICKET_TABLE } from './names';
import { directoryOf, type TicketDeps } from './deps';
import { ticketsAwaiting } from './ticket-assignment';

/**
 * The 400 of docs/tickets.md#comments for a missing, unknown or not-visible ticket (one answer: nothing
 * leaks).
 */
const ticketMissing = (id: string, ctx: RequestContext): ResponseError =>
  new ResponseError(400, {
    detail: ticketMessage('ticketNotFound', ctx.language, { id: id.slice(0, 64) }),
    code: 'error',
  });

/** Comments of the tickets the requester applied for or is an assignee of (see `visibleTickets`). */
function visibleComments(userId: string, awaiting: readonly string[]): Condition {
  return {
    anyOf: [
      { field: 'ticket', op: 'in', values: awaiting },
      {
        field: 'ticket',
        op: 'inSubquery',
        subquery: {
          table: TICKET_TABLE.table,
          column: 'id',
          where: { [TICKET_TABLE.applicant]: userId },
        },
      },
      {
        field: 'ticket',
        op: 'inSubquery',
        subquery: {
          table: TICKET_ASSIGNEES.table,
          column: TICKET_ASSIGNEES.ticket,
          where: { [TICKET_ASSIGNEES.user]: userId },
        },
      },
    ],
  };
}

/** The ticket a comment names, when the requester may see it. */
async function visibleTicket(
  id: unknown,
  ctx: RequestContext,
  resources: ResourceDirectory,
): Promise<StoredRow | null> {
  return typeof id === 'string' ? resources.get(TICKET).get(id, ctx) : null;
}

/**
 * Ticket comments (docs/tickets.md#comments): list and detail, and POST for the applicant and the assignees.
 * The body is plain text, stored and returned as sent; it is never turned into HTML here.
 *
 * A POST names its ticket by `?ticket_id=` (the contract) or by `ticket` in the body; without either, or
 * for a ticket the requester may not see, it gets the same 400.
 */
export function commentResource(deps: TicketDeps): ResourceDeclaration {
  return defineResource({
    name: COMMENT,
    url: '/api/v1/tickets/comments/',
    table: 'tickets_comment',
    orgScoped: false,
    label: l('评论', 'Comment', 'コメント'),
    fields: {
      body: { kind: 'text', label: l('内容', 'Body', 'ボディ'), required: true, maxLength: 8192 },
      user_display: {
        kind: 'string',
        label: l('用户名称', 'User display name', 'ユーザー表示名'),
        readOnly: true,
        maxLength: 256,
      },
      date_created: { kind: 'datetime', label: LABELS.dateCreated, readOnly: true },
      date_updated: { kind: 'datetime', label: LABELS.dateUpdated, readOnly: true },
      ticket: { kind: 'fk', to: TICKET, label: l('工单', 'Ticket', 'チケット') },
      user: { kind: 'fk', to: 'users.user', label: LABELS.user, readOnly: true },
    },
    searchFields: [],
    filterFields: ['id'],
    orderingFields: ['date_created'],
    defaultOrdering: ['date_created'],
    fieldsMini: ['id', 'body'],
    permissions: { view: 'tickets.view_ticket', add: 'tickets.view_ticket' },
    disabledActions: ['change', 'delete'],
    bulkDelete: false,
    customFilters: {
      ticket_id: async (value, ctx, resources) => {
        if (!(await visibleTicket(value.trim(), ctx, resources))) throw ticketMissing(value, ctx);
        return { field: 'ticket', op: 'eq', value: value.trim() };
      },
    },
    hooks: {
      scope: async (ctx) =>
        isUnscoped(ctx)
          ? null
          : visibleComments(ctx.userId, await ticketsAwaiting(directoryOf(deps), ctx, ctx.userId)),
      validate: async (data, ctx, _existing, resources) => {
        const ticket = data.ticket ?? ctx.query?.ticket_id?.trim();
        if (!(await visibleTicket(ticket, ctx, resources))) throw ticketMissing(String(ticket ?? ''), ctx);
        data.ticket = ticket;
        return null;
      },
      // The author is the requester, never a value from the body.
      beforeSave: async (data, ctx, existing, resources) => {
        if (existing) return;
        data.ticket ??= ctx.query?.ticket_id?.trim();
        const now = orderedNow();
        data.date_created = now;
        data.date_updated = now;
        data.user = ctx.userId;
        data.user_display = (await peopleOf(resources, ctx, [ctx.userId], false))[0]?.display ?? ctx.username;
      },
    },
  });
}
