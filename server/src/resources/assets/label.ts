import { defineResource } from '../../engine/declaration';
import { assetMessage } from './messages';
import { l } from '../label';
import { ASSET_LABELS_LINK } from './link-tables';

/**
 * Labels (docs/resources.md#labels): org-scoped, `(name, value)` unique per org, the reverse side of
 * Asset.labels.
 */
export const labelResource = defineResource({
  name: 'assets.label',
  url: '/api/v1/assets/labels/',
  table: 'assets_label',
  orgScoped: true,
  label: l('标签', 'Label', 'ラベル'),
  fields: {
    name: { kind: 'string', label: l('名称', 'Name', '名前'), required: true, maxLength: 128 },
    value: { kind: 'string', label: l('值', 'Value', '値'), required: true, maxLength: 128 },
    category: {
      kind: 'choice',
      label: l('分类', 'Category', 'カテゴリ'),
      readOnly: true,
      maxLength: 128,
      default: 'U',
      display: true,
      choices: [
        { value: 'S', label: l('系统', 'System', 'システム') },
        { value: 'U', label: l('用户', 'User', 'ユーザー') },
      ],
    },
    is_active: { kind: 'boolean', label: l('激活', 'Is active', 'アクティブです。'), default: true },
    date_created: {
      kind: 'datetime',
      label: l('创建日期', 'Date created', '作成日'),
      readOnly: true,
      default: () => Date.now(),
    },
    comment: { kind: 'text', label: l('备注', 'Comment', '備考'), nullable: true, default: null },
    asset_count: {
      kind: 'integer',
      label: l('资产数量', 'Assets amount', 'アセット数'),
      readOnly: true,
      computeMany: async (rows, _ctx, resources) => {
        const linked = await resources.get('assets.label').linkedMany(
          'assets',
          rows.map((row) => String(row.id)),
        );
        return rows.map((row) => linked.get(String(row.id))?.length ?? 0);
      },
    },
    assets: {
      kind: 'm2m',
      label: l('资产', 'Assets', 'アセット'),
      to: 'assets.asset',
      // The same link table as Asset.labels, seen from the label's side.
      through: { table: ASSET_LABELS_LINK.table, sourceColumn: 'label_id', targetColumn: 'asset_id' },
    },
  },
  searchFields: ['name', 'value'],
  filterFields: ['name', 'value'],
  orderingFields: ['name', 'value', 'date_created'],
  defaultOrdering: ['name', 'value'],
  fieldsMini: ['id', 'name', 'value'],
  fieldsSmall: ['id', 'name', 'value', 'category', 'is_active', 'comment'],
  dateRangeField: 'date_created',
  bulkDelete: 'org',
  hooks: {
    // Labels made through the API are user labels; `S` is for system-made ones (read-only field).
    beforeSave: (data, _ctx, existing) => {
      if (existing === null && data.category === undefined) data.category = 'U';
    },
    // (name, value) is unique per org (v2.21 unique_together): checked here until declarations can say it.
    validate: async (data, ctx, existing, resources) => {
      const name = data.name ?? existing?.name;
      const value = data.value ?? existing?.value;
      if (typeof name !== 'string' || typeof value !== 'string') return null;
      const clash = await resources.get('assets.label').find(
        {
          allOf: [
            { field: 'name', op: 'eq', value: name },
            { field: 'value', op: 'eq', value },
            ...(existing ? [{ field: 'id', op: 'ne' as const, value: existing.id }] : []),
          ],
        },
        ctx,
      );
      return clash.length > 0 ? { non_field_errors: [assetMessage('labelTaken', ctx.language)] } : null;
    },
  },
});
