import type { ResourceDeclaration } from '../../engine/declaration';
import { ftpLogResource } from './ftp-logs';
import { loginLogResource } from './login-logs';
import { operateLogResource } from './operate-logs';
import { passwordChangeLogResource } from './password-change-logs';

/** The audit area's logs (docs/audit.md). */
export const AUDIT_RESOURCES: readonly ResourceDeclaration[] = [
  loginLogResource,
  operateLogResource,
  passwordChangeLogResource,
  ftpLogResource,
];
