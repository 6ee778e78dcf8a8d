import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { allOf } from '../data/conditions';
import { firstValues, listRequest, selectOf } from '../engine/list-query';
import { requestContext } from '../engine/request-context';
import type { ResourceRegistry } from '../engine/runtime';
import { pageResponse } from '../http/pagination';
import { AUDIT_LOGIN_LOG } from '../resources/audits/names';

export const MY_LOGIN_LOGS_URL = '/api/v1/audits/my-login-logs/';

/** What the own list takes: no filter may name another user. */
const LIST_PARAMS = ['search', 'ip', 'status', 'type', 'date_from', 'date_to', 'order', 'limit', 'offset'];

/**
 * The caller's own sign-ins (the workbench's "recent logins", docs/audit.md#login-logs): any signed-in
 * user, no permission needed, always narrowed to the session's user — never a parameter.
 */
export function registerMyLoginLogRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  registry: ResourceRegistry,
): void {
  const fallbackHost = `${ctx.config.host}:${ctx.config.port}`;
  const logs = registry.resource(AUDIT_LOGIN_LOG);
  app.get(MY_LOGIN_LOGS_URL, async (request) => {
    const rctx = await requestContext(ctx.db, request);
    const all = firstValues(request.query);
    const query: Record<string, string> = {};
    for (const name of LIST_PARAMS) if (all[name] !== undefined) query[name] = all[name];
    const list = await listRequest(logs, query, rctx, async () => []);
    const select = {
      ...selectOf(list),
      where: allOf([list.where, { field: 'user_id', op: 'eq', value: rctx.userId }]),
    };
    if (list.limit === null) return logs.serializeMany(await logs.select(select), rctx);
    const { rows, count } = await logs.page({ ...select, limit: list.limit });
    return pageResponse(
      request,
      fallbackHost,
      { limit: list.limit, offset: list.offset },
      count,
      await logs.serializeMany(rows, rctx),
    );
  });
}
