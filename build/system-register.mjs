// The only place that knows how System.register modules are produced (docs/architecture.md "dist/ layout"):
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
 * esbuild's code-split ESM output (an entry and its chunks, in memory) re-chunked by Rollup into
 * System.register files. Rollup knows which modules are already loaded when a lazy chunk is imported, so the
 * many small chunks esbuild makes for code shared between an entry and its lazy parts fold into few files.
 * Relative imports between the files stay relative, so the output can live in any folder.
 *
 * @param {Map<string, string>} files  absolute path -> code (esbuild outputFiles)
 * @param {string} entry               absolute path of the entry file among them
 * @param {string} entryName           file name stem of the entry (`index` -> index-<hash>.js)
 * @returns {Promise<{ fileName: string, code: string, isEntry: boolean, imports: string[],
 *   dynamicImports: string[], source: string | null }[]>}  source: the esbuild file a lazy chunk stands for
 */
export async function rechunkToSystem(files, entry, entryName) {
  const bundle = await rollup({
    input: entry,
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
    ],
  });
  const { output } = await bundle.generate({
    format: 'system',
    compact: true,
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
      source: chunk.facadeModuleId,
    }));
}
