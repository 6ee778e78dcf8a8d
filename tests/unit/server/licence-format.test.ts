// The signed licence format (docs/licence.md): canonical content, so the layout of the file does not matter
// but every value does; and the vendor script that signs with it.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicKeyBase64 } from '../../../sdk/plugin-format/signature.mjs';
import {
  canonicalJson,
  normalisePublicKey,
  signLicence,
  verifyLicenceText,
} from '../../../server/src/licence/licence-format.mjs';

const { privateKey, publicKey } = crypto.generateKeyPairSync('ed25519');
const KEY = publicKeyBase64(privateKey);
const CONTENT = {
  corporation: 'ACME',
  date_expired: '2030-01-01',
  asset_count: 10,
  extra: { b: [1, 'x'], a: null },
};

describe('licence format', () => {
  it('writes canonical JSON: keys sorted at every level, no white space', () => {
    expect(canonicalJson({ b: 1, a: { d: [true, null], c: 'é"' } })).toBe(
      '{"a":{"c":"é\\"","d":[true,null]},"b":1}',
    );
    expect(() => canonicalJson({ a: Infinity })).toThrow();
  });

  it('verifies what it signed in any layout, and refuses every change of a value', () => {
    const text = signLicence(CONTENT, privateKey);
    expect(verifyLicenceText(text, [KEY])).toEqual({ ok: true, license: CONTENT });
    const body = JSON.parse(text) as { license: Record<string, unknown> };
    const reordered = JSON.stringify({
      ...body,
      license: Object.fromEntries(Object.entries(CONTENT).reverse()),
    });
    expect(verifyLicenceText(reordered, [KEY]).ok).toBe(true);
    const changed = JSON.stringify({ ...body, license: { ...CONTENT, asset_count: 11 } });
    expect(verifyLicenceText(changed, [KEY])).toEqual({ ok: false, reason: 'signature' });
    const added = JSON.stringify({ ...body, license: { ...CONTENT, edition: 'Ultimate' } });
    expect(verifyLicenceText(added, [KEY])).toEqual({ ok: false, reason: 'signature' });
    const other = publicKeyBase64(crypto.generateKeyPairSync('ed25519').privateKey);
    expect(verifyLicenceText(text, [other])).toEqual({ ok: false, reason: 'signature' });
    expect(verifyLicenceText(JSON.stringify(CONTENT), [KEY])).toEqual({ ok: false, reason: 'unsigned' });
    const undated = signLicence({ corporation: 'ACME' }, privateKey);
    expect(verifyLicenceText(undated, [KEY])).toEqual({ ok: false, reason: 'content' });
  });

  it('reads a public key as PEM, raw base64 or DER base64, and refuses anything else', () => {
    const pem = publicKey.export({ format: 'pem', type: 'spki' }) as string;
    const der = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    expect(normalisePublicKey(pem)).toBe(KEY);
    expect(normalisePublicKey(KEY)).toBe(KEY);
    expect(normalisePublicKey(der)).toBe(KEY);
    expect(() => normalisePublicKey('not a key')).toThrow(/Ed25519/);
    const rsa = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
    expect(() => normalisePublicKey(rsa.export({ format: 'pem', type: 'spki' }) as string)).toThrow(
      /Ed25519/,
    );
  });

  it('npm run licence: keygen makes a key pair, sign writes a licence its public key accepts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-licence-'));
    try {
      const script = path.resolve(import.meta.dirname, '../../../scripts/licence.mjs');
      const printed = execFileSync(process.execPath, [script, 'keygen', dir], { encoding: 'utf8' });
      const key = /BASTION_LICENSE_PUBLIC_KEY=(\S+)/.exec(printed)?.[1] ?? '';
      expect((fs.statSync(path.join(dir, 'licence-private.pem')).mode & 0o777).toString(8)).toBe('600');
      fs.writeFileSync(path.join(dir, 'content.json'), JSON.stringify(CONTENT));
      const out = path.join(dir, 'licence.json');
      execFileSync(process.execPath, [
        script,
        'sign',
        path.join(dir, 'content.json'),
        '--key',
        path.join(dir, 'licence-private.pem'),
        '--out',
        out,
      ]);
      expect(verifyLicenceText(fs.readFileSync(out, 'utf8'), [key])).toEqual({ ok: true, license: CONTENT });
      expect(verifyLicenceText(fs.readFileSync(out, 'utf8'), [KEY]).ok).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
