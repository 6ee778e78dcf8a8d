// The module graph: for every JavaScript file the build writes, the modules it imports statically, as written
// in the file (bare shared ids, or './chunk-….js' next to it). It is emitted as SystemJS's `depcache` — in
// dist/ui/importmap.json for the host's files, in each plugin's plugin.json for the plugin's files — so that
// loading a module starts loading its whole static closure at once instead of one level per round trip, and
// the server reads the same graph to preload the first view (server/src/ui/module-preloads.ts).

/** @typedef {Record<string, string[]>} Graph  file URL (or plugin-relative file name) -> its static imports */

const isRelative = (spec) => spec.startsWith('./') || spec.startsWith('../');

/** The URL a specifier names: bare ids through the import map, relative ones next to `from`. */
export function resolveSpecifier(spec, from, imports) {
  if (isRelative(spec)) return new URL(spec, `http://build${from}`).pathname;
  return imports[spec] ?? null;
}

const withoutFragment = (url) => url.replace(/#.*$/, '');

/**
 * Every file and every bare id reached from `starts` through static imports. A `url#id` (a member of a group
 * file) counts as its group file.
 * @param {string[]} starts  URLs
 * @param {Graph} graph
 * @param {Record<string, string>} imports  the import map's imports
 */
export function staticClosure(starts, graph, imports) {
  const files = new Set();
  const ids = new Set();
  const queue = starts.map(withoutFragment);
  while (queue.length) {
    const url = queue.pop();
    if (files.has(url)) continue;
    files.add(url);
    for (const spec of graph[url] ?? []) {
      if (!isRelative(spec)) ids.add(spec);
      const target = resolveSpecifier(spec, url, imports);
      if (target !== null) queue.push(withoutFragment(target));
    }
  }
  return { files, ids };
}

/** The `depcache` of an import map: files with at least one static import. */
export function depcacheOf(graph) {
  return Object.fromEntries(
    Object.entries(graph)
      .filter(([, deps]) => deps.length > 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** Graph entries of built files (own-modules.mjs), keyed by URL. */
export function graphOfFiles(files) {
  return Object.fromEntries(files.map((f) => [f.url, f.imports]));
}

/**
 * Graph entries of a plugin's files keyed by file name relative to its plugin.json, so a plugin copied to
 * any folder keeps a valid graph (docs/architecture.md "Plugin manifest").
 */
export function pluginGraphOfFiles(files) {
  return Object.fromEntries(files.filter((f) => f.imports.length).map((f) => [f.fileName, f.imports]));
}
