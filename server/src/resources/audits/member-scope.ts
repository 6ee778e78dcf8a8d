import type { Condition } from '../../data/conditions';
import type { RequestContext } from '../../engine/declaration';
import { ROOT_ORG_ID } from '../../orgs/org-ids';

/**
 * Logs of global events (sign-ins, password changes) carry the user's id; in a normal organization only
 * the rows of its members are listed, in Root every row (docs/audit.md#organizations).
 */
export function membersOnly(ctx: RequestContext): Condition | null {
  if (ctx.orgId === ROOT_ORG_ID) return null;
  return {
    field: 'user_id',
    op: 'inSubquery',
    subquery: { table: 'role_bindings', column: 'user_id', where: { org_id: ctx.orgId } },
  };
}
