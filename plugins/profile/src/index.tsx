import { lazy } from 'react';
import { definePlugin } from '@bastion/sdk';

// Own chunks: a page's code is only fetched when its route is opened.
const ProfileInfoPage = lazy(() => import('./ProfileInfoPage'));
const ApiKeyPage = lazy(() => import('./ApiKeyPage'));
const TempPasswordPage = lazy(() => import('./TempPasswordPage'));
const ProfileSettingPage = lazy(() => import('./ProfileSettingPage'));
const ImprovementPage = lazy(() => import('./ImprovementPage'));

const VIEW_ACCESS_KEY = 'authentication.view_accesskey';
const VIEW_TEMP_TOKEN = 'authentication.view_temptoken';
// docs/permissions.md#rights-in-the-console: the temporary password page exists only while this public
// setting is on.
const TEMP_TOKEN_SETTING = 'AUTH_TEMP_TOKEN';

export default definePlugin({
  id: 'profile',
  i18nNamespace: 'profile',
  routes: [
    { path: '/profile/info', view: 'profile', title: 'route.info', component: ProfileInfoPage },
    { path: '/profile/setting', view: 'profile', title: 'route.setting', component: ProfileSettingPage },
    // The first-login page the shell leads a user with `is_first_login` to (docs/profile.md#first-login).
    {
      path: '/profile/improvement',
      view: 'profile',
      title: 'route.improvement',
      hidden: true,
      component: ImprovementPage,
    },
    {
      path: '/profile/key',
      view: 'profile',
      title: 'route.apiKey',
      permissions: [VIEW_ACCESS_KEY],
      component: ApiKeyPage,
    },
    {
      path: '/profile/temp-password',
      view: 'profile',
      title: 'route.tempPassword',
      permissions: [VIEW_TEMP_TOKEN],
      settings: [TEMP_TOKEN_SETTING],
      component: TempPasswordPage,
    },
  ],
  menus: [
    { id: 'profile', title: 'menu.profile', icon: 'pi pi-id-card', path: '/profile/info', order: 10 },
    { id: 'profile-setting', title: 'menu.setting', icon: 'pi pi-lock', path: '/profile/setting', order: 15 },
    {
      id: 'api-key',
      title: 'menu.apiKey',
      icon: 'pi pi-key',
      path: '/profile/key',
      order: 20,
      permissions: [VIEW_ACCESS_KEY],
    },
    {
      id: 'temp-password',
      title: 'menu.tempPassword',
      icon: 'pi pi-lock',
      path: '/profile/temp-password',
      order: 30,
      permissions: [VIEW_TEMP_TOKEN],
      settings: [TEMP_TOKEN_SETTING],
    },
  ],
});
