import { defineResource } from '../../engine/declaration';
import { l } from '../label';
import { reverseCount, STAMP_FIELDS } from './common-fields';

/**
 * Domains (docs/resources.md#domains-and-gateways): a network zone whose assets are reached through one of
 * its gateways. `assets` is the reverse of Asset.domain: writing it re-points those assets.
 */
export const domainResource = defineResource({
  name: 'assets.domain',
  url: '/api/v1/assets/domains/',
  table: 'assets_domain',
  orgScoped: true,
  label: l('网域', 'Domain', 'ドメイン'),
  fields: {
    name: { kind: 'string', label: l('名称', 'Name', '名前'), required: true, maxLength: 128, unique: 'org' },
    asset_count: reverseCount(l('资产数量', 'Assets amount', 'アセット数'), 'assets.asset', 'domain'),
    application_count: {
      kind: 'integer',
      label: l('应用数量', 'Applications amount', 'アプリケーション数'),
      readOnly: true,
      // No application resource exists yet: nothing is counted, truthfully.
      compute: () => 0,
    },
    gateway_count: reverseCount(
      l('网关数量', 'Gateways amount', 'ゲートウェイ数'),
      'assets.gateway',
      'domain',
    ),
    assets: {
      kind: 'm2m',
      label: l('资产', 'Assets', 'アセット'),
      to: 'assets.asset',
      virtual: true,
      computeMany: async (rows, ctx, resources) => {
        const ids = rows.map((row) => String(row.id));
        const assets = ids.length
          ? await resources.get('assets.asset').find({ field: 'domain', op: 'in', values: ids }, ctx)
          : [];
        return rows.map((row) => assets.filter((a) => a.domain === row.id).map((a) => String(a.id)));
      },
    },
    ...STAMP_FIELDS,
  },
  searchFields: ['name'],
  filterFields: ['name'],
  orderingFields: ['name'],
  defaultOrdering: ['name'],
  fieldsMini: ['id', 'name'],
  fieldsSmall: ['id', 'name', 'comment', 'date_created'],
  dateRangeField: 'date_created',
  bulkDelete: 'org',
  hooks: {
    afterSave: async (row, ctx, _created, input, resources) => {
      if (!Array.isArray(input.assets)) return;
      const assets = resources.get('assets.asset');
      const wanted = new Set(input.assets.map(String));
      const current = await assets.find({ field: 'domain', op: 'eq', value: row.id }, ctx);
      for (const asset of current)
        if (!wanted.has(String(asset.id))) await assets.setColumns(String(asset.id), { domain: null });
      for (const id of wanted) await assets.setColumns(id, { domain: row.id });
    },
    beforeDelete: async (row, ctx, resources) => {
      const assets = resources.get('assets.asset');
      for (const asset of await assets.find({ field: 'domain', op: 'eq', value: row.id }, ctx))
        await assets.setColumns(String(asset.id), { domain: null });
      const gateways = resources.get('assets.gateway');
      for (const gateway of await gateways.find({ field: 'domain', op: 'eq', value: row.id }, ctx))
        await gateways.delete(String(gateway.id), ctx);
    },
  },
});
