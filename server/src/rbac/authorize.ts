import { hasPerms } from './has-perms';
import { BUILTIN_ROLE_IDS } from './builtin-roles';

/**
 * The one authorization rule of the server: SystemAdmin (v2.21's superuser) passes every check in every
 * organization; anyone else needs every listed code (`a|b` = either) in the current organization.
 * Routes, the engine, extra actions and task access all ask here instead of repeating the rule.
 */
export interface Authorizable {
  isSystemAdmin: boolean;
  perms: ReadonlySet<string>;
}

export function allows(who: Authorizable, codes: readonly string[]): boolean {
  return who.isSystemAdmin || hasPerms(who.perms, codes);
}

/** Whether system role bindings make a user SystemAdmin (request contexts and sockets derive it here). */
export function holdsSystemAdmin(access: { systemRoleIds(): readonly string[] }): boolean {
  return access.systemRoleIds().includes(BUILTIN_ROLE_IDS.SystemAdmin);
}
