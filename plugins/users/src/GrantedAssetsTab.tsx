import { useState } from 'react';
import { Tag } from 'primereact/tag';
import {
  READ_ONLY_TABLE,
  ListTable,
  NodeTreeView,
  useT,
  type ColumnOverride,
  type NodeRef,
  type Row,
} from '@bastion/sdk';

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

/** Whose grants the tab shows: a user (`perms.view_userassets`) or a user group (`perms.view_usergroupassets`). */
export interface GrantSubject {
  kind: 'users' | 'user-groups';
  id: string;
}

/**
 * The "Granted assets" tab of the user and user group details: the tree of granted nodes beside the assets
 * their valid asset permissions reach in the current organization (directly, through groups and nodes) with
 * the actions allowed on each. Choosing a node narrows the table to the assets under it; "All assets" (or
 * the same node again) widens it back.
 */
export function GrantedAssetsTab({ subject }: { subject: GrantSubject }) {
  const [node, setNode] = useState<NodeRef | null>(null);
  const base = `/api/v1/perms/${subject.kind}/${encodeURIComponent(subject.id)}`;
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
    <div className="grid" data-testid="granted-assets-tab">
      <div className="col-12 lg:col-3 flex flex-column gap-2" data-testid="granted-assets-tree">
        <NodeTreeView
          url={`${base}/nodes/children/tree/`}
          selected={node}
          onSelect={setNode}
          emptyMessage="grantedAssets.noNodes"
          all={{ label: 'grantedAssets.all', testId: 'granted-assets-all' }}
        />
      </div>
      <div className="col-12 lg:col-9">
        <ListTable
          key={node?.id ?? 'all'}
          url={node ? `${base}/nodes/${encodeURIComponent(node.id)}/assets/` : `${base}/assets/`}
          name={`${subject.kind}-granted-assets`}
          testId="user-granted-assets"
          columns={COLUMNS}
          columnsMeta={columnsMeta}
          permissions={{
            app: 'perms',
            resource: subject.kind === 'users' ? 'userassets' : 'usergroupassets',
          }}
          rights={READ_ONLY}
          mirrorQuery={false}
          hasColumnSettings={false}
          selectable={false}
          detailPath={null}
        />
      </div>
    </div>
  );
}
