import type { ExtraAction } from '../../engine/declaration';

/**
 * `DELETE assets/{id}/host-key/` (docs/ssh.md#host-keys): forgets the remembered SSH host key of an asset
 * after an admin has checked that the host's new key is legitimate (a reinstalled host); the next login
 * remembers the key it meets. Asks the right to change the asset.
 */
export const RESET_HOST_KEY_ACTION: ExtraAction = {
  path: 'host-key/',
  detail: true,
  methods: ['DELETE'],
  permissions: ['assets.change_asset'],
  needsOrg: true,
  handler: async ({ row, resources }) => {
    await resources.get('assets.asset').setColumns(String(row?.id), { host_key: '' });
    return { status: 204 };
  },
};
