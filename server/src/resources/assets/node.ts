import {
  defineResource,
  type FieldErrors,
  type RequestContext,
  type ResourceDirectory,
  type StoredRow,
  type WriteBatch,
} from '../../engine/declaration';
import { ApiError } from '../../http/api-error';
import { grantedNodesToPick } from '../../perms/granted-suggestions';
import { assetMessage } from './messages';
import { NODE_ACTIONS } from './node-actions';
import { splitFullValue } from './node-keys';
import {
  acrossOrgs,
  allocateRootKey,
  assetsAmounts,
  assetsOfNodes,
  ensureOrgRoot,
  findOrgRoot,
  fullValues,
  orgNameOf,
  orgNodes,
  unorderedOrgNodes,
  resolveNode,
  subtreeOf,
  toNode,
  ASSET,
  NODE,
  type NodeRow,
} from './node-store';
import { l } from '../label';

/** Node keys are unique across orgs: one lock for the batches that take them (see writeNode). */
const NODE_KEYS_LOCK = 'assets.node:keys';
import { ASSET_NODES_LINK } from './link-tables';

/** The parent a create names (`parent` id or key), else the org root; null = the org has no root yet. */
async function parentForCreate(
  data: StoredRow,
  ctx: RequestContext,
  resources: ResourceDirectory,
): Promise<NodeRow | null | 'unknown'> {
  if (typeof data.parent === 'string' && data.parent !== '')
    return (await resolveNode(resources, ctx, data.parent)) ?? 'unknown';
  return findOrgRoot(resources, ctx);
}

/**
 * Sibling values for the checks of one write request: the org's nodes are read once per batch and
 * grouped by parent (`orgId parentKey` → value → node id); each accepted item enters the map, so two items
 * of one bulk request cannot take the same name either. Linear in the org's nodes plus the batch.
 */
function siblingValues(
  batch: WriteBatch,
  resources: ResourceDirectory,
  ctx: RequestContext,
  orgId: string,
): Promise<Map<string, Map<string, string>>> {
  return batch.memo(`node:siblings:${orgId}`, async () => {
    const groups = new Map<string, Map<string, string>>();
    for (const node of await unorderedOrgNodes(resources, { ...ctx, orgId })) {
      const key = `${node.orgId} ${node.parentKey}`;
      const group = groups.get(key) ?? new Map<string, string>();
      group.set(node.value, node.id);
      groups.set(key, group);
    }
    return groups;
  });
}

/** Whether `value` is taken under `parentKey` by another node than `selfId`; else it is claimed for it. */
function claimSibling(
  groups: Map<string, Map<string, string>>,
  orgId: string,
  parentKey: string,
  value: string,
  selfId: string,
): boolean {
  const key = `${orgId} ${parentKey}`;
  const group = groups.get(key) ?? new Map<string, string>();
  groups.set(key, group);
  const holder = group.get(value);
  if (holder !== undefined && holder !== selfId) return true;
  group.set(value, selfId);
  return false;
}

async function validateNode(
  data: StoredRow,
  ctx: RequestContext,
  existing: StoredRow | null,
  resources: ResourceDirectory,
  batch: WriteBatch,
): Promise<FieldErrors | null> {
  const value = typeof data.value === 'string' ? data.value.trim() : undefined;
  if (value !== undefined && value.includes('/'))
    return { value: [assetMessage('nodeValueSlash', ctx.language)] };
  const taken = { value: [assetMessage('nodeValueTaken', ctx.language)] };
  if (existing) {
    const node = toNode(existing);
    if (value === undefined || value === node.value) return null;
    if (node.parentKey === '') return { value: [assetMessage('rootRename', ctx.language)] };
    if (value === '') return { value: [assetMessage('nodeValueEmpty', ctx.language)] };
    const groups = await siblingValues(batch, resources, ctx, node.orgId);
    return claimSibling(groups, node.orgId, node.parentKey, value, node.id) ? taken : null;
  }
  const parent = await batch.memo(`node:parent:${String(data.parent ?? '')}`, () =>
    parentForCreate(data, ctx, resources),
  );
  if (parent === 'unknown') return { parent: [assetMessage('parentUnknown', ctx.language)] };
  if (parent === null || value === undefined || value === '') return null;
  if (typeof data.full_value === 'string' && data.full_value !== '') return null;
  const groups = await siblingValues(batch, resources, ctx, parent.orgId);
  const item = batch.memo('node:items', () => ({ count: 0 }));
  item.count += 1;
  return claimSibling(groups, parent.orgId, parent.key, value, `new item ${item.count}`) ? taken : null;
}

/** The child of `parent` named `value`, read by index (never the whole tree). */
async function childNamed(
  resources: ResourceDirectory,
  ctx: RequestContext,
  parent: NodeRow,
  value: string,
): Promise<NodeRow | null> {
  const [found] = await resources.get(NODE).find(
    {
      allOf: [
        { field: 'parent_key', op: 'eq', value: parent.key },
        { field: 'value', op: 'eq', value },
      ],
    },
    { ...ctx, orgId: parent.orgId },
  );
  return found ? toNode(found) : null;
}

/**
 * Before the write (may await): a `full_value` creates the missing chain below the root and names the new
 * node by its last segment; a node that cannot be the org's root makes sure the root exists. The parent
 * is then fixed as an id; keys and default names are taken at write time (`writeNode`).
 */
async function prepareNode(
  data: StoredRow,
  ctx: RequestContext,
  existing: StoredRow | null,
  resources: ResourceDirectory,
): Promise<void> {
  if (existing) return;
  const named = await parentForCreate(data, ctx, resources);
  if (named === 'unknown') throw new ApiError(400, assetMessage('parentUnknown', ctx.language), 'invalid');
  const fullValue = typeof data.full_value === 'string' && data.full_value !== '' ? data.full_value : null;
  if (named === null && fullValue === null && (await mayBecomeRoot(data, ctx, resources))) return;
  let parent = named ?? (await ensureOrgRoot(resources, ctx));
  if (fullValue !== null) {
    // The first segment names the org root; the ones between are found or created, the last is this node.
    const segments = splitFullValue(fullValue).slice(1);
    const last = segments.pop();
    if (last === undefined || last.includes('/'))
      throw new ApiError(400, assetMessage('nodeValueEmpty', ctx.language), 'invalid');
    for (const segment of segments)
      parent =
        (await childNamed(resources, ctx, parent, segment)) ??
        toNode(await resources.get(NODE).create({ value: segment, parent: parent.id }, ctx));
    if (await childNamed(resources, ctx, parent, last))
      throw new ApiError(400, assetMessage('nodeValueTaken', ctx.language), 'invalid');
    data.value = last;
  }
  data.parent = parent.id;
}

/** A create without a parent in an org without a root becomes the root when unnamed or named after the org. */
async function mayBecomeRoot(
  data: StoredRow,
  ctx: RequestContext,
  resources: ResourceDirectory,
): Promise<boolean> {
  return (
    data.value === undefined ||
    data.value === '' ||
    data.value === (await orgNameOf(resources, ctx, ctx.orgId))
  );
}

/** A parent as the rows of one write transaction use it: its child mark and its children's names. */
interface ParentState {
  mark: number;
  taken: Set<string>;
  next: number;
}

/**
 * In the write transaction: the node gets the next child key of its parent (or becomes the org root when
 * the org still has none) and, when unnamed, the first free "New node N" among its siblings. The batch
 * first takes the node-key lock (held to its commit, on every instance: keys are unique across orgs), so
 * the parent, its child mark and its children's names are read once per batch with nothing else writing
 * them meanwhile, and advanced in memory; the mark is stored once at commit. n nodes cost O(n), not O(n²).
 */
async function writeNode(
  data: StoredRow,
  ctx: RequestContext,
  existing: StoredRow | null,
  resources: ResourceDirectory,
  batch: WriteBatch,
): Promise<void> {
  if (existing) return;
  await batch.memo('node:write:lock', () => resources.lock(NODE_KEYS_LOCK));
  const root = await batch.memo('node:write:root', async () => ({ node: await findOrgRoot(resources, ctx) }));
  const named = typeof data.parent === 'string' && data.parent !== '' ? data.parent : null;
  const parent = named
    ? await batch.memo(`node:write:node:${named}`, () => resolveNode(resources, ctx, named))
    : root.node;
  if (parent === null && named !== null)
    throw new ApiError(400, assetMessage('parentUnknown', ctx.language), 'invalid');
  if (parent === null) {
    data.value = await orgNameOf(resources, ctx, ctx.orgId);
    data.key = await allocateRootKey(resources, ctx);
    data.parent_key = '';
    data.child_mark = 0;
    root.node = toNode({ ...data, org_id: ctx.orgId });
    return;
  }
  const state = await batch.memo(`node:write:parent:${parent.id}`, async (): Promise<ParentState> => {
    const fresh = await resources.get(NODE).get(parent.id, acrossOrgs(ctx));
    if (!fresh) throw new ApiError(400, assetMessage('parentUnknown', ctx.language), 'invalid');
    return {
      mark: toNode(fresh).childMark,
      taken: new Set(await childrenNamed(resources, ctx, parent)),
      next: 1,
    };
  });
  let value = typeof data.value === 'string' ? data.value.trim() : '';
  if (value === '') {
    const base = assetMessage('newNodeName', ctx.language);
    while (state.taken.has(`${base} ${state.next}`)) state.next += 1;
    value = `${base} ${state.next}`;
  }
  state.taken.add(value);
  state.mark += 1;
  data.value = value;
  data.key = `${parent.key}:${state.mark}`;
  data.parent_key = parent.key;
  data.child_mark = 0;
  batch.atCommit(`node:mark:${parent.id}`, () =>
    resources.get(NODE).setColumns(parent.id, { child_mark: state.mark }),
  );
}

/** Values of the children of `parent` (one indexed read). */
async function childrenNamed(
  resources: ResourceDirectory,
  ctx: RequestContext,
  parent: NodeRow,
): Promise<string[]> {
  return (
    await resources
      .get(NODE)
      .find({ field: 'parent_key', op: 'eq', value: parent.key }, { ...ctx, orgId: parent.orgId })
  ).map((row) => String(row.value ?? ''));
}

/** Root and subtrees holding assets stay; otherwise the descendants go first (v2.21 NodeViewSet.destroy). */
async function guardDelete(row: StoredRow, ctx: RequestContext, resources: ResourceDirectory): Promise<void> {
  const node = toNode(row);
  if (node.parentKey === '')
    throw new ApiError(403, assetMessage('rootDelete', ctx.language), 'permission_denied');
  const nodeCtx = { ...ctx, orgId: node.orgId };
  const subtree = subtreeOf(await orgNodes(resources, nodeCtx), node);
  if ((await resources.get(ASSET).count(assetsOfNodes(subtree.map((item) => item.id)), nodeCtx)) > 0) {
    throw new ApiError(403, assetMessage('nodeHasAssets', ctx.language), 'permission_denied');
  }
  const access = resources.get(NODE);
  const descendants = subtree
    .filter((item) => item.id !== node.id)
    .sort((a, b) => b.key.length - a.key.length);
  for (const item of descendants) await access.delete(item.id, nodeCtx);
}

/** Nodes (docs/resources.md#nodes): an org-scoped tree with materialised-path keys. */
export const nodeResource = defineResource({
  name: 'assets.node',
  url: '/api/v1/assets/nodes/',
  table: 'assets_node',
  orgScoped: true,
  label: l('节点', 'Node', 'ノード'),
  fields: {
    key: { kind: 'string', label: l('键', 'Key', 'キー'), readOnly: true, maxLength: 64, unique: true },
    value: { kind: 'string', label: l('值', 'Value', '値'), maxLength: 128 },
    name: {
      kind: 'string',
      label: l('名称', 'Name', '名前'),
      readOnly: true,
      compute: (row) => row.value,
    },
    full_value: {
      kind: 'string',
      label: l('全称', 'Full value', 'フルバリュー'),
      maxLength: 4096,
      virtual: true,
      computeMany: async (rows, ctx, resources) => {
        const orgIds = new Set(rows.map((row) => String(row.org_id)));
        const nodes: NodeRow[] = [];
        for (const orgId of orgIds) nodes.push(...(await unorderedOrgNodes(resources, { ...ctx, orgId })));
        const values = fullValues(nodes);
        return rows.map((row) => values.get(String(row.id)) ?? `/${String(row.value)}`);
      },
    },
    parent: {
      kind: 'string',
      label: l('父节点', 'Parent', '親ノード'),
      helpText: l(
        '创建时父节点的 ID 或 key，默认为组织根节点',
        'Id or key of the parent node on create; default the organization root',
        '作成時の親ノードの ID またはキー。既定は組織のルートノード',
      ),
      writeOnly: true,
      virtual: true,
      maxLength: 64,
    },
    parent_key: {
      kind: 'string',
      label: l('父节点 key', 'Parent key', '親キー'),
      readOnly: true,
      maxLength: 64,
    },
    child_mark: {
      kind: 'integer',
      label: l('子节点标记', 'Child mark', '子マーク'),
      readOnly: true,
      default: 0,
    },
    assets_amount: {
      kind: 'integer',
      label: l('资产数量', 'Assets amount', 'アセット数'),
      readOnly: true,
      computeMany: async (rows, ctx, resources) => {
        const nodes = rows.map(toNode);
        const orgIds = new Set(nodes.map((node) => node.orgId));
        const all: NodeRow[] = [];
        for (const orgId of orgIds) all.push(...(await unorderedOrgNodes(resources, { ...ctx, orgId })));
        const amounts = await assetsAmounts(resources, ctx, all, nodes);
        return nodes.map((node) => amounts.get(node.id) ?? 0);
      },
    },
    // The reverse side of Asset.nodes, for subtree counts; write-only so lists never carry 100k ids.
    assets: {
      kind: 'm2m',
      label: l('资产', 'Assets', 'アセット'),
      to: 'assets.asset',
      writeOnly: true,
      through: {
        table: ASSET_NODES_LINK.table,
        sourceColumn: ASSET_NODES_LINK.nodeColumn,
        targetColumn: ASSET_NODES_LINK.assetColumn,
      },
    },
    date_create: {
      kind: 'datetime',
      label: l('创建日期', 'Date created', '作成日'),
      readOnly: true,
      default: () => Date.now(),
    },
  },
  searchFields: ['value'],
  filterFields: ['value', 'key', 'id'],
  orderingFields: ['value', 'key', 'parent_key', 'date_create'],
  defaultOrdering: ['parent_key', 'value'],
  fieldsMini: ['id', 'name', 'key', 'value'],
  fieldsSmall: ['id', 'name', 'key', 'value', 'full_value', 'org_id', 'org_name'],
  // Each delete must pass the root / assets guard: one node at a time, as the console does.
  bulkDelete: false,
  // Members who may not browse nodes see their granted subtrees, or a node they name (docs/security.md).
  suggestions: {
    permission: 'assets.match_node',
    pickable: (ctx, resources) => grantedNodesToPick(ctx, resources),
    exactFields: ['value'],
  },
  hooks: {
    validate: validateNode,
    beforeSave: prepareNode,
    beforeWrite: writeNode,
    beforeDelete: guardDelete,
  },
  extraActions: NODE_ACTIONS,
});
