import { defineResource, type StoredRow } from '../../engine/declaration';
import { ApiError } from '../../http/api-error';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { PLATFORM_BASES } from './builtin-platforms';
import { assetMessage } from './messages';
import { l } from '../label';

const isInternal = (row: StoredRow | null): boolean =>
  row !== null && (row.internal === true || row.internal === 1);

/** Platforms (docs/resources.md#platforms): global, integer ids; the seeded internal ones are read-only. */
export const platformResource = defineResource({
  name: 'assets.platform',
  url: '/api/v1/assets/platforms/',
  table: 'assets_platform',
  orgScoped: false,
  label: l('系统平台', 'Platform', 'プラットフォーム'),
  fields: {
    id: { kind: 'integer', label: l('ID', 'ID', 'ID'), readOnly: true },
    name: {
      kind: 'string',
      label: l('名称', 'Name', '名前'),
      required: true,
      maxLength: 50,
      unique: true,
    },
    base: {
      kind: 'choice',
      label: l('基础', 'Base', 'ベース'),
      maxLength: 16,
      default: 'Linux',
      // v2.21 shows the base names untranslated in every language.
      choices: PLATFORM_BASES.map((base) => ({ value: base, label: l(base, base, base) })),
    },
    charset: {
      kind: 'choice',
      label: l('编码', 'Charset', '文字セット'),
      maxLength: 8,
      default: 'utf8',
      choices: [
        { value: 'utf8', label: l('UTF-8', 'UTF-8', 'UTF-8') },
        { value: 'gbk', label: l('GBK', 'GBK', 'GBK') },
      ],
    },
    // Read-only here (writable in v2.21): a client that could set it would make platforms undeletable.
    internal: { kind: 'boolean', label: l('内部', 'Internal', '内部'), readOnly: true, default: false },
    meta: { kind: 'json', label: l('元数据', 'Meta', 'メタ'), nullable: true, default: null },
    comment: { kind: 'text', label: l('备注', 'Comment', '備考'), nullable: true, default: null },
  },
  searchFields: ['name'],
  filterFields: ['name', 'base'],
  orderingFields: ['id', 'name', 'base'],
  defaultOrdering: ['id'],
  fieldsMini: ['id', 'name'],
  fieldsSmall: ['id', 'name', 'base', 'charset', 'internal', 'comment'],
  bulkDelete: 'ids',
  hooks: {
    beforeSave: (data, ctx, existing) => {
      // `internal` is read-only, so validation gives it no default: a platform made over the API is custom.
      if (existing === null) data.internal = false;
      if (isInternal(existing))
        throw new ApiError(403, assetMessage('platformInternal', ctx.language), 'permission_denied');
    },
    beforeDelete: async (row, ctx, resources) => {
      if (isInternal(row))
        throw new ApiError(403, assetMessage('platformInternal', ctx.language), 'permission_denied');
      // v2.21 Asset.platform is on_delete=PROTECT: a platform still used by an asset stays (any org).
      const used = await resources
        .get('assets.asset')
        .count({ field: 'platform', op: 'eq', value: row.name }, { ...ctx, orgId: ROOT_ORG_ID });
      if (used > 0)
        throw new ApiError(400, assetMessage('platformInUse', ctx.language), 'referenced_by_others');
    },
  },
});
