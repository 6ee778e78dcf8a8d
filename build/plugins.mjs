// Plugins: each folder under plugins/ with a plugin.json becomes dist/ui/plugins/<id>/ — its System.register
// entry and chunks, its locales, and the built manifest carrying the entry file name and its SRI integrity,
// the SRI integrity of every chunk and the plugin's module graph (docs/architecture.md "Plugin manifest").
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pluginGraphOfFiles } from './module-graph.mjs';
import { buildOwnModule } from './own-modules.mjs';
import { root } from './shared-modules.mjs';
import { validateManifest } from '../sdk/plugin-format/validate.mjs';

export const LANGUAGES = ['zh', 'en', 'ja'];

export const pluginsDir = path.join(root, 'plugins');

export function listPluginIds() {
  if (!existsSync(pluginsDir)) return [];
  return readdirSync(pluginsDir).filter((d) => existsSync(path.join(pluginsDir, d, 'plugin.json')));
}

/** Checks the source manifest against the one schema; the messages name the plugin and the field. */
export function readSourceManifest(dir) {
  const file = path.join(pluginsDir, dir, 'plugin.json');
  const m = JSON.parse(readFileSync(file, 'utf8'));
  const check = validateManifest(m, 'source', dir);
  if (!check.ok) throw new Error(`${file}:\n  - ${check.problems.join('\n  - ')}`);
  return m;
}

function readLocales(dir) {
  const locales = {};
  for (const lng of LANGUAGES) {
    const file = path.join(pluginsDir, dir, 'locales', `${lng}.json`);
    if (!existsSync(file)) throw new Error(`${file} is missing: every plugin ships zh, en and ja`);
    locales[lng] = JSON.stringify(JSON.parse(readFileSync(file, 'utf8')));
  }
  return locales;
}

export async function buildPlugin(dir, { ids, output, dev }) {
  const manifest = readSourceManifest(dir);
  const locales = readLocales(dir);
  const outDir = path.join('plugins', manifest.id);
  rmSync(path.join(output.uiDir, outDir), { recursive: true, force: true });
  const built = await buildOwnModule({
    id: `plugin ${manifest.id}`,
    entry: path.join('plugins', dir, manifest.entry),
    outDir,
    name: 'index',
    ids,
    output,
    dev,
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
