import type { Database } from '../../data/database';
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
  db: Database,
  resources: ResourceDirectory,
  ctx: RequestContext,
  ticketId: string,
  action: ProcessAction,
): Promise<StoredRow> {
  const tickets = resources.get(TICKET);
  const all = unscopedContext(ctx);
  const processor = (await peopleOf(resources, ctx, [ctx.userId], false))[0]?.display ?? ctx.username;
  // Read, check and write in one transaction holding the ticket's lock: a concurrent action (on any
  // instance) sees this one's outcome, and a failed grant undoes the approval with everything else.
  const { updated, next } = await db.transaction(async () => {
    await db.lock(`tickets:${ticketId}`);
    const ticket = await tickets.get(ticketId, all);
    if (!ticket) throw new ResponseError(404, { detail: 'Not found.', code: 'not_found' });
    if (ticket.status === 'closed')
      throw new ApiError(400, ticketMessage('alreadyClosed', ctx.language), 'error');
    const steps = processSteps(ticket);
    const level = Number(ticket.approval_step) || 1;
    const step = steps[level - 1];
    const deciders = action === 'close' || !step ? [] : await stepDeciders(resources, ctx, ticket, level);
    const allowed =
      action === 'close'
        ? ticket.applicant === ctx.userId
        : deciders.some((person) => person.id === ctx.userId);
    if (!allowed) throw permissionDenied();

    const now = Date.now();
    const following = action === 'approve' ? steps[level] : undefined;
    const nextStep = following
      ? withDeciders(following, await stepDeciders(resources, ctx, ticket, level + 1))
      : undefined;
    const handled = steps.map((item, index): ProcessStep => {
      if (index === level && nextStep) return nextStep;
      if (index !== level - 1) return item;
      return {
        ...(action === 'close' ? item : withDeciders(item, deciders)),
        state: STEP_STATE[action],
        approval_date: formatDateTime(now, 'UTC'),
        processor: ctx.userId,
        processor_display: processor,
      };
    });
    await tickets.setColumns(ticketId, {
      process_map: handled,
      date_updated: now,
      ...(nextStep ? { approval_step: level + 1 } : { status: 'closed', state: FINAL_STATE[action] }),
    });
    // The people of every step reached keep seeing the ticket (its history, `assignees__id` once closed).
    await tickets.link(
      'assignees',
      ticketId,
      deciders.map((person) => person.id),
      'add',
    );
    if (nextStep) await tickets.link('assignees', ticketId, nextStep.assignees, 'add');
    else if (action === 'approve' && ticket.type === 'apply_asset')
      // No permission, no approval: an error here rolls the ticket back with the transaction.
      await grantAssetPermission(resources, ctx, { ...ticket, process_map: handled });
    await addActionComment(resources, ctx, ticketId, action);
    const stored = await tickets.get(ticketId, all);
    if (!stored) throw new Error(`ticket ${ticketId} vanished during ${action}`);
    return { updated: stored, next: nextStep };
  });
  if (next) await notifyAssignees(db, updated, next.assignees, ctx.language);
  return updated;
}
