import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import type { ConsoleView } from '../rules/views';

/** A page component: a plain component or `React.lazy(() => import('./Page'))` (preferred: own chunk). */
export type PluginComponent = ComponentType | LazyExoticComponent<ComponentType>;

/**
 * A page the plugin adds to the router, with the route metadata of PLUGINS.md#the-entry-module. Titles are i18n keys in the
 * plugin's namespace. Give either `component` or `element`.
 */
export interface RouteContribution {
  /** Absolute app path below the `/ui` base, e.g. `/console/users`; `:param` segments allowed. */
  path: string;
  view: ConsoleView;
  title: string;
  /** Required permissions (all of; `a|b` = either). Omitted → any signed-in user of the plugin. */
  permissions?: readonly string[];
  licenseRequired?: boolean;
  /**
   * Boolean public settings that must be on (e.g. `AUTH_TEMP_TOKEN`, `SECURITY_COMMAND_EXECUTION`); while
   * one is off the route does not exist (404), as docs/permissions.md#rights-in-the-console hides such pages.
   */
  settings?: readonly string[];
  /** Routable but not listed in menus. */
  hidden?: boolean;
  /** Not kept in the visited-view cache. */
  noCache?: boolean;
  /** A tab that is always in the visited-view bar and cannot be closed (e.g. a dashboard). */
  affix?: boolean;
  /** The organization selector is not shown on this page. */
  hideOrganization?: boolean;
  /** Help text shown under the page heading as a success alert (an i18n key of the plugin). */
  helpText?: string;
  component?: PluginComponent;
  element?: ReactNode;
}

/** A sidebar entry: a link (`path`) or a group (`children`). Icons are primeicons classes (`pi pi-user`). */
export interface MenuContribution {
  /** Unique within the plugin; rendered as `data-testid="menu-<id>"`. */
  id: string;
  title: string;
  icon?: string;
  path?: string;
  children?: readonly MenuContribution[];
  /** Lower first; ties keep plugin order. */
  order?: number;
  permissions?: readonly string[];
  licenseRequired?: boolean;
  /** Boolean public settings that must be on for the entry to show (see RouteContribution.settings). */
  settings?: readonly string[];
  /** `path` is outside the console (e.g. `/luna/`): it opens in a new tab. */
  external?: boolean;
  /** The view whose sidebar lists the entry; by default the view of its path (or of its first child). */
  view?: ConsoleView;
  /** Not shown in the sidebar (the route stays reachable). */
  hidden?: boolean;
}

/** A tab of the system settings page. */
export interface SettingsTabContribution {
  id: string;
  title: string;
  component: PluginComponent;
  order?: number;
  permissions?: readonly string[];
  licenseRequired?: boolean;
}

/** What a plugin author passes to `definePlugin`. */
export interface PluginDefinition {
  /** Must equal the manifest id. Lowercase letters, digits and dashes. */
  id: string;
  routes?: readonly RouteContribution[];
  menus?: readonly MenuContribution[];
  settingsTabs?: readonly SettingsTabContribution[];
  /** The plugin's i18n namespace; defaults to the id. Must equal the manifest's `i18nNamespace`. */
  i18nNamespace?: string;
}
