import type { Database } from '../database';
import { WriteVersions } from '../write-versions';
import { TERMINAL_TABLES } from '../../resources/terminal/names';

/**
 * Aggregates over the terminal sessions for the dashboards (docs/dashboard.md): counts per day, distinct
 * users and assets, top lists. `orgId` null reads every organization (the root org). Times are epoch ms.
 * Each figure is one grouped pass over the `date_start` range, kept until the sessions table is written
 * (exact, data/write-versions.ts; docs/dashboard.md#cost): a dashboard opened by many people, or refreshed,
 * costs one pass per figure per change of the sessions, not per request. Results are shared: read-only.
 */
const TABLE = TERMINAL_TABLES.session;
const TABLES: ReadonlySet<string> = new Set([TABLE]);

function cachedFigure<T>(db: Database, figure: string, params: readonly unknown[], compute: () => Promise<T>): Promise<T> {
  return WriteVersions.of(db).cached(`session-metrics:${figure}\u0000${JSON.stringify(params)}`, TABLES, compute);
}

function orgFilter(orgId: string | null): { sql: string; params: unknown[] } {
  return orgId === null ? { sql: '1 = 1', params: [] } : { sql: 'org_id = ?', params: [orgId] };
}

export interface OnlineCounts {
  sessions: number;
  users: number;
}

/** Sessions not finished yet, and the distinct users they belong to. */
export function onlineCounts(db: Database, orgId: string | null): Promise<OnlineCounts> {
  return cachedFigure(db, 'online', [orgId], async () => {
  const org = orgFilter(orgId);
  const row = await db.get<{ sessions: number | string; users: number | string }>(
    `SELECT COUNT(*) AS sessions, COUNT(DISTINCT user_id) AS users FROM ${TABLE}
      WHERE is_finished = ? AND ${org.sql}`,
    [false, ...org.params],
  );
  return { sessions: Number(row?.sessions ?? 0), users: Number(row?.users ?? 0) };
  });
}

export interface SessionTotals {
  sessions: number;
  users: number;
  assets: number;
}

/**
 * Per bucket between consecutive `bounds` (ascending; n + 1 bounds give n buckets): sessions started in it,
 * and the distinct users and assets among them. One statement whatever the number of days.
 */
export function sessionsPerBucket(
  db: Database,
  orgId: string | null,
  bounds: readonly number[],
): Promise<SessionTotals[]> {
  return cachedFigure(db, 'buckets', [orgId, bounds], async () => {
  const buckets = bounds.length - 1;
  if (buckets < 1) return [];
  const org = orgFilter(orgId);
  const cases = bounds
    .slice(1, -1)
    .map((_, i) => `WHEN date_start < ? THEN ${i}`)
    .join(' ');
  const bucketSql = buckets === 1 ? '0' : `CASE ${cases} ELSE ${buckets - 1} END`;
  const rows = await db.all<{
    bucket: number | string;
    sessions: number | string;
    users: number | string;
    assets: number | string;
  }>(
    `SELECT bucket, COUNT(*) AS sessions, COUNT(DISTINCT user_id) AS users, COUNT(DISTINCT asset_id) AS assets
       FROM (SELECT ${bucketSql} AS bucket, user_id, asset_id FROM ${TABLE}
              WHERE date_start >= ? AND date_start < ? AND ${org.sql}) AS started
      GROUP BY bucket`,
    [...bounds.slice(1, -1), bounds[0], bounds[buckets], ...org.params],
  );
  const result: SessionTotals[] = Array.from({ length: buckets }, () => ({ sessions: 0, users: 0, assets: 0 }));
  for (const row of rows) {
    const slot = result[Number(row.bucket)];
    if (slot)
      Object.assign(slot, {
        sessions: Number(row.sessions),
        users: Number(row.users),
        assets: Number(row.assets),
      });
  }
  return result;
  });
}

/** Sessions started since `since`, with the distinct users and assets among them. */
export async function sessionTotalsSince(
  db: Database,
  orgId: string | null,
  since: number,
): Promise<SessionTotals> {
  const [totals] = await sessionsPerBucket(db, orgId, [since, Number.MAX_SAFE_INTEGER]);
  return totals ?? { sessions: 0, users: 0, assets: 0 };
}

export interface TopEntry {
  id: string;
  display: string;
  total: number;
  /** epoch ms of the latest session */
  last: number;
}

/** The users or assets with the most sessions started since `since`, most first. */
export function topSince(
  db: Database,
  orgId: string | null,
  by: 'user' | 'asset',
  since: number,
  limit: number,
): Promise<TopEntry[]> {
  return cachedFigure(db, 'top', [orgId, by, since, limit], async () => {
  const org = orgFilter(orgId);
  const [idColumn, displayColumn] = by === 'user' ? ['user_id', 'user_display'] : ['asset_id', 'asset'];
  // Grouping kept off the (org_id, user_id …) index: SQLite would walk the whole org along it to save a
  // sort, where the date range on (org_id, date_start) reads only the period (100k sessions: 182 → 22 ms).
  const rows = await db.all<{ id: string; display: string; total: number | string; last: number | string }>(
    `SELECT ${idColumn} AS id, MAX(${displayColumn}) AS display, COUNT(*) AS total, MAX(date_start) AS last
       FROM ${TABLE}
      WHERE date_start >= ? AND ${org.sql}
      GROUP BY ${db.dialect.noIndex(idColumn)}
      ORDER BY total DESC, last DESC
      LIMIT ?`,
    [since, ...org.params, limit],
  );
  return rows.map((r) => ({ id: r.id, display: r.display, total: Number(r.total), last: Number(r.last) }));
  });
}

export interface RecentSession {
  id: string;
  user: string;
  asset: string;
  isFinished: boolean;
  dateStart: number;
}

/** The sessions started last, newest first. */
export function latestSessions(db: Database, orgId: string | null, limit: number): Promise<RecentSession[]> {
  return cachedFigure(db, 'latest', [orgId, limit], async () => {
  const org = orgFilter(orgId);
  const rows = await db.all<{
    id: string;
    user_display: string;
    asset: string;
    is_finished: number | boolean;
    date_start: number | string;
  }>(
    `SELECT id, user_display, asset, is_finished, date_start FROM ${TABLE}
      WHERE ${org.sql}
      ORDER BY date_start DESC
      LIMIT ?`,
    [...org.params, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    user: r.user_display,
    asset: r.asset,
    isFinished: Number(r.is_finished) === 1,
    dateStart: Number(r.date_start),
  }));
  });
}
