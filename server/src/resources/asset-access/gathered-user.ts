import { defineResource, type StoredRow } from '../../engine/declaration';
import { fkDisplayField } from '../../engine/fk-display';
import { GATHER_ACTION } from '../../ops/gather-users';
import { l } from '../label';
import { ASSET_ROW_FILTERS } from './asset-row-filters';
import { STAMP_FIELDS } from './common-fields';

const assetText =
  (field: string) =>
  (asset: StoredRow): string =>
    String(asset[field] ?? '');

/**
 * Gathered users (docs/accounts.md#gathered-users): the local users found on each asset by a gathering
 * over SSH (server/src/ops/gather-users.ts), with their last login. Read-only through the API (add, change
 * and delete are disabled, so the fields need no read-only marks): only a gathering writes them; a user gone from the host stays listed with `present` false.
 */
export const gatheredUserResource = defineResource({
  name: 'assets.gathereduser',
  url: '/api/v1/assets/gathered-users/',
  table: 'assets_gathereduser',
  orgScoped: true,
  label: l('收集用户', 'Gathered user', '収集ユーザー'),
  fields: {
    username: { kind: 'string', label: l('用户名', 'Username', 'ユーザー名'), maxLength: 32 },
    ip_last_login: {
      kind: 'string',
      label: l('最后登录IP', 'IP last login', '最終ログインIP'),
      maxLength: 39,
      default: '',
    },
    present: { kind: 'boolean', label: l('存在', 'Present', '存在'), default: true },
    date_last_login: {
      kind: 'datetime',
      label: l('最后登录日期', 'Date last login', '最終ログイン日'),
      nullable: true,
    },
    asset: { kind: 'fk', to: 'assets.asset', label: l('资产', 'Asset', 'アセット') },
    hostname: fkDisplayField({
      fk: 'asset',
      to: 'assets.asset',
      label: l('主机名', 'Hostname', 'ホスト名'),
      text: assetText('hostname'),
    }),
    ip: fkDisplayField({
      fk: 'asset',
      to: 'assets.asset',
      label: l('IP', 'IP', 'IP'),
      text: assetText('ip'),
    }),
    date_created: STAMP_FIELDS.date_created!,
    date_updated: STAMP_FIELDS.date_updated!,
  },
  searchFields: ['username', 'asset__ip', 'asset__hostname'],
  filterFields: ['asset', 'username', 'present'],
  customFilters: ASSET_ROW_FILTERS,
  orderingFields: ['username', 'date_last_login', 'date_updated'],
  defaultOrdering: ['asset', 'username'],
  fieldsMini: ['id', 'username'],
  bulkDelete: false,
  disabledActions: ['add', 'change', 'delete'],
  extraActions: [GATHER_ACTION],
});
