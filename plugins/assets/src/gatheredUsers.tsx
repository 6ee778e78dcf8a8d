import {
  Http,
  ListTable,
  READ_ONLY_TABLE,
  openTaskLog,
  taskIdOf,
  useCan,
  useService,
  type TableAction,
} from '@bastion/sdk';
import { GATHERED_USERS_URL } from './common';
import { TreeListLayout } from './TreeListLayout';

const COLUMNS = ['hostname', 'ip', 'username', 'date_last_login', 'present', 'ip_last_login', 'date_updated'];

/** The gathered users of some assets (docs/accounts.md#gathered-users): read-only, exportable. */
export function GatheredUserTable({
  extraQuery,
  gatherBody,
  testId = 'gathered-users',
  mirrorQuery = true,
}: {
  extraQuery?: Record<string, string>;
  /** What the Gather button gathers (an asset, a node); absent = no button. */
  gatherBody?: Record<string, unknown>;
  testId?: string;
  mirrorQuery?: boolean;
}) {
  const http = useService(Http);
  const canGather = useCan('xpack.add_gatherusertaskexecution');
  const gather: TableAction = {
    name: 'gather',
    label: 'gathered.gather',
    icon: 'pi pi-download',
    has: canGather && gatherBody !== undefined,
    can: () => true,
    onClick: async () => {
      const task = taskIdOf(await http.post(`${GATHERED_USERS_URL}gather/`, gatherBody));
      if (task) openTaskLog(task);
    },
  };
  return (
    <ListTable
      url={GATHERED_USERS_URL}
      name={testId}
      testId={testId}
      permissions={{ app: 'assets', resource: 'gathereduser' }}
      columns={COLUMNS}
      extraQuery={extraQuery}
      mirrorQuery={mirrorQuery}
      rights={{ ...READ_ONLY_TABLE, export: true }}
      detailPath={null}
      search={{ exclude: ['asset', 'present'] }}
      headerActions={[gather]}
    />
  );
}

/** `/console/accounts/gathered-user`: the node tree chooses the assets listed and gathered. */
export default function GatheredUserListPage() {
  return (
    <TreeListLayout>
      {(node) => (
        <GatheredUserTable
          extraQuery={node ? { node: node.id } : undefined}
          gatherBody={node ? { node: node.id } : undefined}
        />
      )}
    </TreeListLayout>
  );
}
