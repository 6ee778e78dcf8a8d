// The signed licence file (docs/licence.md): `{"format", "license": {…}, "signature"}`. The signature is
// Ed25519 over a header and the canonical JSON of `license` (keys sorted at every level, no white space),
// so re-indenting or re-ordering the file keeps it valid while any change of a value breaks it. The vendor's
// `npm run licence -- sign` writes files with this module and the server verifies them with it: both sides
// sign the same bytes. Plain JavaScript so that the script runs without a build.
import crypto from 'node:crypto';
import { publicKeyBase64, publicKeyFromBase64 } from '../../../sdk/plugin-format/signature.mjs';

export const LICENCE_FORMAT = 'bastion-license-v1';
const HEADER = `${LICENCE_FORMAT}\n`;

/**
 * JSON with the keys of every object sorted (by UTF-16 code units, as RFC 8785 does): for the values a
 * licence holds — strings, finite numbers, booleans, null, arrays and objects of them — this is RFC 8785's
 * canonical form, since JSON.stringify already writes strings and numbers the way it asks.
 */
export function canonicalJson(value) {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('a licence holds finite numbers only');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  throw new Error(`a licence cannot hold a ${typeof value}`);
}

/** The bytes that are signed. */
export function signedBytes(license) {
  return Buffer.from(HEADER + canonicalJson(license), 'utf8');
}

/** The text of a signed licence file for `license`, signed with an Ed25519 private key (PEM or KeyObject). */
export function signLicence(license, privateKey) {
  const key = typeof privateKey === 'string' ? crypto.createPrivateKey(privateKey) : privateKey;
  const signature = crypto.sign(null, signedBytes(license), key).toString('base64');
  return `${JSON.stringify({ format: LICENCE_FORMAT, license, signature }, null, 2)}\n`;
}

/**
 * An Ed25519 public key as the configuration gives it: PEM (SPKI), base64 of the 32 raw bytes, or base64
 * of the DER SPKI. Answers the base64 raw key; throws with a one-line reason otherwise.
 */
export function normalisePublicKey(text) {
  const trimmed = String(text).trim();
  if (trimmed.startsWith('-----BEGIN')) {
    const key = crypto.createPublicKey(trimmed);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('the licence key must be an Ed25519 public key');
    return publicKeyBase64(key);
  }
  const raw = Buffer.from(trimmed, 'base64');
  if (raw.length === 32) return publicKeyBase64(publicKeyFromBase64(trimmed));
  try {
    const key = crypto.createPublicKey({ key: raw, format: 'der', type: 'spki' });
    if (key.asymmetricKeyType === 'ed25519') return publicKeyBase64(key);
  } catch {
    // fall through to the message below
  }
  throw new Error('the licence key must be an Ed25519 public key: PEM, or base64 of its 32 bytes');
}

/**
 * Reads and verifies a licence file's text against the trusted keys (base64 raw). Answers
 * `{ ok: true, license }` or `{ ok: false, reason }` with reason one of: `not_json`, `unsigned` (no
 * signature: the old plain format, or anything else without one), `format` (an unknown format or a
 * malformed body), `signature` (no trusted key signed exactly this content), `content` (signed, but the
 * content lacks a parsable `date_expired`).
 */
export function verifyLicenceText(text, trustedKeys) {
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not_json' };
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, reason: 'format' };
  if (body.signature === undefined) return { ok: false, reason: 'unsigned' };
  if (
    body.format !== LICENCE_FORMAT ||
    typeof body.signature !== 'string' ||
    body.license === null ||
    typeof body.license !== 'object' ||
    Array.isArray(body.license)
  )
    return { ok: false, reason: 'format' };
  let bytes;
  try {
    bytes = signedBytes(body.license);
  } catch {
    return { ok: false, reason: 'format' };
  }
  const signature = Buffer.from(body.signature, 'base64');
  const signed = trustedKeys.some((key) => {
    try {
      return crypto.verify(null, bytes, publicKeyFromBase64(key), signature);
    } catch {
      return false;
    }
  });
  if (!signed) return { ok: false, reason: 'signature' };
  const expires = typeof body.license.date_expired === 'string' ? Date.parse(body.license.date_expired) : NaN;
  if (!Number.isFinite(expires)) return { ok: false, reason: 'content' };
  return { ok: true, license: body.license };
}
