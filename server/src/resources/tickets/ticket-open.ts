import crypto from 'node:crypto';
import type { Database } from '../../data/database';
import type { FieldErrors, RequestContext, ResourceDirectory, StoredRow } from '../../engine/declaration';
import { message, pythonType } from '../../engine/messages';
import { normalizeUuid } from '../../engine/values';
import { ResponseError } from '../../http/api-error';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { UserAccess } from '../../rbac/user-permissions';
import { findOrgById } from '../../data/stores/orgs';
import { ASSET_PERMISSION } from '../perms';
import { applyAssetMeta, checkApplyAssetMeta } from './apply-asset-meta';
import { levelAssignees, peopleOf } from './assignees';
import { orderedNow } from './clock';
import { storedRules } from './flow-rules';
import { unscopedContext } from './internal-context';
import { flowFor } from './ticket-assignment';
import { ticketMessage } from './messages';
import { TICKET } from './names';
import { notifyAssignees, notifyTicketSubscribers } from './notify';
import { nextSerial } from './serial-number';
import { isTicketType, type TicketType } from './ticket-choices';
import { addActionComment, type ProcessStep } from './ticket-steps';

/** Types the server or terminals create (login and command confirmations): a user must not forge them. */
const SYSTEM_TYPES: ReadonlySet<TicketType> = new Set([
  'login_confirm',
  'login_asset_confirm',
  'command_confirm',
]);

const TITLE_MAX = 256;
const COMMENT_MAX = 4096;

const badRequest = (body: unknown): ResponseError => new ResponseError(400, body);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A CharField in DRF's manner (trimmed, blank/required/max_length): the text or its errors. */
function cleanText(
  raw: unknown,
  required: boolean,
  max: number,
  ctx: RequestContext,
): { text: string } | { errors: string[] } {
  const lang = ctx.language;
  if (raw === undefined || raw === null)
    return required ? { errors: [message(raw === null ? 'null' : 'required', lang)] } : { text: '' };
  if (typeof raw !== 'string' && typeof raw !== 'number') return { errors: [message('invalidString', lang)] };
  const text = String(raw).trim();
  if (required && text === '') return { errors: [message('blank', lang)] };
  if (text.length > max) return { errors: [message('maxLength', lang, { n: max })] };
  return { text };
}

/**
 * The org a ticket is filed into: one where the applicant works (a member holding the workbench there,
 * as `profile.workbench_orgs` lists them). Unknown and foreign orgs get the same answer, so the form
 * cannot be used to probe which orgs exist.
 */
async function usableOrg(db: Database, ctx: RequestContext, raw: unknown): Promise<string | string[]> {
  const lang = ctx.language;
  if (raw === undefined || raw === null || raw === '') return [message('required', lang)];
  if (typeof raw !== 'string') return [message('invalidString', lang)];
  const refused = [ticketMessage('orgUnavailable', lang, { org: raw.slice(0, 64) })];
  const id = normalizeUuid(raw);
  if (id === null || id === ROOT_ORG_ID || !(await findOrgById(db, id))) return refused;
  const access = await UserAccess.load(db, ctx.userId);
  if (!access.isMemberOf(id) || !access.permissionsIn(id).has('rbac.view_workbench')) return refused;
  return id;
}

async function permissionNameTaken(
  resources: ResourceDirectory,
  ctx: RequestContext,
  orgId: string,
  name: string,
): Promise<boolean> {
  if (!resources.has(ASSET_PERMISSION)) return false;
  return (
    (await resources
      .get(ASSET_PERMISSION)
      .count({ field: 'name', op: 'eq', value: name }, { ...ctx, orgId })) > 0
  );
}

/** The answer to a type the open endpoint does not take, or null when it may be opened. */
function refusedType(typeParam: unknown, ctx: RequestContext): ResponseError | null {
  const lang = ctx.language;
  if (!isTicketType(typeParam))
    return badRequest({
      type: [message('invalidChoice', lang, { value: String(typeParam ?? '').slice(0, 100) })],
    });
  // Applications do not exist in this product yet: refusing beats a ticket whose approval grants nothing.
  if (typeParam === 'apply_application')
    return badRequest({ non_field_errors: [ticketMessage('applicationsMissing', lang)] });
  if (SYSTEM_TYPES.has(typeParam))
    return badRequest({ non_field_errors: [ticketMessage('systemType', lang)] });
  return null;
}

/**
 * `POST tickets/open/?type=<type>` (docs/tickets.md#opening): checks the request, finds the flow, fills
 * `process_map` with the people of every level, stores the ticket with step 1's assignees, adds the
 * "open" comment and tells step 1's assignees. Returns the stored ticket.
 */
export async function openTicket(
  db: Database,
  resources: ResourceDirectory,
  ctx: RequestContext,
  typeParam: string | undefined,
  body: unknown,
): Promise<StoredRow> {
  const lang = ctx.language;
  const refused = refusedType(typeParam, ctx);
  if (refused) throw refused;
  const type = typeParam as TicketType;
  if (!isObject(body))
    throw badRequest({
      non_field_errors: [message('invalidData', lang, { type: pythonType(body ?? null) })],
    });

  const errors: FieldErrors = {};
  const title = cleanText(body.title, true, TITLE_MAX, ctx);
  if ('errors' in title) errors.title = title.errors;
  const comment = cleanText(body.comment, false, COMMENT_MAX, ctx);
  if ('errors' in comment) errors.comment = comment.errors;
  if (body.type === undefined || body.type === null || body.type === '')
    errors.type = [message('required', lang)];
  else if (body.type !== type)
    errors.type = [ticketMessage('typeMismatch', lang, { sent: String(body.type).slice(0, 64), url: type })];
  const org = await usableOrg(db, ctx, body.org_id);
  if (Array.isArray(org)) errors.org_id = org;
  const orgId = typeof org === 'string' ? org : null;
  const checked = type === 'apply_asset' ? await checkApplyAssetMeta(body.meta, orgId, ctx, resources) : null;
  if (checked && (Array.isArray(checked.errors) || Object.keys(checked.errors).length > 0))
    errors.meta = checked.errors;
  else if (!checked && body.meta !== undefined && body.meta !== null && !isObject(body.meta))
    errors.meta = [message('notADict', lang, { type: pythonType(body.meta) })];
  if (Object.keys(errors).length > 0 || orgId === null || 'errors' in title || 'errors' in comment)
    throw badRequest(errors);

  const flow = await flowFor(resources, ctx, orgId, type);
  if (!flow) throw badRequest({ non_field_errors: [ticketMessage('flowMissing', lang, { type })] });

  const id = crypto.randomUUID();
  let meta: object = {};
  if (checked?.request) {
    const name =
      checked.request.permissionName ??
      ticketMessage('defaultPermissionName', lang, { title: title.text, id: id.slice(0, 4) }).slice(0, 128);
    if (await permissionNameTaken(resources, ctx, orgId, name))
      throw badRequest({
        meta: { apply_permission_name: [ticketMessage('permissionTaken', lang, { name })] },
      });
    meta = await applyAssetMeta(checked.request, name, orgId, ctx, resources);
  }
  // Every level's deciders as they are now, the applicant never among them (ticket-assignment.ts).
  const steps: ProcessStep[] = [];
  for (const rule of storedRules(flow)) {
    const people = await levelAssignees(resources, ctx, rule, orgId, ctx.userId);
    steps.push({
      approval_level: rule.level,
      state: 'notified',
      assignees: people.map((person) => person.id),
      assignees_display: people.map((person) => person.display),
    });
  }
  const applicantDisplay = (await peopleOf(resources, ctx, [ctx.userId], false))[0]?.display ?? ctx.username;

  const tickets = resources.get(TICKET);
  const first = steps[0]?.assignees ?? [];
  // One transaction: the ticket, its server-set fields with the serial number they depend on (taken under
  // the serial lock, so two tickets opened at once on any instance never share one), its first comment.
  const ticket = await db.transaction(async () => {
    await tickets.create({ id, title: title.text, type, comment: comment.text }, ctx);
    await db.lock('tickets:serial');
    const now = new Date(orderedNow());
    const { day, serial } = await nextSerial(tickets, ctx, now);
    await tickets.setColumns(id, {
      org_id: orgId,
      meta,
      state: 'open',
      status: 'open',
      approval_step: 1,
      applicant: ctx.userId,
      applicant_display: applicantDisplay,
      process_map: steps,
      serial_num: serial,
      serial_date: day,
      flow_id: String(flow.id),
      date_created: now.getTime(),
      date_updated: now.getTime(),
    });
    await tickets.link('assignees', id, first, 'set');
    await addActionComment(resources, ctx, id, 'open');
    const stored = await tickets.get(id, unscopedContext(ctx));
    if (!stored) throw new Error(`ticket ${id} vanished after open`);
    return stored;
  });
  await notifyAssignees(db, ticket, first, lang);
  await notifyTicketSubscribers(db, resources, ticket, lang);
  return ticket;
}
