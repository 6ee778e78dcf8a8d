import { permissionDenied } from '../http/api-error';
import type { OrgContext } from '../orgs/resolve-org';
import { hasPerms } from './has-perms';

/**
 * Server-side authorisation of an API call in the current org (docs/permissions.md#permission-codes rules);
 * 403 otherwise.
 */
export function requirePerms(org: OrgContext, required: readonly string[]): void {
  if (!hasPerms(org.perms, required)) throw permissionDenied();
}
