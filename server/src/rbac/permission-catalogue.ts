/**
 * The permission codes this server knows (`app.action_model`, docs/permissions.md#permission-codes).
 *
 * The admin flag of SystemAdmin / OrgAdmin expands to "every code of this catalogue in scope", so a code
 * that a plugin or route requires must be listed here; later issues extend the lists below.
 * `systemOnly` codes are never granted inside an organization by org roles (v2.21 rbac/const.py idea:
 * organization management, settings, global infrastructure and personal credentials are system matters).
 */
export interface PermissionDef {
  code: string;
  systemOnly: boolean;
}

const CRUD = ['view', 'add', 'change', 'delete'] as const;

/** app -> models with the four CRUD codes; models listed in the second array are system-only. */
const CRUD_MODELS: ReadonlyArray<readonly [app: string, orgModels: string[], systemModels: string[]]> = [
  ['users', ['usergroup'], []],
  [
    'assets',
    [
      'asset',
      'node',
      'label',
      'domain',
      'gateway',
      'systemuser',
      'commandfilter',
      'commandfilterrule',
      'authbook',
      'accountbackupplan',
    ],
    // platform: view is org-level (asset forms pick a platform), add/change/delete are system-only
    // (docs/resources.md#platforms).
    [],
  ],
  ['applications', ['application', 'account'], []],
  ['perms', ['assetpermission', 'applicationpermission'], []],
  ['acls', ['loginassetacl'], ['loginacl']],
  ['ops', ['adhoc', 'task'], []],
  ['orgs', [], ['organization']],
  // Org-role bindings are org business (membership of the current org); roles themselves are global objects
  // shared by every org, so only their viewing is granted in org scope (see EXTRA_ORG_CODES).
  ['rbac', ['orgrolebinding'], ['systemrole', 'role', 'rolebinding', 'systemrolebinding']],
  [
    'terminal',
    ['sessionsharing', 'sessionjoinrecord'],
    ['terminal', 'commandstorage', 'replaystorage', 'endpoint', 'endpointrule'],
  ],
  ['tickets', [], ['ticketflow']],
  ['authentication', [], ['accesskey', 'temptoken', 'connectiontoken']],
];

const EXTRA_ORG_CODES = [
  // users: view/add/change are org-level (members of the org); delete is system-only (below).
  'users.view_user',
  'users.add_user',
  'users.change_user',
  'users.invite_user',
  'users.remove_user',
  'users.match_user',
  'rbac.view_orgrole',
  'rbac.view_console',
  'rbac.view_audit',
  'rbac.view_workbench',
  'rbac.view_webterminal',
  'rbac.view_filemanager',
  'assets.match_asset',
  'assets.test_gateway',
  'assets.match_node',
  'assets.match_systemuser',
  'assets.test_assetconnectivity',
  'assets.refresh_assethardwareinfo',
  'assets.push_assetsystemuser',
  'assets.view_assetaccountsecret',
  'assets.test_authbook',
  'xpack.add_gatherusertaskexecution',
  'assets.change_assetaccountsecret',
  'assets.add_assettonode',
  'assets.move_assettonode',
  'assets.view_platform',
  'assets.view_gathereduser',
  'assets.view_accountbackupplanexecution',
  'assets.add_accountbackupplanexecution',
  'applications.match_application',
  'applications.view_applicationaccountsecret',
  'perms.view_myassets',
  'perms.view_myapps',
  'perms.view_userassets',
  'perms.view_usergroupassets',
  'perms.view_userapps',
  'perms.view_usergroupapps',
  'ops.view_adhocexecution',
  'ops.add_adhocexecution',
  'ops.view_commandexecution',
  'ops.add_commandexecution',
  'audits.view_userloginlog',
  'audits.view_operatelog',
  'audits.view_passwordchangelog',
  'audits.view_ftplog',
  'terminal.view_session',
  'terminal.view_sessionreplay',
  'terminal.download_sessionreplay',
  'terminal.view_sessionjoinrecord',
  'terminal.view_command',
  'terminal.monitor_session',
  'terminal.share_session',
  'terminal.terminate_session',
  'terminal.validate_sessionactionperm',
];

const EXTRA_SYSTEM_CODES = [
  'rbac.add_orgrole',
  'rbac.change_orgrole',
  'rbac.delete_orgrole',
  'assets.add_platform',
  'assets.change_platform',
  'assets.delete_platform',
  'users.delete_user',
  'orgs.view_rootorg',
  'rbac.view_permission',
  'settings.view_setting',
  'settings.change_email',
  'settings.change_auth',
  'settings.change_systemmsgsubscription',
  'settings.change_sms',
  'settings.change_security',
  'settings.change_clean',
  'settings.change_interface',
  'settings.change_license',
  'settings.change_terminal',
  'settings.change_other',
  'terminal.view_status',
  'terminal.view_terminalconfig',
  'terminal.upload_sessionreplay',
  'terminal.add_session',
  'terminal.add_command',
  // Components update their sessions and acknowledge their tasks (docs/terminal.md).
  'terminal.change_session',
  'terminal.view_task',
  'terminal.change_task',
  'audits.add_ftplog',
  'ops.view_taskmonitor',
  'tickets.view_ticket',
  'tickets.view_superticket',
  'tickets.add_superticket',
  'tickets.change_superticket',
  'authentication.view_connectiontokensecret',
  'notifications.view_sitemessage',
  'notifications.change_systemmsgsubscription',
  'notifications.view_systemmsgsubscription',
  'xpack.view_license',
  'xpack.change_license',
  'xpack.view_interface',
  'xpack.change_interface',
];

function buildCatalogue(): PermissionDef[] {
  const defs = new Map<string, PermissionDef>();
  const add = (code: string, systemOnly: boolean): void => {
    if (!defs.has(code)) defs.set(code, { code, systemOnly });
  };
  for (const [app, orgModels, systemModels] of CRUD_MODELS) {
    for (const model of orgModels) for (const action of CRUD) add(`${app}.${action}_${model}`, false);
    for (const model of systemModels) for (const action of CRUD) add(`${app}.${action}_${model}`, true);
  }
  for (const code of EXTRA_ORG_CODES) add(code, false);
  for (const code of EXTRA_SYSTEM_CODES) add(code, true);
  return [...defs.values()].sort((a, b) => a.code.localeCompare(b.code));
}

export const PERMISSION_CATALOGUE: readonly PermissionDef[] = buildCatalogue();

export const ALL_PERMISSION_CODES: readonly string[] = PERMISSION_CATALOGUE.map((def) => def.code);

/** Codes an org-scoped admin role may hold. */
export const ORG_SCOPE_PERMISSION_CODES: readonly string[] = PERMISSION_CATALOGUE.filter(
  (def) => !def.systemOnly,
).map((def) => def.code);

/** Shape of a permission code or an `a|b` alternative list (docs/permissions.md#permission-codes). */
export const PERMISSION_CODE_PATTERN = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;
