import { InfoTab, crudRoutes, m2mCard } from '@bastion/sdk';
import { GROUPS_PATH, GROUPS_URL, USER_SELECT } from './common';
import { GrantedAssetsTab } from './GrantedAssetsTab';

const members = m2mCard({
  field: 'users',
  title: 'groups.members',
  select: USER_SELECT,
  permission: 'users.change_usergroup',
});
const DETAIL_FIELDS = ['id', 'name', 'users_amount', 'created_by', 'date_created', 'comment'];

/**
 * User groups: a plain CRUD area in declarative lines (list, create/update form, detail with members and what
 * the group was granted).
 */
export const groupRoutes = crudRoutes({
  path: GROUPS_PATH,
  url: GROUPS_URL,
  titles: 'groups',
  permissions: { app: 'users', resource: 'usergroup' },
  list: {
    testId: 'groups-list',
    columns: ['name', 'users_amount', 'date_created', 'created_by', 'org_name', 'comment', 'actions'],
    columnsShow: { default: ['name', 'users_amount', 'comment', 'actions'], min: ['name', 'actions'] },
  },
  form: {
    fields: [['groups.basic', ['name', 'users', 'comment']]],
    fieldsMeta: { users: { relation: { ...USER_SELECT, multiple: true } } },
  },
  detail: {
    title: 'groups.detail',
    tabs: [
      {
        name: 'info',
        title: 'groups.tab.info',
        render: (c) => <InfoTab context={c} fields={DETAIL_FIELDS} aside={members(c)} />,
      },
      {
        name: 'granted-assets',
        title: 'groups.tab.grantedAssets',
        hidden: (c) => !c.can('perms.view_usergroupassets'),
        render: (c) => <GrantedAssetsTab subject={{ kind: 'user-groups', id: String(c.object.id) }} />,
      },
    ],
  },
});
