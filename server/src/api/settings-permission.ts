import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/session-auth';
import { permissionDenied } from '../http/api-error';
import { resolveRequestOrg } from '../orgs/resolve-org';
import { hasPerms } from '../rbac/has-perms';

/**
 * The signed-in user of a settings call that holds every one of `perms` (docs/settings.md#permissions): the
 * settings API and the mail and directory calls beside it check here.
 */
export async function requireSettingsPerms(
  ctx: AppContext,
  request: FastifyRequest,
  perms: readonly string[],
) {
  const auth = requireAuth(request);
  const org = await resolveRequestOrg(ctx.db, request, auth.access);
  if (!hasPerms(org.perms, [...perms])) throw permissionDenied();
  return auth;
}
