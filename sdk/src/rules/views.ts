import type { OrgRef } from '../services/session';

/**
 * The four top-level views with an organization switcher (docs/shell.md#views), plus the two areas without
 * one.
 */
export const CONSOLE_VIEWS = ['console', 'audit', 'workbench', 'tickets', 'settings', 'profile'] as const;
export type ConsoleView = (typeof CONSOLE_VIEWS)[number];

export function isConsoleView(value: string): value is ConsoleView {
  return (CONSOLE_VIEWS as readonly string[]).includes(value);
}

/** The first path segment selects the current view (docs/shell.md#views); other segments select none. */
export function viewOfPath(path: string): ConsoleView | null {
  const first = path.replace(/^\/+/, '').split(/[/?#]/, 1)[0] ?? '';
  return isConsoleView(first) ? first : null;
}

interface ProfileOrgs {
  console_orgs?: readonly OrgRef[];
  audit_orgs?: readonly OrgRef[];
  workbench_orgs?: readonly OrgRef[];
}

/**
 * Organizations in use for a view (docs/shell.md#views): console/tickets → console, audit → audit, workbench
 * → workbench.
 */
export function orgsOfView(profile: ProfileOrgs, view: ConsoleView | null): readonly OrgRef[] {
  switch (view) {
    case 'audit':
      return profile.audit_orgs ?? [];
    case 'workbench':
      return profile.workbench_orgs ?? [];
    default:
      return profile.console_orgs ?? [];
  }
}

/**
 * May the user open this view (docs/shell.md#views)? console and tickets need console orgs, audit needs audit
 * orgs, workbench is always offered; settings and profile are not gated by orgs (their routes carry
 * permissions).
 */
export function canUseView(profile: ProfileOrgs, view: ConsoleView): boolean {
  switch (view) {
    case 'console':
    case 'tickets':
      return (profile.console_orgs?.length ?? 0) > 0;
    case 'audit':
      return (profile.audit_orgs?.length ?? 0) > 0;
    default:
      return true;
  }
}

/**
 * The navbar tickets link (docs/shell.md#views, docs/shell.md#navbar): a valid licence and
 * `tickets.view_ticket`, and — so that it never leads to a view that would send the user away — a tickets
 * view the user may open.
 */
export function showsTicketsLink(
  profile: ProfileOrgs & { perms?: readonly string[] },
  licensed: boolean,
): boolean {
  return licensed && (profile.perms ?? []).includes('tickets.view_ticket') && canUseView(profile, 'tickets');
}

/** The views the view switcher offers, in its order (settings and profile are reached from the navbar). */
export const SWITCHER_VIEWS = ['console', 'audit', 'workbench', 'tickets'] as const;
export type SwitcherView = (typeof SWITCHER_VIEWS)[number];

export function isSwitcherView(value: string | null | undefined): value is SwitcherView {
  return (SWITCHER_VIEWS as readonly string[]).includes(value ?? '');
}

/** Views this user may use, in switcher order (docs/shell.md#views). */
export function availableViews(profile: ProfileOrgs): SwitcherView[] {
  return SWITCHER_VIEWS.filter((view) => canUseView(profile, view));
}

/** The fallback view: the first available one (workbench is always available). */
export function firstAvailableView(profile: ProfileOrgs): SwitcherView {
  return availableViews(profile)[0] ?? 'workbench';
}

/**
 * View check of a navigation (docs/shell.md#entry-and-guards): the view of `path` when the user may use it
 * (or the path has no view), else the first available view, to which the shell redirects after resetting
 * its state.
 */
export function checkViewAccess(
  profile: ProfileOrgs,
  path: string,
): { ok: true; view: ConsoleView | null } | { ok: false; denied: ConsoleView; redirectTo: SwitcherView } {
  const view = viewOfPath(path);
  if (!view || canUseView(profile, view)) return { ok: true, view };
  return { ok: false, denied: view, redirectTo: firstAvailableView(profile) };
}

/**
 * The view the root route opens (docs/shell.md#views): the last-used view stored under PreView when the user
 * may still use it, else the first available view.
 */
export function startView(profile: ProfileOrgs, preView: string | null | undefined): SwitcherView {
  if (isSwitcherView(preView) && canUseView(profile, preView)) return preView;
  return firstAvailableView(profile);
}

/** Does the organization selector show in this view (settings and profile have none; docs/shell.md#views)? */
export function viewHasOrganizations(view: ConsoleView | null): boolean {
  return view !== 'settings' && view !== 'profile';
}
