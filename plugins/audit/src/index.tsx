import { definePlugin } from '@bastion/sdk';
import { FTP_LOG_PATH, LOGIN_LOG_PATH, OPERATE_LOG_PATH, PASSWORD_CHANGE_LOG_PATH, logRoutes } from './logs';

export default definePlugin({
  id: 'audit',
  i18nNamespace: 'audit',
  routes: [...logRoutes],
  menus: [
    {
      id: 'audit-sessions',
      title: 'menu.sessions',
      icon: 'pi pi-desktop',
      order: 10,
      children: [
        { id: 'ftp-logs', title: 'menu.ftpLogs', path: FTP_LOG_PATH, permissions: ['audits.view_ftplog'] },
      ],
    },
    {
      id: 'audit-logs',
      title: 'menu.logs',
      icon: 'pi pi-history',
      order: 20,
      children: [
        {
          id: 'login-logs',
          title: 'menu.loginLogs',
          path: LOGIN_LOG_PATH,
          permissions: ['audits.view_userloginlog'],
        },
        {
          id: 'operate-logs',
          title: 'menu.operateLogs',
          path: OPERATE_LOG_PATH,
          permissions: ['audits.view_operatelog'],
        },
        {
          id: 'password-change-logs',
          title: 'menu.passwordChangeLogs',
          path: PASSWORD_CHANGE_LOG_PATH,
          permissions: ['audits.view_passwordchangelog'],
        },
      ],
    },
  ],
});
