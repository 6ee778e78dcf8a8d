import { createElement } from 'react';
import {
  Http,
  InfoTab,
  ListTable,
  TabsPage,
  crudRoutes,
  useCan,
  useService,
  type FormPageProps,
  type RowAction,
  type RouteContribution,
} from '@bastion/sdk';
import SettingsForm from './SettingsForm';
import type { SettingCategoryPage } from './categories';

/**
 * Settings → Terminal (docs/terminal-settings.md): the `terminal` settings, the components, the replay and
 * command storages, the endpoints and the endpoint rules as tabs of one page; each area's create, update
 * and detail pages are ordinary CRUD routes below it.
 */
export const TERMINAL_PATH = '/settings/terminal';
export const TERMINAL_PERMISSION = 'settings.change_terminal';

const pathOf = (area: string) => `${TERMINAL_PATH}/${area}`;
const backTo = (tab: string) => () => `${TERMINAL_PATH}?activeTab=${tab}`;

export const TERMINAL_SETTINGS_PAGE: SettingCategoryPage = {
  category: 'terminal',
  path: TERMINAL_PATH,
  title: 'route.terminal',
  icon: 'pi pi-desktop',
  permission: TERMINAL_PERMISSION,
  groups: [
    {
      title: 'group.terminalAuth',
      fields: [
        { name: 'TERMINAL_PASSWORD_AUTH', type: 'switch' },
        { name: 'TERMINAL_PUBLIC_KEY_AUTH', type: 'switch' },
      ],
    },
    {
      title: 'group.terminalComponents',
      fields: [
        { name: 'TERMINAL_HEARTBEAT_INTERVAL', type: 'number', min: 5, max: 3600 },
        { name: 'TERMINAL_ASSET_LIST_SORT_BY', type: 'choice', values: ['hostname', 'ip'] },
        {
          name: 'TERMINAL_ASSET_LIST_PAGE_SIZE',
          type: 'choice',
          values: ['all', 'auto', '10', '15', '25', '50'],
        },
        { name: 'TERMINAL_TELNET_REGEX', type: 'text' },
        { name: 'TERMINAL_KOKO_SSH_ENABLED', type: 'switch' },
        { name: 'XRDP_ENABLED', type: 'switch' },
        { name: 'TERMINAL_MAGNUS_ENABLED', type: 'switch' },
      ],
    },
  ],
};

const AREAS = {
  components: { url: '/api/v1/terminal/terminals/', resource: 'terminal' },
  replayStorage: { url: '/api/v1/terminal/replay-storages/', resource: 'replaystorage' },
  commandStorage: { url: '/api/v1/terminal/command-storages/', resource: 'commandstorage' },
  endpoint: { url: '/api/v1/terminal/endpoints/', resource: 'endpoint' },
  endpointRule: { url: '/api/v1/terminal/endpoint-rules/', resource: 'endpointrule' },
} as const;

type Area = keyof typeof AREAS;
const AREA_PATHS: Record<Area, string> = {
  components: pathOf('components'),
  replayStorage: pathOf('replay-storage'),
  commandStorage: pathOf('command-storage'),
  endpoint: pathOf('endpoint'),
  endpointRule: pathOf('endpoint-rule'),
};

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

function TerminalSettingsPage() {
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

const DEFAULT_ENDPOINT_ID = '00000000-0000-0000-0000-000000000001';

/** An endpoint's port per protocol, in the order of the form and the detail. */
const ENDPOINT_PORTS = [
  'https_port',
  'http_port',
  'ssh_port',
  'rdp_port',
  'mysql_port',
  'mariadb_port',
  'postgresql_port',
] as const;

const storageSelect = (url: string) => ({
  widget: 'relation' as const,
  relation: { url, value: (row: Record<string, unknown>) => String(row.name) },
});

const area = (
  key: Area,
  tab: string,
  form: Pick<FormPageProps, 'fields' | 'fieldsMeta'> | false,
  info: readonly string[],
): RouteContribution[] =>
  crudRoutes({
    path: AREA_PATHS[key],
    url: AREAS[key].url,
    view: 'settings',
    titles: `terminal.${key}`,
    requires: [TERMINAL_PERMISSION],
    permissions: { app: 'terminal', resource: AREAS[key].resource },
    list: { testId: `terminal-${tab}-page-list`, hasImport: false },
    form: form === false ? false : { ...form, afterSave: backTo(tab) },
    detail: {
      title: `terminal.${key}.detail`,
      tabs: [
        {
          name: 'info',
          title: 'terminal.tab.info',
          render: (c) => createElement(InfoTab, { context: c, fields: [...info] }),
        },
      ],
    },
  }).map((route) => ({ ...route, hideOrganization: true }));

export const terminalRoutes: RouteContribution[] = [
  {
    path: TERMINAL_PATH,
    view: 'settings',
    title: 'route.terminal',
    permissions: ['settings.view_setting', TERMINAL_PERMISSION],
    hideOrganization: true,
    element: createElement(TerminalSettingsPage),
  },
  ...area(
    'components',
    'components',
    {
      fields: [['terminal.basic', ['name', 'remote_addr', 'replay_storage', 'command_storage', 'comment']]],
      fieldsMeta: {
        replay_storage: storageSelect(AREAS.replayStorage.url),
        command_storage: storageSelect(AREAS.commandStorage.url),
      },
    },
    [
      'id',
      'name',
      'type',
      'remote_addr',
      'status_display',
      'is_alive',
      'session_online',
      'stat',
      'replay_storage',
      'command_storage',
      'date_created',
      'comment',
    ],
  ),
  ...area(
    'replayStorage',
    'replay-storage',
    { fields: [['terminal.basic', ['name', 'type', 'meta', 'is_default', 'comment']]] },
    ['id', 'name', 'type', 'meta', 'is_default', 'comment'],
  ),
  ...area(
    'commandStorage',
    'command-storage',
    { fields: [['terminal.basic', ['name', 'type', 'meta', 'is_default', 'comment']]] },
    ['id', 'name', 'type', 'meta', 'is_default', 'comment'],
  ),
  ...area(
    'endpoint',
    'endpoint',
    {
      fields: [
        ['terminal.basic', ['name', 'host']],
        ['terminal.ports', ENDPOINT_PORTS],
        ['terminal.other', ['comment']],
      ],
    },
    ['id', 'name', 'host', ...ENDPOINT_PORTS, 'created_by', 'date_created', 'comment'],
  ),
  ...area(
    'endpointRule',
    'endpoint-rule',
    {
      fields: [['terminal.basic', ['name', 'ip_group', 'priority', 'endpoint', 'is_active', 'comment']]],
      fieldsMeta: {
        ip_group: { widget: 'chips' },
        endpoint: { widget: 'relation', relation: { url: AREAS.endpoint.url } },
      },
    },
    [
      'id',
      'name',
      'ip_group',
      'priority',
      'endpoint_display',
      'is_active',
      'created_by',
      'date_created',
      'comment',
    ],
  ),
];
