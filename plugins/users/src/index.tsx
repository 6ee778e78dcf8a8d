import { lazy } from 'react';
import { definePlugin } from '@bastion/sdk';

const UserListPage = lazy(() => import('./UserListPage'));

export default definePlugin({
  id: 'users',
  i18nNamespace: 'users',
  routes: [
    {
      path: '/console/users',
      view: 'console',
      title: 'route.list',
      permissions: ['users.view_user'],
      component: UserListPage,
    },
  ],
  menus: [
    {
      id: 'users',
      title: 'menu.users',
      icon: 'pi pi-users',
      path: '/console/users',
      order: 20,
      permissions: ['users.view_user'],
    },
  ],
});
