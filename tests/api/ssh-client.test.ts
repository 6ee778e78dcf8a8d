// The SSH client (docs/ssh.md) against real OpenSSH hosts started in private namespaces
// (tests/support/ssh-hosts.mjs): logins by password and key, each failure classified per host, a gateway hop.
import fs from 'node:fs';
import { newSshKeyPair } from '../../server/src/ssh/key-pair';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPrivateKey } from '../../server/src/ssh/private-key';
import { openSsh, withSsh, type SshFailure, type SshTarget } from '../../server/src/ssh/ssh-client';
import { freePort } from '../support/server-process.mjs';
import {
  startSilentPort,
  startSshHost,
  startSshLab,
  type SshLab,
  type SshTestHost,
} from '../support/ssh-hosts.mjs';

let host: SshTestHost;
let lab: SshLab;
const key = newSshKeyPair();
const otherKey = newSshKeyPair();
const lockedKey = newSshKeyPair({
  passphrase: 'Open-Sesame-1',
  cipher: 'aes256-ctr',
  rounds: 16,
});

beforeAll(async () => {
  [host, lab] = await Promise.all([startSshHost(), startSshLab()]);
  host.authorize('root', key.public);
  host.authorize('root', lockedKey.public);
});

afterAll(async () => {
  await Promise.all([host?.stop(), lab?.stop()]);
});

const direct = (extra: Partial<SshTarget> = {}): SshTarget => ({
  host: host.host,
  port: host.port,
  username: 'root',
  password: host.rootPassword,
  ...extra,
});

async function failureOf(target: SshTarget, connectTimeoutMs?: number): Promise<SshFailure> {
  try {
    const session = await openSsh(target, { connectTimeoutMs });
    session.end();
  } catch (error) {
    return error as SshFailure;
  }
  throw new Error('the login succeeded');
}

describe('logins', () => {
  it('logs in with a password; what it changes stays on the test host, not on this machine', async () => {
    const marker = `/etc/bastion-ssh-marker-${process.pid}`;
    const result = await withSsh(direct(), (s) =>
      s.exec(`id -un && touch ${marker} && useradd probe-${process.pid}`),
    );
    expect(result).toMatchObject({ code: 0, stdout: 'root\n' });
    expect(host.exec(`test -f ${marker} && getent passwd probe-${process.pid} | cut -d: -f1`).trim()).toBe(
      `probe-${process.pid}`,
    );
    expect(fs.existsSync(marker)).toBe(false);
    expect(fs.readFileSync('/etc/passwd', 'utf8')).not.toContain(`probe-${process.pid}`);
  });

  it('logs in with a private key, and with an encrypted key and its passphrase', async () => {
    const plain = await withSsh(direct({ password: undefined, privateKey: key.private }), (s) =>
      s.exec('echo key'),
    );
    expect(plain.stdout.trim()).toBe('key');
    const locked = await withSsh(
      direct({ password: undefined, privateKey: lockedKey.private, passphrase: 'Open-Sesame-1' }),
      (s) => s.exec('echo locked'),
    );
    expect(locked.stdout.trim()).toBe('locked');
  });

  it('classifies a wrong password and a wrong key as authentication failures, in the user language', async () => {
    const wrongPassword = await failureOf(direct({ password: 'not-the-password' }));
    expect(wrongPassword.kind).toBe('auth_failed');
    expect(wrongPassword.text('en')).toMatch(/Authentication failed/);
    expect(wrongPassword.text('zh')).toMatch(/认证失败/);
    const wrongKey = await failureOf(direct({ password: undefined, privateKey: otherKey.private }));
    expect(wrongKey.kind).toBe('auth_failed');
    expect(wrongKey.text('ja')).toMatch(/認証に失敗/);
  });

  it('refuses a host whose key changed', async () => {
    const seen = await withSsh(direct(), async (s) => s.hostKey);
    expect(seen).toMatch(/^SHA256:/);
    await withSsh(direct({ hostKey: seen }), (s) => s.exec('true'));
    const changed = await failureOf(
      direct({ hostKey: 'SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }),
    );
    expect(changed.kind).toBe('host_key_changed');
    expect(changed.text('en')).toContain(seen);
  });

  it('says unreachable for a closed port and times out on a host that never answers', async () => {
    const closed = await failureOf(direct({ port: await freePort() }));
    expect(closed.kind).toBe('unreachable');
    const silent = await startSilentPort();
    try {
      const started = Date.now();
      const timedOut = await failureOf(direct({ port: silent.port }), 1500);
      expect(timedOut.kind).toBe('timeout');
      expect(timedOut.text('en')).toMatch(/Timed out/);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await silent.stop();
    }
  });

  it('stops a command that outlives its time-out', async () => {
    const error = await withSsh(direct(), (s) => s.exec('sleep 60', { timeoutMs: 1000 })).catch(
      (e: unknown) => e,
    );
    expect((error as SshFailure).kind).toBe('command_timeout');
  });
});

describe('through a gateway', () => {
  const viaGateway = (extra: Partial<SshTarget> = {}): SshTarget => ({
    host: '127.0.0.1',
    port: lab.internal.port,
    username: 'root',
    password: lab.internal.rootPassword,
    name: 'internal',
    gateway: {
      host: lab.gateway.host,
      port: lab.gateway.port,
      username: 'root',
      password: lab.gateway.rootPassword,
      name: 'gw',
    },
    ...extra,
  });

  it('reaches the internal host only through the gateway', async () => {
    lab.internal.exec('touch /etc/internal-marker');
    const result = await withSsh(viaGateway(), (s) => s.exec('test -f /etc/internal-marker && echo inside'));
    expect(result.stdout.trim()).toBe('inside');
    // The same address from the machine itself does not lead to that host.
    const directly = await failureOf({ ...viaGateway(), gateway: null }, 3000);
    expect(['unreachable', 'timeout', 'protocol', 'auth_failed']).toContain(directly.kind);
  });

  it('names the gateway when the gateway refuses its credentials, and says unreachable past it', async () => {
    const target = viaGateway();
    const badGateway = await failureOf({ ...target, gateway: { ...target.gateway!, password: 'nope' } });
    expect(badGateway.kind).toBe('auth_failed');
    expect(badGateway.gateway).toBe('gw');
    expect(badGateway.text('en')).toMatch(/^Gateway gw: Authentication failed/);
    const nothingThere = await failureOf(viaGateway({ port: 2999 }));
    expect(nothingThere.kind).toBe('unreachable');
    expect(nothingThere.gateway).toBeNull();
  });
});

describe('private keys on input', () => {
  it('accepts a key, asks for a missing passphrase, refuses a wrong one and what is not a key', () => {
    expect(checkPrivateKey(key.private)).toEqual({ ok: true, type: 'ssh-ed25519' });
    expect(checkPrivateKey(lockedKey.private, 'Open-Sesame-1').ok).toBe(true);
    expect(checkPrivateKey(lockedKey.private)).toEqual({ ok: false, error: 'keyNeedsPassphrase' });
    expect(checkPrivateKey(lockedKey.private, 'wrong')).toEqual({ ok: false, error: 'keyWrongPassphrase' });
    expect(checkPrivateKey(key.public)).toEqual({ ok: false, error: 'keyNotPrivate' });
    expect(
      checkPrivateKey('-----BEGIN OPENSSH PRIVATE KEY-----\ngarbage\n-----END OPENSSH PRIVATE KEY-----'),
    ).toEqual({ ok: false, error: 'keyNotPrivate' });
  });
});
