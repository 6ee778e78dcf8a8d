import type { Condition } from '../data/conditions';
import type { RequestContext, ResourceDirectory } from '../engine/declaration';
import { resolveGrants } from './granted-assets';
import { grantedScope } from './granted-scope';

/**
 * What the asset and node suggestions show a member who may pick but not browse (docs/security.md
 * "Requests, tickets and data"): what was granted to them in the request's org. Anything else they can
 * only name exactly (the engine's `suggestions.exactFields`), which is what a request for new access
 * needs — never a list of the whole inventory.
 */
export async function grantedAssetsToPick(
  ctx: RequestContext,
  resources: ResourceDirectory,
): Promise<Condition> {
  return grantedScope(await resolveGrants(resources, ctx));
}

/** The nodes in the subtrees granted to the requester. */
export async function grantedNodesToPick(
  ctx: RequestContext,
  resources: ResourceDirectory,
): Promise<Condition> {
  const grants = await resolveGrants(resources, ctx);
  return { field: 'id', op: 'in', values: [...grants.coveredNodeAssets.keys()] };
}
