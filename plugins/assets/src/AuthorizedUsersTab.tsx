import { READ_ONLY_TABLE, ListTable, type ColumnOverride, type Row } from '@bastion/sdk';

const COLUMNS = ['name', 'username', 'email', 'is_active'];

// The endpoint has no OPTIONS metadata: the labels are this plugin's.
const COLUMNS_META: Record<string, ColumnOverride<Row>> = {
  name: { label: 'asset.authorized.name', sortable: false },
  username: { label: 'asset.authorized.username', sortable: false },
  email: { label: 'asset.authorized.email', sortable: false },
  is_active: { label: 'asset.authorized.active', kind: 'boolean', sortable: false },
};

/** Who may reach the asset through asset permissions: read-only, each user linking to their detail. */
export function AuthorizedUsersTab({ assetId }: { assetId: string }) {
  return (
    <ListTable
      url={`/api/v1/assets/assets/${encodeURIComponent(assetId)}/perm-users/`}
      name="asset-authorized-users"
      testId="asset-authorized-users"
      columns={COLUMNS}
      columnsMeta={COLUMNS_META}
      permissions={{ app: 'perms', resource: 'assetpermission' }}
      rights={READ_ONLY_TABLE}
      mirrorQuery={false}
      hasColumnSettings={false}
      selectable={false}
      search={{ hidden: true }}
      detailPath={(row) => `/console/users/users/${row.id}`}
    />
  );
}
