import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import {
  latestSessions,
  onlineCounts,
  sessionTotalsSince,
  sessionsPerBucket,
  topSince,
  type TopEntry,
} from '../data/stores/session-metrics';
import { requestContext } from '../engine/request-context';
import type { ResourceRegistry } from '../engine/runtime';
import { permissionDenied } from '../http/api-error';
import { monthDay, startOfLocalDay } from '../http/datetime';
import { firstValues } from '../engine/list-query';
import { ROOT_ORG_ID } from '../orgs/org-ids';
import { hasPerms } from '../rbac/has-perms';
import { pythonDateTime, timeSince } from './wire-format';

export const INDEX_URL = '/api/v1/index/';

const DAY_MS = 86_400_000;
const COUNT_FLAGS = [
  'total_count_users',
  'total_count_assets',
  'total_count_online_users',
  'total_count_online_sessions',
] as const;

/**
 * `GET /api/v1/index/` (docs/dashboard.md): the dashboards' figures for the current organization, each group
 * of keys switched on by its query flag (`all=1`: every group); `monthly=1` reads 30 days instead of 7. Days
 * are calendar days in the caller's zone (`X-TZ`), today included.
 */
export function registerIndexRoute(app: FastifyInstance, ctx: AppContext, registry: ResourceRegistry): void {
  app.get(INDEX_URL, async (request) => {
    const rctx = await requestContext(ctx.db, request);
    if (!rctx.isSystemAdmin && !hasPerms(rctx.perms, ['rbac.view_audit|rbac.view_console']))
      throw permissionDenied();
    const query = firstValues(request.query);
    const on = (flag: string) =>
      ['1', 'true'].includes(query.all ?? '') || ['1', 'true'].includes(query[flag] ?? '');
    const orgId = rctx.orgId === ROOT_ORG_ID ? null : rctx.orgId;
    const zone = rctx.timeZone ?? 'UTC';
    const days = ['1', 'true'].includes(query.monthly ?? '') ? 30 : 7;
    const now = Date.now();
    const today = startOfLocalDay(now, zone);
    // Midnight of each day, stepping back from today's (DST-safe: each day's own midnight).
    const bounds: number[] = [today];
    for (let i = 1; i < days; i += 1)
      bounds.unshift(startOfLocalDay((bounds[0] as number) - DAY_MS / 2, zone));
    const since = bounds[0] as number;
    const result: Record<string, unknown> = {};

    const users = registry.resource('users.user');
    const assets = registry.resource('assets.asset');
    const disabled = { field: 'is_active', op: 'eq', value: 0 } as const;

    const counts = on('total_count');
    const online =
      counts || on('total_count_online_users') || on('total_count_online_sessions')
        ? await onlineCounts(ctx.db, orgId)
        : null;
    for (const key of COUNT_FLAGS) {
      if (!counts && !on(key)) continue;
      if (key === 'total_count_users') result[key] = await users.count(null, rctx);
      else if (key === 'total_count_assets') result[key] = await assets.count(null, rctx);
      else if (key === 'total_count_online_users') result[key] = online?.users ?? 0;
      else result[key] = online?.sessions ?? 0;
    }

    if (on('dates_metrics')) {
      const perDay = await sessionsPerBucket(ctx.db, orgId, [...bounds, Number.MAX_SAFE_INTEGER]);
      result.dates_metrics_date = bounds.map((day) => monthDay(day, zone));
      result.dates_metrics_total_count_login = perDay.map((d) => d.sessions);
      result.dates_metrics_total_count_active_users = perDay.map((d) => d.users);
      result.dates_metrics_total_count_active_assets = perDay.map((d) => d.assets);
    }

    const wantsUsers = on('dates_total_count_users');
    const wantsAssets = on('dates_total_count_assets');
    const wantsTotals = on('dates_total_count');
    if (wantsUsers || wantsAssets || wantsTotals) {
      const window = await sessionTotalsSince(ctx.db, orgId, since);
      // Active: had a session in the period; disabled: switched off; inactive: the rest.
      const split = async (resource: typeof users, active: number) => {
        const total = await resource.count(null, rctx);
        const off = await resource.count(disabled, rctx);
        return { active, disabled: off, inactive: Math.max(0, total - active - off) };
      };
      if (wantsUsers) {
        const s = await split(users, window.users);
        result.dates_total_count_active_users = s.active;
        result.dates_total_count_inactive_users = s.inactive;
        result.dates_total_count_disabled_users = s.disabled;
      }
      if (wantsAssets) {
        const s = await split(assets, window.assets);
        result.dates_total_count_active_assets = s.active;
        result.dates_total_count_inactive_assets = s.inactive;
        result.dates_total_count_disabled_assets = s.disabled;
      }
      if (wantsTotals) {
        result.dates_total_count_login_users = window.users;
        result.dates_total_count_login_times = window.sessions;
      }
    }

    const last = (entry: TopEntry) => pythonDateTime(entry.last);
    if (on('dates_login_times_top5_users'))
      result.dates_login_times_top5_users = (await topSince(ctx.db, orgId, 'user', since, 5)).map((e) => ({
        user: e.display,
        total: e.total,
      }));
    if (on('dates_login_times_top10_users'))
      result.dates_login_times_top10_users = (await topSince(ctx.db, orgId, 'user', since, 10)).map((e) => ({
        user_id: e.id,
        user: e.display,
        total: e.total,
        last: last(e),
      }));
    if (on('dates_login_times_top10_assets'))
      result.dates_login_times_top10_assets = (await topSince(ctx.db, orgId, 'asset', since, 10)).map(
        (e) => ({ asset: e.display, total: e.total, last: last(e) }),
      );
    if (on('dates_login_record_top10_sessions'))
      result.dates_login_record_top10_sessions = (await latestSessions(ctx.db, orgId, 10)).map((s) => ({
        user: s.user,
        asset: s.asset,
        is_finished: s.isFinished,
        date_start: pythonDateTime(s.dateStart),
        timesince: timeSince(s.dateStart, now, rctx.language),
      }));
    return result;
  });
}
