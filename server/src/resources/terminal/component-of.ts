import type { RequestContext, ResourceDirectory, StoredRow } from '../../engine/declaration';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { TERMINAL_TERMINAL } from './names';

/** The component whose service account makes this request, or null for a person (docs/terminal.md). */
export async function callingComponent(
  ctx: RequestContext,
  resources: ResourceDirectory,
): Promise<StoredRow | null> {
  if (!ctx.userId) return null;
  const [terminal] = await resources
    .get(TERMINAL_TERMINAL)
    .find({ field: 'user_id', op: 'eq', value: ctx.userId }, { ...ctx, orgId: ROOT_ORG_ID });
  return terminal ?? null;
}
