import type { RequestContext, ResourceDirectory, StoredRow } from '../../engine/declaration';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { ASSET_PERMISSION } from '../perms';
import { ticketMessage } from './messages';
import { processSteps } from './ticket-steps';

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/**
 * The asset permission an approved request-asset ticket grants (v2.21 handler `_create_asset_permission`):
 * id = ticket id, in the ticket's org, for the applicant, on the requested assets and nodes that still
 * exist there, with the requested actions and dates, marked `from_ticket`. `created_by` is the approver
 * (the requester of the final approval, docs/resources.md#common-rules); the comment names applicant and
 * processors. Idempotent: an existing permission with the ticket's id is left as it is.
 */
export async function grantAssetPermission(
  resources: ResourceDirectory,
  ctx: RequestContext,
  ticket: StoredRow,
): Promise<void> {
  if (!resources.has(ASSET_PERMISSION)) return;
  const perms = resources.get(ASSET_PERMISSION);
  const id = String(ticket.id);
  if (await perms.get(id, { ...ctx, orgId: ROOT_ORG_ID })) return;
  const orgCtx: RequestContext = { ...ctx, orgId: String(ticket.org_id) };
  const meta =
    ticket.meta !== null && typeof ticket.meta === 'object' ? (ticket.meta as Record<string, unknown>) : {};
  // Objects deleted since the ticket was opened are dropped rather than failing the approval.
  const present = async (to: string, ids: string[]) =>
    ids.length === 0
      ? []
      : (await resources.get(to).find({ field: 'id', op: 'in', values: ids }, orgCtx)).map((row) =>
          String(row.id),
        );
  let name = String(meta.apply_permission_name ?? '').trim() || String(ticket.title).slice(0, 128);
  // A permission of that name may have been made since the ticket was opened; the ticket still grants.
  if ((await perms.count({ field: 'name', op: 'eq', value: name }, orgCtx)) > 0)
    name = `${name.slice(0, 117)} (${id.slice(0, 8)})`;
  const processors = processSteps(ticket)
    .map((step) => step.processor_display)
    .filter((text): text is string => typeof text === 'string' && text !== '');
  const comment = ticketMessage('permissionComment', ctx.language, {
    title: String(ticket.title),
    applicant: String(ticket.applicant_display),
    processor: processors.join(','),
    id,
  });
  await perms.create(
    {
      id,
      name,
      comment: comment.slice(0, 4096),
      users: [String(ticket.applicant)],
      assets: await present('assets.asset', strings(meta.apply_assets)),
      nodes: await present('assets.node', strings(meta.apply_nodes)),
      actions: strings(meta.apply_actions),
      date_start: String(meta.apply_date_start ?? ''),
      date_expired: String(meta.apply_date_expired ?? ''),
      is_active: true,
    },
    orgCtx,
  );
  await perms.setColumns(id, { from_ticket: true });
}
