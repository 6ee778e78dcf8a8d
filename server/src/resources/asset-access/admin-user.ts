import { defineResource, type ResourceDeclaration } from '../../engine/declaration';
import { l } from '../label';
import type { SecretDeps } from './secrets';
import { SYSTEM_USER_TABLE, systemUserFields, systemUserHooks } from './system-user';

const ADMIN_FIELDS = [
  'name',
  'username',
  'password',
  'public_key',
  'private_key',
  'passphrase',
  'cmd_filters',
  'assets_amount',
  'applications_amount',
  'nodes',
  'type',
  'protocol',
  'priority',
  'sftp_root',
  'ssh_key_fingerprint',
  'su_enabled',
  'su_from',
  'created_by',
  'date_created',
  'date_updated',
  'comment',
];

/**
 * Admin users (docs/resources.md#system-users): v2.21's compatibility view over the system users of type
 * admin — the same rows and permissions; a write here is always an admin SSH user.
 */
export function adminUserResource(deps: SecretDeps): ResourceDeclaration {
  const all = systemUserFields();
  const fields = Object.fromEntries(ADMIN_FIELDS.map((name) => [name, all[name]!]));
  const hooks = systemUserHooks(deps, 'assets.adminuser');
  return defineResource({
    name: 'assets.adminuser',
    url: '/api/v1/assets/admin-users/',
    table: SYSTEM_USER_TABLE,
    orgScoped: true,
    label: l('特权用户', 'Admin user', '管理ユーザー'),
    fields,
    searchFields: ['name', 'username'],
    filterFields: ['name', 'username'],
    orderingFields: ['name'],
    defaultOrdering: ['name'],
    fieldsMini: ['id', 'name', 'username'],
    fieldsSmall: ['id', 'name', 'username', 'comment'],
    dateRangeField: 'date_created',
    bulkDelete: 'org',
    permissions: {
      view: 'assets.view_systemuser',
      add: 'assets.add_systemuser',
      change: 'assets.change_systemuser',
      delete: 'assets.delete_systemuser',
    },
    hooks: {
      ...hooks,
      scope: () => ({ field: 'type', op: 'eq', value: 'admin' }),
      beforeSave: async (data, ctx, existing, resources, batch) => {
        data.type = 'admin';
        await hooks?.beforeSave?.(data, ctx, existing, resources, batch);
      },
    },
  });
}
