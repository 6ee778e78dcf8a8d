import { describe, expect, it } from 'vitest';
import type { HostMenuItem } from '../../../host/src/plugins/composeContributions';
import { accountMenuEntries, isAdmin, sidebarItems } from '../../../host/src/shell/shellRules';

const item = (id: string, extra: Partial<HostMenuItem> = {}): HostMenuItem => ({
  id,
  testId: `menu-${id}`,
  pluginId: 'p',
  namespace: 'p',
  title: id,
  path: `/console/${id}`,
  children: [],
  order: 1,
  view: 'console',
  ...extra,
});

describe('sidebar rules (docs/shell.md#sidebar)', () => {
  it('lists the entries of the current view (and view-less ones)', () => {
    const items = [item('a'), item('b', { view: 'audit', path: '/audit/b' }), item('x', { view: null })];
    expect(sidebarItems(items, 'console').map((i) => i.id)).toEqual(['a', 'x']);
    expect(sidebarItems(items, 'audit').map((i) => i.id)).toEqual(['b', 'x']);
  });

  it('hides hidden entries and entries of hidden routes; a group of hidden children goes too', () => {
    const group = item('g', { path: undefined, children: [item('c1', { hidden: true }), item('c2')] });
    const items = [item('a', { hidden: true }), group, item('h')];
    expect(sidebarItems(items, 'console', new Set(['/console/c2', '/console/h']))).toEqual([]);
  });

  it('shows the only visible child of a group as a direct link', () => {
    const group = item('g', {
      path: undefined,
      icon: 'pi pi-box',
      children: [item('c1', { hidden: true }), item('c2')],
    });
    const [only] = sidebarItems([group], 'console');
    expect(only?.id).toBe('c2');
    expect(only?.icon).toBe('pi pi-box');
    expect(only?.children).toEqual([]);
    const two = item('g', { path: undefined, children: [item('c1'), item('c2')] });
    expect(sidebarItems([two], 'console')[0]?.children.map((c) => c.id)).toEqual(['c1', 'c2']);
  });
});

describe('shell permissions (docs/shell.md#navbar)', () => {
  it('account menu: API key and temporary password by permission and AUTH_TEMP_TOKEN', () => {
    expect(accountMenuEntries({ perms: [], authTempToken: true })).toEqual(['profile', 'logout']);
    expect(
      accountMenuEntries({
        perms: ['authentication.view_accesskey', 'authentication.view_temptoken'],
        authTempToken: false,
      }),
    ).toEqual(['profile', 'apiKey', 'logout']);
    expect(accountMenuEntries({ perms: ['authentication.view_temptoken'], authTempToken: true })).toEqual([
      'profile',
      'tempPassword',
      'logout',
    ]);
  });

  it('Admin = the built-in system administrator role', () => {
    // The core sends role ids (docs/permissions.md#per-organization); the SDK's type also allows role
    // objects.
    const ids = (...roles: string[]) => ({ system_roles: roles as never });
    expect(isAdmin(ids('00000000-0000-0000-0000-000000000001'))).toBe(true);
    expect(isAdmin({ system_roles: [{ id: '00000000-0000-0000-0000-000000000001', name: 'x' }] })).toBe(true);
    expect(isAdmin(ids('00000000-0000-0000-0000-000000000003'))).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});
