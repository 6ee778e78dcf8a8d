import type { Database } from '../data/database';
import type { Condition } from '../data/conditions';
import type { Language, RequestContext } from '../engine/declaration';
import { ApiError } from '../http/api-error';
import { ROOT_ORG_ID } from '../orgs/org-ids';
import { currentLicense, type LicenseConfig } from '../plugins/license';
import { listRoleBindingsForUsers, type RoleBindingRecord } from '../data/stores/role-bindings';
import { BUILTIN_ROLE_IDS } from './builtin-roles';
import { rbacMessage, type RbacMessage } from './messages';
import { UserAccess } from './user-permissions';

/**
 * Users are global, organizations are not: these rules decide what a requester may do to a user who may
 * belong to other organizations too (docs/security.md "Identity, sessions and credentials"). Every
 * endpoint that changes a user, lists users for picking, or makes a user a member goes through them.
 *
 * A SystemAdmin passes every rule. Everybody else is judged by his permissions in each organization
 * concerned — system roles count in every organization, org roles only in their own (user-permissions.ts).
 */

/** Members of an org: users with any org-role binding there. */
export const membersOf = (orgId: string): Condition => ({
  field: 'id',
  op: 'inSubquery',
  subquery: { table: 'role_bindings', column: 'user_id', where: { org_id: orgId } },
});

/** The codes that let a requester see (list or pick) the members of an organization. */
const SEE_USERS = ['users.view_user', 'users.match_user'] as const;

/** The code each kind of change needs in every organization of the target. */
const MANAGE_CODES = { account: 'users.change_user', delete: 'users.delete_user' } as const;

/**
 * - `account`: anything global about the user — password, e-mail, name, active state, expiry, MFA, keys,
 *   lock-out — and deleting is `delete`: the requester needs the code in every organization the user
 *   belongs to (a user in no organization: system-wide).
 * - `membership`: the user's roles and groups in the current organization, or removing him from it: the
 *   current organization's permission (checked by the endpoint) is enough.
 * Either way a user holding a system role other than `User` is managed only by someone who may bind system
 * roles: an org admin never changes someone more privileged than himself.
 */
export type ManageKind = keyof typeof MANAGE_CODES | 'membership';

const refuse = (key: RbacMessage, language: Language): ApiError =>
  new ApiError(403, rbacMessage(key, language), 'permission_denied');

export const licenseRequired = (language: Language): ApiError =>
  new ApiError(403, rbacMessage('licenseRequired', language), 'license_required');

/** The requester's bindings and permissions; null for a SystemAdmin (or an internal context). */
async function requesterAccess(db: Database, ctx: RequestContext): Promise<UserAccess | null> {
  return ctx.isSystemAdmin ? null : UserAccess.load(db, ctx.userId);
}

const holds = (access: UserAccess, orgId: string, codes: readonly string[]): boolean =>
  codes.some((code) => access.permissionsIn(orgId).has(code));

/** The organizations where the requester holds one of `codes`; 'all' when a system role grants it. */
function orgsHolding(access: UserAccess, codes: readonly string[]): Set<string> | 'all' {
  if (holds(access, ROOT_ORG_ID, codes)) return 'all';
  return new Set([...access.memberOrgIds()].filter((orgId) => holds(access, orgId, codes)));
}

const memberOrgs = (bindings: readonly RoleBindingRecord[]): string[] => [
  ...new Set(bindings.flatMap((b) => (b.scope === 'org' && b.orgId !== null ? [b.orgId] : []))),
];

const holdsSystemRole = (bindings: readonly RoleBindingRecord[]): boolean =>
  bindings.some((b) => b.scope === 'system' && b.roleId !== BUILTIN_ROLE_IDS.User);

/** Rule 1 — who may manage this user. Throws 403 `permission_denied` with the reason. */
export async function assertMayManageUser(
  db: Database,
  ctx: RequestContext,
  targetId: string,
  kind: ManageKind,
): Promise<void> {
  const access = await requesterAccess(db, ctx);
  if (access === null) return;
  const bindings = (await listRoleBindingsForUsers(db, [targetId])).get(targetId) ?? [];
  if (holdsSystemRole(bindings) && !access.permissionsIn(ROOT_ORG_ID).has('rbac.add_systemrolebinding'))
    throw refuse('managePrivileged', ctx.language);
  if (kind === 'membership') return;
  const code = MANAGE_CODES[kind];
  const orgs = memberOrgs(bindings);
  if (orgs.length === 0) {
    if (!holds(access, ROOT_ORG_ID, [code])) throw refuse('manageNoOrg', ctx.language);
    return;
  }
  if (!orgs.every((orgId) => holds(access, orgId, [code]))) throw refuse('manageOtherOrgs', ctx.language);
}

/**
 * Rule 2 — the users a requester may see when picking people (users/suggestions/) and bring into an
 * organization (rule 3): members of the organizations where he holds `users.view_user` or
 * `users.match_user`; everybody for a SystemAdmin or a system-wide holder (null = no restriction).
 * Nothing outside that set is found, by any field, exact or partial — an e-mail address of a stranger is
 * never confirmed.
 */
export async function visibleUsers(db: Database, ctx: RequestContext): Promise<Condition | null> {
  const access = await requesterAccess(db, ctx);
  if (access === null) return null;
  const orgs = orgsHolding(access, SEE_USERS);
  if (orgs === 'all') return null;
  return { anyOf: [...orgs].map(membersOf) };
}

/**
 * Rule 3 — making users members of an organization (users/invite/ and every org-role binding: the
 * `/rbac/org-role-bindings/` and `/rbac/role-bindings/` endpoints). Adding a role to someone already a
 * member is the organization's own business. A user who is not yet a member joins only when
 * - the requester may see him (rule 2) — otherwise the id is answered exactly like one that does not
 *   exist (returned here, for the caller's field error), so nothing is learnt about strangers; and
 * - the licence is valid (organizations beyond Default are an extended-edition feature): 403
 *   `license_required` otherwise.
 * Returns the ids to refuse as unknown; throws for the licence.
 */
export async function checkNewMembers(
  db: Database,
  licenseConfig: LicenseConfig,
  ctx: RequestContext,
  userIds: readonly string[],
  orgId: string,
): Promise<string[]> {
  const bindings = await listRoleBindingsForUsers(db, userIds);
  const joining = userIds.filter((id) => !memberOrgs(bindings.get(id) ?? []).includes(orgId));
  if (joining.length === 0) return [];
  const access = await requesterAccess(db, ctx);
  if (access !== null) {
    const orgs = orgsHolding(access, SEE_USERS);
    if (orgs !== 'all') {
      const hidden = joining.filter((id) => !memberOrgs(bindings.get(id) ?? []).some((o) => orgs.has(o)));
      if (hidden.length > 0) return hidden;
    }
  }
  if (!(await currentLicense(db, licenseConfig)).valid) throw licenseRequired(ctx.language);
  return [];
}
