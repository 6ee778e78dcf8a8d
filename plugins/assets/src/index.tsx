import { definePlugin } from '@bastion/sdk';
import { assetRoutes } from './assetRoutes';
import { ASSETS_PATH, LABELS_PATH, PLATFORMS_PATH } from './common';
import { labelRoutes } from './labels';
import { platformRoutes } from './platforms';

export default definePlugin({
  id: 'assets',
  i18nNamespace: 'assets',
  routes: [...assetRoutes, ...platformRoutes, ...labelRoutes],
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
        { id: 'labels', title: 'menu.labels', path: LABELS_PATH, permissions: ['assets.view_label'] },
      ],
    },
  ],
});
