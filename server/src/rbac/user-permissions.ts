import type { Database } from '../data/database';
import { listOrgs } from '../data/stores/orgs';
import { listUserRoleBindings, type RoleBindingRecord } from '../data/stores/role-bindings';
import { listRolePermissions } from '../data/stores/role-permissions';
import { builtinRoleById } from './builtin-roles';
import { ORG_SCOPE_PERMISSION_CODES } from './permission-catalogue';

const ORG_SCOPE_CODES = new Set(ORG_SCOPE_PERMISSION_CODES);
import { ROOT_ORG_ID, ROOT_ORG_NAME, DEFAULT_ORG_ID, type OrgSummary } from '../orgs/org-ids';

/**
 * A user's role bindings, loaded once per request, from which permissions for any org are computed
 * (docs/permissions.md#per-organization: org perms = system-role perms ∪ org-role perms in that org; Root =
 * system-role perms only).
 */
export class UserAccess {
  private readonly cache = new Map<string, ReadonlySet<string>>();

  constructor(
    readonly bindings: readonly RoleBindingRecord[],
    /** Codes of the user's custom (non-built-in) roles, by role id. */
    private readonly customPermissions: ReadonlyMap<string, readonly string[]> = new Map(),
  ) {}

  static async load(db: Database, userId: string): Promise<UserAccess> {
    const bindings = await listUserRoleBindings(db, userId);
    const custom = [...new Set(bindings.map((b) => b.roleId))].filter((id) => !builtinRoleById(id));
    return new UserAccess(bindings, await listRolePermissions(db, custom));
  }

  /** Org ids where the user has at least one org-role binding. */
  memberOrgIds(): Set<string> {
    return new Set(this.bindings.flatMap((b) => (b.scope === 'org' && b.orgId !== null ? [b.orgId] : [])));
  }

  isMemberOf(orgId: string): boolean {
    return this.bindings.some((b) => b.scope === 'org' && b.orgId === orgId);
  }

  systemRoleIds(): string[] {
    return this.bindings.filter((b) => b.scope === 'system').map((b) => b.roleId);
  }

  orgRoleIds(orgId: string): string[] {
    return this.bindings.filter((b) => b.scope === 'org' && b.orgId === orgId).map((b) => b.roleId);
  }

  permissionsIn(orgId: string): ReadonlySet<string> {
    const cached = this.cache.get(orgId);
    if (cached) return cached;
    const perms = new Set<string>();
    for (const binding of this.bindings) {
      const applies = binding.scope === 'system' || (orgId !== ROOT_ORG_ID && binding.orgId === orgId);
      if (!applies) continue;
      const builtin = builtinRoleById(binding.roleId);
      if (builtin) {
        for (const code of builtin.permissions) perms.add(code);
        continue;
      }
      // A custom org role never grants system-only codes, whatever was stored
      // (docs/permissions.md#per-organization exclusions).
      for (const code of this.customPermissions.get(binding.roleId) ?? [])
        if (binding.scope === 'system' || ORG_SCOPE_CODES.has(code)) perms.add(code);
    }
    this.cache.set(orgId, perms);
    return perms;
  }
}

const summary = (id: string, name: string): OrgSummary => ({
  id,
  name,
  is_default: id === DEFAULT_ORG_ID,
  is_root: id === ROOT_ORG_ID,
});

export const ROOT_ORG_SUMMARY: OrgSummary = summary(ROOT_ORG_ID, ROOT_ORG_NAME);

export interface ViewOrgs {
  console_orgs: OrgSummary[];
  audit_orgs: OrgSummary[];
  workbench_orgs: OrgSummary[];
}

/**
 * The orgs in which each top-level view is available (docs/permissions.md#per-organization,
 * docs/organizations.md#root): console needs rbac.view_console, audit rbac.view_audit, workbench
 * rbac.view_workbench plus membership. Root joins console/audit lists only for holders of orgs.view_rootorg
 * who have that view somewhere; it never joins workbench.
 */
export async function viewOrgs(db: Database, access: UserAccess): Promise<ViewOrgs> {
  const orgs = (await listOrgs(db)).map((org) => summary(org.id, org.name));
  const members = access.memberOrgIds();
  const holding = (code: string) => orgs.filter((org) => access.permissionsIn(org.id).has(code));
  const rootAllowed = access.permissionsIn(ROOT_ORG_ID).has('orgs.view_rootorg');
  const withRoot = (list: OrgSummary[]) =>
    rootAllowed && list.length > 0 ? [ROOT_ORG_SUMMARY, ...list] : list;
  return {
    console_orgs: withRoot(holding('rbac.view_console')),
    audit_orgs: withRoot(holding('rbac.view_audit')),
    workbench_orgs: holding('rbac.view_workbench').filter((org) => members.has(org.id)),
  };
}
