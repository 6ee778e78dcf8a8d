import type { Database } from '../../data/database';
import type { RequestContext, ResourceDirectory, StoredRow } from '../../engine/declaration';
import { formatDateTime } from '../../http/datetime';
import { ApiError, ResponseError, permissionDenied } from '../../http/api-error';
import { peopleOf } from './assignees';
import { grantAssetPermission } from './grant-permission';
import { unscopedContext } from './internal-context';
import { ticketMessage } from './messages';
import { TICKET } from './names';
import { notifyAssignees } from './notify';
import type { StepState, TicketState } from './ticket-choices';
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

/**
 * `PUT tickets/{id}/approve|reject|close/` (api.md §9.2). Approve and reject belong to the assignees of the
 * current step, close to the applicant (403 otherwise); a closed ticket answers 400. Approving step 1 of
 * a two-level flow moves to step 2 and tells its assignees; the last approval closes the ticket and, for
 * apply_asset, grants the asset permission. Each action leaves a comment. Returns the stored ticket.
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
    const allowed =
      action === 'close' ? ticket.applicant === ctx.userId : step?.assignees.includes(ctx.userId) === true;
    if (!allowed) throw permissionDenied();

    const now = Date.now();
    const handled = steps.map((item, index): ProcessStep =>
      index === level - 1
        ? {
            ...item,
            state: STEP_STATE[action],
            approval_date: formatDateTime(now, 'UTC'),
            processor: ctx.userId,
            processor_display: processor,
          }
        : item,
    );
    const following = action === 'approve' ? steps[level] : undefined;
    await tickets.setColumns(ticketId, {
      process_map: handled,
      date_updated: now,
      ...(following ? { approval_step: level + 1 } : { status: 'closed', state: FINAL_STATE[action] }),
    });
    if (following) await tickets.link('assignees', ticketId, following.assignees, 'add');
    else if (action === 'approve' && ticket.type === 'apply_asset')
      // No permission, no approval: an error here rolls the ticket back with the transaction.
      await grantAssetPermission(resources, ctx, { ...ticket, process_map: handled });
    await addActionComment(resources, ctx, ticketId, action);
    const stored = await tickets.get(ticketId, all);
    if (!stored) throw new Error(`ticket ${ticketId} vanished during ${action}`);
    return { updated: stored, next: following };
  });
  if (next) await notifyAssignees(db, updated, next.assignees, ctx.language);
  return updated;
}
