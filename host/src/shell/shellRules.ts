import { matchRoutes } from 'react-router-dom';
import { SYSTEM_ADMIN_ROLE_ID, hasPermissions, type ConsoleView, type UserProfile } from '@bastion/sdk';
import type { Composition, HostMenuItem, HostRoute } from '../plugins/composeContributions';

/**
 * Sidebar rules (docs/shell.md#sidebar): only the entries of the current view; hidden entries (and entries
 * pointing at hidden routes) are left out; a group whose children are all hidden is hidden; a group with a
 * single visible child shows that child as a direct link.
 */
export function sidebarItems(
  items: readonly HostMenuItem[],
  view: ConsoleView | null,
  hiddenPaths: ReadonlySet<string> = new Set(),
): HostMenuItem[] {
  const visible = (list: readonly HostMenuItem[], top: boolean): HostMenuItem[] => {
    const out: HostMenuItem[] = [];
    for (const item of list) {
      if (top && item.view !== null && item.view !== view) continue;
      if (item.hidden || (item.path && hiddenPaths.has(item.path))) continue;
      if (!item.children.length) {
        out.push(item);
        continue;
      }
      const children = visible(item.children, false);
      if (!children.length) {
        if (item.path) out.push({ ...item, children: [] });
        continue;
      }
      if (children.length === 1 && !item.path) {
        const only = children[0]!;
        out.push({ ...only, icon: only.icon ?? item.icon, order: item.order });
        continue;
      }
      out.push({ ...item, children });
    }
    return out;
  };
  return visible(items, true);
}

/** The paths of routes marked hidden (their menu entries are not shown). */
export function hiddenRoutePaths(composition: Composition): Set<string> {
  return new Set(composition.routes.filter((r) => r.route.hidden).map((r) => r.route.path));
}

/** The contributed route that renders `pathname` (react-router's own ranking), or null. */
export function findHostRoute(composition: Composition, pathname: string): HostRoute | null {
  const routes = composition.routes.map((hostRoute) => ({ path: hostRoute.route.path, hostRoute }));
  const matches = matchRoutes(routes, pathname);
  const last = matches?.[matches.length - 1];
  return (last?.route as { hostRoute?: HostRoute } | undefined)?.hostRoute ?? null;
}

/** Does the composition hold at least one permitted page in `view`? */
export function viewHasPages(composition: Composition, view: ConsoleView): boolean {
  return composition.routes.some((r) => r.allowed && r.route.view === view);
}

/** "Role Admin" of docs/shell.md#the-page-frame: holders of the built-in system administrator role. */
export function isAdmin(profile: Pick<UserProfile, 'system_roles'> | null): boolean {
  const roles = (profile?.system_roles ?? []) as unknown[];
  return roles.some((r) => (typeof r === 'string' ? r : (r as { id?: string })?.id) === SYSTEM_ADMIN_ROLE_ID);
}

/** Account-menu entries (docs/shell.md#navbar). */
export function accountMenuEntries(input: {
  perms: readonly string[];
  authTempToken: boolean;
}): Array<'profile' | 'apiKey' | 'tempPassword' | 'logout'> {
  const entries: Array<'profile' | 'apiKey' | 'tempPassword' | 'logout'> = ['profile'];
  if (hasPermissions(input.perms, ['authentication.view_accesskey'])) entries.push('apiKey');
  if (input.authTempToken && hasPermissions(input.perms, ['authentication.view_temptoken']))
    entries.push('tempPassword');
  entries.push('logout');
  return entries;
}
