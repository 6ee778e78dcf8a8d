import { describe, expect, it } from 'vitest';
import {
  addVisitedView,
  cachedPaths,
  closeAllVisitedViews,
  closeOtherVisitedViews,
  closeVisitedView,
  type VisitedView,
} from './visitedViews';

const tab = (fullPath: string, extra: Partial<VisitedView> = {}) => ({ fullPath, title: fullPath, ...extra });

function open(...paths: Array<string | [string, Partial<VisitedView>]>): VisitedView[] {
  return paths.reduce<VisitedView[]>(
    (views, p) => addVisitedView(views, typeof p === 'string' ? tab(p) : tab(p[0], p[1])),
    [],
  );
}

describe('visited-view tabs (docs/shell.md#visited-tabs)', () => {
  it('keeps one tab per path; the newest query wins', () => {
    const views = open('/console/users', '/console/users?page=2', '/console/assets/');
    expect(views.map((v) => v.path)).toEqual(['/console/users', '/console/assets']);
    expect(views[0]!.fullPath).toBe('/console/users?page=2');
  });

  it('affix tabs lead the bar', () => {
    const views = open('/a', ['/dash', { affix: true }], '/b', ['/home', { affix: true }]);
    expect(views.map((v) => v.path)).toEqual(['/dash', '/home', '/a', '/b']);
  });

  it('affix tabs cannot be closed, and survive Close Others and Close All', () => {
    const views = open(['/console/dashboard', { affix: true }], '/console/users', '/console/groups');
    expect(closeVisitedView(views, '/console/dashboard', '/console/users').views).toHaveLength(3);
    const others = closeOtherVisitedViews(views, '/console/groups', '/console/groups');
    expect(others.views.map((v) => v.path)).toEqual(['/console/dashboard', '/console/groups']);
    expect(others.navigateTo).toBeNull();
    const all = closeAllVisitedViews(views, '/console/users');
    expect(all.views.map((v) => v.path)).toEqual(['/console/dashboard']);
    expect(all.navigateTo).toBe('/console/dashboard');
  });

  it('closing the active tab goes to the last remaining tab, closing the last goes to the root', () => {
    const views = open('/a', '/b?x=1', '/c');
    const closed = closeVisitedView(views, '/c', '/c');
    expect(closed.navigateTo).toBe('/b?x=1');
    const inactive = closeVisitedView(views, '/a', '/c');
    expect(inactive.navigateTo).toBeNull();
    expect(inactive.views.map((v) => v.path)).toEqual(['/b', '/c']);
    expect(closeVisitedView(open('/only'), '/only', '/only')).toEqual({ views: [], navigateTo: '/' });
    expect(closeAllVisitedViews(open('/a', '/b'), '/b')).toEqual({ views: [], navigateTo: '/' });
  });

  it('Close Others from an inactive tab moves to that tab', () => {
    const views = open('/a', '/b', '/c');
    expect(closeOtherVisitedViews(views, '/a', '/c').navigateTo).toBe('/a');
  });

  it('caches every tab except noCache routes', () => {
    expect(cachedPaths(open('/a', ['/b', { noCache: true }], '/c'))).toEqual(['/a', '/c']);
  });
});
