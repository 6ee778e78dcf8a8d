// The only place that knows how System.register modules are produced (docs/architecture.md#module-format):
// vendor CommonJS output gets a small wrapper; our ESM output goes through Rollup's `system` format.
import { rollup } from '@rollup/wasm-node';
import path from 'node:path';

/**
 * Wrap esbuild `format: 'cjs'` output. The code runs in its own function scope so that minified top-level
 * names cannot shadow the wrapper's (gotcha G5); `require` is answered from the declared dependencies only.
 */
export function wrapCjs(code, deps) {
  const setters = deps.map((d) => `function(m){$d[${JSON.stringify(d)}]=m}`).join(',');
  return (
    `System.register(${JSON.stringify(deps)},function(_export,_context){var $d={};return{setters:[${setters}],execute:function(){` +
    `var m={exports:{}};(function(module,exports,require){\n${code}\n})(m,m.exports,function(i){if(i in $d)return $d[i];throw Error("System.register: undeclared dependency "+i)});` +
    `var e=m.exports,n={};for(var k in e)n[k]=e[k];n.default=e&&e.__esModule?e.default:e;n.__esModule=true;_export(n)}}});\n`
  );
}

/**
 * V8's compile hint (Chromium 136 and later): a script whose very first line it is has all its functions
 * compiled at once, on a background thread while the file streams in, instead of one by one on the main
 * thread when each is first called (docs/first-view.md#eager-compile-of-the-first-views-code).
 */
export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Name of the Rollup chunk of the n-th `whole` file (keepWhole). */
const WHOLE_PREFIX = 'whole-';

/**
 * Rollup plugin: the hint on the files the first view runs — the entry's, the `whole` files' (the preload
 * modules, importmap.json "preload") and the files those import statically. Added in renderChunk, before
 * Rollup computes the file names' hashes, so a file with the hint never shares a name with one without.
 */
function eagerCompileFirstView() {
  return {
    name: 'eager-compile-first-view',
    renderChunk(code, chunk, _options, { chunks }) {
      const queue = Object.values(chunks)
        .filter((c) => c.isEntry || c.name.startsWith(WHOLE_PREFIX))
        .map((c) => c.fileName);
      const eager = new Set();
      while (queue.length) {
        const name = queue.pop();
        if (eager.has(name) || !chunks[name]) continue;
        eager.add(name);
        queue.push(...chunks[name].imports);
      }
      return eager.has(chunk.fileName) ? { code: `${EAGER_COMPILE_HINT}${code}`, map: null } : null;
    },
  };
}

/**
 * Rollup `manualChunks`: each of `whole` with its static closure, less what the entry loads anyway. Rollup
 * pulls every unassigned static dependency of a manual chunk into it, so the entry's own closure is assigned
 * too, with the entry itself: that chunk then is the entry file.
 */
function keepWhole(entry, whole) {
  let owner = null;
  return (id, { getModuleInfo }) => {
    if (owner === null) {
      const closure = (start) => {
        const seen = new Set();
        const queue = [start];
        while (queue.length) {
          const next = queue.pop();
          if (seen.has(next)) continue;
          seen.add(next);
          queue.push(...(getModuleInfo(next)?.importedIds ?? []));
        }
        return seen;
      };
      owner = new Map([...closure(entry)].map((m) => [m, 'entry']));
      whole.forEach((file, index) => {
        for (const m of closure(file)) if (!owner.has(m)) owner.set(m, `${WHOLE_PREFIX}${index}`);
      });
    }
    return owner.get(id);
  };
}

/**
 * esbuild's code-split ESM output (an entry and its chunks, in memory) re-chunked by Rollup into
 * System.register files. Rollup knows which modules are already loaded when a lazy chunk is imported, so the
 * many small chunks esbuild makes for code shared between an entry and its lazy parts fold into few files.
 * Relative imports between the files stay relative, so the output can live in any folder.
 *
 * @param {Map<string, string>} files  absolute path -> code (esbuild outputFiles)
 * @param {string} entry               absolute path of the entry file among them
 * @param {string} entryName           file name stem of the entry (`index` -> index-<hash>.js)
 * @param {string[]} [whole]           lazy files among them to emit as one file each, with every module only
 *                                     they need (the modules of a preloaded lazy module are one request)
 * @param {boolean} [eagerFirstView]   start the entry's file, the `whole` files and every file they import
 *                                     statically with V8's compile hint (EAGER_COMPILE_HINT)
 * @returns {Promise<{ fileName: string, code: string, isEntry: boolean, imports: string[],
 *   dynamicImports: string[], modules: string[] }[]>}  modules: the esbuild files the chunk holds
 */
export async function rechunkToSystem(files, entry, entryName, whole = [], eagerFirstView = false) {
  const bundle = await rollup({
    input: entry,
    // Code the entry shares with its lazy chunks stays in the entry file (it is loaded first anyway) instead
    // of a chunk of its own behind an entry facade: one request less per module. The entry may then export a
    // few extra (internal) names.
    preserveEntrySignatures: 'allow-extension',
    // Bare specifiers are shared modules resolved by the import map at run time.
    external: (id) => !id.startsWith('.') && !id.startsWith('/'),
    onwarn: (warning, warn) => {
      if (warning.code !== 'CIRCULAR_DEPENDENCY') warn(warning);
    },
    plugins: [
      {
        name: 'esbuild-output',
        resolveId: (id, importer) => {
          const file = importer && id.startsWith('.') ? path.resolve(path.dirname(importer), id) : id;
          return files.has(file) ? file : null;
        },
        load: (id) => files.get(id) ?? null,
      },
      ...(eagerFirstView ? [eagerCompileFirstView()] : []),
    ],
  });
  const { output } = await bundle.generate({
    format: 'system',
    compact: true,
    manualChunks: whole.length ? keepWhole(entry, whole) : undefined,
    hashCharacters: 'hex',
    entryFileNames: `${entryName}-[hash:12].js`,
    chunkFileNames: 'chunk-[hash:12].js',
  });
  await bundle.close();
  return output
    .filter((o) => o.type === 'chunk')
    .map((chunk) => ({
      fileName: chunk.fileName,
      code: chunk.code,
      isEntry: chunk.isEntry,
      imports: chunk.imports,
      dynamicImports: chunk.dynamicImports,
      modules: chunk.moduleIds,
    }));
}
