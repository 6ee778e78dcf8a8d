import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/src/config';

describe('BASTION_LOG_LEVEL', () => {
  it('defaults to warnings and errors on a terminal, to the request log otherwise', () => {
    expect(loadConfig({}, '/srv', true).logLevel).toBe('warn');
    expect(loadConfig({}, '/srv', false).logLevel).toBe('info');
  });

  it('is taken as set, and refused with the accepted values when it is no level', () => {
    expect(loadConfig({ BASTION_LOG_LEVEL: 'info' }, '/srv', true).logLevel).toBe('info');
    expect(loadConfig({ BASTION_LOG_LEVEL: 'silent' }, '/srv', false).logLevel).toBe('silent');
    expect(() => loadConfig({ BASTION_LOG_LEVEL: 'loud' }, '/srv', true)).toThrow(
      /BASTION_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/,
    );
  });
});

describe('BASTION_LICENSE_PUBLIC_KEY', () => {
  const { publicKey } = crypto.generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url').toString('base64');

  it('is the built-in key when unset, and takes PEM, base64 or a file holding one', () => {
    expect(loadConfig({}, '/srv', true).licensePublicKey).toBeNull();
    const pem = publicKey.export({ format: 'pem', type: 'spki' }) as string;
    expect(loadConfig({ BASTION_LICENSE_PUBLIC_KEY: pem }, '/srv', true).licensePublicKey).toBe(raw);
    expect(loadConfig({ BASTION_LICENSE_PUBLIC_KEY: raw }, '/srv', true).licensePublicKey).toBe(raw);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-config-'));
    try {
      fs.writeFileSync(path.join(dir, 'vendor.pem'), pem);
      expect(loadConfig({ BASTION_LICENSE_PUBLIC_KEY: 'vendor.pem' }, dir, true).licensePublicKey).toBe(raw);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops the start with the reason when it is no Ed25519 key', () => {
    expect(() => loadConfig({ BASTION_LICENSE_PUBLIC_KEY: 'not-a-key' }, '/srv', true)).toThrow(
      /BASTION_LICENSE_PUBLIC_KEY: the licence key must be an Ed25519 public key/,
    );
  });
});

describe('BASTION_SQLITE_BUSY_TIMEOUT_MS', () => {
  it('is the default (null) when unset, milliseconds when set, and refused when no whole number', () => {
    expect(loadConfig({}, '/srv', true).sqliteBusyTimeoutMs).toBeNull();
    expect(loadConfig({ BASTION_SQLITE_BUSY_TIMEOUT_MS: '250' }, '/srv', true).sqliteBusyTimeoutMs).toBe(250);
    for (const bad of ['-1', '1.5', 'soon', '600001'])
      expect(() => loadConfig({ BASTION_SQLITE_BUSY_TIMEOUT_MS: bad }, '/srv', true)).toThrow(
        /BASTION_SQLITE_BUSY_TIMEOUT_MS must be an integer between 0 and 600000/,
      );
  });
});
