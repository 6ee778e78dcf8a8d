// bastion-plugin check | build [--sign key.pem] [--out dir] | dev [--port n] | keygen <name>
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { publicKeyBase64 } from '../../../sdk/plugin-format/signature.mjs';
import { build, check } from './commands.mjs';
import { buildDevServer } from './dev.mjs';
import { findProject } from './project.mjs';

const USAGE = `usage: bastion-plugin <command>
  check                      validate plugin.json, warn on missing translations, type-check against @bastion/sdk
  build [--out dir] [--sign key.pem]
                             check, then build to <out>/<id>/ (default dist/): a folder to drop into the console
  dev [--port n]             rebuild on change and serve the module for import-map-overrides
  keygen <name>              write <name>.key (Ed25519 private key, keep it secret) and print the public key
                             for the operator's BASTION_PLUGIN_KEYS file`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      sign: { type: 'string' },
      port: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, arg] = positionals;
  if (values.help || !command) return console.log(USAGE);
  if (command === 'keygen') {
    if (!arg) throw new Error('keygen needs a name: bastion-plugin keygen my-key');
    const file = path.resolve(`${arg}.key`);
    if (existsSync(file)) throw new Error(`${file} exists; not overwriting a key`);
    const { privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    console.log(
      `wrote ${file}\npublic key (one line of BASTION_PLUGIN_KEYS): ${publicKeyBase64(privateKey)}`,
    );
    return;
  }
  const projectDir = findProject();
  if (command === 'check') {
    await check(projectDir);
  } else if (command === 'build') {
    await check(projectDir);
    const outRoot = path.resolve(values.out ?? path.join(projectDir, 'dist'));
    const { dir, manifest } = await build(projectDir, { outRoot, sign: values.sign });
    console.log(`✓ built ${manifest.id} ${manifest.version} into ${dir}${values.sign ? ' (signed)' : ''}`);
  } else if (command === 'dev') {
    const outRoot = path.join(projectDir, 'dist-dev');
    await buildDevServer(projectDir, {
      outRoot,
      port: values.port ? Number(values.port) : undefined,
      build: () => build(projectDir, { dev: true, outRoot }),
    });
  } else {
    throw new Error(`unknown command "${command}"\n${USAGE}`);
  }
}

main().catch((error) => {
  console.error(`bastion-plugin: ${error.message}`);
  process.exitCode = 1;
});
