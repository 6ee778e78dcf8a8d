import crypto from 'node:crypto';
import type { Database } from '../database';
import { AUDIT_TABLES } from '../../resources/audits/names';

/**
 * The rows of the audit logs (docs/audit.md). The tables are those of the declared audit resources
 * (server/src/resources/audits), which list them; these writes come from the events themselves — a sign-in,
 * a password change, an engine write — never from the API. Times are epoch ms, booleans 0/1.
 */

/** Longer values are cut to the column's declared length, as v2.21 does, rather than refused. */
const cut = (value: string | null, max: number): string | null => (value === null ? null : value.slice(0, max));

export interface LoginLogRow {
  username: string;
  userId: string | null;
  type: 'W' | 'T' | 'U';
  ip: string;
  userAgent: string | null;
  /** 0 disabled, 1 enabled, 2 not reached ("-"). */
  mfa: 0 | 1 | 2;
  reason: string;
  backend: string;
  status: boolean;
  datetime: number;
}

export async function insertLoginLog(db: Database, row: LoginLogRow): Promise<void> {
  await db.run(
    `INSERT INTO ${AUDIT_TABLES.loginLog}
       (id, username, user_id, type, ip, city, user_agent, mfa, reason, backend, status, datetime)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      crypto.randomUUID(),
      cut(row.username, 128),
      row.userId,
      row.type,
      cut(row.ip, 64),
      // No geo database ships with the console: v2.21 shows "Unknown" for an address it cannot place.
      'Unknown',
      cut(row.userAgent, 254),
      row.mfa,
      cut(row.reason, 128),
      cut(row.backend, 32),
      row.status ? 1 : 0,
      row.datetime,
    ],
  );
}

export interface OperateLogRow {
  user: string;
  action: string;
  resourceType: string;
  /** The resource type's label in every language (JSON). */
  resourceTypeLabel: string;
  resource: string;
  remoteAddr: string;
  orgId: string;
  datetime: number;
}

/** Rows per statement: well below both backends' limits on bound parameters. */
const OPERATE_SLICE = 100;

export async function insertOperateLogs(db: Database, rows: readonly OperateLogRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += OPERATE_SLICE) {
    const slice = rows.slice(start, start + OPERATE_SLICE);
    const values = slice.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
    await db.run(
      `INSERT INTO ${AUDIT_TABLES.operateLog}
         (id, user_display, action, resource_type, resource_type_label, resource, remote_addr, org_id, datetime)
       VALUES ${values}`,
      slice.flatMap((row) => [
        crypto.randomUUID(),
        cut(row.user, 128),
        row.action,
        cut(row.resourceType, 64),
        row.resourceTypeLabel,
        cut(row.resource, 128),
        cut(row.remoteAddr, 128),
        row.orgId,
        row.datetime,
      ]),
    );
  }
}

export interface PasswordChangeLogRow {
  user: string;
  userId: string;
  changeBy: string;
  remoteAddr: string;
  datetime: number;
}

export async function insertPasswordChangeLog(db: Database, row: PasswordChangeLogRow): Promise<void> {
  await db.run(
    `INSERT INTO ${AUDIT_TABLES.passwordChangeLog} (id, user_display, user_id, change_by, remote_addr, datetime)
     VALUES (?, ?, ?, ?, ?, ?)`,
    [
      crypto.randomUUID(),
      cut(row.user, 128),
      row.userId,
      cut(row.changeBy, 128),
      cut(row.remoteAddr, 128),
      row.datetime,
    ],
  );
}

/** `name(username)`, the way every audit row names a person. */
export const personDisplay = (user: { name: string; username: string }): string => `${user.name}(${user.username})`;
