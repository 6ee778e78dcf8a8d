import { definePlugin } from '@bastion/sdk';
import { assetRoutes } from './assetRoutes';
import { commandFilterRoutes, commandFilterRuleRoutes } from './commandFilters';
import {
  ASSETS_PATH,
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
  ],
});
