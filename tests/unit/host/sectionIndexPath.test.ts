import { describe, expect, it } from 'vitest';
import type { RouteContribution } from '@bastion/sdk';
import {
  sectionIndexPath,
  type Composition,
  type HostMenuItem,
  type HostRoute,
} from '../../../host/src/plugins/composeContributions';

const route = (path: string, extra: Partial<RouteContribution> = {}, allowed = true): HostRoute => ({
  pluginId: 'assets',
  namespace: 'assets',
  pluginTitle: 'Assets',
  route: { path, view: 'console', title: path, element: null, ...extra } as RouteContribution,
  allowed,
});

const menu = (path: string, extra: Partial<HostMenuItem> = {}): HostMenuItem => ({
  id: path,
  testId: `menu-${path}`,
  pluginId: 'assets',
  namespace: 'assets',
  title: path,
  path,
  children: [],
  order: 1,
  view: 'console',
  ...extra,
});

const composition = (routes: HostRoute[], menus: HostMenuItem[] = []): Composition => ({
  routes,
  menus,
  settingsTabs: [],
  unavailable: [],
});

describe('sectionIndexPath (docs/shell.md#views)', () => {
  const routes = [
    route('/console/assets/assets'),
    route('/console/assets/assets/:id'),
    route('/console/assets/assets/create', { hidden: true }),
    route('/console/assets/platforms'),
    route('/console/assets/labels', {}, false),
  ];

  it('opens the first menu entry under the section, in menu order, not route order', () => {
    const menus = [
      menu('', {
        path: undefined,
        children: [menu('/console/assets/platforms'), menu('/console/assets/assets')],
      }),
    ];
    expect(sectionIndexPath(composition(routes, menus), '/console/assets')).toBe('/console/assets/platforms');
    // A trailing slash names the same section.
    expect(sectionIndexPath(composition(routes, menus), '/console/assets/')).toBe(
      '/console/assets/platforms',
    );
  });

  it('skips menu entries the user may not open or that are unavailable, then falls back to routes', () => {
    const menus = [menu('/console/assets/labels'), menu('/console/assets/assets', { unavailable: true })];
    expect(sectionIndexPath(composition(routes, menus), '/console/assets')).toBe('/console/assets/assets');
  });

  it('never picks a hidden, parameterised or forbidden route', () => {
    const only = [route('/console/assets/assets/:id'), route('/console/assets/x', { hidden: true })];
    expect(sectionIndexPath(composition(only), '/console/assets')).toBeNull();
    expect(
      sectionIndexPath(composition([route('/console/assets/labels', {}, false)]), '/console/assets'),
    ).toBeNull();
  });

  it('answers only for a section below a view, and only for routes under it', () => {
    expect(sectionIndexPath(composition(routes), '/console')).toBeNull();
    expect(sectionIndexPath(composition(routes), '/console/accounts')).toBeNull();
    // `/console/asset` is not a prefix of `/console/assets/…`.
    expect(sectionIndexPath(composition(routes), '/console/asset')).toBeNull();
  });
});
