import { createElement, lazy } from 'react';
import { definePlugin } from '@bastion/sdk';
import { CATEGORY_PAGES, AUTH_PATH, isAuthTab } from './categories';
import { ORGS_PATH, orgRoutes } from './orgRoutes';
import { TERMINAL_PATH, TERMINAL_PERMISSION } from './terminalAreas';
import { terminalRoutes } from './terminalRoutes';

// One chunk for every category page: they share the form.
const SettingsForm = lazy(() => import('./SettingsForm'));
const InterfaceForm = lazy(() => import('./InterfaceForm'));
const MessageSubscriptions = lazy(() => import('./MessageSubscriptions'));
const LicensePage = lazy(() => import('./LicensePage'));

const MESSAGE = {
  path: '/settings/message',
  title: 'route.message',
  permission: 'settings.change_systemmsgsubscription',
};

const INTERFACE = {
  path: '/settings/interface',
  title: 'route.interface',
  permission: 'settings.change_interface',
};

// Not licence-only: it is where the first licence is imported.
const LICENSE = {
  path: '/settings/license',
  title: 'route.license',
  permission: 'settings.change_license',
};

const VIEW_SETTING = 'settings.view_setting';

export default definePlugin({
  id: 'settings',
  i18nNamespace: 'settings',
  routes: [
    ...orgRoutes,
    ...terminalRoutes,
    ...CATEGORY_PAGES.map((page) => ({
      path: page.path,
      view: 'settings' as const,
      title: page.title,
      permissions: [VIEW_SETTING, page.permission],
      hideOrganization: true,
      element: createElement(SettingsForm, { page, key: page.category }),
    })),
    {
      path: INTERFACE.path,
      view: 'settings' as const,
      title: INTERFACE.title,
      permissions: [VIEW_SETTING, INTERFACE.permission],
      licenseRequired: true,
      hideOrganization: true,
      element: createElement(InterfaceForm),
    },
    {
      path: MESSAGE.path,
      view: 'settings' as const,
      title: MESSAGE.title,
      permissions: [VIEW_SETTING, MESSAGE.permission],
      hideOrganization: true,
      element: createElement(MessageSubscriptions),
    },
    {
      path: LICENSE.path,
      view: 'settings' as const,
      title: LICENSE.title,
      permissions: [VIEW_SETTING, LICENSE.permission],
      hideOrganization: true,
      element: createElement(LicensePage),
    },
  ],
  menus: [
    // The Auth page's tabs share its one menu entry (docs/auth-sources.md#the-auth-page).
    ...CATEGORY_PAGES.filter((page) => !isAuthTab(page) || page.path === AUTH_PATH).map((page, index) => ({
      // Menu ids take letters, digits and hyphens only (email_content → settings-email-content).
      id: `settings-${page.category.replace(/_/g, '-')}`,
      title: page.title,
      icon: page.icon,
      path: page.path,
      order: 100 + index * 10,
      permissions: [VIEW_SETTING, page.permission],
    })),
    {
      id: 'settings-interface',
      title: INTERFACE.title,
      icon: 'pi pi-palette',
      path: INTERFACE.path,
      order: 100 + CATEGORY_PAGES.length * 10,
      licenseRequired: true,
      permissions: [VIEW_SETTING, INTERFACE.permission],
    },
    {
      id: 'settings-message',
      title: MESSAGE.title,
      icon: 'pi pi-envelope',
      path: MESSAGE.path,
      order: 110 + CATEGORY_PAGES.length * 10,
      permissions: [VIEW_SETTING, MESSAGE.permission],
    },
    {
      id: 'settings-terminal',
      title: 'route.terminal',
      icon: 'pi pi-desktop',
      path: TERMINAL_PATH,
      order: 120 + CATEGORY_PAGES.length * 10,
      permissions: [VIEW_SETTING, TERMINAL_PERMISSION],
    },
    {
      id: 'settings-license',
      title: LICENSE.title,
      icon: 'pi pi-id-card',
      path: LICENSE.path,
      order: 125 + CATEGORY_PAGES.length * 10,
      permissions: [VIEW_SETTING, LICENSE.permission],
    },
    {
      id: 'settings-orgs',
      title: 'org.list',
      icon: 'pi pi-sitemap',
      path: ORGS_PATH,
      order: 200,
      licenseRequired: true,
      permissions: ['orgs.view_organization'],
    },
  ],
});
