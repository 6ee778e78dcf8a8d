import { lazy } from 'react';
import { definePlugin } from '@bastion/sdk';
import { ASSETS_PATH, HOME_PATH, VIEW_MY_ASSETS } from './paths';

// Each page is its own chunk.
const HomePage = lazy(() => import('./HomePage'));
const MyAssetsPage = lazy(() => import('./MyAssetsPage'));

/** The workbench of ordinary users (docs/resources.md#the-workbench): home and the assets granted to me. */
export default definePlugin({
  id: 'workbench',
  i18nNamespace: 'workbench',
  routes: [
    { path: HOME_PATH, view: 'workbench', title: 'route.home', component: HomePage },
    {
      path: ASSETS_PATH,
      view: 'workbench',
      title: 'route.assets',
      permissions: [VIEW_MY_ASSETS],
      component: MyAssetsPage,
    },
  ],
  menus: [
    { id: 'workbench-home', title: 'menu.home', icon: 'pi pi-home', path: HOME_PATH, order: 1 },
    {
      id: 'workbench-assets',
      title: 'menu.assets',
      icon: 'pi pi-server',
      path: ASSETS_PATH,
      order: 2,
      permissions: [VIEW_MY_ASSETS],
    },
  ],
});
