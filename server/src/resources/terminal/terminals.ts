import { defineResource, type RequestContext, type StoredRow } from '../../engine/declaration';
import { ResponseError } from '../../http/api-error';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { choice, l, LABELS } from '../label';
import { isAlive, loadStatus, type Heartbeat, type LoadStatus } from './load-status';
import {
  TERMINAL_COMMAND_STORAGE,
  TERMINAL_REPLAY_STORAGE,
  TERMINAL_SESSION,
  TERMINAL_TABLES,
  TERMINAL_TERMINAL,
} from './names';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const noStorage = l(
  '存储 “{value}” 不存在',
  'Storage "{value}" does not exist',
  'ストレージ "{value}" は存在しません',
);

const readOnly = { readOnly: true } as const;

export const COMPONENT_TYPES = [
  choice('koko', 'KoKo', 'KoKo', 'KoKo'),
  choice('guacamole', 'Guacamole', 'Guacamole', 'Guacamole'),
  choice('omnidb', 'OmniDB', 'OmniDB', 'OmniDB'),
  choice('xrdp', 'Xrdp', 'Xrdp', 'Xrdp'),
  choice('lion', 'Lion', 'Lion', 'Lion'),
  choice('core', 'Core', 'Core', 'Core'),
  choice('celery', 'Celery', 'Celery', 'Celery'),
  choice('magnus', 'Magnus', 'Magnus', 'Magnus'),
] as const;

const STATUS_CHOICES = [
  choice('critical', '严重', 'Critical', '重大'),
  choice('high', '较高', 'High', '高'),
  choice('normal', '正常', 'Normal', '正常'),
  choice('offline', '离线', 'Offline', 'オフライン'),
] as const;

const statOf = (row: StoredRow): Heartbeat | null =>
  row.stat && typeof row.stat === 'object' ? (row.stat as Heartbeat) : null;

const statusOf = (row: StoredRow): LoadStatus => loadStatus(statOf(row), row.date_alive_until);

/** Reads across every organization: a component serves them all. */
const rootOf = (ctx: RequestContext): RequestContext => ({ ...ctx, orgId: ROOT_ORG_ID });

/**
 * Terminal components (`terminal.Terminal`, global): registered with the bootstrap token
 * (terminal/registration-routes.ts), each with its service account; the heartbeat stores its latest load
 * figures here. Deleting one switches its service account off; one with online sessions stays.
 */
export const terminalResource = defineResource({
  name: TERMINAL_TERMINAL,
  url: '/api/v1/terminal/terminals/',
  table: TERMINAL_TABLES.terminal,
  orgScoped: false,
  label: l('终端', 'Terminal', 'ターミナル'),
  fields: {
    name: { kind: 'string', label: LABELS.name, maxLength: 128, required: true, unique: true },
    type: {
      kind: 'choice',
      label: l('类型', 'Type', 'タイプ'),
      choices: COMPONENT_TYPES,
      default: 'koko',
      display: true,
      ...readOnly,
    },
    remote_addr: {
      kind: 'string',
      label: l('远端地址', 'Remote addr', 'リモートアドレス'),
      maxLength: 128,
      default: '',
    },
    http_port: {
      kind: 'integer',
      label: l('HTTP 端口', 'HTTP port', 'HTTP ポート'),
      minValue: 0,
      maxValue: 65535,
      default: 5000,
    },
    ssh_port: {
      kind: 'integer',
      label: l('SSH 端口', 'SSH port', 'SSH ポート'),
      minValue: 0,
      maxValue: 65535,
      default: 2222,
    },
    command_storage: {
      kind: 'string',
      label: l('命令存储', 'Command storage', 'コマンドストレージ'),
      maxLength: 128,
      default: 'default',
    },
    replay_storage: {
      kind: 'string',
      label: l('录像存储', 'Replay storage', 'リプレイストレージ'),
      maxLength: 128,
      default: 'default',
    },
    is_accepted: { kind: 'boolean', label: l('已接受', 'Is accepted', '承認済み'), default: false },
    // The service account's state: switched off when the component is deleted (service accounts are not
    // managed as users).
    is_active: { kind: 'boolean', label: LABELS.isActive, default: true, ...readOnly },
    is_alive: {
      kind: 'boolean',
      label: l('在线', 'Is alive', '生存'),
      readOnly: true,
      compute: (row) => isAlive(row.date_alive_until),
    },
    session_online: {
      kind: 'integer',
      label: l('在线会话', 'Session online', 'オンラインセッション'),
      readOnly: true,
      compute: (row) => (isAlive(row.date_alive_until) ? Number(statOf(row)?.session_online) || 0 : 0),
    },
    status: {
      kind: 'choice',
      label: l('状态', 'Status', 'ステータス'),
      choices: STATUS_CHOICES,
      readOnly: true,
      compute: statusOf,
    },
    status_display: {
      kind: 'string',
      label: l('状态', 'Status', 'ステータス'),
      readOnly: true,
      compute: (row, ctx) =>
        STATUS_CHOICES.find((entry) => entry.value === statusOf(row))?.label[ctx.language],
    },
    stat: { kind: 'json', label: l('负载', 'Stat', '負荷'), nullable: true, ...readOnly },
    date_created: { kind: 'datetime', label: LABELS.dateCreated, ...readOnly },
    comment: { kind: 'text', label: LABELS.comment, default: '' },
    // Model-only: the service account and when its last heartbeat came.
    user_id: { kind: 'string', label: LABELS.user, nullable: true, readOnly: true, writeOnly: true },
    // Epoch ms in a 64-bit column (datetime); 0 = never (a plain comparison then finds the offline ones).
    date_heartbeat: {
      kind: 'datetime',
      label: l('心跳', 'Heartbeat', 'ハートビート'),
      default: 0,
      readOnly: true,
      writeOnly: true,
    },
    // Until when the last heartbeat keeps it alive (epoch ms): set by each heartbeat from the heartbeat
    // interval then in force (docs/terminal-settings.md#heartbeat).
    date_alive_until: {
      kind: 'datetime',
      label: l('在线截止', 'Alive until', '生存期限'),
      default: 0,
      readOnly: true,
      writeOnly: true,
    },
  },
  searchFields: ['name', 'remote_addr'],
  filterFields: ['name', 'remote_addr', 'type'],
  orderingFields: ['name', 'date_created', 'is_accepted'],
  defaultOrdering: ['is_accepted', 'name'],
  fieldsMini: ['id', 'name', 'type'],
  bulkDelete: false,
  customFilters: {
    // Load status is computed; the filter compares the heartbeat's deadline, the rest is told by `status`.
    status: (value) => {
      const now = Date.now();
      if (value === 'offline') return { field: 'date_alive_until', op: 'lte', value: now - 1 };
      if (['critical', 'high', 'normal'].includes(value))
        return { field: 'date_alive_until', op: 'gte', value: now };
      return null;
    },
  },
  hooks: {
    // A component names its storages; either the id or the name may be sent (as v2.21 accepts).
    validate: async (data, ctx, _existing, resources) => {
      const errors: Record<string, string[]> = {};
      for (const [field, resource] of [
        ['command_storage', TERMINAL_COMMAND_STORAGE],
        ['replay_storage', TERMINAL_REPLAY_STORAGE],
      ] as const) {
        if (!Object.hasOwn(data, field)) continue;
        const given = String(data[field] ?? '');
        const [found] = await resources.get(resource).find(
          {
            anyOf: [
              { field: 'name', op: 'eq', value: given },
              ...(UUID.test(given) ? [{ field: 'id', op: 'eq' as const, value: given }] : []),
            ],
          },
          rootOf(ctx),
        );
        if (found) data[field] = found.name;
        else errors[field] = [noStorage[ctx.language].replace('{value}', given.slice(0, 100))];
      }
      return Object.keys(errors).length > 0 ? errors : null;
    },
    beforeDelete: async (row, ctx, resources) => {
      const online = await resources.get(TERMINAL_SESSION).count(
        {
          allOf: [
            { field: 'terminal', op: 'eq', value: row.id },
            { field: 'is_finished', op: 'eq', value: 0 },
          ],
        },
        rootOf(ctx),
      );
      if (online > 0)
        throw new ResponseError(400, {
          error: l(
            '该终端有在线会话，不能删除',
            'The terminal has online sessions and cannot be deleted',
            'このターミナルにはオンラインセッションがあるため削除できません',
          )[ctx.language],
          code: 'have_online_session',
        });
      if (typeof row.user_id === 'string')
        await resources.get('users.user').setColumns(row.user_id, { is_active: false });
    },
  },
});
