import { createElement, lazy } from 'react';
import { InfoTab, crudRoutes, type FormPageProps, type RouteContribution } from '@bastion/sdk';
import {
  AREAS,
  AREA_PATHS,
  ENDPOINT_PORTS,
  TERMINAL_PATH,
  TERMINAL_PERMISSION,
  type Area,
} from './terminalAreas';

/**
 * Settings → Terminal (docs/terminal-settings.md): the `terminal` settings, the components, the replay and
 * command storages, the endpoints and the endpoint rules as tabs of one page (loaded with the page); each
 * area's create, update and detail pages are ordinary CRUD routes below it.
 */
const TerminalSettingsPage = lazy(() => import('./TerminalSettingsPage'));

const backTo = (tab: string) => () => `${TERMINAL_PATH}?activeTab=${tab}`;

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
