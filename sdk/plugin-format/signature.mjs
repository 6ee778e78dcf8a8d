// Ed25519 signatures of a built plugin folder (PLUGINS.md "Signing"). What is signed is a canonical listing
// of every file in the folder but the signature itself — its path and SHA-256 — so the manifest, the modules,
// the locales and their compressed copies are all covered and nothing can be added beside them. The plugin
// toolkit signs with this module and the server verifies with it, so both sides hash the same bytes.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const SIGNATURE_FILE = 'plugin.sig';
const HEADER = 'bastion-plugin-files-v1\n';

async function filesOf(root, dir = root) {
  const out = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesOf(root, full)));
    else if (entry.isFile()) out.push(path.relative(root, full).split(path.sep).join('/'));
  }
  return out;
}

/** The bytes that are signed: a header, then "<sha256 hex>  <relative path>" per file, sorted by path. */
export async function signedListing(dir) {
  const files = (await filesOf(dir)).filter((file) => file !== SIGNATURE_FILE).sort();
  const lines = await Promise.all(
    files.map(async (file) => {
      const hash = crypto.createHash('sha256').update(await fs.readFile(path.join(dir, file)));
      return `${hash.digest('hex')}  ${file}\n`;
    }),
  );
  return Buffer.from(HEADER + lines.join(''), 'utf8');
}

/** A raw 32-byte Ed25519 public key, base64, as written in the operator's trusted-keys file. */
export function publicKeyFromBase64(text) {
  const raw = Buffer.from(text, 'base64');
  if (raw.length !== 32) throw new Error('an Ed25519 public key is 32 bytes (base64)');
  return crypto.createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') },
    format: 'jwk',
  });
}

/** The base64 raw public key of a private or public key object. */
export function publicKeyBase64(key) {
  const object = typeof key === 'string' ? crypto.createPrivateKey(key) : key;
  const jwk = (object.type === 'public' ? object : crypto.createPublicKey(object)).export({ format: 'jwk' });
  return Buffer.from(jwk.x, 'base64url').toString('base64');
}

/** Writes `plugin.sig` into a built plugin folder, signed with an Ed25519 private key (PEM or KeyObject). */
export async function signPluginFolder(dir, privateKey) {
  const key = typeof privateKey === 'string' ? crypto.createPrivateKey(privateKey) : privateKey;
  const signature = crypto.sign(null, await signedListing(dir), key).toString('base64');
  const body = { algorithm: 'ed25519', key: publicKeyBase64(key), signature };
  await fs.writeFile(path.join(dir, SIGNATURE_FILE), `${JSON.stringify(body, null, 2)}\n`);
  return body;
}

/**
 * Checks a folder's `plugin.sig` against the trusted keys (base64 raw keys). Answers
 * { state: 'signed', key } | { state: 'unsigned' } | { state: 'bad', reason }.
 */
export async function verifyPluginFolder(dir, trustedKeys) {
  let text;
  try {
    text = await fs.readFile(path.join(dir, SIGNATURE_FILE), 'utf8');
  } catch {
    return { state: 'unsigned' };
  }
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return { state: 'bad', reason: `${SIGNATURE_FILE} is not JSON` };
  }
  if (body?.algorithm !== 'ed25519' || typeof body.key !== 'string' || typeof body.signature !== 'string')
    return {
      state: 'bad',
      reason: `${SIGNATURE_FILE} must hold {"algorithm": "ed25519", "key", "signature"}`,
    };
  if (!trustedKeys.includes(body.key))
    return { state: 'bad', reason: `signed by an untrusted key ${body.key}` };
  let valid;
  try {
    valid = crypto.verify(
      null,
      await signedListing(dir),
      publicKeyFromBase64(body.key),
      Buffer.from(body.signature, 'base64'),
    );
  } catch (error) {
    return { state: 'bad', reason: `signature unreadable (${error.message})` };
  }
  return valid
    ? { state: 'signed', key: body.key }
    : { state: 'bad', reason: 'signature does not match the files' };
}
