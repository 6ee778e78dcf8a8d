import { AUDIT_FTP_LOG, AUDIT_LOGIN_LOG, AUDIT_OPERATE_LOG } from '../resources/audits/names';
import { TERMINAL_COMMAND, TERMINAL_SESSION } from '../resources/terminal/names';

/** A setting of the `clean` category: days a kind of record is kept (docs/settings.md#clean). */
export type KeepDaysSetting =
  | 'LOGIN_LOG_KEEP_DAYS'
  | 'TASK_LOG_KEEP_DAYS'
  | 'OPERATE_LOG_KEEP_DAYS'
  | 'FTP_LOG_KEEP_DAYS'
  | 'TERMINAL_SESSION_KEEP_DURATION';

/** Rows of a declared resource whose datetime `field` lies before the cut-off go (with their m2m links). */
export interface ResourceRetention {
  setting: KeepDaysSetting;
  resource: string;
  field: string;
  /** The field holds epoch seconds (commands, as components send them) instead of milliseconds. */
  seconds?: boolean;
}

/**
 * What the retention job deletes, one line per kind of record: the declared resource and the datetime
 * field its age is read from. A resource not registered in this build is skipped, so an area can list
 * its records here before it ships. Task logs and replay files are not rows of a resource; the job sweeps them
 * apart (server/src/retention/index.ts).
 */
export const RETENTION_RULES: readonly ResourceRetention[] = [
  { setting: 'LOGIN_LOG_KEEP_DAYS', resource: AUDIT_LOGIN_LOG, field: 'datetime' },
  { setting: 'OPERATE_LOG_KEEP_DAYS', resource: AUDIT_OPERATE_LOG, field: 'datetime' },
  { setting: 'FTP_LOG_KEEP_DAYS', resource: AUDIT_FTP_LOG, field: 'date_start' },
  { setting: 'TERMINAL_SESSION_KEEP_DURATION', resource: TERMINAL_SESSION, field: 'date_start' },
  {
    setting: 'TERMINAL_SESSION_KEEP_DURATION',
    resource: TERMINAL_COMMAND,
    field: 'timestamp',
    seconds: true,
  },
];
