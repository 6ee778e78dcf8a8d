import type { RequestContext, ResourceDirectory, ScopeCondition } from '../engine/declaration';
import { resolveGrants } from './granted-assets';
import { grantedScope } from './granted-scope';

/**
 * What the asset and node suggestions show a member who may pick but not browse (docs/security.md
 * "Requests, tickets and data"): what was granted to them in the request's org. Anything else they can
 * only name exactly (the engine's `suggestions.exactFields`), which is what a request for new access
 * needs — never a list of the whole inventory.
 */
export function grantedAssetsToPick(ctx: RequestContext, resources: ResourceDirectory): ScopeCondition {
  return grantedScope(resolveGrants(resources, ctx));
}

/** The nodes in the subtrees granted to the requester. */
export function grantedNodesToPick(ctx: RequestContext, resources: ResourceDirectory): ScopeCondition {
  return { field: 'id', op: 'in', values: [...resolveGrants(resources, ctx).coveredNodeAssets.keys()] };
}
