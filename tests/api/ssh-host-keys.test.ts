// Host-key memory (docs/ssh.md#host-keys) against a real OpenSSH host (tests/support/ssh-hosts.mjs): the
// first key seen is remembered on the asset; a host that shows another key is refused with "host key
// changed" per host; an admin resets the memory and the next login remembers the new key.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSshHost, type SshTestHost } from '../support/ssh-hosts.mjs';
import { startTestServer, type Client, type TestServer } from './harness';
import { ASSETS, adminClient, call, finishedTaskLog, userClient, type AssetBody } from './asset-helpers';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';

const ROOT_PASSWORD = 'HostKey-Root-27v';

let server: TestServer;
let admin: Client;
let host: SshTestHost;

beforeAll(async () => {
  [server, host] = await Promise.all([startTestServer(), startSshHost({ rootPassword: ROOT_PASSWORD })]);
  admin = await adminClient(server);
  admin.cookies.set('django_language', 'en');
  await call(admin, 'GET', '/api/v1/assets/nodes/children/tree/');
});

afterAll(async () => {
  await Promise.all([server?.close(), host?.stop()]);
});

async function testAsset(id: string): Promise<string> {
  const started = await call<{ task: string }>(admin, 'POST', `${ASSETS}${id}/tasks/`, {
    body: { action: 'test' },
  });
  expect(started.status).toBe(200);
  return finishedTaskLog(admin, started.body.task);
}

const hostKeyOf = async (id: string) =>
  (await call<{ host_key: string | null }>(admin, 'GET', `${ASSETS}${id}/`)).body.host_key;

describe('host-key memory', () => {
  it('remembers the first key, refuses a changed one per host, and forgets it when an admin resets it', async () => {
    const adminUser = await call<{ id: string }>(admin, 'POST', '/api/v1/assets/admin-users/', {
      body: { name: 'hk-root', username: 'root', password: ROOT_PASSWORD },
    });
    const asset = (
      await call<AssetBody>(admin, 'POST', ASSETS, {
        body: {
          hostname: 'hk-host',
          ip: host.host,
          platform: 'Linux',
          protocols: [`ssh/${host.port}`],
          admin_user: adminUser.body.id,
        },
      })
    ).body;
    expect(await testAsset(asset.id)).toMatch(/ok +hk-host/);
    const first = await hostKeyOf(asset.id);
    expect(first).toMatch(/^SHA256:/);

    // The host is "reinstalled": a new host key (sshd -i reads it on each connection).
    const keyFile = path.join(host.dir, 'ssh_host_ed25519_key');
    fs.rmSync(keyFile);
    fs.rmSync(`${keyFile}.pub`);
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', keyFile]);
    expect(await testAsset(asset.id)).toMatch(/failed +hk-host.*host key/i);
    expect(await hostKeyOf(asset.id)).toBe(first);

    // Only who may change the asset resets it.
    const member = await userClient(server, 'hk-member', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
    expect((await call(member, 'DELETE', `${ASSETS}${asset.id}/host-key/`)).status).toBe(403);
    expect((await call(admin, 'DELETE', `${ASSETS}${asset.id}/host-key/`)).status).toBe(204);
    expect(await testAsset(asset.id)).toMatch(/ok +hk-host/);
    const second = await hostKeyOf(asset.id);
    expect(second).toMatch(/^SHA256:/);
    expect(second).not.toBe(first);
  });
});
