// The route → page map of a plugin (docs/first-view.md#route-pages): which lazy chunk each declared route
// loads, so the server can name that page's code in the HTML of a signed-in request for its URL and the page
// arrives with the host instead of after it. The routes are data the plugin's entry builds at run time
// (`definePlugin({ routes })`, paths from constants, pages as `lazy(() => import('./Page'))`), so the build
// reads them the only reliable way: it bundles the entry for Node, imports it in a child process and reads
// each route's path and the file its lazy component imports. Best effort: a plugin whose entry cannot run
// outside a browser simply gets no map, and its pages load as before.
import * as esbuild from 'esbuild';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const EVALUATE_TIMEOUT_MS = 30_000;

// Runs in the child: imports the bundled entry and prints each route's path and its lazy factory's source.
// React.lazy keeps the factory in `_payload._result` until first render (React 18's lazy object); anything
// else (an element, a plain component) has no page chunk of its own.
const READ_ROUTES = `
const mod = await import(process.argv[1]);
const routes = Array.isArray(mod.default?.routes) ? mod.default.routes : [];
const out = routes
  .filter((r) => r && typeof r.path === 'string')
  .map((r) => {
    const c = r.component;
    const lazy = c && typeof c === 'object' && c.$$typeof === Symbol.for('react.lazy');
    const factory = lazy && c._payload && typeof c._payload._result === 'function' ? c._payload._result : null;
    return { path: r.path, factory: factory ? String(factory) : '' };
  });
// Exits once the answer is written: a pipe the parent drains slowly (a loaded machine) takes it in parts, and
// exiting at once cut it short.
process.stdout.write(JSON.stringify(out), () => process.exit(0));
`;

const evaluate = (file) =>
  new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '--eval', READ_ROUTES, file],
      { timeout: EVALUATE_TIMEOUT_MS, maxBuffer: 8 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}${stderr ? `\n${stderr.slice(0, 2000)}` : ''}`));
        else {
          try {
            resolve(JSON.parse(stdout));
          } catch (cause) {
            reject(new Error(`the entry's routes could not be read: ${cause}`));
          }
        }
      },
    );
  });

/**
 * `{ <route path>: [<file name of its page chunk>] }` for every route the plugin declares ([] when the route
 * has no lazy page of its own), or null when the entry could not be read.
 * @param {object} o
 * @param {string} o.entry  source entry, relative to `base`
 * @param {string} o.base   the project folder
 * @param {string} o.tsconfig
 * @param {Map<string, string>} o.lazyOutputs  source file (relative to `base`) of a lazy module -> its URL
 * @param {string} [o.sdkSource]  the SDK's source entry: a project outside the repository has only the SDK's
 *   declarations installed, so its entry runs against the repository's SDK when there is one
 * @param {(message: string) => void} [o.warn]
 */
export async function routePagesOf({ entry, base, tsconfig, lazyOutputs, sdkSource, warn = console.warn }) {
  const outdir = mkdtempSync(path.join(os.tmpdir(), 'bastion-route-pages-'));
  try {
    const result = await esbuild.build({
      entryPoints: [path.join(base, entry)],
      absWorkingDir: base,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      outdir,
      tsconfig,
      jsx: 'automatic',
      metafile: true,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
      loader: { '.css': 'empty' },
      ...(sdkSource && existsSync(sdkSource) ? { alias: { '@bastion/sdk': sdkSource } } : {}),
      // CommonJS packages inside an ESM bundle ask `require` for Node's own modules.
      banner: {
        js: "import { createRequire as __bastionRequire } from 'node:module'; const require = __bastionRequire(import.meta.url);",
      },
    });
    const sourceOf = new Map(
      Object.entries(result.metafile.outputs)
        .filter(([, o]) => o.entryPoint)
        .map(([file, o]) => [path.basename(file), path.relative(base, path.resolve(base, o.entryPoint))]),
    );
    const entryOut = [...sourceOf].find(([, source]) => source === path.normalize(entry))?.[0];
    if (!entryOut) throw new Error('esbuild produced no entry output');
    const routes = await evaluate(path.join(outdir, entryOut));
    const pages = {};
    for (const route of routes) {
      const files = new Set(pages[route.path] ?? []);
      for (const m of route.factory.matchAll(/import\(\s*["']\.\/([^"']+\.js)["']\s*\)/g)) {
        const source = sourceOf.get(m[1]);
        const url = source === undefined ? undefined : lazyOutputs.get(source);
        if (url !== undefined) files.add(url.slice(url.lastIndexOf('/') + 1));
      }
      pages[route.path] = [...files];
    }
    return pages;
  } catch (error) {
    warn(
      `route pages left out (pages load after the plugin): ${error instanceof Error ? error.message : error}`,
    );
    return null;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
