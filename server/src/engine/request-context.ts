import type { FastifyRequest } from 'fastify';
import type { Database } from '../data/database';
import { requireAuth } from '../auth/session-auth';
import { personDisplay } from '../data/stores/audit-logs';
import { clientAddress } from '../http/client-address';
import { requestTimeZone } from '../http/datetime';
import { requestLanguage } from '../http/language';
import { resolveRequestOrg } from '../orgs/resolve-org';
import { holdsSystemAdmin } from '../rbac/authorize';
import type { RequestContext } from './declaration';

/**
 * Who asks, in which org and language: 401 without a session, 400/403 for a malformed or refused org
 * (resolve-org never swaps a requested org silently).
 */
export async function requestContext(db: Database, request: FastifyRequest): Promise<RequestContext> {
  const auth = requireAuth(request);
  const org = await resolveRequestOrg(db, request, auth.access);
  return {
    userId: auth.user.id,
    username: auth.user.username,
    orgId: org.id,
    perms: org.perms,
    // SystemAdmin is v2.21's superuser: every check passes, in every org
    // (docs/permissions.md#per-organization).
    isSystemAdmin: holdsSystemAdmin(auth.access),
    language: requestLanguage(request),
    timeZone: requestTimeZone(request.headers['x-tz']),
    // Path parameters of nested URLs (`cmd-filters/{filter_pk}/rules/`) read like query values.
    query: { ...firstValues(request.query), ...pathParameters(request.params) },
    sessionId: auth.sessionId,
    remoteAddr: clientAddress(request),
    userDisplay: personDisplay(auth.user),
  };
}

/** The named parameters of the route's path other than the object id (the engine's own). */
function pathParameters(params: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (typeof params !== 'object' || params === null) return values;
  for (const [key, value] of Object.entries(params as Record<string, unknown>))
    if (key !== 'id' && typeof value === 'string') values[key] = value;
  return values;
}

/** Fastify's parsed query (`a=1&a=2` → `['1', '2']`) as first values; anything else → empty. */
function firstValues(query: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (typeof query !== 'object' || query === null) return values;
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    const first = Array.isArray(value) ? (value as unknown[])[0] : value;
    if (typeof first === 'string') values[key] = first;
  }
  return values;
}
