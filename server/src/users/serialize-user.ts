import { builtinRoleById } from '../rbac/builtin-roles';
import type { RoleBindingRecord } from '../data/stores/role-bindings';
import type { UserRecord } from '../data/stores/users';
import { formatDateTime, formatNullableDateTime } from '../http/datetime';
import { ROOT_ORG_ID } from '../orgs/org-ids';

const SOURCE_DISPLAY: Readonly<Record<string, string>> = {
  local: 'Local',
  ldap: 'LDAP/AD',
  openid: 'OpenID',
  radius: 'Radius',
  cas: 'CAS',
  saml2: 'SAML2',
};

const MFA_LEVEL_DISPLAY = ['Disable', 'Enable', 'Force enable'];

export const DEFAULT_AVATAR_URL = '/ui/img/avatar.png';

export interface SerializeOptions {
  bindings: readonly RoleBindingRecord[];
  /** org whose org roles are shown; Root shows none (docs/organizations.md#root) */
  orgId: string;
  loginBlocked: boolean;
  timeZone: string;
}

/** The users.User fields of docs/resources.md#users that this server stores (write-only fields never). */
export function serializeUser(user: UserRecord, options: SerializeOptions) {
  const now = Date.now();
  const systemBindings = options.bindings.filter((b) => b.scope === 'system');
  const orgBindings =
    options.orgId === ROOT_ORG_ID
      ? []
      : options.bindings.filter((b) => b.scope === 'org' && b.orgId === options.orgId);
  const isExpired = user.dateExpired <= now;
  const mfaForced = user.mfaLevel === 2;
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    wechat: user.wechat,
    phone: user.phone,
    mfa_level: user.mfaLevel,
    mfa_level_display: MFA_LEVEL_DISPLAY[user.mfaLevel] ?? String(user.mfaLevel),
    mfa_enabled: user.mfaLevel > 0,
    mfa_force_enabled: mfaForced,
    source: user.source,
    source_display: SOURCE_DISPLAY[user.source] ?? user.source,
    can_public_key_auth: false,
    need_update_password: user.needUpdatePassword,
    is_service_account: user.isServiceAccount,
    is_valid: user.isActive && !isExpired,
    is_expired: isExpired,
    is_active: user.isActive,
    date_expired: formatDateTime(user.dateExpired, options.timeZone),
    date_joined: formatDateTime(user.dateJoined, options.timeZone),
    last_login: formatNullableDateTime(user.lastLogin, options.timeZone),
    date_password_last_updated: formatNullableDateTime(user.datePasswordLastUpdated, options.timeZone),
    created_by: user.createdBy,
    comment: user.comment,
    is_wecom_bound: user.imIds.wecom !== null,
    is_dingtalk_bound: user.imIds.dingtalk !== null,
    is_feishu_bound: user.imIds.feishu !== null,
    is_otp_secret_key_bound: false,
    wecom_id: user.imIds.wecom,
    dingtalk_id: user.imIds.dingtalk,
    feishu_id: user.imIds.feishu,
    is_first_login: user.isFirstLogin,
    avatar_url: DEFAULT_AVATAR_URL,
    groups: [] as string[],
    groups_display: '',
    system_roles: systemBindings.map((b) => b.roleId),
    org_roles: orgBindings.map((b) => b.roleId),
    system_roles_display: systemBindings.map((b) => roleDisplay(b)).join(', '),
    org_roles_display: orgBindings.map((b) => roleDisplay(b)).join(', '),
    login_blocked: options.loginBlocked,
  };
}

const roleDisplay = (binding: RoleBindingRecord): string =>
  builtinRoleById(binding.roleId)?.name ?? binding.roleName;
