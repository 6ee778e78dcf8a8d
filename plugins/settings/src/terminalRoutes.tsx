import { createElement, lazy } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { crudRoutes, type FormPageProps, type RouteContribution } from '@bastion/sdk';
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
    // The default detail card: every readable field.
    detail: { title: `terminal.${key}.detail` },
  }).map((route) => ({ ...route, hideOrganization: true }));

const STORAGE_FORM = {
  fields: [['terminal.basic', ['name', 'type', 'meta', 'is_default', 'comment']]],
} as const;

/**
 * The original addresses a component's detail and update at `/settings/terminal/:id[/update]`; here they
 * live with the other components (`…/components/:id`), and the original addresses lead there
 * (docs/route-walk.md#addresses-that-lead-elsewhere).
 */
function ComponentAddress({ update }: { update: boolean }) {
  const { id = '' } = useParams();
  const to = `${AREA_PATHS.components}/${encodeURIComponent(id)}${update ? '/update' : ''}`;
  return createElement(Navigate, { to, replace: true });
}

const componentAddress = (update: boolean): RouteContribution => ({
  path: `${TERMINAL_PATH}/:id${update ? '/update' : ''}`,
  view: 'settings',
  title: update ? 'terminal.components.update' : 'terminal.components.detail',
  hidden: true,
  noCache: true,
  hideOrganization: true,
  permissions: ['settings.view_setting', TERMINAL_PERMISSION],
  element: createElement(ComponentAddress, { update }),
});

export const terminalRoutes: RouteContribution[] = [
  componentAddress(false),
  componentAddress(true),
  {
    path: TERMINAL_PATH,
    view: 'settings',
    title: 'route.terminal',
    permissions: ['settings.view_setting', TERMINAL_PERMISSION],
    hideOrganization: true,
    element: createElement(TerminalSettingsPage),
  },
  ...area('components', 'components', {
    fields: [['terminal.basic', ['name', 'remote_addr', 'replay_storage', 'command_storage', 'comment']]],
    fieldsMeta: {
      replay_storage: storageSelect(AREAS.replayStorage.url),
      command_storage: storageSelect(AREAS.commandStorage.url),
    },
  }),
  ...area('replayStorage', 'replay-storage', STORAGE_FORM),
  ...area('commandStorage', 'command-storage', STORAGE_FORM),
  ...area('endpoint', 'endpoint', {
    fields: [
      ['terminal.basic', ['name', 'host']],
      ['terminal.ports', ENDPOINT_PORTS],
      ['terminal.other', ['comment']],
    ],
  }),
  ...area('endpointRule', 'endpoint-rule', {
    fields: [['terminal.basic', ['name', 'ip_group', 'priority', 'endpoint', 'is_active', 'comment']]],
    fieldsMeta: {
      ip_group: { widget: 'chips' },
      endpoint: { widget: 'relation', relation: { url: AREAS.endpoint.url } },
    },
  }),
];
