import { inject, injectable } from 'inversify';
import {
  PublicSettings,
  Session,
  hasPermissions,
  type PermissionRequirement,
  type PermissionService,
  type PublicSettingsService,
  type SessionService,
  type UsageRequirement,
} from '@bastion/sdk';

/**
 * docs/permissions.md#rights-in-the-console against the profile's perms (which the server computed for the
 * current organization).
 */
@injectable()
export class PermissionImpl implements PermissionService {
  private cachedFor: unknown = null;
  private held: ReadonlySet<string> = new Set();

  constructor(
    @inject(Session) private readonly session: SessionService,
    @inject(PublicSettings) private readonly settings: PublicSettingsService,
  ) {}

  private perms(): ReadonlySet<string> {
    const profile = this.session.profile;
    if (profile !== this.cachedFor) {
      this.cachedFor = profile;
      this.held = new Set(profile?.perms ?? []);
    }
    return this.held;
  }

  can(required: PermissionRequirement | undefined): boolean {
    return hasPermissions(this.perms(), required);
  }

  canUse(meta: UsageRequirement): boolean {
    if (meta.licenseRequired && !this.settings.licensed) return false;
    const values = this.settings.values;
    if (meta.settings?.some((name) => values?.[name] !== true)) return false;
    return this.can(meta.permissions);
  }
}
