import type { Condition } from '../../data/conditions';
import { defineResource, type ResourceDeclaration } from '../../engine/declaration';
import { LABELS, l } from '../label';
import { APPLY_ASSET_META_CHILDREN } from './apply-asset-meta';
import { directoryOf, type TicketDeps } from './deps';
import { isUnscoped } from './internal-context';
import { ticketBody } from './ticket-body';
import { TICKET, TICKET_TABLE } from './names';
import { ticketActions } from './ticket-actions';
import { ticketsAwaiting } from './ticket-assignment';
import { LEVEL_CHOICES, STATE_CHOICES, STATUS_CHOICES, TYPE_CHOICES } from './ticket-choices';

/**
 * docs/tickets.md#who-sees-a-ticket: the requester's tickets are those they applied for or are an assignee of, in any org —
 * an assignee of a step reached so far (linked), or one who may decide an open ticket's current step now
 * (`awaiting`, resolved live: someone promoted since the ticket opened sees what waits for them).
 */
export const visibleTickets = (userId: string, awaiting: readonly string[]): Condition => ({
  anyOf: [
    { field: 'applicant', op: 'eq', value: userId },
    { field: 'assignees', op: 'eq', value: userId },
    { field: 'id', op: 'in', values: awaiting },
  ],
});

/**
 * `assignees__id=<user>` ("assigned to me", the navbar badge with `status=open`): the open tickets whose
 * current step the user may decide now, and the closed ones they were an assignee of. An open ticket the
 * user can no longer decide (demoted, removed, or it moved on to the next step) is not "assigned" to them.
 */
export const assignedTo = (userId: string, awaiting: readonly string[]): Condition => ({
  anyOf: [
    { field: 'id', op: 'in', values: awaiting },
    {
      allOf: [
        { field: 'assignees', op: 'eq', value: userId },
        { field: 'status', op: 'ne', value: 'open' },
      ],
    },
  ],
});

/**
 * Tickets (docs/tickets.md#words). Rows belong to an org, but the API always works across orgs (a ticket
 * follows its applicant and assignees, not the console's org switcher): `org_id` is a plain column and the
 * `scope` hook decides visibility. Every write goes through the extra actions (open, approve, reject,
 * close); plain POST/PUT/PATCH/DELETE answer 405.
 */
export function ticketResource(deps: TicketDeps): ResourceDeclaration {
  return defineResource({
    name: TICKET,
    url: '/api/v1/tickets/tickets/',
    table: TICKET_TABLE.table,
    orgScoped: false,
    label: l('工单', 'Ticket', 'チケット'),
    fields: {
      title: { kind: 'string', label: l('标题', 'Title', 'タイトル'), required: true, maxLength: 256 },
      type: {
        kind: 'choice',
        label: l('类型', 'Type', 'タイプ'),
        choices: TYPE_CHOICES,
        required: true,
        maxLength: 64,
        default: 'general',
        display: true,
      },
      // Children describe the request-asset form (the only type the console opens); stored as sent+displays.
      meta: {
        kind: 'nested',
        label: l('其它', 'Meta', 'メタ'),
        // Required by the open action (checked there per type); the engine never writes it from input.
        children: APPLY_ASSET_META_CHILDREN,
      },
      state: {
        kind: 'choice',
        label: l('状态', 'State', '状態'),
        choices: STATE_CHOICES,
        readOnly: true,
        maxLength: 16,
        default: 'open',
        display: true,
      },
      approval_step: {
        kind: 'choice',
        label: l('审批步骤', 'Approval step', '承認ステップ'),
        choices: LEVEL_CHOICES,
        readOnly: true,
        default: 1,
      },
      status: {
        kind: 'choice',
        label: l('状态', 'Status', 'ステータス'),
        choices: STATUS_CHOICES,
        readOnly: true,
        maxLength: 16,
        default: 'open',
        display: true,
      },
      applicant: { kind: 'fk', to: 'users.user', label: l('申请人', 'Applicant', '申請者'), readOnly: true },
      applicant_display: {
        kind: 'string',
        label: l('申请人名称', 'Applicant display', '申請者表示'),
        readOnly: true,
        maxLength: 256,
      },
      process_map: {
        kind: 'json',
        label: l('审批流程', 'Process', 'プロセス'),
        readOnly: true,
      },
      date_created: { kind: 'datetime', label: LABELS.dateCreated, readOnly: true },
      date_updated: { kind: 'datetime', label: LABELS.dateUpdated, readOnly: true },
      comment: { kind: 'text', label: LABELS.comment, default: '', maxLength: 4096 },
      org_id: { kind: 'string', label: l('组织', 'Organization', '組織'), required: true, maxLength: 36 },
      // No compute: the engine fills `org_name` from its org-name cache.
      org_name: { kind: 'string', label: l('组织名称', 'Org name', '組織名'), readOnly: true },
      body: {
        kind: 'text',
        label: l('内容', 'Body', 'ボディ'),
        readOnly: true,
        computeMany: (rows, ctx) => rows.map((row) => ticketBody(row, ctx.language)),
      },
      serial_num: {
        kind: 'string',
        label: l('编号', 'Serial number', 'シリアル番号'),
        readOnly: true,
        maxLength: 128,
        unique: true,
      },
      // Storage only (never sent or accepted): step assignees so far, the flow, the serial's day.
      assignees: {
        kind: 'm2m',
        to: 'users.user',
        label: l('受理人', 'Assignees', '受付者'),
        readOnly: true,
        writeOnly: true,
      },
      flow_id: { kind: 'string', label: l('工单流程', 'Flow', 'フロー'), readOnly: true, writeOnly: true },
      serial_date: {
        kind: 'string',
        label: l('编号日期', 'Serial date', 'シリアル日付'),
        readOnly: true,
        writeOnly: true,
      },
    },
    searchFields: ['title', 'type', 'status', 'applicant_display'],
    filterFields: ['id', 'title', 'type', 'status', 'state', 'applicant', 'applicant_display'],
    orderingFields: ['title', 'applicant_display', 'status', 'state', 'date_created', 'serial_num'],
    defaultOrdering: ['-date_created'],
    fieldsMini: ['id', 'title', 'serial_num'],
    fieldsSmall: [
      'id',
      'title',
      'type',
      'state',
      'approval_step',
      'status',
      'applicant',
      'applicant_display',
      'date_created',
      'date_updated',
      'serial_num',
      'org_id',
      'org_name',
    ],
    dateRangeField: 'date_created',
    disabledActions: ['add', 'change', 'delete'],
    // `?type=apply_asset&action=open` is the request form's metadata (docs/tickets.md#opening): POST there
    // describes what `open/` takes, `meta` with the request-asset children.
    describesPost: (ctx) => ctx.query?.action === 'open' && ctx.query?.type === 'apply_asset',
    bulkDelete: false,
    customFilters: {
      assignees__id: async (value, ctx, resources) => {
        const userId = value.trim();
        return assignedTo(userId, await ticketsAwaiting(resources, ctx, userId));
      },
    },
    hooks: {
      scope: async (ctx) =>
        isUnscoped(ctx)
          ? null
          : visibleTickets(ctx.userId, await ticketsAwaiting(directoryOf(deps), ctx, ctx.userId)),
    },
    extraActions: ticketActions(deps),
  });
}
