import { defineResource, type FieldErrors } from '../../engine/declaration';
import { fkDisplayField } from '../../engine/fk-display';
import { message } from '../../engine/messages';
import { resolveGrants } from '../../perms/granted-assets';
import { l } from '../label';

export const FAVORITE_ASSET = 'assets.favoriteasset';
export const FAVORITE_ASSET_TABLE = 'assets_favoriteasset';
const MY_ASSETS = 'perms.view_myassets';

/**
 * Favourite assets (docs/favorites.md): the signed-in user's own stars on the assets they were granted, for
 * the workbench. Every request sees and changes only its own user's rows; `user` is never sent or accepted
 * (it is always the session's user), and an asset the user was not granted is refused like one that does
 * not exist, so a star reveals nothing about other assets.
 */
export const favoriteAssetResource = defineResource({
  name: FAVORITE_ASSET,
  url: '/api/v1/assets/favorite-assets/',
  table: FAVORITE_ASSET_TABLE,
  orgScoped: false,
  label: l('收藏的资产', 'Favorite asset', 'お気に入りのアセット'),
  fields: {
    user: {
      kind: 'fk',
      to: 'users.user',
      label: l('用户', 'User', 'ユーザー'),
      readOnly: true,
      writeOnly: true,
      nullable: true,
      column: 'user_id',
    },
    asset: {
      kind: 'fk',
      to: 'assets.asset',
      label: l('资产', 'Asset', 'アセット'),
      required: true,
      column: 'asset_id',
    },
    asset_display: fkDisplayField({
      fk: 'asset',
      to: 'assets.asset',
      label: l('资产名称', 'Asset display', 'アセット表示'),
      text: (asset) => `${String(asset.hostname)}(${String(asset.ip)})`,
      acrossOrgs: true,
    }),
    date_created: {
      kind: 'datetime',
      label: l('创建日期', 'Date created', '作成日'),
      readOnly: true,
      default: () => Date.now(),
    },
  },
  searchFields: [],
  filterFields: ['asset'],
  orderingFields: ['date_created'],
  defaultOrdering: ['-date_created'],
  fieldsMini: ['id', 'asset'],
  bulkDelete: 'ids',
  permissions: { view: MY_ASSETS, add: MY_ASSETS, change: MY_ASSETS, delete: MY_ASSETS },
  disabledActions: ['change'],
  hooks: {
    scope: (ctx) => ({ field: 'user', op: 'eq', value: ctx.userId }),
    beforeSave: (data, ctx, existing) => {
      if (existing === null) data.user = ctx.userId;
    },
    validate: async (data, ctx, _existing, resources): Promise<FieldErrors | null> => {
      if (typeof data.asset !== 'string') return null;
      const grants = await resolveGrants(resources, ctx);
      if (!grants.actions.has(data.asset))
        return { asset: [message('pkMissing', ctx.language, { value: data.asset })] };
      const taken = await resources
        .get(FAVORITE_ASSET)
        .count({ field: 'asset', op: 'eq', value: data.asset }, ctx);
      return taken > 0 ? { non_field_errors: ['The fields user, asset must make a unique set.'] } : null;
    },
  },
});
