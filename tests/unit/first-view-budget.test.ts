// The first-view budget (first-view-budget.json), checked against the build in dist/ — counted, not timed:
// the files a signed-in page asks for at once (the server's own preload list for a user who may use every
// built-in plugin, plus the page's stylesheet, loader and import map) with their brotli sizes, and the depth of
// the module-loading chain, simulated the way SystemJS loads with the module graph (depcache). Also the login
// page. Raise a budget only with a reason in the commit; `npm run bench:first-view` shows what it costs.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  hostPreloads,
  pluginPreloads,
  readBuiltImportMap,
  staticClosure,
  type BuiltImportMap,
  type PluginFiles,
} from '../../server/src/ui/module-preloads';
import { consoleWarmUrls, renderLoginPage } from '../../server/src/ui/html-pages';

const root = path.resolve(import.meta.dirname, '../..');
const uiDir = path.join(root, 'dist/ui');
const budget = JSON.parse(fs.readFileSync(path.join(root, 'first-view-budget.json'), 'utf8')) as {
  signedIn: {
    maxBytes: number;
    maxShellRequests: number;
    maxRequestsPerPlugin: number;
    maxModuleDepth: number;
  };
  login: { maxBytes: number; maxRequests: number };
};

/** The file behind a /ui/ URL (plugins are built-in here). */
const fileOf = (url: string): string => path.join(uiDir, url.replace(/^\/ui\//, ''));

/** Bytes a brotli-accepting browser receives for a static file. */
function wireBytes(url: string): number {
  const file = fileOf(url);
  return fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : fs.statSync(file).size;
}

function builtPlugins(): PluginFiles[] {
  const dir = path.join(uiDir, 'plugins');
  return fs.readdirSync(dir).map((id) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, id, 'plugin.json'), 'utf8')) as {
      module: string;
      integrity: string;
      depcache?: unknown;
      chunks?: unknown;
    };
    return { url: `/ui/plugins/${id}/${manifest.module}`, integrity: manifest.integrity, manifest };
  });
}

/** Lazy imports written in a built System.register file (`<context>.import('./chunk-….js')`). */
function lazyImports(url: string): string[] {
  const code = fs.readFileSync(fileOf(url), 'utf8');
  return [...code.matchAll(/\.import\('(\.\/[^']+\.js)'\)/g)].map(
    (m) => `${url.slice(0, url.lastIndexOf('/') + 1)}${(m[1] as string).slice(2)}`,
  );
}

/**
 * Request stages of the first view: 1 the page, 2 everything the page names. Whatever it does not name waits
 * for the code that asks for it: the host for the loader (3), the plugins for the host's boot (one more), a
 * module missing from its importer's module graph for its importer, and a lazy chunk (a route's page) for
 * the module that imports it — each one stage later, its own static closure with it.
 */
function moduleDepth(map: BuiltImportMap, plugins: PluginFiles[], preloaded: Set<string>): number {
  const stage = new Map<string, number>();
  const graphOf = (url: string): string[] => staticClosure([url], map, plugins).map((p) => p.url);
  const directImports = (url: string): string[] =>
    staticClosure([url], map, plugins)
      .slice(1)
      .map((p) => p.url);
  const load = (url: string, at: number): void => {
    if ((stage.get(url) ?? Infinity) <= at) return;
    stage.set(url, at);
    // depcache: the loader starts the whole static closure when the module starts.
    const covered = new Set(graphOf(url));
    for (const dep of directImports(url)) load(dep, covered.has(dep) ? at : at + 1);
  };
  for (const url of preloaded) load(url, 2);
  const host = map.imports['@bastion/host'] as string;
  load(host, 3);
  for (const plugin of plugins) load(plugin.url, (stage.get(host) as number) + 1);
  for (const plugin of plugins)
    for (const lazy of lazyImports(plugin.url)) load(lazy, (stage.get(plugin.url) as number) + 1);
  return Math.max(...stage.values());
}

describe('first-view budget', () => {
  it('keeps the signed-in first view within its bytes, requests and module depth', async () => {
    const map = await readBuiltImportMap(uiDir);
    if (!map) throw new Error('dist/ui is missing: the budget is checked against the build (npm run build)');
    const plugins = builtPlugins();
    const modules = [...hostPreloads(map), ...pluginPreloads(map, plugins)].map((p) => p.url);
    const info = JSON.parse(fs.readFileSync(path.join(uiDir, 'build-info.json'), 'utf8')) as {
      pageAssets: string[];
    };
    const files = [...info.pageAssets, '/ui/importmap.json', ...modules];
    const bytes = files.reduce((sum, url) => sum + wireBytes(url), 0);
    const depth = moduleDepth(map, plugins, new Set(modules));
    console.log(
      `signed-in first view: ${files.length} files, ${(bytes / 1024).toFixed(1)} KB brotli, module depth ${depth}`,
    );
    // Requests are budgeted in two parts: the shell's own (page assets, import map, host and shared modules)
    // and each built-in plugin's, so a new plugin costs its one entry file and no more.
    const pluginOf = (url: string): string | null => /^\/ui\/plugins\/([^/]+)\//.exec(url)?.[1] ?? null;
    const perPlugin = new Map<string, number>();
    for (const url of files) {
      const id = pluginOf(url);
      if (id !== null) perPlugin.set(id, (perPlugin.get(id) ?? 0) + 1);
    }
    const shellFiles = files.filter((url) => pluginOf(url) === null).length;
    console.log(
      `  shell ${shellFiles} files; per plugin: ${[...perPlugin].map(([id, n]) => `${id} ${n}`).join(', ')}`,
    );
    expect(new Set(files).size).toBe(files.length);
    expect(bytes).toBeLessThanOrEqual(budget.signedIn.maxBytes);
    expect(shellFiles).toBeLessThanOrEqual(budget.signedIn.maxShellRequests);
    for (const [id, n] of perPlugin)
      expect(n, `first-view files of plugin ${id}`).toBeLessThanOrEqual(budget.signedIn.maxRequestsPerPlugin);
    expect(depth).toBeLessThanOrEqual(budget.signedIn.maxModuleDepth);
  });

  it('keeps the login page within its bytes and requests, the console warmed after it', async () => {
    const html = await renderLoginPage(uiDir, {
      next: '/ui/',
      error: '',
      username: '',
      csrfToken: 'x'.repeat(64),
      loginTitle: '',
      loginLogo: '',
      loginImage: '',
      lang: 'en',
    });
    if (html === null) throw new Error('dist/ui is missing: the budget is checked against the build');
    const assets = [...html.matchAll(/(?:href|src)="(\/ui\/[^"]+)"/g)].map((m) => m[1] as string);
    const { brotliCompressSync } = await import('node:zlib');
    const bytes = brotliCompressSync(html).length + assets.reduce((sum, url) => sum + wireBytes(url), 0);
    console.log(`login page: ${assets.length + 1} requests, ${(bytes / 1024).toFixed(1)} KB brotli`);
    expect(bytes).toBeLessThanOrEqual(budget.login.maxBytes);
    expect(assets.length + 1).toBeLessThanOrEqual(budget.login.maxRequests);
    // What it warms is the console itself, never a plugin.
    const warm = await consoleWarmUrls(uiDir);
    expect(warm.length).toBeGreaterThan(3);
    expect(warm.filter((u) => u.startsWith('/ui/plugins/'))).toEqual([]);
    for (const url of warm) expect(fs.existsSync(fileOf(url)), url).toBe(true);
  });
});
