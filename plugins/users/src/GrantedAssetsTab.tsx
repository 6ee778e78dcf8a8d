import { Tag } from 'primereact/tag';
import { READ_ONLY_TABLE, ListTable, useT, type ColumnOverride, type Row } from '@bastion/sdk';

/**
 * What another user was granted (docs/resources.md#what-a-user-was-granted admin variant), read-only: nothing
 * here is edited.
 */
const READ_ONLY = { ...READ_ONLY_TABLE, nameLink: false };

const COLUMNS = ['hostname', 'ip', 'platform', 'granted_actions', 'org_name'];

function ActionTags({ row }: { row: Row }) {
  const t = useT();
  const names = Array.isArray(row.actions) ? (row.actions as unknown[]).map(String) : [];
  // `all` covers every other action: shown alone, as the permission form reads it.
  const shown = names.includes('all') ? ['all'] : names;
  return (
    <span className="inline-flex flex-wrap gap-1" data-testid="granted-actions">
      {shown.map((name) => (
        <Tag key={name} value={t(`grantedAssets.action.${name}`, { defaultValue: name })} severity="info" />
      ))}
    </span>
  );
}

/**
 * The user detail's "Granted assets" tab: the assets their valid asset permissions reach in the current
 * organization (directly, through groups and nodes) with the actions allowed on each.
 */
export function GrantedAssetsTab({ userId }: { userId: string }) {
  // The endpoint has no OPTIONS metadata: the labels are this plugin's.
  const columnsMeta: Record<string, ColumnOverride<Row>> = {
    hostname: { label: 'grantedAssets.hostname', sortable: true },
    ip: { label: 'grantedAssets.ip', sortable: true },
    platform: { label: 'grantedAssets.platform', sortable: true },
    granted_actions: {
      label: 'grantedAssets.actions',
      kind: 'custom',
      sortable: false,
      body: (row) => <ActionTags row={row} />,
    },
    org_name: { label: 'grantedAssets.org', sortable: false },
  };
  return (
    <ListTable
      url={`/api/v1/perms/users/${encodeURIComponent(userId)}/assets/`}
      name="user-granted-assets"
      testId="user-granted-assets"
      columns={COLUMNS}
      columnsMeta={columnsMeta}
      permissions={{ app: 'perms', resource: 'userassets' }}
      rights={READ_ONLY}
      mirrorQuery={false}
      hasColumnSettings={false}
      selectable={false}
      detailPath={null}
    />
  );
}
