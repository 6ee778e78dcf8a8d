// The build's route → page map (build/route-pages.mjs, docs/first-view.md#route-pages), read from a real
// plugin's entry: the users plugin declares its routes with paths from constants and lazy pages.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routePagesOf } from '../../../build/route-pages.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

describe('the route → page map of a plugin', () => {
  it('maps each declared route to the file its lazy page was built into, [] for a route without one', async () => {
    const lazyOutputs = new Map([
      ['plugins/users/src/UserListPage.tsx', '/ui/plugins/users/chunk-list.js'],
      ['plugins/users/src/UserFormPage.tsx', '/ui/plugins/users/chunk-form.js'],
      ['plugins/users/src/roles.tsx', '/ui/plugins/users/chunk-roles.js'],
    ]);
    const warnings: string[] = [];
    const pages = await routePagesOf({
      entry: 'plugins/users/src/index.tsx',
      base: root,
      tsconfig: path.join(root, 'tsconfig.json'),
      lazyOutputs,
      warn: (m: string) => warnings.push(m),
    });
    expect(warnings).toEqual([]);
    expect(pages).toMatchObject({
      '/console/users/users': ['chunk-list.js'],
      '/console/users/users/create': ['chunk-form.js'],
      '/console/users/users/:id/update': ['chunk-form.js'],
      // Reached through `.then((m) => ({ default: m.RoleListPage }))`: still its module's file.
      '/console/users/roles': ['chunk-roles.js'],
      // A redirect (an element, no component).
      '/console/users': [],
    });
    // A lazy page whose file the browser build does not list is left out rather than guessed.
    expect(pages?.['/console/users/users/:id']).toEqual([]);
  });

  it('gives no map, with a warning, for an entry that cannot run outside a browser', async () => {
    const warnings: string[] = [];
    const pages = await routePagesOf({
      entry: 'tests/unit/build/missing-entry.tsx',
      base: root,
      tsconfig: path.join(root, 'tsconfig.json'),
      lazyOutputs: new Map(),
      warn: (m: string) => warnings.push(m),
    });
    expect(pages).toBeNull();
    expect(warnings).toHaveLength(1);
  });
});
