import { defineResource } from '../../engine/declaration';
import { l } from '../label';
import { STAMP_FIELDS } from './common-fields';

/**
 * Command filters (docs/resources.md#command-filters): named sets of rules bound to users, groups, assets
 * and system users; the rules live under `cmd-filters/{id}/rules/` (./command-filter-rule.ts).
 */
export const commandFilterResource = defineResource({
  name: 'assets.commandfilter',
  url: '/api/v1/assets/cmd-filters/',
  table: 'assets_commandfilter',
  orgScoped: true,
  label: l('命令过滤', 'Command filter', 'コマンドフィルター'),
  fields: {
    name: { kind: 'string', label: l('名称', 'Name', '名前'), required: true, maxLength: 64, unique: 'org' },
    is_active: { kind: 'boolean', label: l('激活', 'Is active', 'アクティブです。'), default: true },
    rules: {
      kind: 'json',
      label: l('规则', 'Rules', 'ルール'),
      readOnly: true,
      computeMany: async (rows, ctx, resources) => {
        const ids = rows.map((row) => String(row.id));
        const rules = ids.length
          ? await resources
              .get('assets.commandfilterrule')
              .find({ field: 'filter', op: 'in', values: ids }, ctx)
          : [];
        return rows.map((row) =>
          rules.filter((rule) => rule.filter === row.id).map((rule) => String(rule.id)),
        );
      },
    },
    users: { kind: 'm2m', label: l('用户', 'Users', 'ユーザー'), to: 'users.user' },
    user_groups: {
      kind: 'm2m',
      label: l('用户组', 'User groups', 'ユーザーグループ'),
      to: 'users.usergroup',
    },
    system_users: {
      kind: 'm2m',
      label: l('系统用户', 'System users', 'システムユーザー'),
      to: 'assets.systemuser',
      through: {
        table: 'assets_commandfilter_system_users',
        sourceColumn: 'commandfilter_id',
        targetColumn: 'systemuser_id',
      },
    },
    assets: { kind: 'm2m', label: l('资产', 'Assets', 'アセット'), to: 'assets.asset' },
    ...STAMP_FIELDS,
  },
  searchFields: ['name'],
  filterFields: ['name'],
  orderingFields: ['name', 'date_created'],
  defaultOrdering: ['name'],
  fieldsMini: ['id', 'name'],
  fieldsSmall: ['id', 'name', 'is_active', 'comment'],
  dateRangeField: 'date_created',
  bulkDelete: 'org',
  hooks: {
    beforeDelete: async (row, ctx, resources) => {
      const rules = resources.get('assets.commandfilterrule');
      for (const rule of await rules.find({ field: 'filter', op: 'eq', value: row.id }, ctx))
        await rules.delete(String(rule.id), ctx);
    },
  },
});
