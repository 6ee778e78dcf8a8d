import { lazy } from 'react';
import { definePlugin } from '@bastion/sdk';
import { AUDIT_DASHBOARD_PATH, CONSOLE_DASHBOARD_PATH } from './paths';

// The page and its chart library are one chunk, loaded when a dashboard opens (docs/dashboard.md).
const DashboardPage = lazy(() => import('./DashboardPage'));

/** The admin dashboard of the console view and the audit dashboard: one page over `/api/v1/index/`. */
export default definePlugin({
  id: 'dashboard',
  i18nNamespace: 'dashboard',
  routes: [
    {
      path: CONSOLE_DASHBOARD_PATH,
      view: 'console',
      title: 'route.dashboard',
      permissions: ['rbac.view_console'],
      affix: true,
      component: DashboardPage,
    },
    {
      path: AUDIT_DASHBOARD_PATH,
      view: 'audit',
      title: 'route.dashboard',
      permissions: ['rbac.view_audit'],
      affix: true,
      component: DashboardPage,
    },
  ],
  menus: [
    {
      id: 'console-dashboard',
      title: 'menu.dashboard',
      icon: 'pi pi-chart-bar',
      path: CONSOLE_DASHBOARD_PATH,
      order: 0,
      permissions: ['rbac.view_console'],
    },
    {
      id: 'audit-dashboard',
      title: 'menu.dashboard',
      icon: 'pi pi-chart-bar',
      path: AUDIT_DASHBOARD_PATH,
      order: 0,
      permissions: ['rbac.view_audit'],
    },
  ],
});
