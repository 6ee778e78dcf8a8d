import fs from 'node:fs/promises';
import path from 'node:path';
import { matchPage, type PageMatch } from './route-pages';

/**
 * The module graph of the build, as the browser's loader sees it (docs/architecture.md "Boot sequence"):
 * dist/ui/importmap.json holds the shared ids, the integrity of every file and each file's static imports
 * (`depcache`); a plugin's plugin.json holds the same for its own files. From them the server lists every
 * file the first view will load, so the page can ask for all of them at once.
 */
export interface BuiltImportMap {
  imports: Record<string, string>;
  integrity: Record<string, string>;
  depcache: Record<string, string[]>;
  /** Lazy modules every signed-in first view needs (importmap.json "preload"). */
  preload: string[];
}

/** What a plugin list entry says about its files (docs/architecture.md "Plugin manifest"). */
export interface PluginFiles {
  url: string;
  integrity: string;
  manifest: { depcache?: unknown; chunks?: unknown; pages?: unknown };
}

export interface Preload {
  url: string;
  integrity?: string;
}

const HOST_ENTRY = '@bastion/host';
const PLAIN_RELATIVE = /^\.\/[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}\.js$/;
const UI_URL = /^\/ui\/[A-Za-z0-9_.\-/]+\.js$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringRecord = (value: unknown): Record<string, string> =>
  isRecord(value)
    ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};

const listRecord = (value: unknown): Record<string, string[]> =>
  isRecord(value)
    ? Object.fromEntries(
        Object.entries(value)
          .filter((e): e is [string, unknown[]] => Array.isArray(e[1]))
          .map(([k, v]) => [k, v.filter((s): s is string => typeof s === 'string')]),
      )
    : {};

let cached: { file: string; mtimeMs: number; map: BuiltImportMap } | null = null;

/** dist/ui/importmap.json, re-read when it changes (a rebuild under a running server); null when absent. */
export async function readBuiltImportMap(uiDir: string): Promise<BuiltImportMap | null> {
  const file = path.join(uiDir, 'importmap.json');
  try {
    const { mtimeMs } = await fs.stat(file);
    if (cached?.file === file && cached.mtimeMs === mtimeMs) return cached.map;
    const raw: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    if (!isRecord(raw)) return null;
    const map: BuiltImportMap = {
      imports: stringRecord(raw.imports),
      integrity: stringRecord(raw.integrity),
      depcache: listRecord(raw.depcache),
      preload: Array.isArray(raw.preload)
        ? raw.preload.filter((u): u is string => typeof u === 'string')
        : [],
    };
    cached = { file, mtimeMs, map };
    return map;
  } catch {
    return null;
  }
}

/** The file a specifier names from `from`: a shared id through the import map, a plain sibling file. */
function resolve(spec: string, from: string, map: BuiltImportMap): string | null {
  let url: string | undefined;
  if (spec.startsWith('./')) {
    if (!PLAIN_RELATIVE.test(spec)) return null;
    url = `${from.slice(0, from.lastIndexOf('/') + 1)}${spec.slice(2)}`;
  } else {
    // A member of a group file is `<group url>#<id>`: the file is the group.
    url = map.imports[spec]?.replace(/#.*$/, '');
  }
  return url !== undefined && UI_URL.test(url) && !url.includes('..') ? url : null;
}

/**
 * Every file reached from `starts` through static imports, in a stable order, each with the integrity the
 * loader will check it against (so the browser can reuse the preloaded response). `plugins` adds the graphs
 * and integrities of plugin files.
 */
export function staticClosure(
  starts: readonly string[],
  map: BuiltImportMap,
  plugins: readonly PluginFiles[] = [],
): Preload[] {
  const owners = plugins.map((p) => ({
    base: p.url.slice(0, p.url.lastIndexOf('/') + 1),
    entry: p.url,
    integrity: p.integrity,
    depcache: listRecord(p.manifest.depcache),
    chunks: stringRecord(p.manifest.chunks),
  }));
  const ownerOf = (url: string) => owners.find((o) => url.startsWith(o.base));
  const seen = new Set<string>();
  const out: Preload[] = [];
  const visit = (url: string): void => {
    if (seen.has(url)) return;
    seen.add(url);
    const owner = ownerOf(url);
    const name = owner ? url.slice(owner.base.length) : url;
    const integrity = owner
      ? url === owner.entry
        ? owner.integrity
        : owner.chunks[name]
      : map.integrity[url];
    out.push(integrity ? { url, integrity } : { url });
    for (const spec of (owner ? owner.depcache[name] : map.depcache[url]) ?? []) {
      const next = resolve(spec, url, map);
      if (next !== null) visit(next);
    }
  };
  for (const start of starts) if (UI_URL.test(start)) visit(start);
  return out;
}

const hostPreloadsOf = new WeakMap<BuiltImportMap, Preload[]>();

/** The host's own first view: the host entry, the preload modules and everything they import. */
export function hostPreloads(map: BuiltImportMap): Preload[] {
  let preloads = hostPreloadsOf.get(map);
  if (!preloads) {
    const host = map.imports[HOST_ENTRY];
    preloads = staticClosure(host ? [host, ...map.preload] : map.preload, map);
    hostPreloadsOf.set(map, preloads);
  }
  return preloads;
}

/** The listed plugins' entries and what they import, less what the host's first view already loads. */
export function pluginPreloads(map: BuiltImportMap, plugins: readonly PluginFiles[]): Preload[] {
  const host = new Set(hostPreloads(map).map((p) => p.url));
  return staticClosure(
    plugins.map((p) => p.url),
    map,
    plugins,
  ).filter((p) => !host.has(p.url));
}

/**
 * The page a signed-in request for `appPath` opens (the best route of the listed plugins' `pages`) and what
 * it imports, less what the host and the plugins already name: its code then arrives with theirs instead of
 * after the plugin has run (docs/first-view.md#route-pages).
 */
export function routePagePreloads(
  map: BuiltImportMap,
  plugins: readonly PluginFiles[],
  appPath: string,
): Preload[] {
  let best: { match: PageMatch; base: string } | null = null;
  for (const plugin of plugins) {
    const match = matchPage(appPath, listRecord(plugin.manifest.pages));
    if (match !== null && (best === null || match.score > best.match.score))
      best = { match, base: plugin.url.slice(0, plugin.url.lastIndexOf('/') + 1) };
  }
  if (best === null) return [];
  const { match, base } = best;
  const named = new Set([...hostPreloads(map), ...pluginPreloads(map, plugins)].map((p) => p.url));
  return staticClosure(
    match.files.filter((f) => PLAIN_RELATIVE.test(`./${f}`)).map((f) => `${base}${f}`),
    map,
    plugins,
  ).filter((p) => !named.has(p.url));
}
