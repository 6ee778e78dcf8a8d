#!/usr/bin/env node
// The vendor's licence tool (docs/licence.md#issuing-licences):
//   npm run licence -- keygen [folder]                       a new key pair (the private key stays with you)
//   npm run licence -- sign <content.json> [--key <private.pem>] [--out <licence.json>]
// `sign` writes a signed licence file that a console trusting the key pair's public key imports.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { publicKeyBase64 } from '../sdk/plugin-format/signature.mjs';
import { signLicence } from '../server/src/licence/licence-format.mjs';

const PRIVATE_FILE = 'licence-private.pem';
const PUBLIC_FILE = 'licence-public.pem';

function fail(message) {
  process.stderr.write(`licence: ${message}\n`);
  process.exit(1);
}

function option(args, name) {
  const at = args.indexOf(name);
  if (at === -1) return null;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) fail(`${name} needs a value`);
  args.splice(at, 2);
  return value;
}

function keygen([folder = '.']) {
  const privateFile = path.resolve(folder, PRIVATE_FILE);
  const publicFile = path.resolve(folder, PUBLIC_FILE);
  if (fs.existsSync(privateFile))
    fail(`${privateFile} exists: a new key would orphan the licences it signed`);
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ed25519');
  fs.mkdirSync(path.dirname(privateFile), { recursive: true });
  fs.writeFileSync(privateFile, privateKey.export({ format: 'pem', type: 'pkcs8' }), {
    mode: 0o600,
    flag: 'wx',
  });
  fs.writeFileSync(publicFile, publicKey.export({ format: 'pem', type: 'spki' }));
  process.stdout.write(
    `private key: ${privateFile} (keep it secret and out of any repository)\n` +
      `public key:  ${publicFile}\n\n` +
      `Consoles that accept your licences start with\n  BASTION_LICENSE_PUBLIC_KEY=${publicKeyBase64(privateKey)}\n`,
  );
}

function sign(args) {
  const keyFile = option(args, '--key') ?? PRIVATE_FILE;
  const out = option(args, '--out');
  const [contentFile] = args;
  if (!contentFile) fail('sign <content.json> [--key <private.pem>] [--out <licence.json>]');
  let content;
  try {
    content = JSON.parse(fs.readFileSync(contentFile, 'utf8'));
  } catch (error) {
    fail(`${contentFile}: ${error.message}`);
  }
  if (content === null || typeof content !== 'object' || Array.isArray(content))
    fail(`${contentFile}: the content is a JSON object ({"corporation", "date_expired", …})`);
  if ('signature' in content || 'license' in content)
    fail(`${contentFile}: this is a licence file already; sign its content (the "license" object)`);
  if (typeof content.date_expired !== 'string' || !Number.isFinite(Date.parse(content.date_expired)))
    fail(`${contentFile}: "date_expired" must be a date such as "2027-12-31"`);
  let key;
  try {
    key = crypto.createPrivateKey(fs.readFileSync(keyFile, 'utf8'));
  } catch (error) {
    fail(`${keyFile}: ${error.message} (make a key pair with: npm run licence -- keygen)`);
  }
  if (key.asymmetricKeyType !== 'ed25519') fail(`${keyFile}: not an Ed25519 private key`);
  const text = signLicence(content, key);
  if (out) {
    fs.writeFileSync(out, text);
    process.stderr.write(`licence: signed ${out} for ${content.corporation ?? '(no corporation)'}\n`);
  } else process.stdout.write(text);
}

const [command, ...args] = process.argv.slice(2);
if (command === 'keygen') keygen(args);
else if (command === 'sign') sign(args);
else
  fail(
    'usage: npm run licence -- keygen [folder] | sign <content.json> [--key <private.pem>] [--out <licence.json>]',
  );
