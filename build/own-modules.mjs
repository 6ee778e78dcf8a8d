// Our own modules (sdk, host, login page, plugins): esbuild ESM with code splitting, then each output file
// converted to System.register (route B of toolchain.md §3.4), so import() of shared ids, import.meta.url
// and lazy chunks all go through SystemJS and the import map.
import * as esbuild from 'esbuild';
import path from 'node:path';
import { root, sharedExternals } from './shared-modules.mjs';
import { esmToSystem } from './system-register.mjs';
import { browserOptions } from './vendor.mjs';

/**
 * @param {object} o
 * @param {string} o.id        module id (for the report)
 * @param {string} o.entry     source entry, relative to the repo root
 * @param {string} o.outDir    output folder relative to dist/ui
 * @param {string} o.name      entry file base name (the content hash is appended)
 * @param {Set<string>} o.ids  shared ids (kept external)
 * @param {string[]} [o.own]   shared ids this module provides itself
 * @returns {Promise<{ url: string, integrity: string, fileName: string, inputs: string[] }>}
 */
export async function buildOwnModule({ id, entry, outDir, name, ids, own = [], output, dev }) {
  const absOut = path.join(output.uiDir, outDir);
  const result = await esbuild.build({
    ...browserOptions(dev),
    format: 'esm',
    splitting: true,
    sourcemap: dev ? 'inline' : false,
    entryPoints: [path.join(root, entry)],
    outdir: absOut,
    entryNames: `${name}-[hash]`,
    chunkNames: 'chunk-[hash]',
    tsconfig: path.join(root, 'tsconfig.json'),
    jsx: 'automatic',
    plugins: [sharedExternals(ids, own)],
  });
  // Dynamic import() targets are entry points in the metafile too: pick the output of *this* entry.
  const entryOut = Object.entries(result.metafile.outputs).find(
    ([, o]) => o.entryPoint && path.resolve(root, o.entryPoint) === path.join(root, entry),
  );
  if (!entryOut) throw new Error(`${id}: esbuild produced no entry output`);
  const css = result.outputFiles.filter((f) => f.path.endsWith('.css'));
  if (css.length) {
    throw new Error(
      `${id}: imports CSS; plugins and host modules use PrimeFlex classes and scoped styles instead`,
    );
  }
  let entryWritten;
  for (const file of result.outputFiles) {
    const rel = path.relative(output.uiDir, file.path);
    const isEntry = path.resolve(root, entryOut[0]) === file.path;
    const written = output.write(rel, await esmToSystem(file.text), isEntry ? id : `${id} (chunk)`);
    if (isEntry) entryWritten = { ...written, fileName: path.basename(file.path) };
  }
  const inputs = Object.keys(result.metafile.inputs).map((p) => path.resolve(root, p));
  return { ...entryWritten, inputs };
}
