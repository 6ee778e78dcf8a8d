import { lazy } from 'react';
import {
  isConsoleView,
  manifestTitle,
  viewOfPath,
  type ConsoleView,
  type Language,
  type MenuContribution,
  type PermissionService,
  type PluginListEntry,
  type RouteContribution,
  type SettingsTabContribution,
} from '@bastion/sdk';
import { isVisibleFailure, type PluginFailure } from './pluginFailure';
import type { PluginLoadResult } from './PluginLoader';

export interface HostRoute {
  pluginId: string;
  namespace: string;
  /** The plugin's display title (manifest title in the user's language). */
  pluginTitle: string;
  route: RouteContribution;
  /** False → the route renders the 403 page (the user lacks its permission). */
  allowed: boolean;
}

export interface HostMenuItem {
  id: string;
  testId: string;
  pluginId: string;
  namespace: string;
  /** An i18n key in `namespace`, or a literal text when `literal` is set (manifest titles). */
  title: string;
  literal?: boolean;
  icon?: string;
  path?: string;
  children: HostMenuItem[];
  order: number;
  unavailable?: boolean;
  /** The view whose sidebar lists the entry (from its path, or its first child's); null = every view. */
  view: ConsoleView | null;
  /** Opens in a new browser tab (outside the console). */
  external?: boolean;
  /** Not listed in the sidebar. */
  hidden?: boolean;
}

export interface UnavailablePlugin {
  pluginId: string;
  title: string;
  reason: PluginFailure;
  entry: PluginListEntry;
}

export interface HostSettingsTab {
  pluginId: string;
  namespace: string;
  tab: SettingsTabContribution;
}

export interface Composition {
  routes: HostRoute[];
  menus: HostMenuItem[];
  settingsTabs: HostSettingsTab[];
  unavailable: UnavailablePlugin[];
}

export const UNAVAILABLE_PATH = '/unavailable';
export const PLUGINS_PAGE_PATH = '/settings/plugins';
/** Who sees the admin "Plugins" page (the server checks the same permission on its API). */
export const PLUGIN_ADMIN_PERMISSION = 'settings.view_setting';
const PluginsPage = lazy(() => import('../ui/PluginsPage'));

function menuItems(
  menus: readonly MenuContribution[],
  pluginId: string,
  namespace: string,
  permission: PermissionService,
): HostMenuItem[] {
  const items: HostMenuItem[] = [];
  for (const m of menus) {
    const usage = { permissions: m.permissions, licenseRequired: m.licenseRequired, settings: m.settings };
    if (!permission.canUse(usage)) continue;
    const children = menuItems(m.children ?? [], pluginId, namespace, permission);
    // A group whose children are all hidden is hidden too (docs/shell.md#sidebar).
    if (m.children?.length && !children.length) continue;
    const view =
      m.view ?? (m.path && !m.external ? viewOfPath(m.path) : (children.find((c) => c.view)?.view ?? null));
    items.push({
      id: m.id,
      testId: `menu-${m.id}`,
      pluginId,
      namespace,
      title: m.title,
      icon: m.icon,
      path: m.path,
      children,
      order: m.order ?? 1000,
      view,
      external: m.external,
      hidden: m.hidden,
    });
  }
  return items;
}

/**
 * Turn loader results into what the shell renders. Licence- and setting-gated routes are left out (404); routes the user
 * lacks permission for stay, rendering the 403 page. A plugin that failed keeps one menu entry, titled from its
 * manifest, pointing at its "plugin unavailable" panel.
 */
export function composeContributions(
  results: readonly PluginLoadResult[],
  permission: PermissionService,
  lng: Language,
): Composition {
  const composition: Composition = { routes: [], menus: [], settingsTabs: [], unavailable: [] };
  for (const result of results) {
    if (!result.ok) {
      if (!isVisibleFailure(result.reason)) continue;
      const title = manifestTitle(result.entry.manifest ?? { id: result.entry.id, title: {} }, lng);
      composition.unavailable.push({
        pluginId: result.entry.id,
        title,
        reason: result.reason,
        entry: result.entry,
      });
      composition.menus.push({
        id: result.entry.id,
        testId: `menu-${result.entry.id}`,
        pluginId: result.entry.id,
        namespace: 'host',
        title,
        literal: true,
        icon: result.reason.kind === 'loading' ? 'pi pi-spin pi-spinner' : 'pi pi-exclamation-triangle',
        path: `${UNAVAILABLE_PATH}/${result.entry.id}`,
        children: [],
        order: 10_000,
        unavailable: true,
        view: (result.entry.manifest?.views ?? []).find((v): v is ConsoleView => isConsoleView(v)) ?? null,
      });
      continue;
    }
    const { plugin } = result;
    const namespace = plugin.i18nNamespace;
    const pluginTitle = manifestTitle(result.entry.manifest, lng);
    for (const route of plugin.routes) {
      // Licence- or setting-gated routes do not exist for this user (404); missing permissions give 403.
      const gate = { licenseRequired: route.licenseRequired, settings: route.settings };
      if ((route.licenseRequired || route.settings?.length) && !permission.canUse(gate)) continue;
      composition.routes.push({
        pluginId: plugin.id,
        namespace,
        pluginTitle,
        route,
        allowed: permission.can(route.permissions),
      });
    }
    composition.menus.push(...menuItems(plugin.menus, plugin.id, namespace, permission));
    for (const tab of plugin.settingsTabs) {
      if (permission.canUse({ permissions: tab.permissions, licenseRequired: tab.licenseRequired })) {
        composition.settingsTabs.push({ pluginId: plugin.id, namespace, tab });
      }
    }
  }
  addHostPages(composition, permission);
  // Stable sort: equal orders keep the server's plugin order.
  composition.menus.sort((a, b) => a.order - b.order);
  return composition;
}

/** The host's own pages: the admin list of plugins, in the settings view. */
function addHostPages(composition: Composition, permission: PermissionService): void {
  const permissions = [PLUGIN_ADMIN_PERMISSION];
  composition.routes.push({
    pluginId: 'host',
    namespace: 'host',
    pluginTitle: 'Bastion Console',
    route: {
      path: PLUGINS_PAGE_PATH,
      view: 'settings',
      title: 'plugin.admin.title',
      helpText: 'plugin.admin.help',
      permissions,
      component: PluginsPage,
    },
    allowed: permission.can(permissions),
  });
  if (!permission.can(permissions)) return;
  composition.menus.push({
    id: 'plugins-admin',
    testId: 'menu-plugins-admin',
    pluginId: 'host',
    namespace: 'host',
    title: 'plugin.admin.title',
    icon: 'pi pi-th-large',
    path: PLUGINS_PAGE_PATH,
    children: [],
    order: 9000,
    view: 'settings',
  });
}

/** The first page a user may open: the first menu link, else the first visible permitted route. */
export function firstAvailablePath(composition: Composition, view?: string | null): string | null {
  const links: string[] = [];
  const walk = (items: readonly HostMenuItem[]): void => {
    for (const item of items) {
      if (item.path && !item.unavailable) links.push(item.path);
      walk(item.children);
    }
  };
  walk(composition.menus);
  const allowed = composition.routes.filter(
    (r) => r.allowed && !r.route.hidden && !r.route.path.includes(':'),
  );
  const inView = (path: string): boolean => !view || path.split('/')[1] === view;
  return (
    links.find(inView) ??
    allowed.map((r) => r.route.path).find(inView) ??
    links[0] ??
    allowed[0]?.route.path ??
    null
  );
}

/**
 * A section's own address (`/console/assets`, `/console/accounts`) opens its first page the user may see, as
 * the original's section redirects do (docs/shell.md#views): the first menu entry under it, else the first
 * listed route under it. Null when nothing under it is allowed (then it is an unknown address).
 */
export function sectionIndexPath(composition: Composition, pathname: string): string | null {
  const prefix = `${pathname.replace(/\/+$/, '')}/`;
  // Only below a view (`/<view>/<section>`): a view's own index is ViewIndex's.
  if (prefix.split('/').length < 4) return null;
  const allowed = composition.routes
    .filter((r) => r.allowed && !r.route.hidden && !r.route.path.includes(':'))
    .map((r) => r.route.path)
    .filter((path) => path.startsWith(prefix));
  const links: string[] = [];
  const walk = (items: readonly HostMenuItem[]): void => {
    for (const item of items) {
      if (item.path && !item.unavailable && allowed.includes(item.path)) links.push(item.path);
      walk(item.children);
    }
  };
  walk(composition.menus);
  return links[0] ?? allowed[0] ?? null;
}
