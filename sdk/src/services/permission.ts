import type { PermissionRequirement } from '../rules/permissions';

/**
 * Answers permission questions against the signed-in user's perms in the current organization
 * (docs/permissions.md#rights-in-the-console).
 */
export interface PermissionService {
  /** All entries required; an entry `a|b` passes when either is held. Empty → true. */
  can(required: PermissionRequirement | undefined): boolean;
  /**
   * A route or plugin is usable when it is permitted, its licence requirement is met
   * (docs/permissions.md#rights-in-the-console) and every public setting it names is on
   * (docs/permissions.md#rights-in-the-console: temporary password needs AUTH_TEMP_TOKEN).
   */
  canUse(meta: UsageRequirement): boolean;
}

export interface UsageRequirement {
  permissions?: PermissionRequirement;
  licenseRequired?: boolean;
  settings?: readonly string[];
}
