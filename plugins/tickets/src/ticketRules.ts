// The ticket model and its pure rules: where a ticket stands, who may act on it, and the colours of its
// states (docs/tickets.md, docs/tickets.md#words).
import { idOf } from './idOf';

export type TicketType =
  | 'general'
  | 'login_confirm'
  | 'apply_asset'
  | 'apply_application'
  | 'login_asset_confirm'
  | 'command_confirm';

export const TICKET_STATES = ['open', 'approved', 'rejected', 'closed'] as const;
export type TicketState = (typeof TICKET_STATES)[number];
export const TICKET_STATUSES = ['open', 'closed'] as const;

export interface ProcessStep {
  approval_level: number;
  state: string;
  assignees?: string[];
  assignees_display?: string[];
  approval_date?: string | null;
  processor?: string | null;
  processor_display?: string | null;
}

export interface Ticket {
  id: string;
  title?: string;
  type?: string;
  type_display?: string;
  meta?: Record<string, unknown> | null;
  state?: string;
  status?: string;
  status_display?: string;
  approval_step?: number | { value: number };
  applicant?: string | { id: string } | null;
  applicant_display?: string;
  process_map?: ProcessStep[];
  serial_num?: string | null;
  org_id?: string;
  org_name?: string;
  comment?: string;
  date_created?: string;
  date_updated?: string;
  [field: string]: unknown;
}

export interface TicketComment {
  id: string;
  body?: string;
  user?: string;
  user_display?: string;
  date_created?: string;
}

/** The level waiting for a decision; the server sends it bare or as a choice (`{value}`), 1 when unknown. */
export function approvalStep(ticket: Ticket): number {
  const step = ticket.approval_step;
  const n = Number(step && typeof step === 'object' ? step.value : step);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

/** `status` says open / closed; older answers carry only `state`, whose `open` means the same. */
export function isOpen(ticket: Ticket): boolean {
  return ticket.status === 'open' || (ticket.status === undefined && ticket.state === 'open');
}

/** The step waiting for a decision (the ticket's approval_step), or null once the ticket is closed. */
export function currentStep(ticket: Ticket): ProcessStep | null {
  if (!isOpen(ticket)) return null;
  const level = approvalStep(ticket);
  return (ticket.process_map ?? []).find((s) => Number(s.approval_level) === level) ?? null;
}

/**
 * Accept / reject: only an assignee of the current step, only while the ticket is open
 * (docs/tickets.md#approval).
 */
export function canProcess(ticket: Ticket, userId: string | null | undefined): boolean {
  const step = currentStep(ticket);
  return Boolean(userId && step && (step.assignees ?? []).map(String).includes(userId));
}

/** Close: only the applicant, only while open. */
export function canClose(ticket: Ticket, userId: string | null | undefined): boolean {
  return Boolean(userId && isOpen(ticket) && idOf(ticket.applicant) === userId);
}

/** Tag colours; `neutral` is grey (the theme's own "secondary" tag is not). */
export type TagSeverity = 'success' | 'info' | 'warning' | 'danger' | 'neutral';

export function stateSeverity(state: unknown): TagSeverity {
  switch (state) {
    case 'open':
      return 'info';
    case 'approved':
      return 'success';
    case 'rejected':
      return 'danger';
    default:
      return 'neutral';
  }
}

export function statusSeverity(status: unknown): TagSeverity {
  return status === 'open' ? 'warning' : 'neutral';
}

/**
 * The colour of a step on the detail page. Besides the server's step states, the page shows `submitted` for
 * the opening and `pending` / `waiting` for notified levels (see TicketSteps).
 */
export function stepSeverity(state: string): TagSeverity {
  switch (state) {
    case 'approved':
      return 'success';
    case 'rejected':
      return 'danger';
    case 'pending':
      return 'warning';
    case 'submitted':
      return 'info';
    default:
      return 'neutral';
  }
}
