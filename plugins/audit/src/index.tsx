import { definePlugin } from '@bastion/sdk';
import { BATCH_COMMAND_LOG_PATH, BatchCommandLogPage } from './batchCommandLog';
import { CommandListPage } from './commands';
import { FTP_LOG_PATH, LOGIN_LOG_PATH, OPERATE_LOG_PATH, PASSWORD_CHANGE_LOG_PATH, logRoutes } from './logs';
import { SessionDetailPage, SessionListPage } from './sessions';
import { COMMANDS_PATH, SESSIONS_PATH } from './terminalApi';

export default definePlugin({
  id: 'audit',
  i18nNamespace: 'audit',
  routes: [
    ...logRoutes,
    {
      view: 'audit',
      path: SESSIONS_PATH,
      title: 'menu.sessionList',
      permissions: ['terminal.view_session'],
      component: SessionListPage,
    },
    {
      view: 'audit',
      path: `${SESSIONS_PATH}/:id`,
      title: 'session.detailTitle',
      permissions: ['terminal.view_session'],
      component: SessionDetailPage,
      hidden: true,
    },
    {
      view: 'audit',
      path: COMMANDS_PATH,
      title: 'menu.commands',
      permissions: ['terminal.view_command'],
      component: CommandListPage,
    },
    {
      view: 'audit',
      path: BATCH_COMMAND_LOG_PATH,
      title: 'menu.batchCommandLogs',
      permissions: ['ops.view_commandexecution'],
      component: BatchCommandLogPage,
    },
  ],
  menus: [
    {
      id: 'audit-sessions',
      title: 'menu.sessions',
      icon: 'pi pi-desktop',
      order: 10,
      children: [
        {
          id: 'session-list',
          title: 'menu.sessionList',
          path: SESSIONS_PATH,
          permissions: ['terminal.view_session'],
        },
        {
          id: 'commands',
          title: 'menu.commands',
          path: COMMANDS_PATH,
          permissions: ['terminal.view_command'],
        },
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
        {
          id: 'batch-command-logs',
          title: 'menu.batchCommandLogs',
          path: BATCH_COMMAND_LOG_PATH,
          permissions: ['ops.view_commandexecution'],
        },
      ],
    },
  ],
});
