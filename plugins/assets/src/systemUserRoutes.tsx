import { lazy } from 'react';
import type { RouteContribution } from '@bastion/sdk';
import { SYSTEM_USERS_PATH } from './common';

// The pages load on first use: the create menu's popup is not part of the console's first view.
const page = (name: 'SystemUserListPage' | 'SystemUserForm' | 'SystemUserDetailPage') =>
  lazy(() => import('./systemUsers').then((m) => ({ default: m[name] })));
const SystemUserListPage = page('SystemUserListPage');
const SystemUserForm = page('SystemUserForm');
const SystemUserDetailPage = page('SystemUserDetailPage');

/** System users: the list (common / admin tabs), the per-protocol form and the detail. */
export const systemUserRoutes: RouteContribution[] = [
  {
    view: 'console',
    path: SYSTEM_USERS_PATH,
    title: 'systemUser.list',
    permissions: ['assets.view_systemuser'],
    component: SystemUserListPage,
  },
  {
    view: 'console',
    path: `${SYSTEM_USERS_PATH}/create`,
    title: 'systemUser.create',
    hidden: true,
    noCache: true,
    permissions: ['assets.add_systemuser'],
    component: SystemUserForm,
  },
  {
    view: 'console',
    path: `${SYSTEM_USERS_PATH}/:id/update`,
    title: 'systemUser.update',
    hidden: true,
    noCache: true,
    permissions: ['assets.change_systemuser'],
    component: SystemUserForm,
  },
  {
    view: 'console',
    path: `${SYSTEM_USERS_PATH}/:id`,
    title: 'systemUser.detail',
    hidden: true,
    noCache: true,
    permissions: ['assets.view_systemuser'],
    component: SystemUserDetailPage,
  },
];
