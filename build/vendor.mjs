// Vendor modules: one System.register file per shared id of importmap.json (route A of toolchain.md §3.4:
// esbuild CommonJS output plus the wrapper), so every stateful library exists once in the browser.
import * as esbuild from 'esbuild';
import { aliasesOf, root, sharedExternals, vendorName } from './shared-modules.mjs';
import { wrapCjs } from './system-register.mjs';

export const browserOptions = (dev) => ({
  bundle: true,
  platform: 'browser',
  target: 'es2022',
  minify: !dev,
  metafile: true,
  write: false,
  legalComments: 'none',
  logLevel: 'silent',
  define: { 'process.env.NODE_ENV': dev ? '"development"' : '"production"' },
});

/** Does an ES module package have a default export? Asked of esbuild itself (gotcha G7). */
async function hasDefaultExport(id, ids) {
  try {
    await esbuild.build({
      ...browserOptions(false),
      minify: false,
      format: 'esm',
      stdin: { contents: `export { default } from ${JSON.stringify(id)};`, resolveDir: root, loader: 'js' },
      plugins: [sharedExternals(ids, [id, ...aliasesOf(id)])],
    });
    return true;
  } catch {
    return false;
  }
}

async function buildVendor(mod, ids, dev) {
  const spec = JSON.stringify(mod.id);
  let contents = `module.exports = require(${spec});`;
  if (mod.kind === 'esm') {
    const withDefault = await hasDefaultExport(mod.id, ids);
    contents = `export * from ${spec};${withDefault ? ` export { default } from ${spec};` : ''}`;
  }
  const result = await esbuild.build({
    ...browserOptions(dev),
    format: 'cjs',
    stdin: { contents, resolveDir: root, loader: 'js' },
    plugins: [sharedExternals(ids, [mod.id, ...aliasesOf(mod.id)])],
  });
  const meta = Object.values(result.metafile.outputs)[0];
  const deps = [...new Set(meta.imports.filter((i) => i.external).map((i) => i.path))];
  return { id: mod.id, code: wrapCjs(result.outputFiles[0].text, deps) };
}

/**
 * A component of a prefix package whose optional peer is not installed (primereact/editor needs quill) is left
 * out of the map, with a note, instead of failing the whole build.
 */
async function buildOptional(mod, ids, dev) {
  try {
    return await buildVendor(mod, ids, dev);
  } catch (error) {
    const missing = /Could not resolve "([^"]+)"/.exec(error.message)?.[1];
    if (!mod.id.startsWith('primereact/') || !missing) throw error;
    console.log(`note: ${mod.id} is not shared: its optional dependency "${missing}" is not installed`);
    return undefined;
  }
}

/** Build every vendor module; returns import-map entries. */
export async function buildVendors(modules, ids, output, dev) {
  const toBuild = modules.filter((m) => m.kind === 'cjs' || m.kind === 'esm');
  const built = (await Promise.all(toBuild.map((m) => buildOptional(m, ids, dev)))).filter(Boolean);
  const imports = {};
  const integrityMap = {};
  for (const { id, code } of built) {
    const dir = id.startsWith('primereact/') ? 'vendor/primereact' : 'vendor';
    const written = output.writeHashed(dir, vendorName(id), '.js', code, id);
    imports[id] = written.url;
    for (const alias of aliasesOf(id)) imports[alias] = written.url;
    integrityMap[written.url] = written.integrity;
  }
  return { imports, integrity: integrityMap };
}
