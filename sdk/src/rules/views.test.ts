import { describe, expect, it } from 'vitest';
import { canUseView, orgsOfView, showsTicketsLink, viewOfPath } from './views';

const org = { id: 'o', name: 'O' };

describe('views', () => {
  it('takes the view from the first path segment', () => {
    expect(viewOfPath('/console/users')).toBe('console');
    expect(viewOfPath('audit')).toBe('audit');
    expect(viewOfPath('/')).toBeNull();
    expect(viewOfPath('/unavailable/x')).toBeNull();
  });

  it('gates views by the profile orgs', () => {
    const p = { console_orgs: [], audit_orgs: [org], workbench_orgs: [] };
    expect(canUseView(p, 'console')).toBe(false);
    expect(canUseView(p, 'tickets')).toBe(false);
    expect(canUseView(p, 'audit')).toBe(true);
    expect(canUseView(p, 'workbench')).toBe(true);
    expect(canUseView(p, 'profile')).toBe(true);
    expect(orgsOfView(p, 'audit')).toEqual([org]);
    expect(orgsOfView(p, 'tickets')).toEqual([]);
  });

  it('shows the tickets link only with licence, permission and a usable tickets view', () => {
    const admin = { console_orgs: [org], perms: ['tickets.view_ticket'] };
    expect(showsTicketsLink(admin, true)).toBe(true);
    expect(showsTicketsLink(admin, false)).toBe(false);
    expect(showsTicketsLink({ ...admin, perms: [] }, true)).toBe(false);
    // An ordinary member holds tickets.view_ticket but may not open the tickets view.
    expect(
      showsTicketsLink({ console_orgs: [], workbench_orgs: [org], perms: ['tickets.view_ticket'] }, true),
    ).toBe(false);
  });
});

describe('view availability and the view check (docs/shell.md#views)', () => {
  const o = { id: 'o', name: 'O' };
  it('lists the available views in switcher order and falls back to the first', async () => {
    const { availableViews, firstAvailableView, checkViewAccess, startView, viewHasOrganizations } =
      await import('./views');
    const admin = { console_orgs: [o], audit_orgs: [o], workbench_orgs: [o] };
    const auditor = { console_orgs: [], audit_orgs: [o], workbench_orgs: [] };
    const user = { console_orgs: [], audit_orgs: [], workbench_orgs: [o] };
    expect(availableViews(admin)).toEqual(['console', 'audit', 'workbench', 'tickets']);
    expect(availableViews(auditor)).toEqual(['audit', 'workbench']);
    expect(firstAvailableView(user)).toBe('workbench');
    expect(firstAvailableView(auditor)).toBe('audit');
    expect(checkViewAccess(user, '/console/users')).toEqual({
      ok: false,
      denied: 'console',
      redirectTo: 'workbench',
    });
    expect(checkViewAccess(user, '/tickets/tickets')).toMatchObject({ ok: false, redirectTo: 'workbench' });
    expect(checkViewAccess(auditor, '/audit/x')).toEqual({ ok: true, view: 'audit' });
    expect(checkViewAccess(user, '/profile/info')).toEqual({ ok: true, view: 'profile' });
    expect(checkViewAccess(user, '/404')).toEqual({ ok: true, view: null });
    expect(startView(admin, 'audit')).toBe('audit');
    expect(startView(user, 'audit')).toBe('workbench');
    expect(startView(admin, null)).toBe('console');
    expect(startView(admin, 'settings')).toBe('console');
    expect(viewHasOrganizations('settings')).toBe(false);
    expect(viewHasOrganizations('profile')).toBe(false);
    expect(viewHasOrganizations('audit')).toBe(true);
  });
});
