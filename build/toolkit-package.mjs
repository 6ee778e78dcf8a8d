// The @bastion/plugin-toolkit package (docs/sdk-package.md): packages/plugin-toolkit/src bundled by esbuild
// with the console's own build code (build/plugins.mjs and what it uses), so a plugin built outside the
// repository gets exactly the output format of the built-in ones; the plugin format (schema, validation,
// signing) is left to the installed @bastion/sdk, the one copy of those rules a project has.
import * as esbuild from 'esbuild';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { packagesDir, packInto, sdkVersion } from './sdk-package.mjs';
import { root } from './shared-modules.mjs';

const source = path.join(root, 'packages', 'plugin-toolkit');
const stageDir = path.join(packagesDir, 'plugin-toolkit');
const pluginFormat = path.join(root, 'sdk', 'plugin-format');

/** Imports of sdk/plugin-format/<name>.mjs become imports of @bastion/sdk/plugin-format/<name>. */
const fromSdkPackage = {
  name: 'plugin-format-from-sdk',
  setup(build) {
    build.onResolve({ filter: /plugin-format\// }, (args) => {
      const file = path.resolve(args.resolveDir, args.path);
      if (path.dirname(file) !== pluginFormat) return undefined;
      return { path: `@bastion/sdk/plugin-format/${path.basename(file, '.mjs')}`, external: true };
    });
  },
};

function packageJson() {
  const template = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8'));
  const console = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const version = (name) => console.dependencies[name] ?? console.devDependencies[name];
  return {
    ...template,
    version: console.version,
    peerDependencies: { '@bastion/sdk': `^${sdkVersion()}` },
    dependencies: Object.fromEntries(Object.keys(template.dependencies).map((name) => [name, version(name)])),
  };
}

/** Builds and packs the toolkit (its peer range is the SDK's version). */
export async function buildToolkitPackage() {
  rmSync(stageDir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: ['bastion-plugin', 'create-bastion-plugin'].map((n) => path.join(source, 'src', `${n}.mjs`)),
    outdir: path.join(stageDir, 'bin'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    banner: { js: '#!/usr/bin/env node' },
    chunkNames: 'chunk-[hash]',
    logLevel: 'silent',
    plugins: [fromSdkPackage],
  });
  cpSync(path.join(source, 'templates'), path.join(stageDir, 'templates'), { recursive: true });
  cpSync(path.join(source, 'README.md'), path.join(stageDir, 'README.md'));
  writeFileSync(path.join(stageDir, 'package.json'), `${JSON.stringify(packageJson(), null, 2)}\n`);
  return packInto(stageDir, 'bastion-plugin-toolkit.tgz');
}
