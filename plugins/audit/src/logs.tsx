import { READ_ONLY_TABLE, crudRoutes, type CrudResource } from '@bastion/sdk';

export const LOGIN_LOG_PATH = '/audit/logs/login-log';
export const OPERATE_LOG_PATH = '/audit/logs/operate-log';
export const PASSWORD_CHANGE_LOG_PATH = '/audit/logs/password-change-log';
export const FTP_LOG_PATH = '/audit/sessions/ftp';

/** Every audit list opens on the last 7 days (docs/audit.md); the logs are read-only, without details. */
const readOnlyLog = (
  resource: Pick<CrudResource, 'path' | 'url' | 'titles' | 'permissions'>,
  list: NonNullable<CrudResource['list']>,
): CrudResource => ({
  ...resource,
  view: 'audit',
  form: false,
  detail: false,
  list: {
    datePicker: { days: 7 },
    selectable: false,
    // Nothing to create, change or delete; the list exports (as shown, within its date range).
    rights: { ...READ_ONLY_TABLE, export: true },
    ...list,
  },
});

/** The audit view's log lists (docs/audit.md): login, operate, password change and FTP logs. */
export const logRoutes = [
  ...crudRoutes(
    readOnlyLog(
      {
        path: LOGIN_LOG_PATH,
        url: '/api/v1/audits/login-logs/',
        titles: 'loginLog',
        permissions: { app: 'audits', resource: 'userloginlog' },
      },
      {
        testId: 'login-logs',
        columns: [
          'username',
          'type_display',
          'backend_display',
          'ip',
          'city',
          'user_agent',
          'mfa_display',
          'reason_display',
          'status_display',
          'datetime',
        ],
      },
    ),
  ),
  ...crudRoutes(
    readOnlyLog(
      {
        path: OPERATE_LOG_PATH,
        url: '/api/v1/audits/operate-logs/',
        titles: 'operateLog',
        permissions: { app: 'audits', resource: 'operatelog' },
      },
      {
        testId: 'operate-logs',
        columns: ['user', 'action_display', 'resource_type_display', 'resource', 'remote_addr', 'datetime'],
      },
    ),
  ),
  ...crudRoutes(
    readOnlyLog(
      {
        path: PASSWORD_CHANGE_LOG_PATH,
        url: '/api/v1/audits/password-change-logs/',
        titles: 'passwordChangeLog',
        permissions: { app: 'audits', resource: 'passwordchangelog' },
      },
      { testId: 'password-change-logs', columns: ['user', 'change_by', 'remote_addr', 'datetime'] },
    ),
  ),
  ...crudRoutes(
    readOnlyLog(
      {
        path: FTP_LOG_PATH,
        url: '/api/v1/audits/ftp-logs/',
        titles: 'ftpLog',
        permissions: { app: 'audits', resource: 'ftplog' },
      },
      {
        testId: 'ftp-logs',
        columns: [
          'user',
          'remote_addr',
          'asset',
          'system_user',
          'operate_display',
          'filename',
          'is_success',
          'date_start',
        ],
      },
    ),
  ),
];
