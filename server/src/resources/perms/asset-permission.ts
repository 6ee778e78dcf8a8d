import {
  defineResource,
  type FieldDeclaration,
  type FieldErrors,
  type Label,
  type RequestContext,
  type ResourceDirectory,
  type StoredRow,
} from '../../engine/declaration';
import { message } from '../../engine/messages';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { pathsOfNodes } from '../assets/node-store';
import { LABELS, l } from '../label';
import { ACTION_CHOICES, ACTION_NAMES, actionsToMask, maskToActions } from './actions-bitmask';
import { ASSET_PERMISSION_FILTERS } from './asset-permission-filters';
import { isExpiredPermission, isValidPermission } from './validity';

export const ASSET_PERMISSION = 'perms.assetpermission';

const SEVENTY_YEARS_MS = 70 * 365.25 * 24 * 60 * 60 * 1000;

type Rows = readonly StoredRow[];

/** One text per linked object of an m2m field, for a whole page in one read of the targets. */
function linkedTexts(
  field: string,
  to: string,
  text: (target: StoredRow) => string,
): NonNullable<FieldDeclaration['computeMany']> {
  return async (rows: Rows, ctx: RequestContext, resources: ResourceDirectory) => {
    const linked = await resources.get(ASSET_PERMISSION).linkedMany(
      field,
      rows.map((row) => String(row.id)),
    );
    const ids = [...new Set([...linked.values()].flat())];
    // Targets are read across orgs by id; the links themselves were checked to stay within the row's org.
    const targets =
      ids.length === 0
        ? []
        : await resources
            .get(to)
            .find({ field: 'id', op: 'in', values: ids }, { ...ctx, orgId: ROOT_ORG_ID });
    const byId = new Map(targets.map((target) => [String(target.id), text(target)]));
    return rows.map((row) =>
      (linked.get(String(row.id)) ?? [])
        .map((id) => byId.get(id))
        .filter((value): value is string => value !== undefined),
    );
  };
}

const amount = (field: string, label: Label): FieldDeclaration => ({
  kind: 'integer',
  label,
  readOnly: true,
  computeMany: async (rows, _ctx, resources) => {
    const linked = await resources.get(ASSET_PERMISSION).linkedMany(
      field,
      rows.map((row) => String(row.id)),
    );
    return rows.map((row) => linked.get(String(row.id))?.length ?? 0);
  },
});

const display = (label: Label, computeMany: FieldDeclaration['computeMany']): FieldDeclaration => ({
  kind: 'json',
  label,
  readOnly: true,
  computeMany,
});

/**
 * Users are global objects, so the engine's link check cannot tell a member of the permission's org from
 * a stranger: a permission only names members of its own org (users.user's scope in that org).
 */
async function validatePermission(
  data: StoredRow,
  ctx: RequestContext,
  existing: StoredRow | null,
  resources: ResourceDirectory,
): Promise<FieldErrors | null> {
  if (!Array.isArray(data.users) || data.users.length === 0) return null;
  const orgId = String(existing?.org_id ?? ctx.orgId);
  const wanted = data.users.map(String);
  const members = new Set(
    (
      await resources.get('users.user').find({ field: 'id', op: 'in', values: wanted }, { ...ctx, orgId })
    ).map((user) => String(user.id)),
  );
  const stranger = wanted.find((id) => !members.has(id));
  return stranger === undefined
    ? null
    : { users: [message('pkMissing', ctx.language, { value: stranger.slice(0, 64) })] };
}

/** The names of `actions` become the stored mask; a new permission starts outside any ticket. */
function storeActions(data: StoredRow, _ctx: RequestContext, existing: StoredRow | null): void {
  if (Array.isArray(data.actions)) data.actions_mask = actionsToMask(data.actions);
  if (existing === null && data.from_ticket === undefined) data.from_ticket = false;
}

/**
 * Asset permissions (docs/resources.md#asset-permissions): who (users, user groups) may reach what (assets,
 * nodes) with which actions, between two dates. `system_users` is left out: this product has no system-user
 * resource yet, and a field naming a resource that does not exist could only ever hold unverifiable ids.
 */
export const assetPermissionResource = defineResource({
  name: ASSET_PERMISSION,
  url: '/api/v1/perms/asset-permissions/',
  table: 'perms_assetpermission',
  orgScoped: true,
  label: l('资产授权', 'Asset permission', 'アセット権限'),
  fields: {
    name: { kind: 'string', label: LABELS.name, required: true, maxLength: 128, unique: 'org' },
    is_active: { kind: 'boolean', label: LABELS.isActive, default: true },
    is_expired: {
      kind: 'boolean',
      label: l('已过期', 'Is expired', '期限切れ'),
      readOnly: true,
      compute: (row) => isExpiredPermission(row, Date.now()),
    },
    is_valid: {
      kind: 'boolean',
      label: l('是否有效', 'Is valid', '有効'),
      readOnly: true,
      compute: (row) => isValidPermission(row, Date.now()),
    },
    actions: {
      kind: 'multiple_choice',
      label: l('动作', 'Actions', 'アクション'),
      choices: ACTION_CHOICES,
      // Written as names, kept as the integer mask below (docs/resources.md#asset-permissions), read back
      // expanded.
      virtual: true,
      default: () => [...ACTION_NAMES],
      computeMany: (rows) => rows.map((row) => maskToActions(Number(row.actions_mask))),
    },
    // Storage only: the `actions` mask (docs/resources.md#asset-permissions), never sent or accepted as such.
    actions_mask: {
      kind: 'integer',
      label: l('动作', 'Actions', 'アクション'),
      column: 'actions',
      readOnly: true,
      writeOnly: true,
      secret: true,
    },
    created_by: { kind: 'string', label: LABELS.createdBy, readOnly: true, maxLength: 128 },
    date_created: { kind: 'datetime', label: LABELS.dateCreated, readOnly: true },
    date_expired: {
      kind: 'datetime',
      label: l('失效日期', 'Date expired', '期限切れの日付'),
      default: () => Date.now() + SEVENTY_YEARS_MS,
    },
    date_start: {
      kind: 'datetime',
      label: l('开始日期', 'Date start', '開始日'),
      default: () => Date.now(),
    },
    comment: { kind: 'text', label: LABELS.comment, default: '', maxLength: 4096 },
    from_ticket: {
      kind: 'boolean',
      label: l('从工单', 'From ticket', 'チケットから'),
      readOnly: true,
      default: false,
    },
    users: { kind: 'm2m', to: 'users.user', label: LABELS.users, default: () => [] },
    users_display: display(
      l('用户名称', 'Users display', 'ユーザー表示'),
      linkedTexts('users', 'users.user', (user) => String(user.username)),
    ),
    user_groups: {
      kind: 'm2m',
      to: 'users.usergroup',
      label: l('用户组', 'User groups', 'ユーザーグループ'),
      default: () => [],
    },
    user_groups_display: display(
      l('用户组名称', 'User groups display', 'ユーザーグループ表示'),
      linkedTexts('user_groups', 'users.usergroup', (group) => String(group.name)),
    ),
    assets: {
      kind: 'm2m',
      to: 'assets.asset',
      label: l('资产', 'Assets', 'アセット'),
      default: () => [],
    },
    assets_display: display(
      l('资产名称', 'Assets display', 'アセット表示'),
      linkedTexts('assets', 'assets.asset', (asset) => String(asset.hostname)),
    ),
    nodes: { kind: 'm2m', to: 'assets.node', label: l('节点', 'Nodes', 'ノード'), default: () => [] },
    nodes_display: display(l('节点名称', 'Nodes display', 'ノード表示'), async (rows, ctx, resources) => {
      const linked = await resources.get(ASSET_PERMISSION).linkedMany(
        'nodes',
        rows.map((row) => String(row.id)),
      );
      const orgIds = new Set(rows.map((row) => String(row.org_id)));
      const paths = await pathsOfNodes(resources, ctx, [...linked.values()].flat(), orgIds);
      return rows.map((row) =>
        (linked.get(String(row.id)) ?? [])
          .map((id) => paths.get(id))
          .filter((path): path is string => path !== undefined),
      );
    }),
    users_amount: amount('users', LABELS.usersAmount),
    user_groups_amount: amount('user_groups', l('用户组数量', 'User groups amount', 'ユーザーグループ数')),
    assets_amount: amount('assets', l('资产数量', 'Assets amount', 'アセット数')),
    nodes_amount: amount('nodes', l('节点数量', 'Nodes amount', 'ノード数')),
  },
  searchFields: ['name'],
  filterFields: ['name', 'from_ticket'],
  orderingFields: ['name'],
  defaultOrdering: ['name'],
  fieldsMini: ['id', 'name'],
  fieldsSmall: [
    'id',
    'name',
    'is_active',
    'is_expired',
    'is_valid',
    'actions',
    'created_by',
    'date_created',
    'date_expired',
    'date_start',
    'comment',
    'from_ticket',
  ],
  dateRangeField: 'date_created',
  bulkDelete: 'org',
  customFilters: ASSET_PERMISSION_FILTERS,
  hooks: { validate: validatePermission, beforeSave: storeActions },
});
