import type { RelationConfig } from '@bastion/sdk';

export const USERS_URL = '/api/v1/users/users/';
export const GROUPS_URL = '/api/v1/users/groups/';
export const ACL_URL = '/api/v1/acls/login-acls/';
export const ASSET_PERMISSIONS_URL = '/api/v1/perms/asset-permissions/';
export const roleUrl = (scope: RoleScope): string => `/api/v1/rbac/${scope}-roles/`;
export const bindingUrl = (scope: RoleScope): string => `/api/v1/rbac/${scope}-role-bindings/`;
export type RoleScope = 'system' | 'org';

export const USERS_PATH = '/console/users/users';
export const GROUPS_PATH = '/console/users/groups';
export const ROLES_PATH = '/console/users/roles';
export const ACL_PATH = '/console/users/users/user-acl';
/** The perms plugin's pages: a permission row opens its detail there. */
export const ASSET_PERMISSIONS_PATH = '/console/perms/asset-permissions';

/** Built-in role ids (docs/permissions.md#built-in-roles). */
export const USER_ROLE_ID = '00000000-0000-0000-0000-000000000003';
export const ORG_USER_ROLE_ID = '00000000-0000-0000-0000-000000000007';

const userLabel = (r: Record<string, unknown>): string =>
  `${String(r.name ?? '')}(${String(r.username ?? '')})`;
const roleLabel = (r: Record<string, unknown>): string => String(r.display_name ?? r.name ?? r.id);

export const USER_SELECT: RelationConfig = {
  url: USERS_URL,
  label: userLabel,
  params: { fields_size: 'mini', order: 'name' },
};
export const GROUP_SELECT: RelationConfig = { url: GROUPS_URL, multiple: true };
export const roleSelect = (scope: RoleScope): RelationConfig => ({
  url: roleUrl(scope),
  multiple: true,
  label: roleLabel,
});
