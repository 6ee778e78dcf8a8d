// Everything under dist/: vendor modules and groups, sdk, host, login page, plugins, css, pages, import map
// (with the module graph), server bundle. The command line is build.mjs.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildCss, writeHostLocales, writeLibs, writePages } from './assets.mjs';
import { buildLoginPage } from './login-page.mjs';
import { depcacheOf, graphOfFiles, staticClosure } from './module-graph.mjs';
import { buildOwnModule } from './own-modules.mjs';
import { Output, printReport, step } from './output.mjs';
import { buildPlugin, listPluginIds } from './plugins.mjs';
import { buildSdkPackage } from './sdk-package.mjs';
import { buildServer } from './server-bundle.mjs';
import { buildToolkitPackage } from './toolkit-package.mjs';
import {
  eagerCompileFirstViewModules,
  groupConfig,
  ownEntries,
  preloadSources,
  root,
  sharedModules,
} from './shared-modules.mjs';
import { buildGroup, buildStandaloneVendors, writeVendors } from './vendor.mjs';

export const distDir = path.join(root, 'dist');
const uiDir = path.join(distDir, 'ui');

/** Host-side modules: the sdk (a shared id) and the host's own entries. */
export async function buildHostModules(ids, output, dev) {
  const imports = {};
  const integrity = {};
  const files = [];
  const lazyOutputs = new Map();
  const sdk = sharedModules().filter((m) => m.kind === 'own');
  const builds = [...sdk, ...ownEntries()].map(async (m) => {
    const name = m.id.replace(/^@bastion\//, '');
    const built = await buildOwnModule({
      id: m.id,
      entry: m.source,
      outDir: `modules/${name}`,
      name,
      ids,
      own: [m.id],
      whole: preloadSources(),
      output,
      dev,
      eagerFirstView: eagerCompileFirstViewModules(),
    });
    imports[m.id] = built.url;
    // Every file, chunks too: the loader checks each one, and a preload must name the same integrity.
    for (const file of built.files) integrity[file.url] = file.integrity;
    files.push(...built.files);
    for (const [source, url] of built.lazyOutputs) lazyOutputs.set(source, url);
  });
  await Promise.all(builds);
  return { imports, integrity, graph: graphOfFiles(files), lazyOutputs };
}

/** The SDK package, then the toolkit (whose peer range is the SDK's version): dist/ui/packages/*.tgz */
async function buildPackages() {
  await buildSdkPackage();
  await buildToolkitPackage();
}

/** URLs of the preload modules of importmap.json (lazy modules of the SDK or the host). */
function preloadUrls(hostModules) {
  return preloadSources().map((source) => {
    const url = hostModules.lazyOutputs.get(path.normalize(source));
    if (!url)
      throw new Error(`importmap.json preload: ${source} is not a lazily imported module of the host or SDK`);
    return url;
  });
}

/**
 * The members of each group: listed ones as they are; a `firstView` group takes the ids under its prefix that
 * the host, the SDK entry and the preload modules import, plus what those import under the same prefix.
 */
function groupMembers(standalone, hostModules, preload) {
  const members = new Map();
  const firstView = staticClosure(
    [...ownEntries().map((e) => hostModules.imports[e.id]), ...preload],
    hostModules.graph,
    hostModules.imports,
  ).ids;
  for (const [name, config] of groupConfig()) {
    let ids;
    if ('members' in config) ids = config.members;
    else {
      const found = new Set([...firstView].filter((id) => id.startsWith(config.firstView)));
      for (const id of found)
        for (const dep of standalone.get(id)?.deps ?? [])
          if (dep.startsWith(config.firstView)) found.add(dep);
      ids = [...found].sort();
    }
    for (const id of ids) {
      if (!standalone.has(id))
        throw new Error(`importmap.json group ${name}: "${id}" is not a shared vendor id`);
      const other = [...members].find(([, list]) => list.includes(id));
      if (other) throw new Error(`importmap.json: "${id}" is in both groups ${other[0]} and ${name}`);
    }
    members.set(name, ids);
  }
  return members;
}

export function writeImportMap(output, preload, ...parts) {
  const map = { imports: {}, integrity: {}, graph: {} };
  for (const part of parts) {
    Object.assign(map.imports, part.imports);
    Object.assign(map.integrity, part.integrity);
    Object.assign(map.graph, part.graph);
  }
  const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
  const importMap = {
    imports: sorted(map.imports),
    integrity: sorted(map.integrity),
    depcache: depcacheOf(map.graph),
    preload,
  };
  output.write('importmap.json', `${JSON.stringify(importMap, null, 1)}\n`);
  return importMap;
}

export async function buildAll({ dev = false } = {}) {
  const started = performance.now();
  rmSync(uiDir, { recursive: true, force: true });
  mkdirSync(uiDir, { recursive: true });
  const output = new Output(uiDir);
  const shared = sharedModules();
  const ids = new Set(shared.map((m) => m.id));

  const pluginIds = listPluginIds();
  console.log(
    `building dist/ (shared modules, sdk and host, css, server, ${pluginIds.length} plugins, login page)…`,
  );
  // First the modules on their own (vendors in memory), then the groups, whose members depend on what the
  // host and the SDK import.
  const [standalone, hostModules, css, , plugins] = await Promise.all([
    step(
      'shared modules',
      buildStandaloneVendors(
        shared.filter((m) => m.kind !== 'own'),
        ids,
        dev,
      ),
    ),
    step('sdk and host', buildHostModules(ids, output, dev)),
    step('css', buildCss(output)),
    step('server', buildServer(distDir)),
    Promise.all(pluginIds.map((dir) => step(`plugin ${dir}`, buildPlugin(dir, { ids, output, dev })))),
    // The packages for plugin authors (docs/sdk-package.md); a development build skips them.
    dev ? null : step('sdk and toolkit packages', buildPackages()),
  ]);
  const preload = preloadUrls(hostModules);
  const groups = await step(
    'shared groups',
    Promise.all(
      [...groupMembers(standalone, hostModules, preload)].map(async ([name, members]) => ({
        name,
        members,
        ...(await buildGroup(members, ids, dev)),
      })),
    ),
  );
  const vendors = writeVendors(output, standalone, groups);
  const libs = writeLibs(output);
  const login = await step('login page', buildLoginPage(output, dev));
  writePages(output, { css, libs, login });
  writeHostLocales(output);
  writeImportMap(output, preload, vendors, hostModules);
  await step('brotli copies', output.flush());

  const seconds = (performance.now() - started) / 1000;
  const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
  const info = {
    version,
    builtAt: new Date().toISOString(),
    seconds: Number(seconds.toFixed(3)),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    overridesScript: libs.overrides.url,
    // What every console page loads besides its modules (the login page warms them).
    pageAssets: [css.css.url, libs.loader.url],
    plugins: plugins.map((p) => ({ id: p.manifest.id, version: p.manifest.version })),
    modules: output.modules,
  };
  writeFileSync(path.join(uiDir, 'build-info.json'), `${JSON.stringify(info, null, 1)}\n`);
  printReport(output.modules, seconds);
  return { info, ids, output };
}
