import { describe, expect, it, vi } from 'vitest';
import { definePlugin, type PluginListEntry, type PluginManifest } from '@bastion/sdk';
import {
  PluginLoader,
  pluginSpecifier,
  type PluginLoaderOptions,
  type SystemJsLike,
} from '../../../host/src/plugins/PluginLoader';
import { classifyImportError } from '../../../host/src/plugins/pluginFailure';
import { fakePermission } from './fakes';

function entry(id: string, manifest: Partial<PluginManifest> = {}): PluginListEntry {
  return {
    id,
    version: '0.1.0',
    url: `/ui/plugins/${id}/index-abc.js`,
    integrity: `sha384-${id}`,
    source: 'builtin',
    manifest: {
      id,
      version: '0.1.0',
      title: { en: id },
      hostRange: '^0.1.0',
      sdkRange: '^0.1.0',
      permissions: [],
      licenseRequired: false,
      views: ['console'],
      i18nNamespace: id,
      ...manifest,
    },
  };
}

const descriptor = (id: string) =>
  definePlugin({ id, routes: [{ path: `/console/${id}`, view: 'console', title: 't', element: null }] });

/** A stand-in for SystemJS: each plugin id maps to a module factory. */
function fakeSystem(modules: Record<string, () => Promise<unknown>>) {
  const system = {
    import: vi.fn((specifier: string) => {
      const id = specifier.replace(/^@bastion-plugins\//, '');
      const factory = specifier === pluginSpecifier(id) ? modules[id] : undefined;
      return factory
        ? factory()
        : Promise.reject(new Error(`Unable to resolve bare specifier '${id}' (SystemJS Error#8 …)`));
    }),
    addImportMap: vi.fn(),
    delete: vi.fn(),
    resolve: vi.fn(
      (specifier: string) => `http://localhost/ui/plugins/${specifier.split('/').pop()}/index-abc.js`,
    ),
  } satisfies SystemJsLike;
  return system;
}

function options(overrides: Partial<PluginLoaderOptions> = {}): PluginLoaderOptions {
  return {
    hostVersion: '0.1.0',
    sdkVersion: '0.1.0',
    timeoutMs: 50,
    probe: vi.fn(async () => 404),
    matchesIntegrity: vi.fn(async () => true),
    licensed: () => false,
    ...overrides,
  };
}

describe('PluginLoader isolation', () => {
  it('loads the valid plugin while the others fail, each with a classified reason', async () => {
    const system = fakeSystem({
      broken: () => Promise.reject(new TypeError('Cannot read properties of undefined (reading "x")')),
      missing: () =>
        Promise.reject(
          new Error('Error loading http://localhost/ui/plugins/missing/index-abc.js (SystemJS Error#3 …)'),
        ),
      slow: () => new Promise(() => undefined),
      good: async () => ({ default: descriptor('good') }),
      fake: async () => ({ default: { id: 'fake', routes: [] } }),
      wrongid: async () => ({ default: descriptor('good') }),
    });
    const opts = options();
    const loader = new PluginLoader(system, fakePermission(['users.view_user']), opts);
    const entries = [
      entry('broken'),
      entry('missing'),
      entry('slow'),
      entry('good'),
      entry('fake'),
      entry('wrongid'),
      entry('secret', { permissions: ['users.delete_user'] }),
      entry('paid', { licenseRequired: true }),
      entry('future', { hostRange: '^2.0.0' }),
    ];

    const results = await loader.loadAll(entries);
    const byId = Object.fromEntries(results.map((r) => [r.entry.id, r]));

    expect(results.filter((r) => r.ok).map((r) => r.entry.id)).toEqual(['good']);
    const reason = (id: string) => {
      const r = byId[id]!;
      return r.ok ? null : r.reason.kind;
    };
    expect(reason('broken')).toBe('evaluation');
    expect(reason('missing')).toBe('not-found');
    expect(reason('slow')).toBe('timeout');
    expect(reason('fake')).toBe('invalid-module');
    expect(reason('wrongid')).toBe('invalid-module');
    expect(reason('secret')).toBe('not-permitted');
    expect(reason('paid')).toBe('license-required');
    expect(reason('future')).toBe('incompatible');
    expect(opts.probe).toHaveBeenCalledWith('/ui/plugins/missing/index-abc.js');

    // Refused plugins are never downloaded, nor put into the import map.
    const imported = system.import.mock.calls.map((c) => c[0]);
    expect(imported).toContain('@bastion-plugins/good');
    expect(imported.filter((id) => /secret|paid|future/.test(id))).toEqual([]);
    expect(system.addImportMap).toHaveBeenCalledTimes(1);
    const map = system.addImportMap.mock.calls[0]![0];
    // Under their own scope: a plugin id can never shadow a shared module such as react.
    expect(map.imports).toMatchObject({ '@bastion-plugins/good': '/ui/plugins/good/index-abc.js' });
    expect(map.integrity).toMatchObject({ '/ui/plugins/good/index-abc.js': 'sha384-good' });
    expect(Object.keys(map.imports ?? {}).filter((id) => id.includes('secret'))).toEqual([]);
  });

  it("maps a plugin to a developer's import-map override instead of its listed file", async () => {
    const system = fakeSystem({ good: async () => ({ default: descriptor('good') }) });
    const dev = 'http://127.0.0.1:5180/good/index.js';
    const loader = new PluginLoader(
      system,
      fakePermission([]),
      options({ devOverride: (specifier) => (specifier === '@bastion-plugins/good' ? dev : null) }),
    );
    await loader.loadAll([entry('good'), entry('other')]);
    const map = system.addImportMap.mock.calls[0]![0];
    expect(map.imports).toEqual({
      '@bastion-plugins/good': dev,
      '@bastion-plugins/other': '/ui/plugins/other/index-abc.js',
    });
  });

  it("adds each plugin's file integrities and module graph to the import map", async () => {
    const system = fakeSystem({ good: async () => ({ default: descriptor('good') }) });
    const loader = new PluginLoader(system, fakePermission([]), options());
    await loader.loadAll([
      entry('good', {
        chunks: { 'chunk-1.js': 'sha384-c1', '../escape.js': 'sha384-x' },
        depcache: { 'index-abc.js': ['./chunk-1.js', 'react'], 'chunk-1.js': ['@bastion/sdk'] },
      }),
    ]);
    const map = system.addImportMap.mock.calls[0]![0];
    expect(map.integrity).toEqual({
      '/ui/plugins/good/index-abc.js': 'sha384-good',
      '/ui/plugins/good/chunk-1.js': 'sha384-c1',
    });
    expect(map.depcache).toEqual({
      '/ui/plugins/good/index-abc.js': ['./chunk-1.js', 'react'],
      '/ui/plugins/good/chunk-1.js': ['@bastion/sdk'],
    });
  });

  it('tells a network failure from a 404 by probing', async () => {
    const system = fakeSystem({
      down: () => Promise.reject(new Error('Error loading http://x/down.js (SystemJS Error#3 …)')),
    });
    const loader = new PluginLoader(system, fakePermission([]), options({ probe: async () => null }));
    const [result] = await loader.loadAll([entry('down')]);
    expect(result).toMatchObject({ ok: false, reason: { kind: 'network' } });
  });

  it('names the file whose integrity fails when the server answers 200 but the browser refused the script', async () => {
    const system = fakeSystem({
      tampered: () => Promise.reject(new Error('Error loading http://x/tampered.js (SystemJS Error#3 …)')),
    });
    const matchesIntegrity = vi.fn(async (url: string) => !url.endsWith('chunk-2.js'));
    const loader = new PluginLoader(
      system,
      fakePermission([]),
      options({ probe: async () => 200, matchesIntegrity }),
    );
    const [result] = await loader.loadAll([
      entry('tampered', { chunks: { 'chunk-1.js': 'sha384-c1', 'chunk-2.js': 'sha384-c2' } }),
    ]);
    expect(result).toMatchObject({
      ok: false,
      reason: { kind: 'integrity', detail: '/ui/plugins/tampered/chunk-2.js does not match its integrity' },
    });
    expect(matchesIntegrity).toHaveBeenCalledWith('/ui/plugins/tampered/index-abc.js', 'sha384-tampered');
  });

  it("gives each plugin the time-out its manifest asks for, else the host's", async () => {
    const never = () => new Promise<never>(() => undefined);
    const system = fakeSystem({ patient: never, hasty: never });
    const loader = new PluginLoader(system, fakePermission([]), options({ timeoutMs: 5000 }));
    const [hasty] = await loader.loadAll([entry('hasty', { loadTimeoutMs: 20 })]);
    expect(hasty).toMatchObject({ ok: false, reason: { kind: 'timeout', detail: 'no answer within 20 ms' } });
  });

  it('dedupes in-flight imports', async () => {
    const system = fakeSystem({ good: async () => ({ default: descriptor('good') }) });
    const loader = new PluginLoader(system, fakePermission([]), options());
    const e = entry('good');
    const [a, b] = await Promise.all([loader.load(e), loader.load(e)]);
    expect(a).toBe(b);
    expect(system.import).toHaveBeenCalledTimes(1);
  });

  it('retry clears the SystemJS registry entry first', async () => {
    let attempt = 0;
    const system = fakeSystem({
      flaky: async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('boom during evaluation');
        return { default: descriptor('flaky') };
      },
    });
    const loader = new PluginLoader(system, fakePermission([]), options());
    const e = entry('flaky');
    expect((await loader.load(e)).ok).toBe(false);
    const retried = await loader.retry(e);
    expect(system.delete).toHaveBeenCalledWith('http://localhost/ui/plugins/flaky/index-abc.js');
    expect(system.delete.mock.invocationCallOrder[0]!).toBeLessThan(
      system.import.mock.invocationCallOrder[1]!,
    );
    expect(retried.ok).toBe(true);
  });

  it('rejects a route view the manifest does not declare', async () => {
    const system = fakeSystem({
      sneaky: async () => ({
        default: definePlugin({
          id: 'sneaky',
          routes: [{ path: '/audit/x', view: 'audit', title: 't', element: null }],
        }),
      }),
    });
    const loader = new PluginLoader(system, fakePermission([]), options());
    const [result] = await loader.loadAll([entry('sneaky')]);
    expect(result).toMatchObject({ ok: false, reason: { kind: 'invalid-module' } });
  });
});

describe('classifyImportError', () => {
  it('classifies SystemJS messages', () => {
    expect(
      classifyImportError(new Error('404 Not Found, loading http://x/a.js (SystemJS Error#7 …)')).kind,
    ).toBe('not-found');
    expect(classifyImportError(new Error('Error loading http://x/a.js (SystemJS Error#3 …)'), 200).kind).toBe(
      'network',
    );
    expect(classifyImportError(new Error("Unable to resolve bare specifier 'lodash'")).kind).toBe(
      'not-found',
    );
    expect(classifyImportError(new SyntaxError('Unexpected token')).kind).toBe('evaluation');
  });
});
