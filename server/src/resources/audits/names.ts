import { TERMINAL_TABLES } from '../terminal/names';

/** Resource names of the audit area (also their permission models: `audits.view_userloginlog`, …). */
export const AUDIT_LOGIN_LOG = 'audits.userloginlog';
export const AUDIT_OPERATE_LOG = 'audits.operatelog';
export const AUDIT_PASSWORD_CHANGE_LOG = 'audits.passwordchangelog';
export const AUDIT_FTP_LOG = 'audits.ftplog';

/** The tables behind them: the data layer's audit store writes these rows (data/stores/audit-logs.ts). */
export const AUDIT_TABLES = {
  loginLog: 'audits_user_login_log',
  operateLog: 'audits_operate_log',
  passwordChangeLog: 'audits_password_change_log',
  ftpLog: 'audits_ftp_log',
  // Terminal sessions (date column `date_start`) and commands (`timestamp`, epoch seconds): docs/terminal.md.
  session: TERMINAL_TABLES.session,
  command: TERMINAL_TABLES.command,
} as const;
