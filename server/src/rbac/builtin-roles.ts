import { ALL_PERMISSION_CODES, ORG_SCOPE_PERMISSION_CODES } from './permission-catalogue';

/** Built-in role ids and names of docs/permissions.md#built-in-roles. */
export const BUILTIN_ROLE_IDS = {
  SystemAdmin: '00000000-0000-0000-0000-000000000001',
  SystemAuditor: '00000000-0000-0000-0000-000000000002',
  User: '00000000-0000-0000-0000-000000000003',
  SystemComponent: '00000000-0000-0000-0000-000000000004',
  OrgAdmin: '00000000-0000-0000-0000-000000000005',
  OrgAuditor: '00000000-0000-0000-0000-000000000006',
  OrgUser: '00000000-0000-0000-0000-000000000007',
} as const;

export type BuiltinRoleName = keyof typeof BUILTIN_ROLE_IDS;
export type RoleScope = 'system' | 'org';

export interface BuiltinRole {
  id: string;
  name: BuiltinRoleName;
  scope: RoleScope;
  permissions: readonly string[];
}

/** What an ordinary member may do in an organization: the workbench and its helpers. */
const WORKBENCH_PERMISSIONS = [
  'rbac.view_workbench',
  'rbac.view_webterminal',
  'rbac.view_filemanager',
  'perms.view_myassets',
  'perms.view_myapps',
  'assets.match_asset',
  'assets.match_systemuser',
  'assets.match_node',
  'applications.match_application',
  'ops.add_commandexecution',
];

/** The system "User" role adds personal credentials and tickets, which only exist at system level. */
const USER_PERMISSIONS = [
  ...WORKBENCH_PERMISSIONS,
  'authentication.add_connectiontoken',
  'authentication.view_temptoken',
  'authentication.add_temptoken',
  'authentication.change_temptoken',
  'authentication.view_accesskey',
  'authentication.add_accesskey',
  'authentication.change_accesskey',
  'authentication.delete_accesskey',
  'tickets.view_ticket',
];

const AUDIT_PERMISSIONS = [
  'rbac.view_audit',
  'audits.view_userloginlog',
  'audits.view_operatelog',
  'audits.view_passwordchangelog',
  'audits.view_ftplog',
  'terminal.view_session',
  // v2.21 gives auditors every session code: they watch, share and end live sessions too.
  'terminal.monitor_session',
  'terminal.share_session',
  'terminal.terminate_session',
  'terminal.view_sessionreplay',
  'terminal.download_sessionreplay',
  'terminal.view_sessionjoinrecord',
  'terminal.view_command',
  'ops.view_commandexecution',
];

/** SystemComponent: everything except user creation/deletion, org management and all of rbac. */
const COMPONENT_EXCLUDED = (code: string): boolean =>
  code === 'users.add_user' ||
  code === 'users.delete_user' ||
  /^orgs\.(add|change|delete)_organization$/.test(code) ||
  code.startsWith('rbac.');

export const BUILTIN_ROLES: readonly BuiltinRole[] = [
  {
    id: BUILTIN_ROLE_IDS.SystemAdmin,
    name: 'SystemAdmin',
    scope: 'system',
    permissions: ALL_PERMISSION_CODES,
  },
  {
    id: BUILTIN_ROLE_IDS.SystemAuditor,
    name: 'SystemAuditor',
    scope: 'system',
    permissions: [
      ...USER_PERMISSIONS,
      ...AUDIT_PERMISSIONS,
      'terminal.view_commandstorage',
      'orgs.view_rootorg',
    ],
  },
  { id: BUILTIN_ROLE_IDS.User, name: 'User', scope: 'system', permissions: USER_PERMISSIONS },
  {
    id: BUILTIN_ROLE_IDS.SystemComponent,
    name: 'SystemComponent',
    scope: 'system',
    permissions: ALL_PERMISSION_CODES.filter((code) => !COMPONENT_EXCLUDED(code)),
  },
  { id: BUILTIN_ROLE_IDS.OrgAdmin, name: 'OrgAdmin', scope: 'org', permissions: ORG_SCOPE_PERMISSION_CODES },
  {
    id: BUILTIN_ROLE_IDS.OrgAuditor,
    name: 'OrgAuditor',
    scope: 'org',
    permissions: [...WORKBENCH_PERMISSIONS, ...AUDIT_PERMISSIONS],
  },
  { id: BUILTIN_ROLE_IDS.OrgUser, name: 'OrgUser', scope: 'org', permissions: WORKBENCH_PERMISSIONS },
];

const BY_ID = new Map(BUILTIN_ROLES.map((role) => [role.id, role]));

export function builtinRoleById(id: string): BuiltinRole | undefined {
  return BY_ID.get(id);
}

/** Accepts a role id or a built-in role name ("OrgUser"), for seeds and the CLI. */
export function builtinRoleIdFor(idOrName: string): string | undefined {
  if (BY_ID.has(idOrName)) return idOrName;
  return (BUILTIN_ROLE_IDS as Record<string, string>)[idOrName];
}
