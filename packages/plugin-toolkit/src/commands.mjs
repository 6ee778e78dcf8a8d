// bastion-plugin check | build | dev: the same build code as the console's own plugins (build/plugins.mjs),
// run on a project outside the repository against its installed @bastion/sdk (PLUGINS.md "The toolkit").
import { spawn } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Output } from '../../../build/output.mjs';
import { buildPlugin, readSourceManifest } from '../../../build/plugins.mjs';
import { signPluginFolder } from '../../../sdk/plugin-format/signature.mjs';
import { sdkOf } from './project.mjs';
import { translationWarnings } from './translations.mjs';

const require = createRequire(import.meta.url);

/** The manifest against the one schema of the installed SDK: throws with every problem. */
export function checkManifest(projectDir) {
  return readSourceManifest(projectDir, null);
}

/** tsc --noEmit with the project's tsconfig.json: the sources against the SDK package's typings. */
export function typeCheck(projectDir) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'],
      {
        cwd: projectDir,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`type errors:\n${out.trim()}`))));
  });
}

/** Manifest, translations (warnings), types. Returns the warnings; throws on an error. */
export async function check(projectDir, log = console.log) {
  const manifest = checkManifest(projectDir);
  const warnings = translationWarnings(projectDir);
  for (const warning of warnings) log(`warning: ${warning}`);
  await typeCheck(projectDir);
  log(
    `✓ ${manifest.id} ${manifest.version}: manifest valid, types check${warnings.length ? `, ${warnings.length} translation warning(s)` : ''}`,
  );
  return { manifest, warnings };
}

/**
 * Builds the project into `<outRoot>/<id>/`: the built plugin.json (module, integrity, chunks, depcache), the
 * System.register entry and chunks, the locales and their compressed copies — a folder to drop into the
 * console's BASTION_PLUGINS_DIR as it is. `sign`: a PEM Ed25519 private key file; plugin.sig is written last.
 */
export async function build(projectDir, { dev = false, outRoot = path.join(projectDir, 'dist'), sign } = {}) {
  const sdk = sdkOf(projectDir);
  const output = new Output(outRoot);
  const { manifest } = await buildPlugin(projectDir, {
    ids: sdk.ids,
    output,
    dev,
    base: projectDir,
    folderName: null,
    outDir: readSourceManifest(projectDir, null).id,
  });
  await output.flush();
  const dir = path.join(outRoot, manifest.id);
  if (sign) await signPluginFolder(dir, createPrivateKey(readFileSync(sign, 'utf8')));
  return { dir, manifest };
}
