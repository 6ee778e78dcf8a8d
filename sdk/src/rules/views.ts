import type { OrgRef } from '../services/session';

/** The four top-level views with an organization switcher (spec §1), plus the two areas without one. */
export const CONSOLE_VIEWS = ['console', 'audit', 'workbench', 'tickets', 'settings', 'profile'] as const;
export type ConsoleView = (typeof CONSOLE_VIEWS)[number];

export function isConsoleView(value: string): value is ConsoleView {
  return (CONSOLE_VIEWS as readonly string[]).includes(value);
}

/** The first path segment selects the current view (spec §2); other segments select none. */
export function viewOfPath(path: string): ConsoleView | null {
  const first = path.replace(/^\/+/, '').split(/[/?#]/, 1)[0] ?? '';
  return isConsoleView(first) ? first : null;
}

interface ProfileOrgs {
  console_orgs?: readonly OrgRef[];
  audit_orgs?: readonly OrgRef[];
  workbench_orgs?: readonly OrgRef[];
}

/** Organizations in use for a view (spec §4): console/tickets → console, audit → audit, workbench → workbench. */
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
 * May the user open this view (spec §2 "Shell")? console and tickets need console orgs, audit needs audit orgs,
 * workbench is always offered; settings and profile are not gated by orgs (their routes carry permissions).
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
