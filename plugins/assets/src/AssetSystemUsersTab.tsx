import {
  Http,
  ListTable,
  READ_ONLY_TABLE,
  openTaskLog,
  taskIdOf,
  useCan,
  useService,
  type Row,
  type RowAction,
} from '@bastion/sdk';
import { ACCOUNTS_URL, SYSTEM_USERS_PATH, SYSTEM_USERS_URL } from './common';

const COLUMNS = ['systemuser_display', 'username', 'connectivity', 'date_verified', 'actions'];

/**
 * The system users of an asset (docs/accounts.md): its accounts that belong to a system user — the link
 * itself — with Test and Push per row (the system user's tasks on this asset) and Delete (unlinks them).
 */
export function AssetSystemUsersTab({ assetId }: { assetId: string }) {
  const http = useService(Http);
  const canTest = useCan('assets.test_assetconnectivity');
  const canPush = useCan('assets.push_assetsystemuser');
  const task =
    (action: 'test' | 'push') =>
    async ({ row }: { row: Row }) => {
      const started = await http.post(`${SYSTEM_USERS_URL}${String(row.systemuser)}/tasks/`, {
        action,
        assets: [assetId],
      });
      const id = taskIdOf(started);
      if (id) openTaskLog(id);
    };
  const actions: RowAction[] = [
    { name: 'test', label: 'account.test', icon: 'pi pi-bolt', has: () => canTest, onClick: task('test') },
    { name: 'push', label: 'asset.push', icon: 'pi pi-upload', has: () => canPush, onClick: task('push') },
  ];
  return (
    <ListTable
      url={ACCOUNTS_URL}
      name="asset-system-users"
      testId="asset-system-users"
      permissions={{ app: 'assets', resource: 'authbook' }}
      columns={COLUMNS}
      extraQuery={{ asset: assetId, systemuser__isnull: 'false' }}
      rights={{ ...READ_ONLY_TABLE, rowDelete: true }}
      mirrorQuery={false}
      search={{ hidden: true }}
      detailPath={(row) => `${SYSTEM_USERS_PATH}/${String(row.systemuser)}`}
      rowActions={actions}
    />
  );
}
