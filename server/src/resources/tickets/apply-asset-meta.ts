import type {
  FieldDeclaration,
  FieldErrors,
  RequestContext,
  ResourceDirectory,
} from '../../engine/declaration';
import { message, pythonType } from '../../engine/messages';
import { normalizeUuid, parseDateTime } from '../../engine/values';
import { pathsOfNodes } from '../assets/node-store';
import { l } from '../label';
import {
  ACTION_CHOICES,
  actionLabels,
  actionsToMask,
  maskToActions,
  type ActionName,
} from '../perms/actions-bitmask';
import { ticketMessage } from './messages';

/**
 * The `meta` of a request-asset ticket (docs/tickets.md#opening): its OPTIONS children, and the
 * validation of what the console posts, with every id checked in the ticket's org.
 */

/** What an apply_asset ticket stores in `meta` once opened (the `_display` values are added then). */
export interface ApplyAssetMeta {
  apply_permission_name: string;
  apply_nodes: string[];
  apply_nodes_display: string[];
  apply_assets: string[];
  apply_assets_display: string[];
  apply_system_users: string[];
  apply_system_users_display: string[];
  apply_actions: string[];
  apply_actions_display: string[];
  apply_date_start: string;
  apply_date_expired: string;
}

/** Checked input, before the permission name default (it needs the ticket's id) and the displays. */
export interface ApplyAssetRequest {
  permissionName: string | null;
  nodes: string[];
  assets: string[];
  systemUsers: string[];
  actions: ActionName[];
  dateStart: number;
  dateExpired: number;
}

const SYSTEM_USER = 'assets.systemuser';
const MAX_IDS = 10_000;

const list = (
  zh: string,
  en: string,
  ja: string,
  extra: Partial<FieldDeclaration> = {},
): FieldDeclaration => ({
  kind: 'json',
  label: l(zh, en, ja),
  ...extra,
});

/** `meta` children as OPTIONS describes them (the form of docs/tickets.md#opening step 1). */
export const APPLY_ASSET_META_CHILDREN: Record<string, FieldDeclaration> = {
  apply_permission_name: {
    kind: 'string',
    label: l('授权规则名称', 'Permission name', '権限名'),
    maxLength: 128,
  },
  apply_nodes: list('节点组', 'Node group', 'ノードグループ'),
  apply_nodes_display: list('节点组名称', 'Apply nodes display', 'ノード表示', { readOnly: true }),
  apply_assets: list('资产组', 'Apply assets', 'アセットグループ'),
  apply_assets_display: list('资产组名称', 'Apply assets display', 'アセット表示', { readOnly: true }),
  apply_system_users: list('系统用户组', 'Apply system users', 'システムユーザーグループ', {
    helpText: l(
      '暂不支持系统用户，请留空',
      'System users are not available yet: leave it empty',
      'システムユーザーはまだ利用できません。空のままにしてください',
    ),
  }),
  apply_system_users_display: list('系统用户组名称', 'Apply system users display', 'システムユーザー表示', {
    readOnly: true,
  }),
  apply_actions: {
    kind: 'multiple_choice',
    label: l('动作', 'Actions', 'アクション'),
    choices: ACTION_CHOICES,
    required: true,
  },
  apply_actions_display: list('动作名称', 'Apply actions display', 'アクション表示', { readOnly: true }),
  apply_date_start: {
    kind: 'datetime',
    label: l('开始日期', 'Date start', '開始日'),
    required: true,
  },
  apply_date_expired: {
    kind: 'datetime',
    label: l('失效日期', 'Date expired', '期限切れの日付'),
    required: true,
  },
};

/** An optional list of uuids (DRF ListField(child=UUIDField), null allowed): ids, or an error. */
function uuidList(raw: unknown, ctx: RequestContext): string[] | string[][] {
  const lang = ctx.language;
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return [[message('notAList', lang, { type: pythonType(raw) })]];
  if (raw.length > MAX_IDS) return [[message('maxLength', lang, { n: MAX_IDS })]];
  const ids: string[] = [];
  for (const item of raw) {
    const id = typeof item === 'string' ? normalizeUuid(item) : null;
    if (id === null) return [[message('invalidUuid', lang)]];
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

const isError = (value: string[] | string[][]): value is string[][] => Array.isArray(value[0]);

function dateOf(raw: unknown, ctx: RequestContext): number | string[] {
  if (raw === undefined || raw === null || raw === '') return [message('required', ctx.language)];
  const ms = typeof raw === 'string' ? parseDateTime(raw) : null;
  return ms === null ? [message('invalidDatetime', ctx.language)] : ms;
}

/** Ids of `to` among `ids` that exist in `orgId`; the first missing one as an error. */
async function missingIn(
  resources: ResourceDirectory,
  ctx: RequestContext,
  to: string,
  ids: readonly string[],
  orgId: string,
): Promise<string[] | null> {
  if (ids.length === 0) return null;
  const found = new Set(
    (await resources.get(to).find({ field: 'id', op: 'in', values: [...ids] }, { ...ctx, orgId })).map(
      (row) => String(row.id),
    ),
  );
  const missing = ids.find((id) => !found.has(id));
  return missing === undefined ? null : [message('pkMissing', ctx.language, { value: missing })];
}

/**
 * Checks the posted meta. `orgId` is the ticket's org when it is valid (assets, nodes and system users
 * must exist there — never another org's), or null when the org itself was refused (shape checks only).
 */
export async function checkApplyAssetMeta(
  raw: unknown,
  orgId: string | null,
  ctx: RequestContext,
  resources: ResourceDirectory,
): Promise<{ request: ApplyAssetRequest | null; errors: FieldErrors | string[] }> {
  const lang = ctx.language;
  if (raw === undefined) return { request: null, errors: [message('required', lang)] };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return { request: null, errors: [message('notADict', lang, { type: pythonType(raw) })] };
  const input = raw as Record<string, unknown>;
  const errors: FieldErrors = {};

  let permissionName: string | null = null;
  const name = input.apply_permission_name;
  if (typeof name === 'string') {
    const trimmed = name.trim();
    if (trimmed.length > 128) errors.apply_permission_name = [message('maxLength', lang, { n: 128 })];
    else permissionName = trimmed === '' ? null : trimmed;
  } else if (name !== undefined && name !== null)
    errors.apply_permission_name = [message('invalidString', lang)];

  const lists: Record<'apply_nodes' | 'apply_assets' | 'apply_system_users', string[]> = {
    apply_nodes: [],
    apply_assets: [],
    apply_system_users: [],
  };
  for (const key of ['apply_nodes', 'apply_assets', 'apply_system_users'] as const) {
    const ids = uuidList(input[key], ctx);
    if (isError(ids)) errors[key] = ids[0] ?? [];
    else lists[key] = ids;
  }
  if (
    !errors.apply_nodes &&
    !errors.apply_assets &&
    lists.apply_nodes.length + lists.apply_assets.length === 0
  ) {
    errors.apply_nodes = [ticketMessage('assetOrNode', lang)];
    errors.apply_assets = [ticketMessage('assetOrNode', lang)];
  }
  // No system-user resource in this product yet: an empty list is the only answer that can be honoured.
  if (!errors.apply_system_users && lists.apply_system_users.length > 0 && !resources.has(SYSTEM_USER))
    errors.apply_system_users = [ticketMessage('systemUsersMissing', lang)];

  let actions: ActionName[] = [];
  const rawActions = input.apply_actions;
  if (rawActions === undefined || rawActions === null) errors.apply_actions = [message('required', lang)];
  else if (!Array.isArray(rawActions))
    errors.apply_actions = [message('notAList', lang, { type: pythonType(rawActions) })];
  else {
    const unknown = rawActions.find((item) => !ACTION_CHOICES.some((c) => c.value === item));
    if (unknown !== undefined)
      errors.apply_actions = [message('invalidChoice', lang, { value: String(unknown).slice(0, 100) })];
    // Stored as the names the mask reads back as (connect + upload + download also gives updownload).
    else actions = maskToActions(actionsToMask(rawActions));
  }

  const start = dateOf(input.apply_date_start, ctx);
  const expired = dateOf(input.apply_date_expired, ctx);
  if (Array.isArray(start)) errors.apply_date_start = start;
  if (Array.isArray(expired)) errors.apply_date_expired = expired;
  else if (typeof start === 'number' && expired <= start)
    errors.apply_date_expired = [ticketMessage('dateOrder', lang)];

  if (orgId !== null) {
    const checks: Array<[keyof typeof lists, string]> = [
      ['apply_nodes', 'assets.node'],
      ['apply_assets', 'assets.asset'],
      ['apply_system_users', SYSTEM_USER],
    ];
    for (const [key, to] of checks) {
      if (errors[key] || lists[key].length === 0) continue;
      const missing = await missingIn(resources, ctx, to, lists[key], orgId);
      if (missing) errors[key] = missing;
    }
  }
  if (Object.keys(errors).length > 0 || typeof start !== 'number' || typeof expired !== 'number')
    return { request: null, errors };
  return {
    request: {
      permissionName,
      nodes: lists.apply_nodes,
      assets: lists.apply_assets,
      systemUsers: lists.apply_system_users,
      actions,
      dateStart: start,
      dateExpired: expired,
    },
    errors,
  };
}

/** `YYYY-MM-DD HH:MM:SS` (UTC), the meta date format of docs/tickets.md#opening. */
export const metaDate = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** The stored meta: the request plus the names of what it points to, read in the ticket's org. */
export async function applyAssetMeta(
  request: ApplyAssetRequest,
  permissionName: string,
  orgId: string,
  ctx: RequestContext,
  resources: ResourceDirectory,
): Promise<ApplyAssetMeta> {
  const orgCtx = { ...ctx, orgId };
  const assets = new Map(
    (request.assets.length === 0
      ? []
      : await resources.get('assets.asset').find({ field: 'id', op: 'in', values: request.assets }, orgCtx)
    ).map((asset) => [String(asset.id), `${String(asset.hostname)}(${String(asset.ip)})`]),
  );
  const paths = await pathsOfNodes(resources, orgCtx, request.nodes, new Set([orgId]));
  const systemUsers = new Map(
    (request.systemUsers.length === 0 || !resources.has(SYSTEM_USER)
      ? []
      : await resources.get(SYSTEM_USER).find({ field: 'id', op: 'in', values: request.systemUsers }, orgCtx)
    ).map((user) => [String(user.id), String(user.name)]),
  );
  const names = (ids: readonly string[], byId: ReadonlyMap<string, string>) =>
    ids.map((id) => byId.get(id)).filter((text): text is string => text !== undefined);
  return {
    apply_permission_name: permissionName,
    apply_nodes: request.nodes,
    apply_nodes_display: names(request.nodes, paths),
    apply_assets: request.assets,
    apply_assets_display: names(request.assets, assets),
    apply_system_users: request.systemUsers,
    apply_system_users_display: names(request.systemUsers, systemUsers),
    apply_actions: request.actions,
    apply_actions_display: actionLabels(request.actions, ctx.language),
    apply_date_start: metaDate(request.dateStart),
    apply_date_expired: metaDate(request.dateExpired),
  };
}
