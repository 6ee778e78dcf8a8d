import { lazy } from 'react';
import { definePlugin } from '@bastion/sdk';

// Own chunk: the page's code is only fetched when the route is opened.
const ProfileInfoPage = lazy(() => import('./ProfileInfoPage'));

export default definePlugin({
  id: 'profile',
  i18nNamespace: 'profile',
  routes: [{ path: '/profile/info', view: 'profile', title: 'route.info', component: ProfileInfoPage }],
  menus: [{ id: 'profile', title: 'menu.profile', icon: 'pi pi-id-card', path: '/profile/info', order: 10 }],
});
