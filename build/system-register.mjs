// The only place that knows how System.register modules are produced (toolchain.md §3.4):
// vendor CommonJS output gets a small wrapper; our ESM output goes through Rollup's `system` format.
import { rollup } from '@rollup/wasm-node';

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
 * Convert one ESM file to System.register. The virtual entry has an absolute id and output.dir is the same
 * directory, so relative chunk imports ('./chunk-x.js') survive unchanged (gotcha G6).
 */
export async function esmToSystem(code) {
  const entry = '/__virtual__/entry.js';
  const bundle = await rollup({
    input: entry,
    external: (id) => id !== entry,
    onwarn: () => {},
    plugins: [
      {
        name: 'virtual',
        resolveId: (id) => (id === entry ? id : null),
        load: (id) => (id === entry ? code : null),
      },
    ],
  });
  const { output } = await bundle.generate({ format: 'system', compact: true, dir: '/__virtual__' });
  await bundle.close();
  return output[0].code;
}
