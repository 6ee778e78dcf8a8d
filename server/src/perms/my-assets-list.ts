import type { FastifyRequest } from 'fastify';
import { allOf, type Condition } from '../data/conditions';
import type { RequestContext, StoredRow } from '../engine/declaration';
import { viewMetadata } from '../engine/metadata';
import { listRequest, selectOf } from '../engine/list-query';
import type { EngineResource } from '../engine/runtime';
import { pageResponse } from '../http/pagination';
import { ACTION_CHOICES, maskToActions } from '../resources/perms/actions-bitmask';
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

const ACTIONS_LABEL = { zh: '动作', en: 'Actions', ja: 'アクション' } as const;

/**
 * OPTIONS of every granted-assets list (self, user and user group variants): the item's asset fields as the
 * asset list describes them, and the granted `actions`.
 */
export function grantedListMetadata(asset: EngineResource, ctx: RequestContext): Record<string, unknown> {
  return viewMetadata(asset, ctx, ITEM_FIELDS, {
    actions: {
      type: 'multiple choice',
      required: false,
      read_only: true,
      label: ACTIONS_LABEL[ctx.language],
      write_only: false,
      choices: ACTION_CHOICES.map((choice) => ({
        value: choice.value,
        display_name: choice.label[ctx.language],
      })),
    },
  });
}

export interface GrantedListCall {
  asset: EngineResource;
  ctx: RequestContext;
  grants: Grants;
  /** The granted assets this request may answer (all of them, or those under `node_id`): granted-scope.ts. */
  granted: Condition;
  request: FastifyRequest;
  fallbackHost: string;
  /** Rows listed before the others when the request names no order (the caller's favourites). */
  first?: Condition;
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
  // An explicit order is the user's; otherwise the rows matching `first` (favourites) lead.
  const parts =
    call.first && !given.order ? [allOf([where, call.first]), allOf([where, { not: call.first }])] : [where];
  if (list.limit === null) {
    const rows: StoredRow[] = [];
    for (const part of parts) rows.push(...(await asset.select({ ...select, where: part })));
    return grantedItems(asset, rows, ctx, grants);
  }
  const limit = list.limit;
  // The parts are concatenated: each page takes what remains of its window from the next part.
  const rows: StoredRow[] = [];
  let count = 0;
  let skip = list.offset;
  for (const part of parts) {
    const wanted = limit - rows.length;
    const page = await asset.page({ ...select, where: part, limit: Math.max(wanted, 1), offset: skip });
    if (wanted > 0) rows.push(...page.rows.slice(0, wanted));
    count += page.count;
    skip = Math.max(0, skip - page.count);
  }
  return pageResponse(
    call.request,
    call.fallbackHost,
    { limit, offset: list.offset },
    count,
    await grantedItems(asset, rows, ctx, grants),
  );
}
