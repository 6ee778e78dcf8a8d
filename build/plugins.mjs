// Plugins: each folder under plugins/ with a plugin.json becomes dist/ui/plugins/<id>/ — its System.register
// entry and chunks, its locales, and the built manifest carrying the entry file name and its SRI integrity,
// the SRI integrity of every chunk, the plugin's module graph and its route → page map (docs/architecture.md
// "Plugin manifest", docs/first-view.md#route-pages).
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pluginGraphOfFiles } from './module-graph.mjs';
import { buildOwnModule } from './own-modules.mjs';
import { routePagesOf } from './route-pages.mjs';
import { root } from './shared-modules.mjs';
import { validateManifest } from '../sdk/plugin-format/validate.mjs';

export const LANGUAGES = ['zh', 'en', 'ja'];

export const pluginsDir = path.join(root, 'plugins');

export function listPluginIds() {
  if (!existsSync(pluginsDir)) return [];
  return readdirSync(pluginsDir).filter((d) => existsSync(path.join(pluginsDir, d, 'plugin.json')));
}

/**
 * Checks the source manifest against the one schema; the messages name the plugin and the field. `folder` is
 * the plugin's folder (a name under plugins/, or an absolute path of a project outside the repository);
 * `folderName` the name its id must equal (the toolkit passes null: a project folder may be named anyhow).
 */
export function readSourceManifest(folder, folderName = folder) {
  const file = path.join(path.resolve(pluginsDir, folder), 'plugin.json');
  const m = JSON.parse(readFileSync(file, 'utf8'));
  const check = validateManifest(m, 'source', folderName ?? undefined);
  if (!check.ok) throw new Error(`${file}:\n  - ${check.problems.join('\n  - ')}`);
  return m;
}

export function readLocales(folder) {
  const locales = {};
  for (const lng of LANGUAGES) {
    const file = path.join(path.resolve(pluginsDir, folder), 'locales', `${lng}.json`);
    if (!existsSync(file)) throw new Error(`${file} is missing: every plugin ships zh, en and ja`);
    locales[lng] = JSON.stringify(JSON.parse(readFileSync(file, 'utf8')));
  }
  return locales;
}

/**
 * `dir`: a folder name under plugins/, or (the toolkit) an absolute project folder with `base` set to it,
 * `folderName` null and `outDir` the output folder relative to `output.uiDir`.
 */
export async function buildPlugin(
  dir,
  { ids, output, dev, base = root, folderName = dir, outDir: outDirOption = undefined },
) {
  const folder = path.resolve(pluginsDir, dir);
  const manifest = readSourceManifest(folder, folderName);
  const locales = readLocales(folder);
  const outDir = outDirOption ?? path.join('plugins', manifest.id);
  rmSync(path.join(output.uiDir, outDir), { recursive: true, force: true });
  const built = await buildOwnModule({
    id: `plugin ${manifest.id}`,
    entry: path.relative(base, path.join(folder, manifest.entry)),
    base,
    outDir,
    name: 'index',
    ids,
    output,
    dev,
  });
  const pages = await routePagesOf({
    entry: path.relative(base, path.join(folder, manifest.entry)),
    base,
    tsconfig: path.join(base, 'tsconfig.json'),
    lazyOutputs: built.lazyOutputs,
    sdkSource: path.join(root, 'sdk', 'src', 'index.ts'),
    warn: (message) => console.warn(`plugin ${manifest.id}: ${message}`),
  });
  for (const [lng, text] of Object.entries(locales))
    output.write(path.join(outDir, 'locales', `${lng}.json`), text);
  // The built manifest names the built entry instead of the source one.
  const builtManifest = {
    ...manifest,
    module: built.fileName,
    integrity: built.integrity,
    chunks: Object.fromEntries(
      built.files.filter((f) => f.fileName !== built.fileName).map((f) => [f.fileName, f.integrity]),
    ),
    depcache: pluginGraphOfFiles(built.files),
    ...(pages ? { pages } : {}),
  };
  delete builtManifest.entry;
  const builtCheck = validateManifest(builtManifest, 'built', manifest.id);
  if (!builtCheck.ok)
    throw new Error(
      `plugin ${manifest.id}: built manifest is invalid:\n  - ${builtCheck.problems.join('\n  - ')}`,
    );
  output.write(path.join(outDir, 'plugin.json'), `${JSON.stringify(builtManifest, null, 2)}\n`);
  return { manifest: builtManifest, inputs: built.inputs };
}
