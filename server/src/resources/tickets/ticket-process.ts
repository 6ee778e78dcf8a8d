import type { Db } from '../../db/open-database';
import type { RequestContext, ResourceDirectory, StoredRow } from '../../engine/declaration';
import { formatDateTime } from '../../http/datetime';
import { ApiError, ResponseError, permissionDenied } from '../../http/api-error';
import { peopleOf, type Person } from './assignees';
import { grantAssetPermission } from './grant-permission';
import { unscopedContext } from './internal-context';
import { ticketMessage } from './messages';
import { TICKET } from './names';
import { notifyAssignees } from './notify';
import type { StepState, TicketState } from './ticket-choices';
import { stepDeciders } from './ticket-assignment';
import { addActionComment, processSteps, type ProcessStep } from './ticket-steps';

export type ProcessAction = 'approve' | 'reject' | 'close';

const STEP_STATE: Readonly<Record<ProcessAction, StepState>> = {
  approve: 'approved',
  reject: 'rejected',
  close: 'closed',
};

const FINAL_STATE: Readonly<Record<ProcessAction, TicketState>> = {
  approve: 'approved',
  reject: 'rejected',
  close: 'closed',
};

/** A step with the people who may decide it now written in. */
const withDeciders = (step: ProcessStep, people: readonly Person[]): ProcessStep => ({
  ...step,
  assignees: people.map((person) => person.id),
  assignees_display: people.map((person) => person.display),
});

/**
 * `PUT tickets/{id}/approve|reject|close/` (docs/tickets.md#approval). Approve and reject belong to the people who may
 * decide the current step *now* — resolved again from the flow in force, never the applicant, the super
 * admins when nobody else is left (ticket-assignment.ts) — close to the applicant (403 otherwise); a
 * closed ticket answers 400. The handled step records who could decide it; approving step 1 of a
 * two-level flow moves to step 2, resolved the same way, and tells its people; the last approval closes
 * the ticket and, for apply_asset, grants the asset permission. Each action leaves a comment. Returns the
 * stored ticket.
 */
export async function processTicket(
  db: Db,
  resources: ResourceDirectory,
  ctx: RequestContext,
  ticketId: string,
  action: ProcessAction,
): Promise<StoredRow> {
  const tickets = resources.get(TICKET);
  const all = unscopedContext(ctx);
  // Read, check and write with no await in between: a concurrent action sees this one's outcome.
  const ticket = tickets.get(ticketId, all);
  if (!ticket) throw new ResponseError(404, { detail: 'Not found.', code: 'not_found' });
  if (ticket.status === 'closed')
    throw new ApiError(400, ticketMessage('alreadyClosed', ctx.language), 'error');
  const steps = processSteps(ticket);
  const level = Number(ticket.approval_step) || 1;
  const step = steps[level - 1];
  const deciders = action === 'close' || !step ? [] : stepDeciders(resources, ctx, ticket, level);
  const allowed =
    action === 'close'
      ? ticket.applicant === ctx.userId
      : deciders.some((person) => person.id === ctx.userId);
  if (!allowed) throw permissionDenied();

  const now = Date.now();
  const processor = peopleOf(resources, ctx, [ctx.userId], false)[0]?.display ?? ctx.username;
  const following = action === 'approve' ? steps[level] : undefined;
  const next = following
    ? withDeciders(following, stepDeciders(resources, ctx, ticket, level + 1))
    : undefined;
  const handled = steps.map((item, index): ProcessStep => {
    if (index === level && next) return next;
    if (index !== level - 1) return item;
    return {
      ...(action === 'close' ? item : withDeciders(item, deciders)),
      state: STEP_STATE[action],
      approval_date: formatDateTime(now, 'UTC'),
      processor: ctx.userId,
      processor_display: processor,
    };
  });
  const previous: StoredRow = {
    process_map: ticket.process_map,
    approval_step: ticket.approval_step,
    status: ticket.status,
    state: ticket.state,
    date_updated: ticket.date_updated,
  };
  tickets.setColumns(ticketId, {
    process_map: handled,
    date_updated: now,
    ...(next ? { approval_step: level + 1 } : { status: 'closed', state: FINAL_STATE[action] }),
  });
  // The people of every step reached keep seeing the ticket (its history, `assignees__id` once closed).
  tickets.link(
    'assignees',
    ticketId,
    deciders.map((person) => person.id),
    'add',
  );
  if (next) tickets.link('assignees', ticketId, next.assignees, 'add');
  else if (action === 'approve' && ticket.type === 'apply_asset') {
    try {
      await grantAssetPermission(resources, ctx, { ...ticket, process_map: handled });
    } catch (error) {
      // No permission, no approval: the ticket goes back to what it was and the error is answered.
      tickets.setColumns(ticketId, previous);
      throw error;
    }
  }
  await addActionComment(resources, ctx, ticketId, action);
  const updated = tickets.get(ticketId, all);
  if (!updated) throw new Error(`ticket ${ticketId} vanished during ${action}`);
  if (next) notifyAssignees(db, updated, next.assignees, ctx.language);
  return updated;
}
