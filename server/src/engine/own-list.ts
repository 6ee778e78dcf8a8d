import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { allOf } from '../data/conditions';
import { pageResponse } from '../http/pagination';
import { ROOT_ORG_ID } from '../orgs/org-ids';
import { firstValues, listRequest, selectOf } from './list-query';
import { requestContext } from './request-context';
import type { ResourceRegistry } from './runtime';

/**
 * A list of the caller's own rows of a resource (recent logins, recent sessions of the workbench): any
 * signed-in user, no permission needed, always narrowed to the session's user on `userField` — never a
 * parameter; only the `params` named pass to the resource's list (no filter may name another user).
 */
export function registerOwnList(
  app: FastifyInstance,
  ctx: AppContext,
  registry: ResourceRegistry,
  own: {
    url: string;
    resource: string;
    userField: string;
    params: readonly string[];
    /** List the caller's rows of every org, whatever org the request names (batch commands). */
    acrossOrgs?: boolean;
  },
): void {
  const fallbackHost = `${ctx.config.host}:${ctx.config.port}`;
  const resource = registry.resource(own.resource);
  app.get(own.url, async (request) => {
    const asked = await requestContext(ctx.db, request);
    const rctx = own.acrossOrgs ? { ...asked, orgId: ROOT_ORG_ID } : asked;
    const all = firstValues(request.query);
    const query: Record<string, string> = {};
    for (const name of own.params) if (all[name] !== undefined) query[name] = all[name];
    const list = await listRequest(resource, query, rctx, async () => []);
    const select = {
      ...selectOf(list),
      where: allOf([list.where, { field: own.userField, op: 'eq', value: rctx.userId }]),
    };
    if (list.limit === null) return resource.serializeMany(await resource.select(select), rctx);
    const { rows, count, countIsLowerBound } = await resource.page({ ...select, limit: list.limit });
    return pageResponse(
      request,
      fallbackHost,
      { limit: list.limit, offset: list.offset },
      count,
      await resource.serializeMany(rows, rctx),
      countIsLowerBound,
    );
  });
}
