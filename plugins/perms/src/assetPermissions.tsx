import { ASSET_ACTIONS, crudRoutes, m2mCard, type RelationConfig } from '@bastion/sdk';

export const ASSET_PERMISSIONS_URL = '/api/v1/perms/asset-permissions/';
export const ASSET_PERMISSIONS_PATH = '/console/perms/asset-permissions';

const USERS: RelationConfig = {
  url: '/api/v1/users/users/',
  multiple: true,
  label: (r) => `${String(r.name ?? '')}(${String(r.username ?? '')})`,
  params: { fields_size: 'mini', order: 'name' },
};
const GROUPS: RelationConfig = { url: '/api/v1/users/groups/', multiple: true };
const ASSETS: RelationConfig = {
  url: '/api/v1/assets/assets/',
  multiple: true,
  label: (r) => `${String(r.hostname ?? '')}(${String(r.ip ?? '')})`,
  params: { fields_size: 'mini' },
};
const NODES: RelationConfig = {
  url: '/api/v1/assets/nodes/',
  multiple: true,
  label: (r) => String(r.full_value ?? r.value ?? r.id),
};

const card = (field: string, title: string, select: RelationConfig) =>
  m2mCard({ field, title, select, permission: 'perms.change_assetpermission' });
const cards = [
  card('users', 'assetPermission.users', USERS),
  card('user_groups', 'assetPermission.userGroups', GROUPS),
  card('assets', 'assetPermission.assets', ASSETS),
  card('nodes', 'assetPermission.nodes', NODES),
];

/**
 * Asset permissions (docs/resources.md#asset-permissions): who (users, groups) may do what (actions) on which
 * assets and nodes, and when. Permissions created by approved tickets carry `from_ticket`.
 */
export const assetPermissionRoutes = crudRoutes({
  path: ASSET_PERMISSIONS_PATH,
  url: ASSET_PERMISSIONS_URL,
  titles: 'assetPermission',
  permissions: { app: 'perms', resource: 'assetpermission' },
  list: {
    testId: 'asset-permissions-list',
    columns: [
      'name',
      'users_amount',
      'user_groups_amount',
      'assets_amount',
      'nodes_amount',
      'date_expired',
      'is_valid',
      'is_expired',
      'is_active',
      'from_ticket',
      'created_by',
      'date_created',
      'comment',
      'org_name',
      'actions',
    ],
    columnsShow: {
      default: [
        'name',
        'users_amount',
        'user_groups_amount',
        'assets_amount',
        'nodes_amount',
        'is_valid',
        'actions',
      ],
      min: ['name', 'actions'],
    },
    bulkUpdate: {
      fields: [
        [
          'assetPermission.basic',
          ['users', 'user_groups', 'assets', 'nodes', 'actions', 'is_active', 'date_start', 'date_expired'],
        ],
      ],
      fieldsMeta: {
        users: { relation: USERS },
        user_groups: { relation: GROUPS },
        assets: { relation: ASSETS },
        nodes: { relation: NODES },
      },
    },
  },
  form: {
    // A new rule allows every action until the admin narrows it (v2.21's default).
    initial: { actions: [...ASSET_ACTIONS] },
    fields: [
      ['assetPermission.basic', ['name']],
      ['assetPermission.who', ['users', 'user_groups']],
      ['assetPermission.what', ['assets', 'nodes']],
      ['assetPermission.actions', ['actions']],
      ['assetPermission.other', ['is_active', 'date_start', 'date_expired', 'comment']],
    ],
    fieldsMeta: {
      users: { relation: USERS },
      user_groups: { relation: GROUPS },
      assets: { relation: ASSETS },
      nodes: { relation: NODES },
    },
  },
  detail: {
    title: 'assetPermission.detail',
    fields: [
      'id',
      'name',
      'actions',
      'users_amount',
      'user_groups_amount',
      'assets_amount',
      'nodes_amount',
      'is_active',
      'is_valid',
      'is_expired',
      'from_ticket',
      'date_start',
      'date_expired',
      'created_by',
      'date_created',
      'comment',
    ],
    aside: (c) => (
      <>
        {cards.map((render, index) => (
          <div key={index}>{render(c)}</div>
        ))}
      </>
    ),
  },
});
