import { lazy } from 'react';
import type { RouteContribution } from '@bastion/sdk';
import { ACCOUNTS_PATH } from './common';

const AccountListPage = lazy(() => import('./accounts'));

/** The accounts area (docs/accounts.md): asset accounts. */
export const accountRoutes: RouteContribution[] = [
  {
    view: 'console',
    path: ACCOUNTS_PATH,
    title: 'account.list',
    permissions: ['assets.view_authbook'],
    component: AccountListPage,
  },
];
