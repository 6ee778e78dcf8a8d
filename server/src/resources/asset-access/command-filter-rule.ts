import { defineResource, type FieldErrors, type StoredRow } from '../../engine/declaration';
import { ApiError } from '../../http/api-error';
import { choice, l } from '../label';
import { STAMP_FIELDS } from './common-fields';
import { accessMessage } from './messages';

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The regular expression a rule matches commands with: a regex rule's content as written; a command rule's
 * lines (one command each) as whole words.
 */
export function rulePattern(type: unknown, content: unknown): string {
  const text = String(content ?? '');
  if (type === 'regex') return text;
  const commands = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return commands.length ? `\\b(${commands.map(escapeRegex).join('|')})\\b` : '';
}

/** The filter a nested URL (`cmd-filters/{filter_pk}/rules/`) names. */
const filterOf = (query: Readonly<Record<string, string>> | undefined): string | null =>
  query?.filter_pk ?? null;

/**
 * Command filter rules (docs/resources.md#command-filters), nested under their filter: the list shows the
 * rules of the filter in the URL, a create attaches to it. Priority 1–100 (lower first), regex or command
 * list, ignore case, deny / allow / confirm with reviewers.
 */
export const commandFilterRuleResource = defineResource({
  name: 'assets.commandfilterrule',
  url: '/api/v1/assets/cmd-filters/:filter_pk/rules/',
  table: 'assets_commandfilterrule',
  orgScoped: true,
  label: l('命令过滤规则', 'Command filter rule', 'コマンドフィルタルール'),
  fields: {
    type: {
      kind: 'choice',
      label: l('类型', 'Type', 'タイプ'),
      default: 'command',
      display: true,
      choices: [
        choice('regex', '正则表达式', 'Regex', '正規情報'),
        choice('command', '命令', 'Command', 'コマンド'),
      ],
    },
    content: {
      kind: 'text',
      label: l('内容', 'Content', 'コンテンツ'),
      required: true,
      helpText: l('每行一个命令', 'One line one command', '1行1コマンド'),
    },
    ignore_case: {
      kind: 'boolean',
      label: l('忽略大小写', 'Ignore case', '大文字小文字を無視'),
      default: true,
    },
    pattern: {
      kind: 'string',
      label: l('模式', 'Pattern', 'パターン'),
      readOnly: true,
      compute: (row) => rulePattern(row.type, row.content),
    },
    priority: {
      kind: 'integer',
      label: l('优先级', 'Priority', '優先順位'),
      default: 50,
      minValue: 1,
      maxValue: 100,
      helpText: l(
        '优先级可选范围为 1-100 (数值越小越优先)',
        'Priority 1-100 (a lower value comes first)',
        '優先度は1〜100（値が小さいほど優先）',
      ),
    },
    action: {
      kind: 'choice',
      label: l('动作', 'Action', 'アクション'),
      default: 0,
      display: true,
      choices: [
        choice(0, '拒绝', 'Deny', '拒否'),
        choice(9, '允许', 'Allow', '許可'),
        choice(2, '复核', 'Reconfirm', '再確認'),
      ],
    },
    reviewers: { kind: 'm2m', label: l('复核人', 'Reviewers', 'レビュー担当者'), to: 'users.user' },
    filter: {
      kind: 'fk',
      to: 'assets.commandfilter',
      label: l('过滤器', 'Filter', 'フィルター'),
      readOnly: true,
    },
    ...STAMP_FIELDS,
    comment: { kind: 'string', label: l('备注', 'Comment', '備考'), maxLength: 64, default: '' },
  },
  searchFields: ['content'],
  filterFields: ['content', 'type', 'action'],
  orderingFields: ['priority', 'action', 'date_created'],
  defaultOrdering: ['priority', 'action'],
  fieldsMini: ['id', 'type', 'content'],
  dateRangeField: 'date_created',
  bulkDelete: 'org',
  hooks: {
    scope: (ctx) => {
      const filter = filterOf(ctx.query);
      return filter ? { field: 'filter', op: 'eq', value: filter } : null;
    },
    validate: (data: StoredRow, ctx, existing) => {
      const errors: FieldErrors = {};
      const type = data.type ?? existing?.type ?? 'command';
      const content = data.content ?? existing?.content;
      if (data.type !== undefined || data.content !== undefined) {
        try {
          new RegExp(rulePattern(type, content));
        } catch (error) {
          errors.content = [
            accessMessage('regexInvalid', ctx.language, { reason: (error as Error).message }),
          ];
        }
      }
      return Object.keys(errors).length > 0 ? errors : null;
    },
    beforeSave: async (data, ctx, existing, resources) => {
      if (existing) return;
      const filter = filterOf(ctx.query);
      const found = filter ? await resources.get('assets.commandfilter').get(filter, ctx) : null;
      if (!found) throw new ApiError(400, accessMessage('filterUnknown', ctx.language), 'invalid');
      data.filter = found.id;
    },
  },
});
