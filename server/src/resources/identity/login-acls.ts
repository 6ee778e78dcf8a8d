import net from 'node:net';
import { defineResource, type FieldErrors, type ResourceDeclaration } from '../../engine/declaration';
import { LABELS, choice, l } from '../label';
import { fkDisplayField } from '../../engine/fk-display';

export const ALL_DAY_PERIODS = [0, 1, 2, 3, 4, 5, 6].map((id) => ({ id, value: '00:00~00:00' }));

const RANGE = /^([01]\d|2[0-3]):[0-5]\d~([01]\d|2[0-3]):[0-5]\d$/;

/** `*`, an address, a CIDR or a range `a-b` (IPv4 or IPv6), as login ACL rules accept them. */
export function isIpRule(item: string): boolean {
  if (item === '*') return true;
  if (item.includes('/')) {
    const [address = '', bits = ''] = item.split('/');
    const family = net.isIP(address);
    return family !== 0 && /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  }
  if (item.includes('-')) {
    const [from = '', to = ''] = item.split('-');
    return net.isIP(from) !== 0 && net.isIP(from) === net.isIP(to);
  }
  return net.isIP(item) !== 0;
}

/** rules.ip_group / rules.time_period checks (docs/auth.md#login-acls); errors nested under `rules`. */
function checkRules(rules: unknown): FieldErrors | null {
  if (rules === null || typeof rules !== 'object' || Array.isArray(rules)) return null;
  const { ip_group: ipGroup, time_period: timePeriod } = rules as Record<string, unknown>;
  const errors: FieldErrors = {};
  if (ipGroup !== undefined) {
    if (!Array.isArray(ipGroup) || ipGroup.length === 0 || ipGroup.length > 1000)
      errors.ip_group = ['Expected a non-empty list of IP rules.'];
    else {
      const bad = ipGroup.find(
        (item) => typeof item !== 'string' || item.length > 1024 || !isIpRule(item.trim()),
      );
      if (bad !== undefined)
        errors.ip_group = [`"${String(bad).slice(0, 100)}" is not a valid IP, CIDR or range.`];
    }
  }
  if (timePeriod !== undefined) {
    const valid =
      Array.isArray(timePeriod) &&
      timePeriod.length <= 7 &&
      timePeriod.every((entry) => {
        if (entry === null || typeof entry !== 'object') return false;
        const { id, value } = entry as { id?: unknown; value?: unknown };
        if (!Number.isInteger(id) || (id as number) < 0 || (id as number) > 6 || typeof value !== 'string')
          return false;
        return value === '' || value.split('、').every((range) => RANGE.test(range.trim()));
      });
    if (!valid) errors.time_period = ['Expected 7 entries {id: 0..6, value: "HH:MM~HH:MM、…"}.'];
  }
  return Object.keys(errors).length > 0 ? { rules: errors } : null;
}

export function loginAclResource(): ResourceDeclaration {
  return defineResource({
    name: 'acls.loginacl',
    url: '/api/v1/acls/login-acls/',
    table: 'login_acls',
    orgScoped: false,
    label: l('登录访问控制', 'Login acl', 'ログインACL'),
    fields: {
      name: { kind: 'string', label: LABELS.name, required: true, maxLength: 128 },
      priority: {
        kind: 'integer',
        label: l('优先级', 'Priority', '優先順位'),
        default: 50,
        minValue: 1,
        maxValue: 100,
        helpText: l(
          '1-100, 低优先级会被优先匹配',
          '1-100, the lower the value will be match first',
          '1-100、低い値が最初に一致します',
        ),
      },
      rules: {
        kind: 'nested',
        label: l('规则', 'Rule', 'ルール'),
        required: true,
        children: {
          ip_group: {
            kind: 'json',
            label: l('IP/网段组', 'IP/Network segment group', 'IP/ネットワークセグメントグループ'),
            default: ['*'],
            helpText: l(
              '格式为逗号分隔的字符串, * 表示匹配所有.',
              'Format for comma-delimited string, with * indicating a match all.',
              'カンマ区切りの文字列の形式、* はすべて一致することを示します。',
            ),
          },
          time_period: { kind: 'json', label: l('时段', 'Time Period', '期間'), default: ALL_DAY_PERIODS },
        },
      },
      action: {
        kind: 'choice',
        label: l('动作', 'Action', 'アクション'),
        default: 'reject',
        maxLength: 64,
        display: true,
        choices: [
          choice('reject', '拒绝', 'Reject', '拒否'),
          choice('allow', '允许', 'Allow', '許可'),
          choice('confirm', '登录复核', 'Login confirm', 'ログイン確認'),
        ],
      },
      is_active: { kind: 'boolean', label: LABELS.isActive, default: true },
      user: { kind: 'fk', to: 'users.user', label: LABELS.user, required: true },
      user_display: fkDisplayField({
        fk: 'user',
        to: 'users.user',
        label: l('用户名', 'Username', 'ユーザー名'),
        text: (user) => String(user.username),
        acrossOrgs: true,
      }),
      date_created: { kind: 'datetime', label: LABELS.dateCreated, readOnly: true },
      date_updated: { kind: 'datetime', label: LABELS.dateUpdated, readOnly: true },
      reviewers: {
        kind: 'm2m',
        to: 'users.user',
        label: l('审批人', 'Reviewers', 'レビュー担当者'),
        default: () => [],
      },
      reviewers_amount: {
        kind: 'integer',
        label: l('审批人数量', 'Reviewers amount', 'レビュー担当者数'),
        readOnly: true,
        compute: async (row, _ctx, resources) =>
          (await resources.get('acls.loginacl').linked('reviewers', String(row.id))).length,
      },
      comment: { kind: 'text', label: LABELS.comment, default: '' },
      created_by: { kind: 'string', label: LABELS.createdBy, readOnly: true, maxLength: 32 },
    },
    searchFields: ['name'],
    filterFields: ['name', 'user', 'action', 'is_active'],
    customFilters: {
      user_display: (value) => ({
        field: 'user',
        op: 'inSubquery',
        subquery: { table: 'users', column: 'id', where: { name: value } },
      }),
    },
    orderingFields: ['priority', 'date_updated', 'name'],
    defaultOrdering: ['priority', '-date_updated', 'name'],
    fieldsMini: ['id', 'name'],
    bulkDelete: 'ids',
    hooks: {
      validate: (data) => {
        const errors = checkRules(data.rules);
        if (errors) return errors;
        if (data.rules && typeof data.rules === 'object') {
          const rules = data.rules as Record<string, unknown>;
          if (Array.isArray(rules.ip_group))
            rules.ip_group = (rules.ip_group as string[]).map((item) => item.trim());
        }
        return null;
      },
    },
  });
}
