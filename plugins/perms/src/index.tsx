import { definePlugin } from '@bastion/sdk';
import { ASSET_PERMISSIONS_PATH, assetPermissionRoutes } from './assetPermissions';

export default definePlugin({
  id: 'perms',
  i18nNamespace: 'perms',
  routes: [...assetPermissionRoutes],
  menus: [
    {
      id: 'perms',
      title: 'menu.perms',
      icon: 'pi pi-key',
      order: 30,
      children: [
        {
          id: 'asset-permissions',
          title: 'menu.assetPermissions',
          path: ASSET_PERMISSIONS_PATH,
          permissions: ['perms.view_assetpermission'],
        },
      ],
    },
  ],
});
