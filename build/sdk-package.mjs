// The @bastion/sdk package for plugin authors outside the repository (docs/sdk-package.md): the declarations of
// sdk/src/public.ts rolled into one index.d.ts by API Extractor, the shared-module contract the host provides,
// and the plugin format (schema, validation, signing), packed by npm into dist/ui/packages/bastion-sdk.tgz.
// API Extractor also compares the public surface with the checked-in report sdk/api/bastion-sdk.api.md: a
// build fails when they differ, until `npm run sdk:api-report` accepts the change.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { root, sharedIds } from './shared-modules.mjs';

export const packagesDir = path.join(root, 'dist', 'packages');
/** Where the server serves the tarballs from: /ui/packages/<name>.tgz */
export const servedPackagesDir = path.join(root, 'dist', 'ui', 'packages');

const require = createRequire(import.meta.url);
const stageDir = path.join(packagesDir, 'sdk');
const aeConfig = path.join(root, 'sdk', 'package', 'api-extractor.json');

/** Runs a command; rejects with its output when it fails. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${path.basename(command)} ${args.join(' ')}:\n${out}`)),
    );
  });
}

/** `npm pack` of a staged folder into dist/ui/packages/<fileName>. */
export async function packInto(stagedDir, fileName) {
  mkdirSync(servedPackagesDir, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const out = await run(npm, ['pack', stagedDir, '--json', '--pack-destination', servedPackagesDir]);
  const [{ filename }] = JSON.parse(out.slice(out.indexOf('[')));
  renameSync(path.join(servedPackagesDir, path.basename(filename)), path.join(servedPackagesDir, fileName));
  return path.join(servedPackagesDir, fileName);
}

export const sdkVersion = () =>
  /SDK_VERSION = '([^']+)'/.exec(readFileSync(path.join(root, 'sdk', 'src', 'version.ts'), 'utf8'))[1];

/** The versions the host provides at run time are the ones a plugin type-checks against. */
function hostDependency(name) {
  const { dependencies, devDependencies } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const version = dependencies[name] ?? devDependencies[name];
  if (!version) throw new Error(`sdk package: ${name} is not a dependency of the console`);
  return version;
}

/** API Extractor, in its own process (its API is synchronous and takes seconds). */
function apiExtractor(updateReport) {
  const { Extractor, ExtractorConfig } = require('@microsoft/api-extractor');
  const config = ExtractorConfig.loadFileAndPrepare(aeConfig);
  const result = Extractor.invoke(config, {
    localBuild: updateReport,
    messageCallback: (message) => {
      // The report's own "you changed the API" text names API Extractor's workflow, not ours.
      if (
        message.messageId === 'console-api-report-changed' ||
        message.messageId === 'console-api-report-copied'
      )
        message.handled = true;
      else if (message.messageId.startsWith('console-')) message.logLevel = 'none';
    },
  });
  if (result.apiReportChanged && !updateReport) {
    console.error(
      'The public surface of @bastion/sdk (sdk/src/public.ts) differs from sdk/api/bastion-sdk.api.md.\n' +
        'If the change is deliberate, run `npm run sdk:api-report`, bump SDK_VERSION (sdk/src/version.ts) and\n' +
        'commit the report; otherwise undo the change. See docs/sdk-package.md.',
    );
    process.exitCode = 1;
  } else if (!result.succeeded) process.exitCode = 1;
}

/**
 * sdk/package/package.json with the build's facts filled in: the SDK version, and for each dependency the
 * version the console itself uses (a plugin type-checks against what the host provides at run time).
 */
function packageJson() {
  const template = JSON.parse(readFileSync(path.join(root, 'sdk', 'package', 'package.json'), 'utf8'));
  const consoleVersion = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
  return {
    ...template,
    version: sdkVersion(),
    dependencies: Object.fromEntries(
      Object.keys(template.dependencies).map((name) => [name, hostDependency(name)]),
    ),
    bastion: { consoleVersion },
  };
}

/**
 * Builds the package and its tarball. `updateReport`: accept a changed public surface (rewrite the report)
 * instead of failing.
 */
export async function buildSdkPackage({ updateReport = false } = {}) {
  rmSync(path.join(root, 'dist', 'sdk-types'), { recursive: true, force: true });
  await run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'sdk/package/tsconfig.json']);
  rmSync(stageDir, { recursive: true, force: true });
  await run(process.execPath, [
    fileURLToPath(import.meta.url),
    updateReport ? '--api-update' : '--api-check',
  ]);
  cpSync(path.join(root, 'sdk', 'plugin-format'), path.join(stageDir, 'plugin-format'), { recursive: true });
  writeFileSync(
    path.join(stageDir, 'shared-modules.json'),
    `${JSON.stringify({ $comment: 'Bare ids the console provides to plugins at run time (kept external by a plugin build).', ids: [...sharedIds()].sort() }, null, 1)}\n`,
  );
  writeFileSync(path.join(stageDir, 'package.json'), `${JSON.stringify(packageJson(), null, 2)}\n`);
  cpSync(path.join(root, 'sdk', 'package', 'README.md'), path.join(stageDir, 'README.md'));
  return packInto(stageDir, 'bastion-sdk.tgz');
}

const self = fileURLToPath(import.meta.url);
if (process.argv[1] === self) {
  const arg = process.argv[2];
  if (arg === '--api-check' || arg === '--api-update') apiExtractor(arg === '--api-update');
  else
    buildSdkPackage({ updateReport: arg === '--update-report' }).then(
      (file) => console.log(`wrote ${path.relative(root, file)}`),
      (error) => {
        console.error(error.message);
        process.exitCode = 1;
      },
    );
}
