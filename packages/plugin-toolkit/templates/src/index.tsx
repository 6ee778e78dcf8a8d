import { crudRoutes, definePlugin } from '@bastion/sdk';

// One CRUD area over an API the console already has (user groups): a list with search, sort, paging and
// column settings, a form and a detail page, all built from the server's metadata. Point `url` and `columns`
// at your own resource (PLUGINS.md "CRUD pages with the SDK kit").
const items = crudRoutes({
  path: '/console/__ID__',
  url: '/api/v1/users/groups/',
  titles: 'items',
  permissions: { app: 'users', resource: 'usergroup' },
  list: { columns: ['name', 'comment', 'actions'], columnsShow: { min: ['name', 'actions'] } },
  form: { fields: [['items.basic', ['name', 'comment']]] },
});

export default definePlugin({
  id: '__ID__',
  i18nNamespace: '__ID__',
  routes: items,
  menus: [{ id: '__ID__', title: 'menu.title', icon: 'pi pi-box', path: '/console/__ID__' }],
});
