// Plugins: each folder under plugins/ with a plugin.json becomes dist/ui/plugins/<id>/ — its System.register
// entry and chunks, its locales, and the built manifest carrying the entry file name and its SRI integrity,
// the SRI integrity of every chunk and the plugin's module graph (docs/architecture.md "Plugin manifest").
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pluginGraphOfFiles } from './module-graph.mjs';
import { buildOwnModule } from './own-modules.mjs';
import { root } from './shared-modules.mjs';

export const LANGUAGES = ['zh', 'en', 'ja'];
const ID = /^[a-z][a-z0-9-]{1,49}$/;
const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

export const pluginsDir = path.join(root, 'plugins');

export function listPluginIds() {
  if (!existsSync(pluginsDir)) return [];
  return readdirSync(pluginsDir).filter((d) => existsSync(path.join(pluginsDir, d, 'plugin.json')));
}

/** Checks the source manifest; the messages name the plugin and the field so authors can fix them. */
export function readSourceManifest(dir) {
  const file = path.join(pluginsDir, dir, 'plugin.json');
  const m = JSON.parse(readFileSync(file, 'utf8'));
  const problems = [];
  if (typeof m.id !== 'string' || !ID.test(m.id)) problems.push('id must match /^[a-z][a-z0-9-]{1,49}$/');
  if (m.id !== dir) problems.push(`id "${m.id}" must equal its folder name "${dir}"`);
  if (typeof m.version !== 'string' || !SEMVER.test(m.version))
    problems.push('version must be semver (x.y.z)');
  for (const key of ['hostRange', 'sdkRange', 'i18nNamespace', 'entry']) {
    if (typeof m[key] !== 'string' || !m[key]) problems.push(`${key} is required`);
  }
  if (!Array.isArray(m.permissions) || m.permissions.some((p) => typeof p !== 'string')) {
    problems.push('permissions must be an array of permission codes');
  }
  if (typeof m.licenseRequired !== 'boolean') problems.push('licenseRequired must be true or false');
  if (!Array.isArray(m.views)) problems.push('views must be an array');
  for (const lng of LANGUAGES) {
    if (typeof m.title?.[lng] !== 'string') problems.push(`title.${lng} is required`);
  }
  if (problems.length) throw new Error(`${file}:\n  - ${problems.join('\n  - ')}`);
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
  output.write(path.join(outDir, 'plugin.json'), `${JSON.stringify(builtManifest, null, 2)}\n`);
  return { manifest: builtManifest, inputs: built.inputs };
}
