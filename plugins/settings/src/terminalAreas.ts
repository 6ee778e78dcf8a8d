import type { SettingCategoryPage } from './categories';

/** Settings → Terminal as data (docs/terminal-settings.md): the settings form and the areas of its tabs. */
export const TERMINAL_PATH = '/settings/terminal';
export const TERMINAL_PERMISSION = 'settings.change_terminal';

const pathOf = (area: string) => `${TERMINAL_PATH}/${area}`;

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

export const AREAS = {
  components: { url: '/api/v1/terminal/terminals/', resource: 'terminal' },
  replayStorage: { url: '/api/v1/terminal/replay-storages/', resource: 'replaystorage' },
  commandStorage: { url: '/api/v1/terminal/command-storages/', resource: 'commandstorage' },
  endpoint: { url: '/api/v1/terminal/endpoints/', resource: 'endpoint' },
  endpointRule: { url: '/api/v1/terminal/endpoint-rules/', resource: 'endpointrule' },
} as const;

export type Area = keyof typeof AREAS;

export const AREA_PATHS: Record<Area, string> = {
  components: pathOf('components'),
  replayStorage: pathOf('replay-storage'),
  commandStorage: pathOf('command-storage'),
  endpoint: pathOf('endpoint'),
  endpointRule: pathOf('endpoint-rule'),
};

/** An endpoint's port per protocol, in the order of the form and the detail. */
export const ENDPOINT_PORTS = [
  'https_port',
  'http_port',
  'ssh_port',
  'rdp_port',
  'mysql_port',
  'mariadb_port',
  'postgresql_port',
] as const;
