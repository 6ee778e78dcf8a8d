// URLs, route paths and the pure rules of the tickets area (contract api.md §9, resources.md §35–36).

export const TICKETS_URL = '/api/v1/tickets/tickets/';
export const COMMENTS_URL = '/api/v1/tickets/comments/';
export const FLOWS_URL = '/api/v1/tickets/flows/';
export const USERS_URL = '/api/v1/users/users/';
export const NODES_URL = '/api/v1/assets/nodes/';
export const ASSETS_URL = '/api/v1/assets/assets/';
export const ASSET_PERMISSIONS_URL = '/api/v1/perms/asset-permissions/';

/** The form metadata of an apply_asset ticket (`action=open` describes `meta` as a nested object). */
export const APPLY_ASSET_META_URL = `${TICKETS_URL}?type=apply_asset&action=open`;
export const APPLY_ASSET_OPEN_URL = `${TICKETS_URL}open/?type=apply_asset`;

export const VIEW_TICKET = ['tickets.view_ticket'];
export const VIEW_FLOW = ['tickets.view_ticketflow'];

export const TICKETS_PATH = '/tickets/tickets';
export const FLOWS_PATH = '/tickets/flow';
export const REQUEST_ASSET_PATH = '/tickets/request-asset-perm';

/**
 * Tabs of the ticket list. The default is "Assigned to me": the navbar badge counts open tickets assigned to
 * me and its link (`/tickets`, the view index) opens the list; the kit's remembered tab applies as on every
 * tab page.
 */
export const TAB_MINE = 'myTickets';
export const TAB_ASSIGNED = 'assignedMe';
export const MY_LIST_PATH = `${TICKETS_PATH}?activeTab=${TAB_MINE}`;

export type TicketType =
  | 'general'
  | 'login_confirm'
  | 'apply_asset'
  | 'apply_application'
  | 'login_asset_confirm'
  | 'command_confirm';

/** The typed detail routes (screens.md §1.4); a type without one is shown on the generic `/tickets/:id`. */
export const TYPED_SEGMENTS: Readonly<Record<string, string>> = {
  apply_asset: 'request-asset-perm',
  apply_application: 'request-application-perm',
  login_asset_confirm: 'login-asset-confirm',
  login_confirm: 'login-confirm',
  command_confirm: 'command-confirm',
};

export function typedDetailPath(type: unknown, id: string): string {
  const segment = TYPED_SEGMENTS[String(type)];
  return segment ? `/tickets/${segment}/${encodeURIComponent(id)}` : `/tickets/${encodeURIComponent(id)}`;
}

export const TICKET_STATES = ['open', 'approved', 'rejected', 'closed'] as const;
export type TicketState = (typeof TICKET_STATES)[number];
export const TICKET_STATUSES = ['open', 'closed'] as const;

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

/** Asset permission actions (resources.md §23.1), in the order the form offers them. */
export const ASSET_ACTIONS = [
  'all',
  'connect',
  'upload_file',
  'download_file',
  'updownload',
  'clipboard_copy',
  'clipboard_paste',
  'clipboard_copy_paste',
] as const;

/** What a new request asks for by default: connecting, and file transfer both ways. */
export const DEFAULT_ACTIONS: readonly string[] = ['connect', 'upload_file', 'download_file', 'updownload'];

export const FLOW_STRATEGIES = ['super_admin', 'org_admin', 'super_org_admin', 'custom_user'] as const;
export type FlowStrategy = (typeof FLOW_STRATEGIES)[number];

export const ROOT_ORG = '00000000-0000-0000-0000-000000000000';

// ---- ticket model ----

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

function idOf(value: unknown): string | null {
  if (value && typeof value === 'object' && 'id' in value) return String((value as { id: unknown }).id);
  return value === null || value === undefined ? null : String(value);
}

export function approvalStep(ticket: Ticket): number {
  const step = ticket.approval_step;
  const n = Number(step && typeof step === 'object' ? step.value : step);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

export function isOpen(ticket: Ticket): boolean {
  return ticket.status === 'open' || (ticket.status === undefined && ticket.state === 'open');
}

/** The step waiting for a decision (the ticket's approval_step), or null once the ticket is closed. */
export function currentStep(ticket: Ticket): ProcessStep | null {
  if (!isOpen(ticket)) return null;
  const level = approvalStep(ticket);
  return (ticket.process_map ?? []).find((s) => Number(s.approval_level) === level) ?? null;
}

/** Accept / reject: only an assignee of the current step, only while the ticket is open (api.md §9.2). */
export function canProcess(ticket: Ticket, userId: string | null | undefined): boolean {
  const step = currentStep(ticket);
  return Boolean(userId && step && (step.assignees ?? []).map(String).includes(userId));
}

/** Close: only the applicant, only while open. */
export function canClose(ticket: Ticket, userId: string | null | undefined): boolean {
  return Boolean(userId && isOpen(ticket) && idOf(ticket.applicant) === userId);
}

/** A list answer that may be a page or a plain array. */
export function rowsOf<T>(answer: unknown): T[] {
  if (Array.isArray(answer)) return answer as T[];
  const results = (answer as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? (results as T[]) : [];
}

/** Any meta value as plain text: lists joined, objects as JSON, nothing as an empty string. */
export function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(plainText).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('label' in o) return String(o.label);
    if ('display_name' in o) return String(o.display_name);
    return JSON.stringify(value);
  }
  return String(value);
}

/**
 * The meta fields shown in "apply info" for a ticket type, in order; unknown types show every meta key
 * (display values preferred over the raw ids they describe).
 */
export function applyFields(type: unknown, meta: Record<string, unknown>): string[] {
  switch (type) {
    case 'apply_asset':
      return [
        'apply_permission_name',
        'apply_nodes',
        'apply_assets',
        'apply_system_users',
        'apply_actions',
        'apply_date_start',
        'apply_date_expired',
      ];
    case 'apply_application':
      return [
        'apply_permission_name',
        'apply_category',
        'apply_type',
        'apply_applications',
        'apply_system_users',
        'apply_date_start',
        'apply_date_expired',
      ];
    case 'login_confirm':
      return ['apply_login_ip', 'apply_login_city', 'apply_login_datetime'];
    case 'login_asset_confirm':
      return ['apply_login_user', 'apply_login_asset', 'apply_login_system_user'];
    case 'command_confirm':
      return [
        'apply_run_user',
        'apply_run_asset',
        'apply_run_system_user',
        'apply_run_command',
        'apply_from_session_id',
        'apply_from_cmd_filter_rule_id',
        'apply_from_cmd_filter_id',
      ];
    default:
      return Object.keys(meta).filter((k) => !(k.endsWith('_display') && k.slice(0, -8) in meta));
  }
}

/** A meta field's shown value: its `_display` twin when the server gave one, else the value itself. */
export function metaValue(meta: Record<string, unknown>, field: string): unknown {
  const display = meta[`${field}_display`];
  if (display !== undefined && display !== null && !(Array.isArray(display) && display.length === 0)) {
    return display;
  }
  return meta[field];
}

/** A user as the selects label them. */
export function userLabel(row: Record<string, unknown>): string {
  return `${String(row.name ?? '')}(${String(row.username ?? '')})`;
}

export function assetLabel(row: Record<string, unknown>): string {
  const host = String(row.hostname ?? row.name ?? row.id ?? '');
  return row.ip ? `${host}(${String(row.ip)})` : host;
}

export function nodeLabel(row: Record<string, unknown>): string {
  return String(row.full_value ?? row.value ?? row.name ?? row.id ?? '');
}

// ---- flows ----

export interface FlowRule {
  strategy: string;
  assignees: string[];
}

/** Rules of a flow from the server (`assignees` is write-only: read `assignees_read_only`). */
export function normalizeRules(value: unknown, level: number): FlowRule[] {
  const list = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const out: FlowRule[] = [];
  for (let i = 0; i < Math.max(1, level); i += 1) {
    const rule = list[i] ?? {};
    const strategy = rule.strategy;
    const s =
      strategy && typeof strategy === 'object' && 'value' in strategy
        ? String((strategy as { value: unknown }).value)
        : typeof strategy === 'string' && strategy
          ? strategy
          : 'super_admin';
    const assignees = Array.isArray(rule.assignees)
      ? rule.assignees
      : Array.isArray(rule.assignees_read_only)
        ? rule.assignees_read_only
        : [];
    out.push({ strategy: s, assignees: assignees.map((a) => idOf(a) ?? '').filter(Boolean) });
  }
  return out;
}

/** What is sent: one rule per level, custom users only with the custom strategy. */
export function rulesBody(value: unknown, level: number): FlowRule[] {
  return normalizeRules(value, level).map((r) => ({
    strategy: r.strategy,
    assignees: r.strategy === 'custom_user' ? r.assignees : [],
  }));
}

export function levelOf(value: unknown): number {
  const n = Number(value && typeof value === 'object' && 'value' in value ? value.value : value);
  return n === 2 ? 2 : 1;
}
