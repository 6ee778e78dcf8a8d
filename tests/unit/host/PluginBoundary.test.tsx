import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { definePlugin, type PluginListEntry } from '@bastion/sdk';
import { composeContributions } from '../../../host/src/plugins/composeContributions';
import type { PluginLoadResult } from '../../../host/src/plugins/PluginLoader';
import { AppRoutes } from '../../../host/src/ui/AppRouter';
import { HostProviders } from '../../../host/src/ui/HostProviders';
import { fakeLocator, fakePermission } from './fakes';

afterEach(cleanup);

function Exploding(): never {
  throw new Error('kaboom');
}

function Hello() {
  return <p data-testid="hello">hello</p>;
}

function entry(id: string, title: string): PluginListEntry {
  return {
    id,
    version: '0.1.0',
    url: `/ui/plugins/${id}/index.js`,
    integrity: '',
    source: 'builtin',
    manifest: {
      id,
      version: '0.1.0',
      title: { en: title },
      hostRange: '^0.1.0',
      sdkRange: '^0.1.0',
      permissions: [],
      licenseRequired: false,
      views: ['console'],
      i18nNamespace: id,
    },
  };
}

function renderApp(results: PluginLoadResult[], path: string) {
  const composition = composeContributions(results, fakePermission(['users.view_user']), 'en');
  return render(
    <HostProviders locator={fakeLocator()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes composition={composition} />
      </MemoryRouter>
    </HostProviders>,
  );
}

const ok = (
  id: string,
  title: string,
  component: () => React.ReactNode,
  perms: string[] = [],
): PluginLoadResult => ({
  ok: true,
  entry: entry(id, title),
  plugin: definePlugin({
    id,
    routes: [
      { path: `/console/${id}`, view: 'console', title: 'route.title', component, permissions: perms },
    ],
    menus: [{ id, title: 'menu.title', path: `/console/${id}` }],
  }),
});

describe('plugin failure stays inside its plugin', () => {
  it('a route whose element throws shows "plugin unavailable" while the frame keeps working', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp([ok('boom', 'Boom', Exploding), ok('fine', 'Fine', Hello)], '/console/boom');
    const panel = screen.getByTestId('plugin-unavailable-boom');
    expect(panel.textContent).toContain('Plugin unavailable: the page crashed');
    expect(panel.textContent).toContain('kaboom');
    expect(screen.getByTestId('user-name').textContent).toBe('Administrator');
    // The other plugin's menu entry is there and its page renders.
    fireEvent.click(screen.getByTestId('menu-fine'));
    expect(screen.getByTestId('hello')).toBeTruthy();
    spy.mockRestore();
  });

  it('a plugin that failed to load keeps a menu entry (manifest title) leading to its panel', () => {
    const failed: PluginLoadResult = {
      ok: false,
      entry: entry('users', 'Users'),
      reason: { kind: 'not-found', detail: 'Error loading /ui/plugins/users/index.js' },
    };
    renderApp([failed, ok('fine', 'Fine', Hello)], '/console/fine');
    expect(screen.getByTestId('hello')).toBeTruthy();
    const menu = screen.getByTestId('menu-users');
    expect(menu.textContent).toContain('Users');
    fireEvent.click(menu);
    expect(screen.getByTestId('plugin-unavailable-users').textContent).toContain(
      'Plugin unavailable: module not found',
    );
  });

  it('a route the user lacks permission for renders the 403 page; unknown paths the 404 page', () => {
    renderApp([ok('locked', 'Locked', Hello, ['assets.view_asset'])], '/console/locked');
    expect(screen.getByTestId('page-403').textContent).toContain('Unable to access the current page');
    cleanup();
    renderApp([], '/no/such/page');
    expect(screen.getByTestId('page-404')).toBeTruthy();
  });

  it('the root goes to the first available page', () => {
    renderApp([ok('fine', 'Fine', Hello)], '/');
    expect(screen.getByTestId('hello')).toBeTruthy();
  });
});
