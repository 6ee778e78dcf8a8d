import { definePlugin } from '@bastion/sdk';
import { accountRoutes } from './accountRoutes';
import { assetRoutes } from './assetRoutes';
import { commandFilterRoutes, commandFilterRuleRoutes } from './commandFilters';
import {
  ACCOUNTS_PATH,
  ASSETS_PATH,
  GATHERED_USERS_PATH,
  CMD_FILTERS_PATH,
  DOMAINS_PATH,
  LABELS_PATH,
  PLATFORMS_PATH,
  SYSTEM_USERS_PATH,
} from './common';
import { domainRoutes, gatewayRoutes } from './domains';
import { labelRoutes } from './labels';
import { platformRoutes } from './platforms';
import { systemUserRoutes } from './systemUserRoutes';

export default definePlugin({
  id: 'assets',
  i18nNamespace: 'assets',
  routes: [
    ...assetRoutes,
    ...platformRoutes,
    ...labelRoutes,
    ...domainRoutes,
    ...gatewayRoutes,
    ...systemUserRoutes,
    ...commandFilterRoutes,
    ...commandFilterRuleRoutes,
    ...accountRoutes,
  ],
  menus: [
    {
      id: 'assets',
      title: 'menu.assets',
      icon: 'pi pi-server',
      order: 10,
      children: [
        { id: 'asset-list', title: 'menu.assetList', path: ASSETS_PATH, permissions: ['assets.view_asset'] },
        {
          id: 'platforms',
          title: 'menu.platforms',
          path: PLATFORMS_PATH,
          permissions: ['assets.view_platform'],
        },
        { id: 'domains', title: 'menu.domains', path: DOMAINS_PATH, permissions: ['assets.view_domain'] },
        {
          id: 'system-users',
          title: 'menu.systemUsers',
          path: SYSTEM_USERS_PATH,
          permissions: ['assets.view_systemuser'],
        },
        {
          id: 'cmd-filters',
          title: 'menu.cmdFilters',
          path: CMD_FILTERS_PATH,
          permissions: ['assets.view_commandfilter'],
        },
        { id: 'labels', title: 'menu.labels', path: LABELS_PATH, permissions: ['assets.view_label'] },
      ],
    },
    {
      id: 'accounts',
      title: 'menu.accounts',
      icon: 'pi pi-book',
      order: 25,
      children: [
        {
          id: 'asset-accounts',
          title: 'menu.assetAccounts',
          path: ACCOUNTS_PATH,
          permissions: ['assets.view_authbook'],
        },
        {
          id: 'gathered-users',
          title: 'menu.gatheredUsers',
          path: GATHERED_USERS_PATH,
          permissions: ['assets.view_gathereduser'],
        },
      ],
    },
  ],
});
