// The shared-module contract (importmap.json) turned into what the build needs: the list of shared ids,
// how each is built, and an esbuild plugin that keeps them external by exact id.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** @typedef {{ id: string, kind: 'cjs' | 'esm' | 'own' | 'alias', source?: string }} SharedModule */

export function readImportMapSource() {
  return JSON.parse(readFileSync(path.join(root, 'importmap.json'), 'utf8'));
}

function hasCode(dir, manifest) {
  const { module, main } = JSON.parse(readFileSync(manifest, 'utf8'));
  return [module, main].some((file) => typeof file === 'string' && existsSync(path.join(dir, file)));
}

/** Every subpath of a package that has its own package.json (primereact/button, primereact/icons/times …). */
function packageSubpaths(pkg) {
  const base = path.join(root, 'node_modules', pkg);
  const found = [];
  const walk = (dir, prefix) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === 'node_modules') continue;
      const sub = path.join(dir, entry.name);
      const id = `${prefix}${entry.name}`;
      const manifest = path.join(sub, 'package.json');
      if (!existsSync(manifest)) walk(sub, `${id}/`);
      else if (hasCode(sub, manifest)) found.push(id); // type-only subpaths (primereact/menuitem) hold no code
    }
  };
  walk(base, `${pkg}/`);
  return found.sort();
}

/** @returns {SharedModule[]} */
export function sharedModules() {
  const { imports } = readImportMapSource();
  const list = [];
  for (const [key, value] of Object.entries(imports)) {
    if (value === 'prefix') {
      for (const id of packageSubpaths(key.replace(/\/$/, ''))) list.push({ id, kind: 'esm' });
    } else if (value.startsWith('=')) {
      list.push({ id: key, kind: 'alias', source: value.slice(1) });
    } else if (value === 'cjs' || value === 'esm') {
      list.push({ id: key, kind: value });
    } else {
      list.push({ id: key, kind: 'own', source: value });
    }
  }
  return list;
}

/** Our own entries loaded through the import map (the host). */
export function ownEntries() {
  const { entries } = readImportMapSource();
  return Object.entries(entries)
    .filter(([id]) => !id.startsWith('$'))
    .map(([id, source]) => ({ id, kind: 'own', source }));
}

export const sharedIds = () => new Set(sharedModules().map((m) => m.id));

/**
 * The groups of importmap.json: name -> either the listed member ids, or `{ firstView: prefix }` (the ids
 * under the prefix that the first view imports, decided once the host and the SDK are built).
 * @returns {Map<string, { members: string[] } | { firstView: string }>}
 */
export function groupConfig() {
  const { groups = {} } = readImportMapSource();
  const config = new Map();
  for (const [name, value] of Object.entries(groups)) {
    if (name.startsWith('$')) continue;
    if (Array.isArray(value)) config.set(name, { members: value });
    else if (typeof value?.firstView === 'string') config.set(name, { firstView: value.firstView });
    else throw new Error(`importmap.json: group "${name}" must be a list of ids or {"firstView": prefix}`);
  }
  return config;
}

/** Names of the groups whose file carries V8's eager compile hint (importmap.json "eagerCompile"). */
export function eagerCompileGroups() {
  return new Set(readImportMapSource().eagerCompile?.groups ?? []);
}

/**
 * Whether the host's and the SDK's first-view files (their entries, the preload modules and what those import
 * statically) carry V8's eager compile hint (importmap.json "eagerCompile" "firstViewModules").
 */
export function eagerCompileFirstViewModules() {
  return readImportMapSource().eagerCompile?.firstViewModules === true;
}

/** Source files (repo-relative) of the lazy modules every signed-in first view preloads. */
export function preloadSources() {
  return readImportMapSource().preload?.modules ?? [];
}

/** Ids that are another id's module under a second name (react-router -> react-router-dom). */
export const aliasesOf = (id) =>
  sharedModules()
    .filter((m) => m.kind === 'alias' && m.source === id)
    .map((m) => m.id);

/**
 * esbuild's `external` option matches by prefix (react-dom would swallow react-dom/client), so shared ids are
 * made external by exact id here. `own` is the id the module being built provides itself.
 */
export function sharedExternals(ids, own = []) {
  return {
    name: 'shared-externals',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (ids.has(args.path) && !own.includes(args.path)) return { path: args.path, external: true };
        // The bare package root of a prefix package would pull in every component at once.
        if (args.path === 'primereact') {
          return { errors: [{ text: "import from 'primereact/<component>', not from 'primereact'" }] };
        }
        return undefined;
      });
    },
  };
}

/** Vendor file name for a shared id: react-dom/client -> react-dom-client */
export const vendorName = (id) => id.replace(/^@/, '').replace(/\//g, '-');
