import { useState } from 'react';
import {
  ConnectionInfoDialog,
  DetailPage,
  Http,
  InfoTab,
  QuickActions,
  openTaskLog,
  taskIdOf,
  useService,
  type DetailContext,
  type QuickAction,
} from '@bastion/sdk';
import { m2mCard } from '@bastion/sdk';
import { AccountListTable } from './accounts';
import { AssetSystemUsersTab } from './AssetSystemUsersTab';
import { AuthorizedUsersTab } from './AuthorizedUsersTab';
import { GatheredUserTable } from './gatheredUsers';
import { ASSETS_PATH, ASSETS_URL, LABEL_SELECT, NODE_SELECT } from './common';

const FIELDS = [
  'id',
  'hostname',
  'ip',
  'public_ip',
  'platform',
  'protocols',
  'nodes_display',
  'labels_display',
  'connectivity',
  'date_verified',
  'vendor',
  'model',
  'sn',
  'cpu_info',
  'memory',
  'disk_info',
  'os',
  'os_version',
  'os_arch',
  'number',
  'is_active',
  'created_by',
  'date_created',
  'comment',
];

const nodesCard = m2mCard({
  field: 'nodes',
  title: 'asset.nodesCard',
  select: NODE_SELECT,
  permission: 'assets.change_asset',
});
const labelsCard = m2mCard({
  field: 'labels',
  title: 'asset.labelsCard',
  select: LABEL_SELECT,
  permission: 'assets.change_asset',
});

function Aside({ c }: { c: DetailContext }) {
  const http = useService(Http);
  const [connection, setConnection] = useState(false);
  const actions: QuickAction[] = [
    {
      name: 'active',
      label: 'asset.quick.active',
      type: 'switch',
      checked: c.object.is_active === true,
      disabled: !c.can('assets.change_asset') || c.rootOrg,
      onChange: async (checked) => {
        await c.http.patch(c.url, { is_active: checked });
        c.notify('success', 'asset.quick.done');
        c.reload();
      },
    },
    {
      name: 'refresh',
      label: 'asset.quick.refresh',
      type: 'button',
      buttonLabel: 'asset.quick.refreshButton',
      disabled: !c.can('assets.refresh_assethardwareinfo'),
      onClick: async () => {
        const task = taskIdOf(await http.post(`${c.url}tasks/`, { action: 'refresh' }));
        if (task) openTaskLog(task);
      },
    },
    {
      name: 'test',
      label: 'asset.quick.test',
      type: 'button',
      buttonLabel: 'asset.quick.testButton',
      disabled: !c.can('assets.test_assetconnectivity'),
      onClick: async () => {
        const task = taskIdOf(await http.post(`${c.url}tasks/`, { action: 'test' }));
        if (task) openTaskLog(task);
      },
    },
    {
      name: 'connection',
      label: 'asset.quick.connection',
      type: 'button',
      buttonLabel: 'asset.quick.connectionButton',
      onClick: () => setConnection(true),
    },
  ];
  return (
    <>
      <QuickActions title="asset.quick.title" actions={actions} />
      {connection ? (
        <ConnectionInfoDialog assetId={String(c.object.id)} onHide={() => setConnection(false)} />
      ) : null}
      {nodesCard(c)}
      {labelsCard(c)}
    </>
  );
}

/** Asset detail: its fields, quick actions (active, test connectivity → task log popup), nodes and labels. */
export default function AssetDetailPage() {
  return (
    <DetailPage
      url={ASSETS_URL}
      basePath={ASSETS_PATH}
      title="asset.detailTitle"
      getObjectName={(o) => `${String(o.hostname)}(${String(o.ip)})`}
      hasDelete={() => true}
      tabs={[
        {
          name: 'info',
          title: 'asset.tab.info',
          render: (c) => <InfoTab context={c} fields={FIELDS} aside={<Aside c={c} />} />,
        },
        {
          name: 'system-users',
          title: 'asset.tab.systemUsers',
          hidden: (c) => !c.can('assets.view_authbook'),
          render: (c) => <AssetSystemUsersTab assetId={String(c.object.id)} />,
        },
        {
          name: 'accounts',
          title: 'asset.tab.accounts',
          hidden: (c) => !c.can('assets.view_authbook'),
          render: (c) => (
            <AccountListTable
              extraQuery={{ asset: String(c.object.id) }}
              testId="asset-accounts"
              mirrorQuery={false}
            />
          ),
        },
        {
          name: 'gathered-users',
          title: 'gathered.tab',
          hidden: (c) => !c.can('assets.view_gathereduser'),
          render: (c) => (
            <GatheredUserTable
              extraQuery={{ asset: String(c.object.id) }}
              gatherBody={{ assets: [String(c.object.id)] }}
              testId="asset-gathered-users"
              mirrorQuery={false}
            />
          ),
        },
        {
          name: 'authorized-users',
          title: 'asset.tab.authorized',
          hidden: (c) => !c.can('perms.view_assetpermission'),
          render: (c) => <AuthorizedUsersTab assetId={String(c.object.id)} />,
        },
      ]}
    />
  );
}
