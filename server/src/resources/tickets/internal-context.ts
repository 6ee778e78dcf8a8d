import type { RequestContext } from '../../engine/declaration';
import { ROOT_ORG_ID } from '../../orgs/org-ids';

/**
 * Contexts the server itself reads with: tickets, comments and flows narrow every query to what the
 * requester may see (their `scope` hooks), while the server must also read past that (the next serial
 * number, the flows an org has overridden). Such reads use a copy of the request context registered here,
 * which the scope hooks recognise; a context built from a request can never be in the set.
 */
const UNSCOPED = new WeakSet<RequestContext>();

/** The same requester, reading every row of every org. */
export function unscopedContext(ctx: RequestContext): RequestContext {
  const copy: RequestContext = { ...ctx, orgId: ROOT_ORG_ID };
  UNSCOPED.add(copy);
  return copy;
}

export const isUnscoped = (ctx: RequestContext): boolean => UNSCOPED.has(ctx);
