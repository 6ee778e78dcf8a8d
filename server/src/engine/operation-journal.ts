import type { Database } from '../data/database';
import { insertOperateLogs, type OperateLogRow } from '../data/stores/audit-logs';
import { ROOT_ORG_ID } from '../orgs/org-ids';
import type { RequestContext, ResourceDeclaration, StoredRow } from './declaration';

export const OPERATE_ACTIONS = { create: 'create', update: 'update', delete: 'delete' } as const;
export type OperateAction = (typeof OPERATE_ACTIONS)[keyof typeof OPERATE_ACTIONS];

/** The columns that name an object for people, in order of preference (v2.21 logs `str(obj)`). */
const NAMING_FIELDS = ['name', 'hostname', 'username', 'title', 'value', 'key'] as const;

function objectName(row: StoredRow): string {
  for (const field of NAMING_FIELDS) {
    const value = row[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return String(row.id ?? '');
}

/**
 * Operate logs of engine writes (docs/audit.md#operate-logs): called by the engine inside the transaction
 * that writes the rows, so a change that fails leaves no log and a committed one always has one. Only
 * requests are journaled — internal contexts (seeds, the command line) carry no remote address — and only
 * resources whose declaration does not opt out (`journal: false`: the logs themselves).
 */
export async function journalOperations(
  db: Database,
  declaration: ResourceDeclaration,
  action: OperateAction,
  rows: readonly StoredRow[],
  ctx: RequestContext,
): Promise<void> {
  if (declaration.journal === false || ctx.remoteAddr === undefined || rows.length === 0) return;
  const now = Date.now();
  const entries: OperateLogRow[] = rows.map((row) => ({
    user: ctx.userDisplay ?? ctx.username,
    action,
    resourceType: declaration.label.en,
    resourceTypeLabel: JSON.stringify(declaration.label),
    resource: objectName(row),
    remoteAddr: ctx.remoteAddr ?? '',
    // The org the object lives in; a global object's change is recorded in the org it was made from.
    orgId: typeof row.org_id === 'string' && row.org_id !== '' ? row.org_id : ctx.orgId || ROOT_ORG_ID,
    datetime: now,
  }));
  await insertOperateLogs(db, entries);
}
