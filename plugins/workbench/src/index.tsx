import { lazy } from 'react';
import { definePlugin } from '@bastion/sdk';
import {
  ADD_COMMAND_EXECUTION,
  ASSETS_PATH,
  BATCH_COMMAND_PATH,
  COMMAND_EXECUTION_SETTING,
  CONSOLE_BATCH_COMMAND_PATH,
  HOME_PATH,
  VIEW_MY_ASSETS,
} from './paths';

// Each page is its own chunk.
const HomePage = lazy(() => import('./HomePage'));
const MyAssetsPage = lazy(() => import('./MyAssetsPage'));
const BatchCommandPage = lazy(() => import('./BatchCommandPage'));

/**
 * The workbench of ordinary users (docs/resources.md#the-workbench): home, the assets granted to me and batch
 * commands (docs/batch-commands.md), also reachable in the console at its job-center path.
 */
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
    {
      path: BATCH_COMMAND_PATH,
      view: 'workbench',
      title: 'route.batchCommand',
      permissions: [ADD_COMMAND_EXECUTION],
      settings: [COMMAND_EXECUTION_SETTING],
      component: BatchCommandPage,
    },
    {
      path: CONSOLE_BATCH_COMMAND_PATH,
      view: 'console',
      title: 'route.batchCommand',
      permissions: [ADD_COMMAND_EXECUTION],
      settings: [COMMAND_EXECUTION_SETTING],
      component: BatchCommandPage,
      hidden: true,
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
    {
      id: 'workbench-batch-command',
      title: 'menu.batchCommand',
      icon: 'pi pi-code',
      path: BATCH_COMMAND_PATH,
      order: 3,
      permissions: [ADD_COMMAND_EXECUTION],
    },
  ],
});
