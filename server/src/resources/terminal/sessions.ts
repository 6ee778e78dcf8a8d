import { defineResource, type StoredRow } from '../../engine/declaration';
import { choice, l, LABELS } from '../label';
import { callingComponent } from './component-of';
import { TERMINAL_COMMAND, TERMINAL_SESSION, TERMINAL_TABLES, TERMINAL_TERMINAL } from './names';

const readOnly = { readOnly: true } as const;

const PROTOCOLS = [
  'ssh',
  'rdp',
  'vnc',
  'telnet',
  'mysql',
  'oracle',
  'mariadb',
  'sqlserver',
  'postgresql',
  'redis',
  'mongodb',
  'k8s',
] as const;
const PROTOCOL_LABELS: Partial<Record<(typeof PROTOCOLS)[number], string>> = {
  mongodb: 'MongoDB',
  k8s: 'kubernetes',
};

/** Protocols whose live sessions a monitor may join (v2.21: not from an RDP terminal). */
/** Where a session was opened from: one list for sessions and for the joins of a shared session. */
export const LOGIN_FROM_CHOICES = [
  choice('ST', 'SSH 终端', 'SSH Terminal', 'SSH ターミナル'),
  choice('RT', 'RDP 终端', 'RDP Terminal', 'RDP ターミナル'),
  choice('WT', 'Web 终端', 'Web Terminal', 'Web ターミナル'),
  choice('DT', '数据库终端', 'DB Terminal', 'DB ターミナル'),
];

const JOINABLE = new Set(['ssh', 'vnc', 'rdp', 'telnet', 'k8s']);

export const canJoin = (row: StoredRow): boolean =>
  Number(row.is_finished) !== 1 && row.login_from !== 'RT' && JOINABLE.has(String(row.protocol));

/**
 * Terminal sessions (`terminal.Session`, org-scoped): created, updated and finished by the component that
 * carries them (docs/terminal.md#sessions), in the org of the asset (the signed X-JMS-ORG). Replays,
 * termination and joining are the routes of server/src/terminal.
 */
export const sessionResource = defineResource({
  name: TERMINAL_SESSION,
  url: '/api/v1/terminal/sessions/',
  table: TERMINAL_TABLES.session,
  orgScoped: true,
  journal: false,
  label: l('会话', 'Session', 'セッション'),
  fields: {
    user: { kind: 'string', label: LABELS.user, maxLength: 128, required: true, column: 'user_display' },
    asset: { kind: 'string', label: l('资产', 'Asset', '資産'), maxLength: 128, required: true },
    system_user: {
      kind: 'string',
      label: l('系统用户', 'System user', 'システムユーザー'),
      maxLength: 128,
      required: true,
    },
    user_id: { kind: 'string', label: l('用户 ID', 'User ID', 'ユーザー ID'), maxLength: 36, default: '' },
    asset_id: { kind: 'string', label: l('资产 ID', 'Asset ID', '資産 ID'), maxLength: 36, default: '' },
    system_user_id: {
      kind: 'string',
      label: l('系统用户 ID', 'System user ID', 'システムユーザー ID'),
      maxLength: 36,
      default: '',
    },
    login_from: {
      kind: 'choice',
      label: l('登录来源', 'Login from', 'ログイン元'),
      choices: LOGIN_FROM_CHOICES,
      default: 'ST',
      display: true,
    },
    remote_addr: {
      kind: 'string',
      label: l('远端地址', 'Remote addr', 'リモートアドレス'),
      maxLength: 128,
      nullable: true,
    },
    protocol: {
      kind: 'choice',
      label: l('协议', 'Protocol', 'プロトコル'),
      choices: PROTOCOLS.map((value) => {
        const label = PROTOCOL_LABELS[value] ?? value;
        return choice(value, label, label, label);
      }),
      default: 'ssh',
    },
    is_success: { kind: 'boolean', label: l('是否成功', 'Is success', '成功'), default: true },
    is_finished: { kind: 'boolean', label: l('是否结束', 'Is finished', '終了'), default: false },
    has_replay: { kind: 'boolean', label: l('有录像', 'Has replay', 'リプレイあり'), default: false },
    date_start: {
      kind: 'datetime',
      label: l('开始日期', 'Date start', '開始日'),
      default: () => Date.now(),
    },
    date_end: { kind: 'datetime', label: l('结束日期', 'Date end', '終了日'), nullable: true },
    terminal: {
      kind: 'fk',
      to: TERMINAL_TERMINAL,
      label: l('终端', 'Terminal', 'ターミナル'),
      nullable: true,
      ...readOnly,
    },
    can_replay: {
      kind: 'boolean',
      label: l('可回放', 'Can replay', '再生可能'),
      readOnly: true,
      compute: (row) => Number(row.has_replay) === 1,
    },
    can_join: {
      kind: 'boolean',
      label: l('可加入', 'Can join', '参加可能'),
      readOnly: true,
      compute: canJoin,
    },
    can_terminate: {
      kind: 'boolean',
      label: l('可终断', 'Can terminate', '終了可能'),
      readOnly: true,
      compute: (row) => Number(row.is_finished) !== 1,
    },
    command_amount: {
      kind: 'integer',
      label: l('命令数量', 'Command amount', 'コマンド数'),
      readOnly: true,
      computeMany: (rows, ctx, resources) =>
        Promise.all(
          rows.map((row) =>
            resources
              .get(TERMINAL_COMMAND)
              // Commands are listed per session or storage only (commands.ts): this count names its session.
              .count(
                { field: 'session', op: 'eq', value: row.id },
                { ...ctx, query: { session_id: String(row.id) } },
              ),
          ),
        ),
    },
  },
  searchFields: ['user', 'asset', 'system_user', 'remote_addr', 'protocol', 'login_from'],
  filterFields: [
    'user',
    'asset',
    'system_user',
    'remote_addr',
    'protocol',
    'is_finished',
    'login_from',
    'terminal',
    'user_id',
  ],
  orderingFields: ['date_start', 'date_end', 'user', 'asset'],
  defaultOrdering: ['-date_start'],
  fieldsMini: ['id', 'user', 'asset', 'date_start', 'is_finished'],
  dateRangeField: 'date_start',
  bulkDelete: false,
  disabledActions: ['delete'],
  hooks: {
    // The calling component is the session's terminal; a person's write names none.
    beforeSave: async (data, ctx, existing, resources) => {
      if (!existing) {
        const component = await callingComponent(ctx, resources);
        if (component) data.terminal = component.id;
      }
      // A finished session ends now unless the component says when.
      if (data.is_finished && !data.date_end && !existing?.date_end) data.date_end = Date.now();
    },
  },
});
