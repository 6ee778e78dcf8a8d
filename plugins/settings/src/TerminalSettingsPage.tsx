import { createElement } from 'react';
import { Http, ListTable, TabsPage, useCan, useService, type RowAction } from '@bastion/sdk';
import SettingsForm from './SettingsForm';
import { AREAS, AREA_PATHS, TERMINAL_SETTINGS_PAGE } from './terminalAreas';

const DEFAULT_ENDPOINT_ID = '00000000-0000-0000-0000-000000000001';

const isLocalStorage = (row: Record<string, unknown>) => row.type === 'server' || row.type === 'null';

/** The storage's "Test" action: the server tries the local kinds and says so plainly for the others. */
function useStorageTest(url: string): RowAction {
  const http = useService(Http);
  return {
    name: 'test',
    label: 'terminal.test',
    icon: 'pi pi-bolt',
    onClick: async ({ row, notify }) => {
      const answer = await http.get<{ is_valid: boolean; msg: string }>(
        `${url}${String(row.id)}/test-connective/`,
      );
      notify(answer.is_valid ? 'success' : 'warn', answer.msg);
    },
  };
}

function StorageTable({ area, tab }: { area: 'replayStorage' | 'commandStorage'; tab: string }) {
  const { url } = AREAS[area];
  const test = useStorageTest(url);
  return createElement(ListTable, {
    url,
    testId: `terminal-${tab}-list`,
    basePath: AREA_PATHS[area],
    mirrorQuery: false,
    hasImport: false,
    columns: ['name', 'type', 'is_default', 'comment', 'actions'],
    canRow: { delete: (row: Record<string, unknown>) => !isLocalStorage(row) },
    rowActions: [test],
  });
}

/** Settings → Terminal: the settings form and the lists of its areas as tabs (docs/terminal-settings.md). */
export default function TerminalSettingsPage() {
  const visible = {
    components: useCan('terminal.view_terminal'),
    replayStorage: useCan('terminal.view_replaystorage'),
    commandStorage: useCan('terminal.view_commandstorage'),
    endpoint: useCan('terminal.view_endpoint'),
    endpointRule: useCan('terminal.view_endpointrule'),
  };
  const tabs = [
    {
      name: 'basic',
      title: 'terminal.tab.basic',
      render: () => createElement(SettingsForm, { page: TERMINAL_SETTINGS_PAGE }),
    },
    {
      name: 'components',
      title: 'terminal.tab.components',
      hidden: !visible.components,
      render: () =>
        createElement(ListTable, {
          url: AREAS.components.url,
          testId: 'terminal-components-list',
          basePath: AREA_PATHS.components,
          mirrorQuery: false,
          hasCreate: false,
          hasImport: false,
          columns: [
            'name',
            'type',
            'remote_addr',
            'session_online',
            'status',
            'is_alive',
            'replay_storage',
            'command_storage',
            'actions',
          ],
          canRow: { delete: (row: Record<string, unknown>) => row.is_alive !== true },
          rights: { rowClone: false },
        }),
    },
    {
      name: 'replay-storage',
      title: 'terminal.tab.replayStorage',
      hidden: !visible.replayStorage,
      render: () => createElement(StorageTable, { area: 'replayStorage', tab: 'replay-storage' }),
    },
    {
      name: 'command-storage',
      title: 'terminal.tab.commandStorage',
      hidden: !visible.commandStorage,
      render: () => createElement(StorageTable, { area: 'commandStorage', tab: 'command-storage' }),
    },
    {
      name: 'endpoint',
      title: 'terminal.tab.endpoint',
      hidden: !visible.endpoint,
      render: () =>
        createElement(ListTable, {
          url: AREAS.endpoint.url,
          testId: 'terminal-endpoint-list',
          basePath: AREA_PATHS.endpoint,
          mirrorQuery: false,
          hasImport: false,
          columns: ['name', 'host', 'https_port', 'http_port', 'ssh_port', 'rdp_port', 'comment', 'actions'],
          canRow: { delete: (row: Record<string, unknown>) => row.id !== DEFAULT_ENDPOINT_ID },
        }),
    },
    {
      name: 'endpoint-rule',
      title: 'terminal.tab.endpointRule',
      hidden: !visible.endpointRule,
      render: () =>
        createElement(ListTable, {
          url: AREAS.endpointRule.url,
          testId: 'terminal-endpoint-rule-list',
          basePath: AREA_PATHS.endpointRule,
          mirrorQuery: false,
          hasImport: false,
          columns: ['name', 'ip_group', 'priority', 'endpoint_display', 'is_active', 'comment', 'actions'],
        }),
    },
  ];
  return createElement(TabsPage, { testId: 'terminal-settings-page', tabs });
}
