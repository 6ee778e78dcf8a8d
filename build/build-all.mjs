// Everything under dist/: vendor modules, sdk, host, login page, plugins, css, pages, import map, server
// bundle. The command line is build.mjs.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildCss, writeHostLocales, writeLibs, writePages } from './assets.mjs';
import { buildOwnModule } from './own-modules.mjs';
import { Output, printReport } from './output.mjs';
import { buildPlugin, listPluginIds } from './plugins.mjs';
import { buildServer } from './server-bundle.mjs';
import { ownEntries, root, sharedModules } from './shared-modules.mjs';
import { buildVendors } from './vendor.mjs';

export const distDir = path.join(root, 'dist');
const uiDir = path.join(distDir, 'ui');

/** Host-side modules: the sdk (a shared id) and the host's own entries (host, login page). */
export async function buildHostModules(ids, output, dev) {
  const imports = {};
  const integrity = {};
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
      output,
      dev,
    });
    imports[m.id] = built.url;
    integrity[built.url] = built.integrity;
  });
  await Promise.all(builds);
  return { imports, integrity };
}

export function writeImportMap(output, ...parts) {
  const map = { imports: {}, integrity: {} };
  for (const part of parts) {
    Object.assign(map.imports, part.imports);
    Object.assign(map.integrity, part.integrity);
  }
  const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
  output.write(
    'importmap.json',
    `${JSON.stringify({ imports: sorted(map.imports), integrity: sorted(map.integrity) }, null, 1)}\n`,
  );
}

export async function buildAll({ dev = false } = {}) {
  const started = performance.now();
  rmSync(uiDir, { recursive: true, force: true });
  mkdirSync(uiDir, { recursive: true });
  const output = new Output(uiDir);
  const shared = sharedModules();
  const ids = new Set(shared.map((m) => m.id));

  const [vendors, hostModules, css, , plugins] = await Promise.all([
    buildVendors(
      shared.filter((m) => m.kind !== 'own'),
      ids,
      output,
      dev,
    ),
    buildHostModules(ids, output, dev),
    buildCss(output),
    buildServer(distDir),
    Promise.all(listPluginIds().map((dir) => buildPlugin(dir, { ids, output, dev }))),
  ]);
  const libs = writeLibs(output);
  writePages(output, { css, libs });
  writeHostLocales(output);
  writeImportMap(output, vendors, hostModules);

  const seconds = (performance.now() - started) / 1000;
  const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
  const info = {
    version,
    builtAt: new Date().toISOString(),
    seconds: Number(seconds.toFixed(3)),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    overridesScript: libs.overrides.url,
    plugins: plugins.map((p) => ({ id: p.manifest.id, version: p.manifest.version })),
    modules: output.modules,
  };
  writeFileSync(path.join(uiDir, 'build-info.json'), `${JSON.stringify(info, null, 1)}\n`);
  printReport(output.modules, seconds);
  return { info, ids, output };
}
