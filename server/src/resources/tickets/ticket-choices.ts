import type { Choice, Language } from '../../engine/declaration';
import { choice } from '../label';

/**
 * The enumerations of docs/tickets.md#words, docs/tickets.md#flows, with their labels in the console
 * languages.
 */

export const TICKET_TYPES = [
  'general',
  'login_confirm',
  'apply_asset',
  'apply_application',
  'login_asset_confirm',
  'command_confirm',
] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

export const TYPE_CHOICES: readonly Choice[] = [
  choice('general', '一般', 'General', '一般'),
  choice('login_confirm', '登录复核', 'Login confirm', 'ログイン確認'),
  choice('apply_asset', '申请资产', 'Apply for asset', '資産の申請'),
  choice('apply_application', '申请应用', 'Apply for application', 'アプリケーションの申請'),
  choice('login_asset_confirm', '登录资产复核', 'Login asset confirm', 'ログイン資産確認'),
  choice('command_confirm', '命令复核', 'Command confirm', 'コマンド確認'),
];

export const isTicketType = (value: unknown): value is TicketType =>
  typeof value === 'string' && (TICKET_TYPES as readonly string[]).includes(value);

export type TicketState = 'open' | 'approved' | 'rejected' | 'closed';
export type TicketStatus = 'open' | 'closed';
export type StepState = 'notified' | 'approved' | 'rejected' | 'closed';

export const STATE_CHOICES: readonly Choice[] = [
  choice('open', '打开', 'Open', 'オープン'),
  choice('approved', '已同意', 'Approved', '承認済み'),
  choice('rejected', '已拒绝', 'Rejected', '拒否'),
  choice('closed', '关闭', 'Closed', 'クローズ'),
];

export const STATUS_CHOICES: readonly Choice[] = [
  choice('open', '打开', 'Open', 'オープン'),
  choice('closed', '关闭', 'Closed', 'クローズ'),
];

export const LEVEL_CHOICES: readonly Choice[] = [
  choice(1, '一级', 'One level', '1つのレベル'),
  choice(2, '二级', 'Two level', '2つのレベル'),
];

export const MAX_APPROVAL_LEVEL = 2;

export const STRATEGIES = ['super_admin', 'org_admin', 'super_org_admin', 'custom_user'] as const;
export type Strategy = (typeof STRATEGIES)[number];

export const STRATEGY_CHOICES: readonly Choice[] = [
  choice('super_admin', '超级管理员', 'Super admin', 'スーパー管理者'),
  choice('org_admin', '组织管理员', 'Org admin', '組織管理者'),
  choice(
    'super_org_admin',
    '超级管理员和组织管理员',
    'Super admin and org admin',
    'スーパー管理者と組織管理者',
  ),
  choice('custom_user', '自定义用户', 'Custom user', 'カスタムユーザー'),
];

export const isStrategy = (value: unknown): value is Strategy =>
  typeof value === 'string' && (STRATEGIES as readonly string[]).includes(value);

/** The label of a choice value in one language; the raw value when unknown. */
export function choiceLabel(choices: readonly Choice[], value: unknown, language: Language): string {
  const found = choices.find((item) => String(item.value) === String(value));
  return found ? found.label[language] : String(value ?? '');
}
