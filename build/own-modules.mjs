// Our own modules (sdk, host, plugins): esbuild ESM with code splitting, then re-chunked by Rollup into
// System.register files (system-register.mjs; docs/architecture.md#module-format), so import() of shared ids, import.meta.url and lazy chunks all
// go through SystemJS and the import map. Each written file's static imports are returned: they become the
// module graph (module-graph.mjs).
import * as esbuild from 'esbuild';
import path from 'node:path';
import { root, sharedExternals } from './shared-modules.mjs';
import { rechunkToSystem } from './system-register.mjs';
import { browserOptions } from './vendor.mjs';

/**
 * @typedef {{ url: string, fileName: string, integrity: string, imports: string[], lazy: string[] }} BuiltFile
 *   imports/lazy: static and dynamic imports as written in the file (bare ids or './chunk-….js')
 */

/**
 * @param {object} o
 * @param {string} o.id        module id (for the report)
 * @param {string} o.entry     source entry, relative to `base`
 * @param {string} o.outDir    output folder relative to dist/ui
 * @param {string} o.name      entry file base name (the content hash is appended)
 * @param {Set<string>} o.ids  shared ids (kept external)
 * @param {string[]} [o.own]   shared ids this module provides itself
 * @param {string[]} [o.whole] lazily imported sources (relative to `base`) to emit as one file each
 * @param {string} [o.base]    the project folder: the repository, or a plugin project outside it (the toolkit)
 * @param {string} [o.tsconfig] its tsconfig.json (esbuild reads jsx and paths from it)
 * @param {boolean} [o.eagerFirstView] the entry's files and the `whole` ones carry V8's compile hint
 *   (system-register.mjs EAGER_COMPILE_HINT)
 * @returns {Promise<{ url: string, integrity: string, fileName: string, inputs: string[], files: BuiltFile[],
 *   lazyOutputs: Map<string, string> }>}  lazyOutputs: source file (repo-relative) of a lazy module -> its URL
 */
export async function buildOwnModule({
  id,
  entry,
  outDir,
  name,
  ids,
  own = [],
  whole = [],
  output,
  dev,
  base = root,
  tsconfig = path.join(base, 'tsconfig.json'),
  eagerFirstView = false,
}) {
  const absOut = path.join(output.uiDir, outDir);
  const result = await esbuild.build({
    ...browserOptions(dev),
    format: 'esm',
    splitting: true,
    sourcemap: dev ? 'inline' : false,
    entryPoints: [path.join(base, entry)],
    absWorkingDir: base,
    outdir: absOut,
    entryNames: `${name}-[hash]`,
    chunkNames: 'chunk-[hash]',
    tsconfig,
    jsx: 'automatic',
    plugins: [sharedExternals(ids, own)],
  });
  if (result.outputFiles.some((f) => f.path.endsWith('.css'))) {
    throw new Error(
      `${id}: imports CSS; plugins and host modules use PrimeFlex classes and scoped styles instead`,
    );
  }
  // Dynamic import() targets are entry points in the metafile too: pick the output of *this* entry.
  const sourceOf = new Map(
    Object.entries(result.metafile.outputs)
      .filter(([, o]) => o.entryPoint)
      .map(([file, o]) => [path.resolve(base, file), path.relative(base, path.resolve(base, o.entryPoint))]),
  );
  const entryFile = [...sourceOf].find(([, source]) => source === path.normalize(entry))?.[0];
  if (!entryFile) throw new Error(`${id}: esbuild produced no entry output`);

  const wholeFiles = [...sourceOf]
    .filter(([, source]) => whole.map((w) => path.normalize(w)).includes(source))
    .map(([file]) => file);
  const chunks = await rechunkToSystem(
    new Map(result.outputFiles.map((f) => [f.path, f.text])),
    entryFile,
    name,
    wholeFiles,
    eagerFirstView,
  );
  const files = [];
  const lazyOutputs = new Map();
  let entryWritten;
  for (const chunk of chunks) {
    const written = output.write(
      path.join(outDir, chunk.fileName),
      chunk.code,
      chunk.isEntry ? id : `${id} (chunk)`,
    );
    const file = {
      url: written.url,
      fileName: chunk.fileName,
      integrity: written.integrity,
      imports: chunk.imports.map((i) => (ids.has(i) ? i : `./${i}`)),
      lazy: chunk.dynamicImports.map((i) => (ids.has(i) ? i : `./${i}`)),
    };
    files.push(file);
    if (chunk.isEntry) entryWritten = file;
    // Where each lazily imported source ended up (a dynamic import of it loads this file).
    for (const m of chunk.modules)
      if (m !== entryFile && sourceOf.has(m)) lazyOutputs.set(sourceOf.get(m), file.url);
  }
  const inputs = Object.keys(result.metafile.inputs).map((p) => path.resolve(base, p));
  return { ...entryWritten, inputs, files, lazyOutputs };
}
