import type { RequestContext, ResourceDirectory } from '../../engine/declaration';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { unscopedContext } from './internal-context';
import { FLOW } from './names';

/**
 * The install data of docs/tickets.md#flows: global flows for the two request types, approved by super
 * admins.
 */
export const DEFAULT_FLOW_TYPES = ['apply_asset', 'apply_application'] as const;

/**
 * Creates the Root flows that are missing (none for a type that already has one, so an admin's edits are
 * kept). The caller runs it once per database (a seed marker) — flows cannot be deleted, so a type can
 * only lack its flow on an install that never had it.
 */
export async function ensureDefaultTicketFlows(resources: ResourceDirectory): Promise<number> {
  const ctx: RequestContext = {
    userId: '',
    username: 'System',
    orgId: ROOT_ORG_ID,
    perms: new Set<string>(),
    isSystemAdmin: true,
    language: 'en',
  };
  const flows = resources.get(FLOW);
  let created = 0;
  for (const type of DEFAULT_FLOW_TYPES) {
    const where = {
      allOf: [
        { field: 'org_id', op: 'eq' as const, value: ROOT_ORG_ID },
        { field: 'type', op: 'eq' as const, value: type },
      ],
    };
    if ((await flows.count(where, unscopedContext(ctx))) > 0) continue;
    await flows.create({ type, approval_level: 1, rules: [{ strategy: 'super_admin' }] }, ctx);
    created += 1;
  }
  return created;
}
