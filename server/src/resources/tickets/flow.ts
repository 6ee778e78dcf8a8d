import type { Condition } from '../../data/conditions';
import {
  defineResource,
  type FieldErrors,
  type RequestContext,
  type ResourceDeclaration,
  type ResourceDirectory,
  type StoredRow,
} from '../../engine/declaration';
import { ResponseError, permissionDenied } from '../../http/api-error';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { LABELS, l } from '../label';
import { directoryOf, type TicketDeps } from './deps';
import { parseRules, rulesAsInput, rulesOutput, storedRules, type StoredRule } from './flow-rules';
import { isUnscoped, unscopedContext } from './internal-context';
import { ticketMessage } from './messages';
import { FLOW } from './names';
import { LEVEL_CHOICES, TICKET_TYPES, TYPE_CHOICES } from './ticket-choices';

/** Contexts of the org copy a Root flow gets when an org updates it (allowed to create, see validate). */
const COPYING = new WeakSet<RequestContext>();

/**
 * Flows visible in an org: its own, plus Root's global flows for the types it has not overridden
 * (docs/tickets.md#flows). In Root: the global flows only, the defaults every org inherits.
 */
async function visibleFlows(deps: TicketDeps, ctx: RequestContext): Promise<Condition | null> {
  if (isUnscoped(ctx)) return null;
  if (ctx.orgId === ROOT_ORG_ID) return { field: 'org_id', op: 'eq', value: ROOT_ORG_ID };
  const overridden = new Set(
    (
      await directoryOf(deps)
        .get(FLOW)
        .find({ field: 'org_id', op: 'eq', value: ctx.orgId }, unscopedContext(ctx))
    ).map((row) => String(row.type)),
  );
  return {
    anyOf: [
      { field: 'org_id', op: 'eq', value: ctx.orgId },
      {
        allOf: [
          { field: 'org_id', op: 'eq', value: ROOT_ORG_ID },
          { field: 'type', op: 'in', values: TICKET_TYPES.filter((type) => !overridden.has(type)) },
        ],
      },
    ],
  };
}

/** Updating a Root flow from an org writes an org copy instead (v2.21 TicketFlowSerializer.update). */
const copiesOnUpdate = (ctx: RequestContext, existing: StoredRow | null): boolean =>
  existing !== null && existing.org_id === ROOT_ORG_ID && ctx.orgId !== ROOT_ORG_ID;

async function validateFlow(
  data: StoredRow,
  ctx: RequestContext,
  existing: StoredRow | null,
  resources: ResourceDirectory,
): Promise<FieldErrors | null> {
  // tickets.add_ticketflow is unassignable (docs/tickets.md#flows): only SystemAdmin creates, whatever a role
  // holds.
  if (existing === null && !ctx.isSystemAdmin && !COPYING.has(ctx)) throw permissionDenied();
  const errors: FieldErrors = {};
  const copying = copiesOnUpdate(ctx, existing);
  const orgId = existing && !copying ? String(existing.org_id) : ctx.orgId;
  const type = data.type ?? existing?.type;
  const clash = await resources.get(FLOW).count(
    {
      allOf: [
        { field: 'org_id', op: 'eq', value: orgId },
        { field: 'type', op: 'eq', value: type },
        ...(existing && !copying ? [{ field: 'id', op: 'ne' as const, value: existing.id }] : []),
      ],
    },
    unscopedContext(ctx),
  );
  if (clash > 0) errors.type = [ticketMessage('flowTypeTaken', ctx.language)];

  let rules: StoredRule[] = storedRules(existing);
  if (data.rules !== undefined) {
    const parsed = await parseRules(data.rules, ctx, resources);
    // The per-rule errors are a list (DRF many=True), a shape FieldErrors cannot hold: answered directly.
    if ('errors' in parsed) throw new ResponseError(400, { ...errors, rules: parsed.errors });
    rules = parsed.rules;
    data.rule_set = rules;
  }
  const level = data.approval_level ?? existing?.approval_level;
  if (Object.keys(errors).length === 0 && level !== rules.length)
    errors.rules = [ticketMessage('rulesCount', ctx.language)];
  return Object.keys(errors).length > 0 ? errors : null;
}

async function saveFlow(
  data: StoredRow,
  ctx: RequestContext,
  existing: StoredRow | null,
  resources: ResourceDirectory,
): Promise<void> {
  if (existing === null) {
    data.org_id = ctx.orgId;
    return;
  }
  if (!copiesOnUpdate(ctx, existing)) return;
  const root = existing;
  const copyCtx: RequestContext = { ...ctx };
  COPYING.add(copyCtx);
  const flows = resources.get(FLOW);
  const copy = await flows.create(
    {
      type: data.type ?? root.type,
      approval_level: data.approval_level ?? root.approval_level,
      rules: data.rules ?? rulesAsInput(storedRules(root)),
    },
    copyCtx,
  );
  // The engine would now write the Root row; answering here with the copy leaves the global flow as it
  // is, and the client gets what it changed (the org's own flow, with its new id).
  throw new ResponseError(200, await flows.serialize(copy, ctx));
}

/**
 * Ticket flows (docs/tickets.md#flows): who approves each type of ticket, per org, with Root as the default.
 */
export function flowResource(deps: TicketDeps): ResourceDeclaration {
  return defineResource({
    name: FLOW,
    url: '/api/v1/tickets/flows/',
    table: 'tickets_flow',
    // Org-scoped rows, but a Root flow also shows in every org that has not overridden its type, which
    // the engine's org filter cannot express: `org_id` is declared here and filtered by `scope`.
    orgScoped: false,
    label: l('工单流程', 'Ticket flow', 'チケットフロー'),
    fields: {
      type: {
        kind: 'choice',
        label: l('类型', 'Type', 'タイプ'),
        choices: TYPE_CHOICES,
        required: true,
        maxLength: 64,
        display: true,
      },
      approval_level: {
        kind: 'choice',
        label: l('审批级别', 'Approve level', '承認レベル'),
        choices: LEVEL_CHOICES,
        required: true,
      },
      created_by: { kind: 'string', label: LABELS.createdBy, readOnly: true, maxLength: 32 },
      date_created: { kind: 'datetime', label: LABELS.dateCreated, readOnly: true },
      date_updated: { kind: 'datetime', label: LABELS.dateUpdated, readOnly: true },
      org_id: { kind: 'string', label: l('组织', 'Organization', '組織'), readOnly: true, maxLength: 36 },
      // No compute: the engine fills `org_name` from its org-name cache.
      org_name: { kind: 'string', label: l('组织名称', 'Org name', '組織名'), readOnly: true },
      rules: {
        kind: 'json',
        label: l('审批规则', 'Rules', 'ルール'),
        required: true,
        // Written as a list of {strategy, assignees}, kept in `rule_set`, read back with the resolved people.
        virtual: true,
        computeMany: rulesOutput,
      },
      // Storage only: the rules as validated ({level, strategy, assignees}), never sent or accepted as such.
      rule_set: {
        kind: 'json',
        label: l('审批规则', 'Rules', 'ルール'),
        readOnly: true,
        writeOnly: true,
        secret: true,
      },
    },
    searchFields: ['id', 'type'],
    filterFields: ['id', 'type'],
    orderingFields: [],
    defaultOrdering: ['type', 'date_created'],
    fieldsMini: ['id', 'type'],
    fieldsSmall: [
      'id',
      'type',
      'approval_level',
      'created_by',
      'date_created',
      'date_updated',
      'org_id',
      'org_name',
    ],
    // Deleting a flow is 405 for everyone (docs/tickets.md#flows): a type without flow could not be opened
    // any more.
    disabledActions: ['delete'],
    bulkDelete: false,
    hooks: {
      scope: (ctx) => visibleFlows(deps, ctx),
      validate: validateFlow,
      beforeSave: saveFlow,
    },
  });
}
