import type { RequestContext, ResourceDirectory, StoredRow } from '../../engine/declaration';
import { peopleOf } from './assignees';
import { escapeHtml } from './escape-html';
import { ticketMessage, type TicketMessage } from './messages';
import { COMMENT } from './names';
import type { StepState } from './ticket-choices';

/**
 * One `process_map` entry (docs/tickets.md#approval); the processor fields appear once the step is handled.
 */
export interface ProcessStep {
  approval_level: number;
  state: StepState;
  assignees: string[];
  assignees_display: string[];
  approval_date?: string;
  processor?: string;
  processor_display?: string;
}

const STEP_STATES: readonly StepState[] = ['notified', 'approved', 'rejected', 'closed'];

/** The stored `process_map` of a ticket, tolerating a damaged column (no steps rather than a 500). */
export function processSteps(ticket: StoredRow): ProcessStep[] {
  if (!Array.isArray(ticket.process_map)) return [];
  return ticket.process_map.flatMap((item: unknown, index): ProcessStep[] => {
    if (item === null || typeof item !== 'object') return [];
    const step = item as Record<string, unknown>;
    const strings = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
    const state = STEP_STATES.find((value) => value === step.state) ?? 'notified';
    return [
      {
        ...(step as Partial<ProcessStep>),
        approval_level: Number(step.approval_level) || index + 1,
        state,
        assignees: strings(step.assignees),
        assignees_display: strings(step.assignees_display),
      },
    ];
  });
}

export type TicketAction = 'open' | 'approve' | 'reject' | 'close';

const ACTION_LABELS: Readonly<Record<TicketAction, TicketMessage>> = {
  open: 'actionOpen',
  approve: 'actionApprove',
  reject: 'actionReject',
  close: 'actionClose',
};

/**
 * The comment each action leaves ("Alice(alice) Approve the ticket", v2.21 BaseHandler). The user's name
 * is escaped: v2.21 consoles show these comments as HTML (docs/security-history.md, entry 4).
 */
export async function addActionComment(
  resources: ResourceDirectory,
  ctx: RequestContext,
  ticketId: string,
  action: TicketAction,
): Promise<void> {
  const user = (await peopleOf(resources, ctx, [ctx.userId], false))[0]?.display ?? ctx.username;
  const body = ticketMessage('actionComment', ctx.language, {
    user: escapeHtml(user),
    action: escapeHtml(ticketMessage(ACTION_LABELS[action], ctx.language)),
  });
  await resources.get(COMMENT).create({ ticket: ticketId, body }, ctx);
}
