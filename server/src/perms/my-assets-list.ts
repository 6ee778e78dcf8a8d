import type { FastifyRequest } from 'fastify';
import { allOf, type Condition } from '../data/conditions';
import type { RequestContext, StoredRow } from '../engine/declaration';
import { listRequest, selectOf } from '../engine/list-query';
import type { EngineResource } from '../engine/runtime';
import { pageResponse } from '../http/pagination';
import { maskToActions } from '../resources/perms/actions-bitmask';
import type { Grants } from './granted-assets';

/**
 * The flat list of a user's granted assets, through the asset resource's own list machinery (search
 * over hostname/ip, exact filters, ordering, limit/offset, docs/http.md#lists) narrowed to the granted ids.
 * Only these query parameters reach it: the admin list's others (`ids`, `spm`, `label`, `node`…) would read
 * beyond the grants or are not part of this endpoint.
 */
const LIST_PARAMS = ['search', 'hostname', 'ip', 'is_active', 'platform', 'order', 'limit', 'offset'];

/** The asset fields of an item; `actions` is added from the grants. */
const ITEM_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'hostname',
  'ip',
  'platform',
  'protocols',
  'is_active',
  'comment',
  'org_id',
  'org_name',
]);

export async function grantedItems(
  asset: EngineResource,
  rows: readonly StoredRow[],
  ctx: RequestContext,
  grants: Grants,
): Promise<Array<Record<string, unknown>>> {
  return (await asset.serializeMany(rows, ctx, ITEM_FIELDS)).map((item) => ({
    ...item,
    actions: maskToActions(grants.actions.get(String(item.id)) ?? 0),
  }));
}

export interface GrantedListCall {
  asset: EngineResource;
  ctx: RequestContext;
  grants: Grants;
  /** The granted assets this request may answer (all of them, or those under `node_id`): granted-scope.ts. */
  granted: Condition;
  request: FastifyRequest;
  fallbackHost: string;
}

/** Plain array without `limit`, `{count, next, previous, results}` with it (as every engine list). */
export async function listGranted(call: GrantedListCall): Promise<unknown> {
  const { asset, ctx, grants } = call;
  const given = ctx.query ?? {};
  const query: Record<string, string> = {};
  for (const name of LIST_PARAMS) {
    const value = given[name];
    if (value !== undefined) query[name] = value;
  }
  // spm is not accepted here, so its resolver is never asked.
  const list = await listRequest(asset, query, ctx, async () => []);
  const where = allOf([list.where, call.granted]);
  const select = { ...selectOf(list), where };
  if (list.limit === null) return grantedItems(asset, await asset.select(select), ctx, grants);
  const { rows, count } = await asset.page({ ...select, limit: list.limit });
  return pageResponse(
    call.request,
    call.fallbackHost,
    { limit: list.limit, offset: list.offset },
    count,
    await grantedItems(asset, rows, ctx, grants),
  );
}
