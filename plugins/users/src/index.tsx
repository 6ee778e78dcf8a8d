import { lazy } from 'react';
import { Navigate } from 'react-router-dom';
import { definePlugin, type RouteContribution } from '@bastion/sdk';
import { aclRoutes } from './acl';
import { ROLES_PATH, USERS_PATH } from './common';
import { groupRoutes } from './groups';

// Pages with code of their own are separate chunks; the generic ones are SDK kit components.
const UserListPage = lazy(() => import('./UserListPage'));
const UserFormPage = lazy(() => import('./UserFormPage'));
const UserDetailPage = lazy(() => import('./UserDetailPage'));
const RoleListPage = lazy(() => import('./roles').then((m) => ({ default: m.RoleListPage })));
const RoleFormPage = lazy(() => import('./roles').then((m) => ({ default: m.RoleFormPage })));
const RoleDetailPage = lazy(() => import('./roles').then((m) => ({ default: m.RoleDetailPage })));

const VIEW_USER = ['users.view_user'];
const ROLES = ['rbac.view_orgrole|rbac.view_systemrole'];
const users: RouteContribution[] = [
  {
    path: '/console/users',
    view: 'console',
    title: 'users.list',
    hidden: true,
    noCache: true,
    permissions: VIEW_USER,
    element: <Navigate to={USERS_PATH} replace />,
  },
  { path: USERS_PATH, view: 'console', title: 'users.list', permissions: VIEW_USER, component: UserListPage },
  {
    path: `${USERS_PATH}/create`,
    view: 'console',
    title: 'users.create',
    hidden: true,
    noCache: true,
    permissions: ['users.add_user'],
    component: UserFormPage,
  },
  {
    path: `${USERS_PATH}/:id/update`,
    view: 'console',
    title: 'users.update',
    hidden: true,
    noCache: true,
    permissions: ['users.change_user'],
    component: UserFormPage,
  },
  {
    path: `${USERS_PATH}/:id`,
    view: 'console',
    title: 'users.detail',
    hidden: true,
    noCache: true,
    permissions: VIEW_USER,
    component: UserDetailPage,
  },
];
const roles: RouteContribution[] = [
  { path: ROLES_PATH, view: 'console', title: 'roles.list', permissions: ROLES, component: RoleListPage },
  {
    path: `${ROLES_PATH}/create`,
    view: 'console',
    title: 'roles.create',
    hidden: true,
    noCache: true,
    permissions: ROLES,
    component: RoleFormPage,
  },
  {
    path: `${ROLES_PATH}/:id/update`,
    view: 'console',
    title: 'roles.update',
    hidden: true,
    noCache: true,
    permissions: ROLES,
    component: RoleFormPage,
  },
  {
    path: `${ROLES_PATH}/:id`,
    view: 'console',
    title: 'roles.detail',
    hidden: true,
    noCache: true,
    permissions: ROLES,
    component: RoleDetailPage,
  },
];

export default definePlugin({
  id: 'users',
  i18nNamespace: 'users',
  routes: [...users, ...groupRoutes, ...roles, ...aclRoutes],
  menus: [
    {
      id: 'users',
      title: 'menu.users',
      icon: 'pi pi-user',
      path: USERS_PATH,
      order: 20,
      permissions: VIEW_USER,
    },
    {
      id: 'user-groups',
      title: 'menu.groups',
      icon: 'pi pi-users',
      path: '/console/users/groups',
      order: 21,
      permissions: ['users.view_usergroup'],
    },
    {
      id: 'roles',
      title: 'menu.roles',
      icon: 'pi pi-shield',
      path: ROLES_PATH,
      order: 22,
      permissions: ROLES,
    },
  ],
});
