import { useState } from 'react';
import { ListPage, useService, Http, openTaskLog, taskIdOf, useCan, type RowAction } from '@bastion/sdk';
import { useNavigate } from 'react-router-dom';
import {
  ASSETS_PATH,
  ASSETS_URL,
  LABEL_SELECT,
  NODE_SELECT,
  PLATFORM_SELECT,
  assetMoreInfoPath,
} from './common';
import { NodeTree } from './NodeTree';
import type { NodeRef } from '@bastion/sdk';

const COLUMNS = [
  'hostname',
  'ip',
  'public_ip',
  'platform',
  'protocols',
  'hardware_info',
  'nodes_display',
  'labels_display',
  'connectivity',
  'is_active',
  'sn',
  'os',
  'created_by',
  'date_created',
  'comment',
  'org_name',
  'actions',
];

/** Lists as chips, never JSON (docs/crud.md#columns). */
const CHIPS = {
  protocols: { kind: 'chips' },
  nodes_display: { kind: 'chips' },
  labels_display: { kind: 'chips' },
} as const;

/**
 * Asset list with the node tree (docs/resources.md#assets): choosing a node shows the assets of
 * that node and its children (`node_id`); the row action tests an asset's connectivity in a task log popup.
 */
export default function AssetListPage() {
  const http = useService(Http);
  const canTest = useCan('assets.test_assetconnectivity');
  const canChange = useCan('assets.change_asset');
  const navigate = useNavigate();
  const [node, setNode] = useState<NodeRef | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const test: RowAction = {
    name: 'test',
    label: 'asset.test',
    icon: 'pi pi-bolt',
    has: () => canTest,
    onClick: async ({ row }) => {
      const task = taskIdOf(await http.post(`${ASSETS_URL}${row.id}/tasks/`, { action: 'test' }));
      if (task) openTaskLog(task);
    },
  };
  const moreInfo: RowAction = {
    name: 'more-info',
    label: 'asset.moreInfo',
    icon: 'pi pi-pencil',
    has: () => canChange,
    onClick: ({ row }) => navigate(assetMoreInfoPath(String(row.id))),
  };
  return (
    <div className="grid">
      <div className="col-12 lg:col-3">
        <div className="surface-card border-round p-3 h-full">
          <NodeTree selected={node} onSelect={setNode} notify={(_severity, text) => setNote(text)} />
          {note ? (
            <small className="block mt-2 text-green-600" role="status">
              {note}
            </small>
          ) : null}
        </div>
      </div>
      <div className="col-12 lg:col-9">
        <ListPage
          url={ASSETS_URL}
          basePath={ASSETS_PATH}
          testId="assets-list"
          columns={COLUMNS}
          columnsMeta={CHIPS}
          columnsShow={{
            default: ['hostname', 'ip', 'platform', 'protocols', 'hardware_info', 'connectivity', 'actions'],
            min: ['hostname', 'ip', 'actions'],
          }}
          extraQuery={node ? { node_id: node.id } : undefined}
          createPath={node ? `${ASSETS_PATH}/create?node=${encodeURIComponent(node.id)}` : undefined}
          rowActions={[test, moreInfo]}
          bulkUpdate={{
            fields: [['asset.basic', ['platform', 'is_active', 'nodes', 'labels', 'comment']]],
            fieldsMeta: {
              platform: { relation: PLATFORM_SELECT },
              nodes: { relation: NODE_SELECT },
              labels: { relation: LABEL_SELECT },
            },
          }}
        />
      </div>
    </div>
  );
}
