import { lazy } from 'react';
import { crudRoutes } from '@bastion/sdk';
import {
  ADMIN_USER_SELECT,
  ASSETS_PATH,
  ASSETS_URL,
  DOMAIN_SELECT,
  LABEL_SELECT,
  NODE_SELECT,
  PLATFORM_SELECT,
} from './common';
import { ProtocolsField } from './ProtocolsField';
import type { RouteContribution } from '@bastion/sdk';

const AssetListPage = lazy(() => import('./AssetListPage'));
const AssetDetailPage = lazy(() => import('./AssetDetailPage'));
const AssetMoreInfoPage = lazy(() => import('./AssetMoreInfoPage'));

/** The list's row action "Update more detail": hardware and OS fields (docs/resources.md#assets). */
const moreInfoRoute: RouteContribution = {
  view: 'console',
  path: `${ASSETS_PATH}/detail/:id/update`,
  title: 'asset.moreInfo',
  hidden: true,
  noCache: true,
  permissions: ['assets.change_asset'],
  component: AssetMoreInfoPage,
};

/** Assets: the generated create/update form; list (with the node tree) and detail are pages of their own. */
export const assetRoutes: RouteContribution[] = [
  moreInfoRoute,
  ...crudRoutes({
    path: ASSETS_PATH,
    url: ASSETS_URL,
    titles: 'asset',
    permissions: { app: 'assets', resource: 'asset' },
    pages: { list: AssetListPage, detail: AssetDetailPage },
    form: {
      // Creating from a chosen tree node puts the asset in that node (the list passes `?node=`).
      initial: (search) => ({
        protocols: ['ssh/22'],
        ...(search.get('node') ? { nodes: [search.get('node')] } : {}),
      }),
      fields: [
        ['asset.basic', ['hostname', 'ip', 'platform', 'public_ip', 'domain']],
        ['asset.protocols', ['protocols']],
        ['asset.auth', ['admin_user']],
        ['asset.node', ['nodes']],
        ['asset.labels', ['labels']],
        ['asset.other', ['is_active', 'number', 'comment']],
      ],
      fieldsMeta: {
        platform: { relation: PLATFORM_SELECT },
        protocols: { component: ProtocolsField },
        nodes: { relation: NODE_SELECT },
        labels: { relation: LABEL_SELECT },
        domain: { relation: DOMAIN_SELECT },
        admin_user: { relation: ADMIN_USER_SELECT },
      },
    },
  }),
];
