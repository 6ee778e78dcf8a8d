import { lazy } from 'react';
import type { RouteContribution } from '@bastion/sdk';
import { ACCOUNTS_PATH, GATHERED_USERS_PATH } from './common';

const AccountListPage = lazy(() => import('./accounts'));
const GatheredUserListPage = lazy(() => import('./gatheredUsers'));

/** The accounts area (docs/accounts.md): asset accounts and gathered users. */
export const accountRoutes: RouteContribution[] = [
  {
    view: 'console',
    path: ACCOUNTS_PATH,
    title: 'account.list',
    permissions: ['assets.view_authbook'],
    component: AccountListPage,
  },
  {
    view: 'console',
    path: GATHERED_USERS_PATH,
    title: 'gathered.list',
    permissions: ['assets.view_gathereduser'],
    component: GatheredUserListPage,
  },
];
