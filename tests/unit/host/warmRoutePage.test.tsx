// The boot loads the opened page's code before its first render (host/src/boot/warmRoutePage.ts), so the page
// shows in that render instead of after a suspended round.
import { lazy, Suspense, type ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { warmRoutePage } from '../../../host/src/boot/warmRoutePage';
import type { Composition, HostRoute } from '../../../host/src/plugins/composeContributions';

function page(text: string, delayMs: number | null) {
  let calls = 0;
  const component = lazy(() => {
    calls += 1;
    return delayMs === null
      ? new Promise<{ default: ComponentType }>(() => undefined)
      : new Promise<{ default: ComponentType }>((resolve) =>
          setTimeout(() => resolve({ default: () => <p>{text}</p> }), delayMs),
        );
  });
  return { component, calls: () => calls };
}

const route = (path: string, component: ComponentType, allowed = true): HostRoute => ({
  pluginId: 'p',
  namespace: 'p',
  pluginTitle: 'P',
  allowed,
  route: { path, view: 'console', title: 't', component },
});

const composition = (routes: HostRoute[]): Composition => ({
  routes,
  menus: [],
  settingsTabs: [],
  unavailable: [],
});

describe('warming the opened page', () => {
  it("loads the best route's lazy page, which then renders at once", async () => {
    const list = page('the list', 30);
    const detail = page('a detail', 30);
    const c = composition([
      route('/console/things/:id', detail.component),
      route('/console/things', list.component),
    ]);
    await warmRoutePage(c, '/console/things');
    expect(list.calls()).toBe(1);
    expect(detail.calls()).toBe(0);
    render(
      <Suspense fallback={<p>loading</p>}>
        <list.component />
      </Suspense>,
    );
    // In the first render, not after a fallback.
    expect(screen.getByText('the list')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('waits no longer than its cap, and not at all for a route that is not there or not allowed', async () => {
    const never = page('never', null);
    const started = performance.now();
    await warmRoutePage(composition([route('/console/slow', never.component)]), '/console/slow', 50);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(never.calls()).toBe(1);

    const forbidden = page('forbidden', 10);
    await warmRoutePage(
      composition([route('/console/secret', forbidden.component, false)]),
      '/console/secret',
    );
    await warmRoutePage(composition([route('/console/secret', forbidden.component)]), '/console/other');
    expect(forbidden.calls()).toBe(0);
  });
});
