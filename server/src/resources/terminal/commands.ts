import { defineResource } from '../../engine/declaration';
import { choice, l, LABELS } from '../label';
import { DEFAULT_COMMAND_STORAGE, TERMINAL_COMMAND, TERMINAL_SESSION, TERMINAL_TABLES } from './names';

export const RISK_LEVELS = { ordinary: 0, dangerous: 5 } as const;

/** v2.21 shortens a long user to its first and last 32 characters. */
const shortUser = (value: string): string =>
  value.length > 64 ? value.slice(0, 32) + value.slice(-32) : value;

/**
 * Commands (`terminal.Command`, org-scoped): posted by components in batches (an array), stored in the
 * local command storage (this database). As v2.21, a list names its storage (`command_storage_id`) or its
 * session (`session_id`), otherwise it is empty (docs/terminal.md#commands).
 */
export const commandResource = defineResource({
  name: TERMINAL_COMMAND,
  url: '/api/v1/terminal/commands/',
  table: TERMINAL_TABLES.command,
  orgScoped: true,
  journal: false,
  label: l('命令', 'Command', 'コマンド'),
  fields: {
    user: { kind: 'string', label: LABELS.user, maxLength: 128, required: true, column: 'user_display' },
    asset: { kind: 'string', label: l('资产', 'Asset', '資産'), maxLength: 128, required: true },
    input: { kind: 'string', label: l('命令', 'Command', 'コマンド'), maxLength: 2048, required: true },
    session: { kind: 'string', label: l('会话', 'Session', 'セッション'), maxLength: 36, required: true },
    risk_level: {
      kind: 'choice',
      label: l('风险等级', 'Risk level', 'リスクレベル'),
      choices: [
        choice(RISK_LEVELS.ordinary, '普通', 'Ordinary', '普通'),
        choice(RISK_LEVELS.dangerous, '危险', 'Dangerous', '危険'),
      ],
      default: RISK_LEVELS.ordinary,
      display: true,
    },
    system_user: {
      kind: 'string',
      label: l('系统用户', 'System user', 'システムユーザー'),
      maxLength: 64,
      required: true,
    },
    output: { kind: 'text', label: l('输出', 'Output', '出力'), maxLength: 2048, default: '' },
    timestamp: {
      kind: 'integer',
      label: l('时间戳', 'Timestamp', 'タイムスタンプ'),
      required: true,
      minValue: 0,
    },
    timestamp_display: {
      kind: 'datetime',
      label: l('日期', 'Datetime', '日時'),
      readOnly: true,
      compute: (row) => Number(row.timestamp) * 1000,
    },
    remote_addr: {
      kind: 'string',
      label: l('远端地址', 'Remote addr', 'リモートアドレス'),
      maxLength: 128,
      nullable: true,
      readOnly: true,
    },
  },
  searchFields: ['input'],
  filterFields: ['asset', 'system_user', 'session', 'risk_level'],
  orderingFields: ['timestamp'],
  defaultOrdering: ['-timestamp'],
  fieldsMini: ['id', 'input', 'session', 'timestamp'],
  bulkDelete: false,
  disabledActions: ['change', 'delete'],
  // A week of a million commands holds 230,000; counting a common term's matches exactly cost 200–600 ms
  // (docs/terminal.md#scale).
  boundedCount: true,
  // The week's walk tests `input` on these entries instead of reading each command (SQLite: dangerous +
  // a term absent there 23 → 1 ms, docs/terminal.md#scale).
  coveringIndexes: [
    ['org_id', 'timestamp', 'id', 'input'],
    ['org_id', 'risk_level', 'timestamp', 'id', 'input'],
  ],
  // Commands of a term the filters' rows lack (`rm` among ordinary ones: the whole week) are found in the
  // blocks whose summary holds it (docs/terminal.md#scale).
  gramBlocks: { fields: ['input'], partitions: ['risk_level'], order: 'timestamp' },
  customFilters: {
    session_id: (value) => ({ field: 'session', op: 'eq', value }),
    user: (value) => ({ field: 'user', op: 'contains', value }),
    input: (value) => ({ field: 'input', op: 'contains', value }),
    // Epoch seconds, as the component posts them; the console sends ISO dates.
    date_from: (value) => secondsCondition(value, 'gte'),
    date_to: (value) => secondsCondition(value, 'lte'),
    // Commands of this database belong to the server-kind storage; another storage's are not here.
    command_storage_id: (value) =>
      value === DEFAULT_COMMAND_STORAGE.id || value === DEFAULT_COMMAND_STORAGE.name ? null : { never: true },
  },
  hooks: {
    // Neither a storage nor a session named: an empty list, as v2.21.
    scope: (ctx) =>
      ctx.query && (ctx.query.command_storage_id || ctx.query.session_id || ctx.query.session)
        ? null
        : ctx.query
          ? { never: true }
          : null,
    beforeSave: async (data, ctx, existing, resources) => {
      data.user = shortUser(String(data.user ?? ''));
      // The address is the session's (a component cannot name another).
      const session = await resources.get(TERMINAL_SESSION).get(String(data.session), ctx);
      data.remote_addr = session ? (session.remote_addr ?? null) : null;
    },
  },
});

function secondsCondition(value: string, op: 'gte' | 'lte') {
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value);
  if (!Number.isFinite(ms)) return null;
  return { field: 'timestamp', op, value: Math.floor(ms / 1000) } as const;
}
