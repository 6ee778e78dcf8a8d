import { lazy } from 'react';
import { useNavigate } from 'react-router-dom';
import { Http, ListPage, READ_ONLY_TABLE, TabsPage, useCan, useService, type RowAction } from '@bastion/sdk';
import {
  SESSIONS_PATH,
  SESSIONS_URL,
  downloadReplay,
  monitorUrl,
  sessionPath,
  terminate,
  type SessionRow,
} from './terminalApi';

export const SessionDetailPage = lazy(() => import('./SessionDetailPage'));

const COLUMNS = [
  'user',
  'asset',
  'system_user',
  'remote_addr',
  'protocol',
  'login_from_display',
  'command_amount',
  'date_start',
  'date_end',
  'org_name',
  'actions',
];

function SessionTable({ finished }: { finished: boolean }) {
  const http = useService(Http);
  const navigate = useNavigate();
  const canTerminate = useCan('terminal.terminate_session');
  const canMonitor = useCan('terminal.monitor_session');
  const canReplay = useCan('terminal.view_sessionreplay');
  const canDownload = useCan('terminal.download_sessionreplay');
  const online: RowAction[] = [
    {
      name: 'terminate',
      label: 'session.terminate',
      icon: 'pi pi-stop-circle',
      severity: 'danger',
      has: () => canTerminate,
      can: (row) => (row as SessionRow).can_terminate,
      onClick: async ({ row, notify, reload }) => {
        const ok = await terminate(http, [row.id]);
        notify(
          ok.length ? 'success' : 'warn',
          ok.length ? 'session.terminateQueued' : 'session.terminateNone',
        );
        reload();
      },
    },
    {
      name: 'monitor',
      label: 'session.monitor',
      icon: 'pi pi-eye',
      has: () => canMonitor,
      can: (row) => (row as SessionRow).can_join,
      onClick: ({ row }) => void window.open(monitorUrl(row.id), '_blank', 'noopener'),
    },
  ];
  const offline: RowAction[] = [
    {
      name: 'replay',
      label: 'session.replay',
      icon: 'pi pi-play',
      has: () => canReplay,
      can: (row) => (row as SessionRow).can_replay,
      onClick: ({ row }) => void navigate(`${sessionPath(row.id)}?activeTab=replay`),
    },
    {
      name: 'download',
      label: 'session.download',
      icon: 'pi pi-download',
      has: () => canDownload,
      can: (row) => (row as SessionRow).can_replay,
      onClick: ({ row }) => downloadReplay(row.id),
    },
  ];
  return (
    <ListPage
      url={SESSIONS_URL}
      basePath={SESSIONS_PATH}
      permissions={{ app: 'terminal', resource: 'session' }}
      extraQuery={{ is_finished: finished ? 1 : 0 }}
      columns={COLUMNS}
      columnsShow={{
        default: COLUMNS.filter((name) => name !== 'org_name' && (finished || name !== 'date_end')),
      }}
      datePicker={{ days: 7 }}
      hasCreate={false}
      selectable={false}
      rights={{ ...READ_ONLY_TABLE, export: true }}
      rowActions={finished ? offline : online}
      testId={finished ? 'sessions-offline' : 'sessions-online'}
    />
  );
}

/** Sessions: online and offline tabs over the component-fed session list (docs/terminal.md#the-audit-view). */
export function SessionListPage() {
  return (
    <TabsPage
      testId="sessions-page"
      tabs={[
        { name: 'online', title: 'session.online', render: () => <SessionTable finished={false} /> },
        { name: 'offline', title: 'session.offline', render: () => <SessionTable finished /> },
      ]}
    />
  );
}
