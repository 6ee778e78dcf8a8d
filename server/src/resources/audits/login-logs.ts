import { LOGIN_BACKENDS } from '../../auth/login-audit';
import { defineResource } from '../../engine/declaration';
import { choice, l } from '../label';
import { datetimeField, readOnly, userIdField } from './log-fields';
import { membersOnly } from './member-scope';
import { AUDIT_LOGIN_LOG, AUDIT_TABLES } from './names';

const BACKEND_LABELS: Record<string, ReturnType<typeof l>> = {
  [LOGIN_BACKENDS.password]: l('密码', 'Password', 'パスワード'),
  [LOGIN_BACKENDS.tempToken]: l('临时密码', 'Temporary token', '一時パスワード'),
};

/** Why a sign-in failed: v2.21's reason codes (docs/audit.md#login-logs). */
export const LOGIN_REASONS = [
  choice(
    'password_failed',
    '用户名/密码 校验失败',
    'Username/password check failed',
    'ユーザー名/パスワードの確認に失敗しました',
  ),
  choice('mfa_failed', 'MFA 校验失败', 'MFA failed', 'MFA に失敗しました'),
  choice('user_not_exist', '用户不存在', 'Username does not exist', 'ユーザー名が存在しません'),
  choice('password_expired', '密码已过期', 'Password expired', 'パスワードの有効期限が切れました'),
  choice('user_invalid', '用户无效', 'Disabled or expired', '無効または期限切れ'),
  choice('user_inactive', '用户已禁用', 'This account is inactive.', 'このアカウントは無効です。'),
  choice('user_expired', '用户已失效', 'This account is expired', 'このアカウントは期限切れです'),
  choice('user_blocked', '用户已锁定', 'The account is locked', 'アカウントはロックされています'),
  choice('acl_not_allow', 'ACL 不允许', 'ACL is not allowed', 'ACL は許可されていません'),
  choice('login_confirm_required', '需要登录复核', 'Login confirm required', 'ログインの確認が必要です'),
] as const;

/**
 * Login logs (`audits.UserLoginLog`): one row per sign-in attempt through any door, written by the door
 * itself (audits/login-log.ts). Global rows, listed per organization for its members; read-only.
 */
export const loginLogResource = defineResource({
  name: AUDIT_LOGIN_LOG,
  url: '/api/v1/audits/login-logs/',
  table: AUDIT_TABLES.loginLog,
  orgScoped: false,
  journal: false,
  label: l('登录日志', 'Login log', 'ログインログ'),
  fields: {
    username: { kind: 'string', label: l('用户名', 'Username', 'ユーザー名'), maxLength: 128, ...readOnly },
    type: {
      kind: 'choice',
      label: l('登录类型', 'Login type', 'ログインタイプ'),
      choices: [
        choice('W', 'Web', 'Web', 'Web'),
        choice('T', '终端', 'Terminal', 'ターミナル'),
        choice('U', '未知', 'Unknown', '不明'),
      ],
      display: true,
      ...readOnly,
    },
    ip: { kind: 'string', label: l('登录 IP', 'Login IP', 'ログイン IP'), maxLength: 64, ...readOnly },
    city: {
      kind: 'string',
      label: l('登录城市', 'Login city', 'ログイン都市'),
      maxLength: 254,
      nullable: true,
      ...readOnly,
    },
    user_agent: {
      kind: 'string',
      label: l('用户代理', 'User agent', 'ユーザーエージェント'),
      maxLength: 254,
      nullable: true,
      ...readOnly,
    },
    mfa: {
      kind: 'choice',
      label: l('MFA', 'MFA', 'MFA'),
      choices: [
        choice(0, '禁用', 'Disabled', '無効'),
        choice(1, '启用', 'Enabled', '有効'),
        choice(2, '-', '-', '-'),
      ],
      display: true,
      ...readOnly,
    },
    reason: {
      kind: 'string',
      label: l('原因', 'Reason', '理由'),
      maxLength: 128,
      ...readOnly,
    },
    reason_display: {
      kind: 'string',
      label: l('原因描述', 'Reason display', '理由の説明'),
      readOnly: true,
      compute: (row, ctx) =>
        LOGIN_REASONS.find((reason) => reason.value === row.reason)?.label[ctx.language] ?? '',
    },
    backend: {
      kind: 'string',
      label: l('认证方式', 'Authentication backend', '認証バックエンド'),
      maxLength: 32,
      ...readOnly,
    },
    backend_display: {
      kind: 'string',
      label: l('认证方式', 'Authentication backend', '認証バックエンド'),
      readOnly: true,
      compute: (row, ctx) => BACKEND_LABELS[String(row.backend)]?.[ctx.language] ?? String(row.backend ?? ''),
    },
    status: {
      kind: 'boolean',
      label: l('状态', 'Status', 'ステータス'),
      ...readOnly,
    },
    status_display: {
      kind: 'string',
      label: l('状态', 'Status', 'ステータス'),
      readOnly: true,
      compute: (row, ctx) =>
        (Number(row.status) === 1 ? l('成功', 'Success', '成功') : l('失败', 'Failed', '失敗'))[ctx.language],
    },
    datetime: { ...datetimeField, label: l('登录日期', 'Date login', 'ログイン日') },
    // Model-only: whose sign-in it was (org filtering); empty for an unknown username.
    user_id: userIdField,
  },
  searchFields: ['username', 'ip', 'city'],
  filterFields: ['username', 'ip', 'city', 'type', 'status', 'mfa'],
  orderingFields: ['datetime', 'username'],
  defaultOrdering: ['-datetime', 'username'],
  fieldsMini: ['id', 'username', 'datetime', 'status'],
  dateRangeField: 'datetime',
  bulkDelete: false,
  disabledActions: ['add', 'change', 'delete'],
  hooks: { scope: membersOnly },
});
