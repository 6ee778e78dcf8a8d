import type {
  ExtraAction,
  ExtraActionCall,
  ExtraActionResult,
  RequestContext,
  ResourceDirectory,
} from '../../engine/declaration';
import { ResponseError, notFound } from '../../http/api-error';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { NODE_TASKS_ACTION } from '../../ops/connectivity';
import { assetTreeItem, nodeTreeItem, type TreeItem } from './node-tree-items';
import { assetMessage } from './messages';
import {
  ASSET,
  NODE,
  assetsAmounts,
  assetsOfNodes,
  childrenOf,
  ensureOrgRoot,
  moveNodesUnder,
  orgNameOf,
  orgNodes,
  resolveNode,
  rootNodes,
  subtreeOf,
  toNode,
  type NodeRow,
} from './node-store';

/**
 * The node endpoints beyond CRUD (docs/resources.md#nodes): children lists and creation, the zTree
 * endpoints, re-parenting, and adding / removing / moving assets.
 */

const MAX_IDS = 10_000;

/** The node a list-level action names with `?id=` / `?key=`, or null for "no parent given". */
async function queryNode(call: ExtraActionCall): Promise<NodeRow | null | 'none'> {
  const idOrKey = call.query.id || call.query.key;
  if (!idOrKey) return 'none';
  return resolveNode(call.resources, call.ctx, idOrKey.slice(0, 200));
}

/** The parent of a children/tree call: detail row, `?id`/`?key`, or null for the initial load. */
async function parentOf(call: ExtraActionCall): Promise<NodeRow | null> {
  if (call.row) return toNode(call.row);
  const found = await queryNode(call);
  if (found === 'none') return null;
  if (found === null) throw notFound();
  return found;
}

/** v2.21 NodeChildrenApi.get_queryset: initial load = org root + children (Root org: every org root). */
async function childrenFor(
  call: ExtraActionCall,
  parent: NodeRow | null,
): Promise<{ nodes: NodeRow[]; all: NodeRow[] }> {
  const { resources, ctx } = call;
  const wholeSubtree = call.query.all === 'all';
  const all = await orgNodes(resources, ctx);
  if (parent === null && ctx.orgId === ROOT_ORG_ID) {
    return { nodes: wholeSubtree ? all : await rootNodes(resources, ctx), all };
  }
  const initial = parent === null;
  const top = parent ?? (await ensureOrgRoot(resources, ctx));
  const nodesNow = initial ? await orgNodes(resources, ctx) : all;
  const found = wholeSubtree ? subtreeOf(nodesNow, top) : [top, ...childrenOf(nodesNow, top)];
  const nodes = initial ? found : found.filter((node) => node.id !== top.id);
  return { nodes: sortByValue(nodes), all: nodesNow };
}

/** Tree order: by value within a level (v2.21 sorts tree nodes by value), parents before children. */
function sortByValue(nodes: NodeRow[]): NodeRow[] {
  return [...nodes].sort(
    (a, b) => a.key.split(':').length - b.key.split(':').length || a.value.localeCompare(b.value),
  );
}

async function serializeNodes(call: ExtraActionCall, nodes: readonly NodeRow[]): Promise<unknown[]> {
  const access = call.resources.get(NODE);
  const rows = await access.find({ field: 'id', op: 'in', values: nodes.map((node) => node.id) }, call.ctx);
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  const out: unknown[] = [];
  for (const node of nodes) {
    const row = byId.get(node.id);
    if (row) out.push(await access.serialize(row, call.ctx));
  }
  return out;
}

/** Plain array, or `{count, next, previous, results}` when `limit` is sent (docs/http.md#lists). */
function listResult(call: ExtraActionCall, items: readonly unknown[]): ExtraActionResult {
  const limit = Number(call.query.limit);
  if (!/^\d{1,9}$/.test(call.query.limit ?? '') || limit === 0) return { body: items };
  const offset = /^\d{1,9}$/.test(call.query.offset ?? '') ? Number(call.query.offset) : 0;
  return {
    body: { count: items.length, next: null, previous: null, results: items.slice(offset, offset + limit) },
  };
}

async function listChildren(call: ExtraActionCall): Promise<ExtraActionResult> {
  const parent = await parentOf(call);
  const { nodes } = await childrenFor(call, parent);
  return listResult(call, await serializeNodes(call, nodes));
}

function stringField(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** POST children: `{value?, id?}` creates a child (default name "New node N"). */
async function createChild(call: ExtraActionCall): Promise<ExtraActionResult> {
  if (
    call.body !== undefined &&
    (typeof call.body !== 'object' || call.body === null || Array.isArray(call.body))
  ) {
    throw new ResponseError(400, { non_field_errors: ['Invalid data. Expected a dictionary.'] });
  }
  const parent = (await parentOf(call)) ?? (await ensureOrgRoot(call.resources, call.ctx));
  const input: Record<string, unknown> = { parent: parent.id };
  const value = stringField(call.body, 'value');
  const id = stringField(call.body, 'id');
  if (value !== undefined && value.trim() !== '') input.value = value;
  if (id !== undefined) input.id = id;
  const access = call.resources.get(NODE);
  const row = await access.create(input, call.ctx);
  return { status: 201, body: await access.serialize(row, call.ctx) };
}

async function childrenTree(call: ExtraActionCall): Promise<ExtraActionResult> {
  const { resources, ctx } = call;
  const parent = await parentOf(call);
  const { nodes, all } = await childrenFor(call, parent);
  const amounts = await assetsAmounts(resources, ctx, all, nodes);
  const items: TreeItem[] = nodes.map((node) => nodeTreeItem(node, amounts.get(node.id) ?? 0, false));
  const parentForAssets =
    parent ?? (ctx.orgId === ROOT_ORG_ID ? null : nodes.find((node) => node.parentKey === ''));
  if (call.query.assets === '1' && parentForAssets)
    items.push(...(await directAssetItems(resources, ctx, parentForAssets)));
  return { body: items };
}

async function directAssetItems(
  resources: ResourceDirectory,
  ctx: RequestContext,
  node: NodeRow,
): Promise<TreeItem[]> {
  const nodeCtx = { ...ctx, orgId: node.orgId };
  const assets = await resources.get(ASSET).find(assetsOfNodes([node.id]), nodeCtx);
  const bases = new Map(
    (await resources.get('assets.platform').find(null, ctx)).map((platform) => [
      String(platform.name),
      String(platform.base),
    ]),
  );
  const orgName = await orgNameOf(resources, ctx, node.orgId);
  return assets
    .sort((a, b) => String(a.hostname).localeCompare(String(b.hostname)))
    .map((asset) => assetTreeItem(asset, node.key, bases.get(String(asset.platform)) ?? 'Other', orgName));
}

/** `nodes/tree/`: every node of the org with its full meta. */
async function wholeTree(call: ExtraActionCall): Promise<ExtraActionResult> {
  const { resources, ctx } = call;
  if (ctx.orgId !== ROOT_ORG_ID) await ensureOrgRoot(resources, ctx);
  const nodes = await orgNodes(resources, ctx);
  const amounts = await assetsAmounts(resources, ctx, nodes, nodes);
  return { body: nodes.map((node) => nodeTreeItem(node, amounts.get(node.id) ?? 0, true)) };
}

/** `{<name>: [ids]}` from the body, each a string; a 400 `{<name>: [message]}` otherwise. */
function idList(call: ExtraActionCall, name: string): string[] {
  const body = call.body;
  const value =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  if (
    !Array.isArray(value) ||
    value.length > MAX_IDS ||
    !value.every((id) => typeof id === 'string' && id.length <= 64)
  ) {
    throw new ResponseError(400, { [name]: [assetMessage('idList', call.ctx.language)] });
  }
  return [...new Set(value as string[])];
}

const unknownIds = (call: ExtraActionCall, field: string, missing: readonly string[]): ResponseError =>
  new ResponseError(400, {
    [field]: [assetMessage('unknownIds', call.ctx.language, { ids: missing.slice(0, 10).join(', ') })],
  });

/** The org's assets with these ids; unknown ids answer a 400 naming them. */
async function assetsInOrg(call: ExtraActionCall, ids: readonly string[]): Promise<string[]> {
  const found = new Set(
    (await call.resources.get(ASSET).find({ field: 'id', op: 'in', values: ids }, call.ctx)).map((row) =>
      String(row.id),
    ),
  );
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw unknownIds(call, 'assets', missing);
  return [...found];
}

type AssetLinkMode = 'add' | 'remove' | 'replace';

/** add: attach; replace (move): detach from every other node; remove: orphans go back to the org root. */
function changeAssets(mode: AssetLinkMode) {
  return async (call: ExtraActionCall): Promise<ExtraActionResult> => {
    const node = toNode(call.row ?? {});
    const assetIds = await assetsInOrg(call, idList(call, 'assets'));
    const access = call.resources.get(ASSET);
    const nodeCtx = { ...call.ctx, orgId: node.orgId };
    if (mode === 'add') for (const id of assetIds) await access.link('nodes', id, [node.id], 'add');
    if (mode === 'replace') for (const id of assetIds) await access.link('nodes', id, [node.id], 'set');
    if (mode === 'remove') {
      const root = await ensureOrgRoot(call.resources, nodeCtx);
      for (const id of assetIds) {
        await access.link('nodes', id, [node.id], 'remove');
        if ((await access.linked('nodes', id)).length === 0) await access.link('nodes', id, [root.id], 'add');
      }
    }
    return { body: { assets: assetIds } };
  };
}

/** `{id}/children/add/` `{nodes: [ids]}`: re-parents the nodes under this one. */
async function addChildren(call: ExtraActionCall): Promise<ExtraActionResult> {
  const ids = idList(call, 'nodes');
  const target = toNode(call.row ?? {});
  const nodes = (await orgNodes(call.resources, call.ctx)).filter((node) => node.orgId === target.orgId);
  const moving = nodes.filter((node) => ids.includes(node.id));
  if (moving.length !== ids.length) {
    throw unknownIds(
      call,
      'nodes',
      ids.filter((id) => !moving.some((node) => node.id === id)),
    );
  }
  const refused = await moveNodesUnder(call.resources, call.ctx, target, moving);
  if (refused) throw new ResponseError(400, { nodes: [refused.error] });
  return { body: { nodes: ids } };
}

/** `{id}/assets/`: assets of the node; `?all=<anything>` includes descendants (v2.21 NodeAssetsApi). */
async function nodeAssets(call: ExtraActionCall): Promise<ExtraActionResult> {
  const node = toNode(call.row ?? {});
  const nodeCtx = { ...call.ctx, orgId: node.orgId };
  const ids = call.query.all
    ? subtreeOf(await orgNodes(call.resources, nodeCtx), node).map((item) => item.id)
    : [node.id];
  const access = call.resources.get(ASSET);
  const rows = (await access.find(assetsOfNodes(ids), nodeCtx)).sort((a, b) =>
    String(a.hostname).localeCompare(String(b.hostname)),
  );
  const items: unknown[] = [];
  for (const row of rows) items.push(await access.serialize(row, call.ctx));
  return listResult(call, items);
}

const VIEW = ['assets.view_node'];

export const NODE_ACTIONS: readonly ExtraAction[] = [
  { path: 'tree/', detail: false, methods: ['GET'], permissions: VIEW, handler: wholeTree },
  { path: 'children/tree/', detail: false, methods: ['GET'], permissions: VIEW, handler: childrenTree },
  { path: 'children/tree/', detail: true, methods: ['GET'], permissions: VIEW, handler: childrenTree },
  { path: 'children/', detail: false, methods: ['GET'], permissions: VIEW, handler: listChildren },
  { path: 'children/', detail: true, methods: ['GET'], permissions: VIEW, handler: listChildren },
  {
    path: 'children/',
    detail: false,
    methods: ['POST'],
    permissions: ['assets.add_node'],
    needsOrg: true,
    handler: createChild,
  },
  {
    path: 'children/',
    detail: true,
    methods: ['POST'],
    permissions: ['assets.add_node'],
    needsOrg: true,
    handler: createChild,
  },
  {
    path: 'children/add/',
    detail: true,
    methods: ['PUT', 'PATCH'],
    permissions: ['assets.change_node'],
    needsOrg: true,
    handler: addChildren,
  },
  {
    path: 'assets/',
    detail: true,
    methods: ['GET'],
    permissions: ['assets.view_asset'],
    handler: nodeAssets,
  },
  {
    path: 'assets/add/',
    detail: true,
    methods: ['PUT', 'PATCH'],
    permissions: ['assets.add_assettonode'],
    needsOrg: true,
    handler: changeAssets('add'),
  },
  {
    path: 'assets/replace/',
    detail: true,
    methods: ['PUT', 'PATCH'],
    permissions: ['assets.move_assettonode'],
    needsOrg: true,
    handler: changeAssets('replace'),
  },
  {
    path: 'assets/remove/',
    detail: true,
    methods: ['PUT', 'PATCH'],
    permissions: ['assets.change_node'],
    needsOrg: true,
    handler: changeAssets('remove'),
  },
  // `{id}/tasks/` {action: test|refresh|refresh_cache} → {task}: the connectivity test runs in server/src/ops.
  NODE_TASKS_ACTION,
];
