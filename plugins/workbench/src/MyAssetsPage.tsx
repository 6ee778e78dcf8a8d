import { useMemo, useState, type ReactNode } from 'react';
import {
  ConnectionInfoDialog,
  READ_ONLY_TABLE,
  ListPage,
  type ColumnOverride,
  type Row,
  type RowAction,
} from '@bastion/sdk';
import { ActionTags, ProtocolTags } from './ActionTags';
import { AssetDetailDialog } from './AssetDetailDialog';
import { canConnect, isInactive, type GrantedAsset } from './assetRules';
import { GrantedNodeTree } from './GrantedNodeTree';
import type { NodeRef } from '@bastion/sdk';
import { ASSETS_PATH, MY_ASSETS_URL, lunaUrl } from './paths';
import { useFavorites } from './useFavorites';

type AssetRow = GrantedAsset & Row;
/** The kit's tables are typed over `Row`; every row of this URL is a granted asset. */
const asset = (row: Row): AssetRow => row as AssetRow;

/**
 * `actions` of a row is what the permission grants; the table's own `actions` column holds the row buttons,
 * so the grants get a column name of their own.
 */
const COLUMNS = ['hostname', 'ip', 'platform', 'protocols', 'granted_actions', 'comment', 'actions'];

/** Read only: nothing to create, change, delete, import, clone or export here. */
const READ_ONLY = { ...READ_ONLY_TABLE, nameLink: false };

/** Inactive rows are greyed as a whole: each cell marks its row, this rule (scoped to the page) dims it. */
const SCOPED_STYLE = '.wb-my-assets tr:has(.wb-inactive) > td { opacity: 0.55; }';

function Cell({ row, children }: { row: Row; children: ReactNode }) {
  const inactive = isInactive(asset(row));
  return (
    <span
      className={inactive ? 'wb-inactive text-color-secondary' : undefined}
      data-inactive={inactive || undefined}
    >
      {children}
    </span>
  );
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/**
 * My assets (docs/resources.md#the-workbench): the granted-node tree on the left, the caller's granted assets
 * on the right, the caller's favourites first; a hostname opens the asset's details, Connect opens Luna on it in
 * a new tab, the star adds it to (or removes it from) the favourites.
 */
export default function MyAssetsPage() {
  const [node, setNode] = useState<NodeRef | null>(null);
  const [shown, setShown] = useState<AssetRow | null>(null);
  const [connecting, setConnecting] = useState<string | null>(null);
  const favorites = useFavorites();

  const columnsMeta = useMemo<Record<string, ColumnOverride<Row>>>(
    () => ({
      hostname: {
        label: 'asset.field.hostname',
        kind: 'custom',
        sortable: true,
        body: (row) => (
          <Cell row={row}>
            <button
              type="button"
              className="p-link text-primary"
              onClick={() => setShown(asset(row))}
              data-testid="asset-hostname"
            >
              {text(row.hostname)}
            </button>
          </Cell>
        ),
      },
      ip: {
        label: 'asset.field.ip',
        sortable: true,
        body: (row) => <Cell row={row}>{text(row.ip)}</Cell>,
      },
      platform: {
        label: 'asset.field.platform',
        sortable: true,
        body: (row) => <Cell row={row}>{text(row.platform)}</Cell>,
      },
      protocols: {
        label: 'asset.field.protocols',
        sortable: false,
        body: (row) => (
          <Cell row={row}>
            <ProtocolTags value={row.protocols} />
          </Cell>
        ),
      },
      granted_actions: {
        label: 'asset.field.actions',
        kind: 'custom',
        sortable: false,
        body: (row) => (
          <Cell row={row}>
            <ActionTags asset={asset(row)} />
          </Cell>
        ),
      },
      comment: {
        label: 'asset.field.comment',
        sortable: false,
        body: (row) => <Cell row={row}>{text(row.comment)}</Cell>,
      },
      actions: { label: 'asset.field.rowActions' },
    }),
    [],
  );

  const connect: RowAction = {
    name: 'connect',
    label: 'asset.connect',
    icon: 'pi pi-desktop',
    can: (row) => canConnect(asset(row)),
    onClick: ({ row }) => {
      window.open(lunaUrl(row.id), '_blank', 'noopener,noreferrer');
    },
  };

  // How to connect from one's own client (docs/connection-info.md).
  const connectionInfo: RowAction = {
    name: 'connection-info',
    label: 'asset.connectionInfo',
    icon: 'pi pi-info-circle',
    onClick: ({ row }) => setConnecting(String(row.id)),
  };

  // Starred assets are listed first by the server: the list is read again after each change.
  const favorite: RowAction = {
    name: 'favorite',
    label: 'asset.favorite',
    icon: 'pi pi-star',
    iconOnly: true,
    has: (row) => !favorites.isFavorite(String(row.id)),
    onClick: async ({ row, reload }) => {
      await favorites.toggle(String(row.id));
      reload();
    },
  };
  const unfavorite: RowAction = {
    ...favorite,
    name: 'unfavorite',
    label: 'asset.unfavorite',
    icon: 'pi pi-star-fill',
    has: (row) => favorites.isFavorite(String(row.id)),
  };

  return (
    <div className="grid wb-my-assets">
      <style>{SCOPED_STYLE}</style>
      <div className="col-12 lg:col-3">
        <div className="surface-card border-round p-3 h-full">
          <GrantedNodeTree selected={node} onSelect={setNode} />
        </div>
      </div>
      <div className="col-12 lg:col-9">
        {favorites.ready ? (
          <ListPage
            url={MY_ASSETS_URL}
            name="workbench-my-assets"
            basePath={ASSETS_PATH}
            testId="my-assets-list"
            columns={COLUMNS}
            columnsShow={{ min: ['hostname', 'actions'] }}
            columnsMeta={columnsMeta}
            permissions={{ app: 'perms', resource: 'myassets' }}
            rights={READ_ONLY}
            selectable={false}
            detailPath={null}
            extraQuery={node ? { node_id: node.id } : undefined}
            rowActions={[connect, connectionInfo, favorite, unfavorite]}
          />
        ) : null}
      </div>
      {shown ? <AssetDetailDialog asset={shown} onHide={() => setShown(null)} /> : null}
      {connecting ? <ConnectionInfoDialog assetId={connecting} onHide={() => setConnecting(null)} /> : null}
    </div>
  );
}
