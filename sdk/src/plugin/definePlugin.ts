import manifestSchema from '../../plugin-format/plugin-manifest.schema.json';
import { SDK_VERSION } from '../version';
import { isConsoleView } from '../rules/views';
import type {
  MenuContribution,
  PluginDefinition,
  RouteContribution,
  SettingsTabContribution,
} from './contributions';

/** A string brand rather than a class or symbol: it survives a plugin bundling its own SDK copy. */
export const PLUGIN_DESCRIPTOR_TYPE = 'bastion.plugin.v1';

/** The frozen value a plugin module exports as default. */
export interface PluginDescriptor {
  readonly $$type: typeof PLUGIN_DESCRIPTOR_TYPE;
  readonly id: string;
  readonly i18nNamespace: string;
  readonly routes: readonly RouteContribution[];
  readonly menus: readonly MenuContribution[];
  readonly settingsTabs: readonly SettingsTabContribution[];
  /** The SDK version the descriptor was made with. */
  readonly sdkVersion: string;
}

export class PluginDefinitionError extends Error {
  readonly problems: readonly string[];
  constructor(id: string, problems: readonly string[]) {
    super(`Invalid plugin "${id}": ${problems.join('; ')}`);
    this.name = 'PluginDefinitionError';
    this.problems = problems;
  }
}

/** PLUGINS.md: lower-case letters, digits and `-`, 2–50 characters, starting with a letter. */
/** From the one manifest schema (sdk/plugin-format/plugin-manifest.schema.json), like the build and the server. */
export const PLUGIN_ID_PATTERN = new RegExp(manifestSchema.$defs.id.pattern);
const NAMESPACE_PATTERN = /^[a-z][a-zA-Z0-9_-]{0,63}$/;

function checkPermissions(where: string, perms: unknown, problems: string[]): void {
  if (perms === undefined) return;
  if (!Array.isArray(perms) || !perms.every((p) => typeof p === 'string' && p.length > 0)) {
    problems.push(`${where}: permissions must be a list of permission codes`);
  }
}

function checkRoutes(routes: readonly RouteContribution[], problems: string[]): void {
  const seen = new Set<string>();
  routes.forEach((route, i) => {
    const where = `routes[${i}]`;
    if (typeof route.path !== 'string' || !route.path.startsWith('/') || route.path === '/') {
      problems.push(`${where}: path must be absolute and not the root`);
    } else if (seen.has(route.path)) {
      problems.push(`${where}: duplicate path ${route.path}`);
    } else {
      seen.add(route.path);
    }
    if (!isConsoleView(String(route.view))) problems.push(`${where}: unknown view "${String(route.view)}"`);
    if (typeof route.title !== 'string' || !route.title)
      problems.push(`${where}: title (an i18n key) is required`);
    if (!route.component && route.element === undefined)
      problems.push(`${where}: component or element is required`);
    checkPermissions(where, route.permissions, problems);
  });
}

function checkMenus(
  menus: readonly MenuContribution[],
  problems: string[],
  seen: Set<string>,
  where: string,
): void {
  menus.forEach((menu, i) => {
    const at = `${where}[${i}]`;
    if (typeof menu.id !== 'string' || !/^[a-z][a-z0-9-]*$/.test(menu.id)) problems.push(`${at}: invalid id`);
    else if (seen.has(menu.id)) problems.push(`${at}: duplicate id ${menu.id}`);
    else seen.add(menu.id);
    if (typeof menu.title !== 'string' || !menu.title)
      problems.push(`${at}: title (an i18n key) is required`);
    const hasChildren = Array.isArray(menu.children) && menu.children.length > 0;
    if (!hasChildren && !(typeof menu.path === 'string' && menu.path.startsWith('/'))) {
      problems.push(`${at}: needs an absolute path or children`);
    }
    checkPermissions(at, menu.permissions, problems);
    if (hasChildren) checkMenus(menu.children!, problems, seen, `${at}.children`);
  });
}

function checkSettingsTabs(tabs: readonly SettingsTabContribution[], problems: string[]): void {
  const seen = new Set<string>();
  tabs.forEach((tab, i) => {
    const at = `settingsTabs[${i}]`;
    if (typeof tab.id !== 'string' || !tab.id || seen.has(tab.id))
      problems.push(`${at}: missing or duplicate id`);
    seen.add(tab.id);
    if (typeof tab.title !== 'string' || !tab.title) problems.push(`${at}: title (an i18n key) is required`);
    if (!tab.component) problems.push(`${at}: component is required`);
    checkPermissions(at, tab.permissions, problems);
  });
}

/**
 * Freeze the records and lists a plugin hands over, so neither the host nor another plugin can rewrite them.
 * Components are left alone on purpose: React.lazy objects are mutated by React when they resolve.
 */
function freezeRecord<T extends object>(record: T): T {
  const copy: Record<string, unknown> = { ...(record as Record<string, unknown>) };
  for (const [key, value] of Object.entries(copy)) {
    if (key === 'permissions' && Array.isArray(value)) copy[key] = Object.freeze([...value]);
  }
  return Object.freeze(copy) as T;
}

function freezeMenus(menus: readonly MenuContribution[]): readonly MenuContribution[] {
  return Object.freeze(
    menus.map((m) => freezeRecord(m.children ? { ...m, children: freezeMenus(m.children) } : m)),
  );
}

/**
 * Declare a plugin. Validates the contributions and returns a frozen descriptor; a plugin module exports it
 * as its default export. Throws `PluginDefinitionError` listing every problem found.
 */
export function definePlugin(definition: PluginDefinition): PluginDescriptor {
  const problems: string[] = [];
  const id = definition?.id;
  if (typeof id !== 'string' || !PLUGIN_ID_PATTERN.test(id))
    problems.push('id must be lowercase letters, digits, dashes');
  const ns = definition?.i18nNamespace ?? id;
  if (typeof ns !== 'string' || !NAMESPACE_PATTERN.test(ns)) problems.push('invalid i18nNamespace');
  const routes = definition?.routes ?? [];
  const menus = definition?.menus ?? [];
  const settingsTabs = definition?.settingsTabs ?? [];
  if (!Array.isArray(routes) || !Array.isArray(menus) || !Array.isArray(settingsTabs)) {
    problems.push('routes, menus and settingsTabs must be lists');
  } else {
    checkRoutes(routes, problems);
    checkMenus(menus, problems, new Set(), 'menus');
    checkSettingsTabs(settingsTabs, problems);
  }
  if (problems.length) throw new PluginDefinitionError(String(id), problems);
  return Object.freeze({
    $$type: PLUGIN_DESCRIPTOR_TYPE,
    id,
    i18nNamespace: ns,
    routes: Object.freeze(routes.map((r) => freezeRecord(r))),
    menus: freezeMenus(menus),
    settingsTabs: Object.freeze(settingsTabs.map((t) => freezeRecord(t))),
    sdkVersion: SDK_VERSION,
  });
}

/** Structural check the host applies to a module's default export before trusting it. */
export function isPluginDescriptor(value: unknown): value is PluginDescriptor {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<Record<keyof PluginDescriptor, unknown>>;
  return (
    v.$$type === PLUGIN_DESCRIPTOR_TYPE &&
    typeof v.id === 'string' &&
    typeof v.i18nNamespace === 'string' &&
    typeof v.sdkVersion === 'string' &&
    Array.isArray(v.routes) &&
    Array.isArray(v.menus) &&
    Array.isArray(v.settingsTabs)
  );
}
