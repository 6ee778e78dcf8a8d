import type { PermissionRequirement } from '../rules/permissions';

/** Answers permission questions against the signed-in user's perms in the current organization (spec §6). */
export interface PermissionService {
  /** All entries required; an entry `a|b` passes when either is held. Empty → true. */
  can(required: PermissionRequirement | undefined): boolean;
  /** A route or plugin is usable when it is permitted and its licence requirement is met (spec §5). */
  canUse(meta: { permissions?: PermissionRequirement; licenseRequired?: boolean }): boolean;
}
