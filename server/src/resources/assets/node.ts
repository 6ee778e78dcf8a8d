import {
  defineResource,
  type FieldErrors,
  type RequestContext,
  type ResourceDirectory,
  type StoredRow,
} from '../../engine/declaration';
import { ApiError } from '../../http/api-error';
import { assetMessage } from './messages';
import { NODE_ACTIONS } from './node-actions';
import { splitFullValue } from './node-keys';
import {
  allocateChildKey,
  allocateRootKey,
  assetsAmounts,
  assetsOfNodes,
  childrenOf,
  ensureOrgRoot,
  findOrgRoot,
  fullValues,
  orgNameOf,
  orgNodes,
  unorderedOrgNodes,
  presetChildName,
  resolveNode,
  subtreeOf,
  toNode,
  ASSET,
  NODE,
  type NodeRow,
} from './node-store';
import { l } from '../label';
import { ASSET_NODES_LINK } from './link-tables';

/** The parent a create names (`parent` id or key), else the org root; null = the org has no root yet. */
function parentForCreate(
  data: StoredRow,
  ctx: RequestContext,
  resources: ResourceDirectory,
): NodeRow | null | 'unknown' {
  if (typeof data.parent === 'string' && data.parent !== '')
    return resolveNode(resources, ctx, data.parent) ?? 'unknown';
  return findOrgRoot(resources, ctx);
}

function siblingTaken(siblings: readonly NodeRow[], value: string, selfId: unknown): boolean {
  return siblings.some((node) => node.value === value && node.id !== selfId);
}

function validateNode(
  data: StoredRow,
  ctx: RequestContext,
  existing: StoredRow | null,
  resources: ResourceDirectory,
): FieldErrors | null {
  const value = typeof data.value === 'string' ? data.value.trim() : undefined;
  if (value !== undefined && value.includes('/'))
    return { value: [assetMessage('nodeValueSlash', ctx.language)] };
  if (existing) {
    const node = toNode(existing);
    if (value === undefined || value === node.value) return null;
    if (node.parentKey === '') return { value: [assetMessage('rootRename', ctx.language)] };
    if (value === '') return { value: [assetMessage('nodeValueEmpty', ctx.language)] };
    const nodes = orgNodes(resources, { ...ctx, orgId: node.orgId });
    const siblings = nodes.filter((item) => item.parentKey === node.parentKey);
    return siblingTaken(siblings, value, node.id)
      ? { value: [assetMessage('nodeValueTaken', ctx.language)] }
      : null;
  }
  const parent = parentForCreate(data, ctx, resources);
  if (parent === 'unknown') return { parent: [assetMessage('parentUnknown', ctx.language)] };
  if (parent === null || value === undefined || value === '') return null;
  if (typeof data.full_value === 'string' && data.full_value !== '') return null;
  return siblingTaken(childrenOf(orgNodes(resources, ctx), parent), value, null)
    ? { value: [assetMessage('nodeValueTaken', ctx.language)] }
    : null;
}

/**
 * Sets key / parent_key on create. The first node of an org becomes its root (named after the org); a
 * `full_value` creates the missing chain below the root and names the new node by its last segment.
 */
async function placeNode(
  data: StoredRow,
  ctx: RequestContext,
  existing: StoredRow | null,
  resources: ResourceDirectory,
): Promise<void> {
  if (existing) return;
  const named = parentForCreate(data, ctx, resources);
  if (named === 'unknown') throw new ApiError(400, assetMessage('parentUnknown', ctx.language), 'invalid');
  let parent: NodeRow;
  if (named !== null) parent = named;
  else {
    const orgName = orgNameOf(resources, ctx, ctx.orgId);
    if (data.value === orgName || data.value === undefined || data.value === '') {
      data.value = orgName;
      data.key = allocateRootKey(resources, ctx);
      data.parent_key = '';
      data.child_mark = 0;
      return;
    }
    parent = await ensureOrgRoot(resources, ctx);
  }
  if (typeof data.full_value === 'string' && data.full_value !== '') {
    // The first segment names the org root; the ones between are found or created, the last is this node.
    const segments = splitFullValue(data.full_value).slice(1);
    const last = segments.pop();
    if (last === undefined || last.includes('/'))
      throw new ApiError(400, assetMessage('nodeValueEmpty', ctx.language), 'invalid');
    for (const segment of segments) {
      const existingChild = childrenOf(orgNodes(resources, ctx), parent).find(
        (node) => node.value === segment,
      );
      parent =
        existingChild ?? toNode(await resources.get(NODE).create({ value: segment, parent: parent.id }, ctx));
    }
    if (childrenOf(orgNodes(resources, ctx), parent).some((node) => node.value === last)) {
      throw new ApiError(400, assetMessage('nodeValueTaken', ctx.language), 'invalid');
    }
    data.value = last;
  }
  if (typeof data.value !== 'string' || data.value.trim() === '') {
    data.value = presetChildName(childrenOf(orgNodes(resources, ctx), parent), ctx);
  }
  data.value = String(data.value).trim();
  data.key = allocateChildKey(resources, ctx, parent.id);
  data.parent_key = parent.key;
  data.child_mark = 0;
}

/** Root and subtrees holding assets stay; otherwise the descendants go first (v2.21 NodeViewSet.destroy). */
async function guardDelete(row: StoredRow, ctx: RequestContext, resources: ResourceDirectory): Promise<void> {
  const node = toNode(row);
  if (node.parentKey === '')
    throw new ApiError(403, assetMessage('rootDelete', ctx.language), 'permission_denied');
  const nodeCtx = { ...ctx, orgId: node.orgId };
  const subtree = subtreeOf(orgNodes(resources, nodeCtx), node);
  if (resources.get(ASSET).count(assetsOfNodes(subtree.map((item) => item.id)), nodeCtx) > 0) {
    throw new ApiError(403, assetMessage('nodeHasAssets', ctx.language), 'permission_denied');
  }
  const access = resources.get(NODE);
  const descendants = subtree
    .filter((item) => item.id !== node.id)
    .sort((a, b) => b.key.length - a.key.length);
  for (const item of descendants) await access.delete(item.id, nodeCtx);
}

/** Nodes (resources.md §9): an org-scoped tree with materialised-path keys. */
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
      computeMany: (rows, ctx, resources) => {
        const orgIds = new Set(rows.map((row) => String(row.org_id)));
        const nodes = [...orgIds].flatMap((orgId) => unorderedOrgNodes(resources, { ...ctx, orgId }));
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
      computeMany: (rows, ctx, resources) => {
        const nodes = rows.map(toNode);
        const orgIds = new Set(nodes.map((node) => node.orgId));
        const all = [...orgIds].flatMap((orgId) => orgNodes(resources, { ...ctx, orgId }));
        const amounts = assetsAmounts(resources, ctx, all, nodes);
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
  suggestions: { permission: 'assets.match_node' },
  hooks: {
    validate: validateNode,
    beforeSave: placeNode,
    beforeDelete: guardDelete,
  },
  extraActions: NODE_ACTIONS,
});
