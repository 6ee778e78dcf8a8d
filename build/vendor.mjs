// Vendor modules: every shared id of importmap.json exists once in the browser, either in a file of its own
// or as a member of a group file (several ids bundled together, importmap.json "groups"). Both are esbuild
// CommonJS output plus the System.register wrapper of system-register.mjs (docs/architecture.md#module-format).
import * as esbuild from 'esbuild';
import { aliasesOf, eagerCompileGroups, root, sharedExternals, vendorName } from './shared-modules.mjs';
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
  return bundleCjs(contents, ids, [mod.id, ...aliasesOf(mod.id)], dev);
}

/** esbuild CommonJS output of `contents` with every shared id but `own` external; its external imports. */
async function bundleCjs(contents, ids, own, dev) {
  const result = await esbuild.build({
    ...browserOptions(dev),
    format: 'cjs',
    stdin: { contents, resolveDir: root, loader: 'js' },
    plugins: [sharedExternals(ids, own)],
  });
  const meta = Object.values(result.metafile.outputs)[0];
  const deps = [...new Set(meta.imports.filter((i) => i.external).map((i) => i.path))];
  return { code: wrapCjs(result.outputFiles[0].text, deps), deps };
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

/**
 * Every vendor id built on its own, in memory: its code and the shared ids it imports (which decide the
 * members of `firstView` groups before anything is written).
 * @returns {Promise<Map<string, { code: string, deps: string[] }>>}
 */
export async function buildStandaloneVendors(modules, ids, dev) {
  const toBuild = modules.filter((m) => m.kind === 'cjs' || m.kind === 'esm');
  const built = await Promise.all(toBuild.map(async (m) => [m.id, await buildOptional(m, ids, dev)]));
  return new Map(built.filter(([, b]) => b !== undefined));
}

/**
 * One group file over its members, every other shared id external. It exports one function, `member(id)`,
 * which runs a member's code the first time it is asked for and answers the same exports ever after: the
 * loader (host/public/shared-groups.js) turns `<group url>#<id>` into that member's own namespace when a
 * module importing the id runs, so a member nobody on the page imports yet is fetched with the group but
 * never evaluated (docs/architecture.md "dist/ layout"). esbuild keeps each bundled package behind its own
 * lazy init, so a `require` inside the switch runs that package (and its own imports) only then.
 */
export function buildGroup(members, ids, dev) {
  const cases = members.map((id) => `case ${JSON.stringify(id)}:e=require(${JSON.stringify(id)});break;`);
  const contents =
    `var done=Object.create(null);module.exports={member:function(id){if(id in done)return done[id];var e;` +
    `switch(id){${cases.join('')}default:throw Error("group: no member "+id)}return done[id]=e}};`;
  return bundleCjs(
    contents,
    ids,
    members.flatMap((id) => [id, ...aliasesOf(id)]),
    dev,
  );
}

/**
 * Write the groups and the standalone vendors that belong to no group; returns import-map entries (imports,
 * integrity) and each written file's shared imports (the module graph).
 * @param {{ name: string, members: string[], code: string, deps: string[] }[]} groups
 */
export function writeVendors(output, standalone, groups) {
  const imports = {};
  const integrityMap = {};
  const graph = {};
  const grouped = new Set(groups.flatMap((g) => g.members));
  const eager = eagerCompileGroups();
  for (const group of groups) {
    // The hint only counts as the file's very first line.
    const code = eager.has(group.name) ? `//# allFunctionsCalledOnLoad\n${group.code}` : group.code;
    const written = output.writeHashed('vendor', group.name, '.js', code, `group ${group.name}`);
    for (const id of group.members) {
      imports[id] = `${written.url}#${id}`;
      for (const alias of aliasesOf(id)) imports[alias] = `${written.url}#${id}`;
    }
    integrityMap[written.url] = written.integrity;
    graph[written.url] = group.deps;
  }
  for (const [id, { code, deps }] of standalone) {
    if (grouped.has(id)) continue;
    const dir = id.startsWith('primereact/') ? 'vendor/primereact' : 'vendor';
    const written = output.writeHashed(dir, vendorName(id), '.js', code, id);
    imports[id] = written.url;
    for (const alias of aliasesOf(id)) imports[alias] = written.url;
    integrityMap[written.url] = written.integrity;
    graph[written.url] = deps;
  }
  return { imports, integrity: integrityMap, graph };
}
