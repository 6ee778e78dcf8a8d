// The connectivity test of assets over SSH (docs/ssh.md): an asset with an admin user is tested by logging
// in as it — directly, or through its domain's gateway to a host only the gateway reaches — against real
// OpenSSH hosts (tests/support/ssh-hosts.mjs). Each failure gets its per-host reason in the task log, and
// no secret reaches the log.
import fs from 'node:fs';
import os from 'node:os';
import { newSshKeyPair } from '../../server/src/ssh/key-pair';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSsh } from '../../server/src/ssh/ssh-client';
import { startTestServer, type Client, type TestServer } from './harness';
import { ASSETS, adminClient, call, type AssetBody } from './asset-helpers';
import { freePort } from '../support/server-process.mjs';
import { startSshHost, startSshLab, type SshLab, type SshTestHost } from '../support/ssh-hosts.mjs';

const EXECUTIONS = '/api/v1/ops/adhoc-executions/';
const LOG_URL = (id: string) => `/api/v1/ops/celery/task/${id}/log/`;
const DIRECT_PASSWORD = 'Direct-Root-31x';
const GATEWAY_PASSWORD = 'Gate-Root-72q';
const INTERNAL_PASSWORD = 'Inner-Root-58k';

let server: TestServer;
let admin: Client;
let host: SshTestHost;
let lab: SshLab;

beforeAll(async () => {
  [server, host, lab] = await Promise.all([
    startTestServer(),
    startSshHost({ rootPassword: DIRECT_PASSWORD }),
    startSshLab({ gatewayPassword: GATEWAY_PASSWORD, internalPassword: INTERNAL_PASSWORD }),
  ]);
  admin = await adminClient(server);
  admin.cookies.set('django_language', 'en');
  // The first tree load creates the org's root node, which new assets join.
  await call(admin, 'GET', '/api/v1/assets/nodes/children/tree/');
});

afterAll(async () => {
  await Promise.all([server?.close(), host?.stop(), lab?.stop()]);
});

async function adminUser(name: string, password: string): Promise<string> {
  const created = await call<{ id: string }>(admin, 'POST', '/api/v1/assets/admin-users/', {
    body: { name, username: 'root', password },
  });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function asset(hostname: string, ip: string, port: number, extra: Record<string, unknown>) {
  const created = await call<AssetBody>(admin, 'POST', ASSETS, {
    body: { hostname, ip, platform: 'Linux', protocols: [`ssh/${port}`], ...extra },
  });
  expect(created.status).toBe(201);
  return created.body;
}

/** Starts a task (`POST url` with body), waits for its end; returns its log. */
async function runTask(url: string, body: Record<string, unknown>): Promise<string> {
  const started = await call<{ task: string }>(admin, 'POST', url, { body });
  expect(started.status).toBe(200);
  await expect
    .poll(
      async () =>
        (await call<{ is_finished: boolean }>(admin, 'GET', `${EXECUTIONS}${started.body.task}/`)).body
          .is_finished,
    )
    .toBe(true);
  return (await call<{ data: string }>(admin, 'GET', LOG_URL(started.body.task))).body.data;
}

/** Runs an asset task (default the test); returns the asset after it and the run's log. */
async function testAsset(id: string, action = 'test'): Promise<{ connectivity: string; log: string }> {
  const log = await runTask(`${ASSETS}${id}/tasks/`, { action });
  const after = await call<AssetBody>(admin, 'GET', `${ASSETS}${id}/`);
  for (const secret of [DIRECT_PASSWORD, GATEWAY_PASSWORD, INTERNAL_PASSWORD, 'wrong-pass'])
    expect(log).not.toContain(secret);
  return { connectivity: String(after.body.connectivity), log };
}

/** Runs a system user's task (push or test) to its end; returns its log. */
const systemUserTask = (id: string, body: Record<string, unknown>): Promise<string> =>
  runTask(`/api/v1/assets/system-users/${id}/tasks/`, body);

describe('asset connectivity over SSH', () => {
  it('logs in as the admin user: ok with the right password, "authentication failed" with a wrong one', async () => {
    const good = await asset('ssh-direct', host.host, host.port, {
      admin_user: await adminUser('direct-root', DIRECT_PASSWORD),
    });
    const ok = await testAsset(good.id);
    expect(ok.connectivity).toBe('ok');
    expect(ok.log).toContain('ssh-direct');
    // The login really happened: the host recorded it.
    expect(host.log()).toMatch(/Accepted password for root/);

    const bad = await asset('ssh-wrong', host.host, host.port, {
      admin_user: await adminUser('wrong-root', 'wrong-pass'),
    });
    const failed = await testAsset(bad.id);
    expect(failed.connectivity).toBe('failed');
    expect(failed.log).toMatch(/ssh-wrong.*Authentication failed/);
  });

  it('says the host is unreachable when nothing listens', async () => {
    const closed = await asset('ssh-closed', '127.0.0.1', await freePort(), {
      admin_user: await adminUser('closed-root', DIRECT_PASSWORD),
    });
    const result = await testAsset(closed.id);
    expect(result.connectivity).toBe('failed');
    expect(result.log).toMatch(/ssh-closed.*unreachable/);
  });

  it("reaches a host only its domain's gateway reaches", async () => {
    const domain = await call<{ id: string }>(admin, 'POST', '/api/v1/assets/domains/', {
      body: { name: 'lab' },
    });
    const gateway = await call(admin, 'POST', '/api/v1/assets/gateways/', {
      body: {
        name: 'lab-gw',
        ip: lab.gateway.host,
        port: lab.gateway.port,
        username: 'root',
        password: GATEWAY_PASSWORD,
        domain: domain.body.id,
      },
    });
    expect(gateway.status).toBe(201);
    const user = await adminUser('inner-root', INTERNAL_PASSWORD);
    const inner = await asset('ssh-inner', '127.0.0.1', lab.internal.port, {
      admin_user: user,
      domain: domain.body.id,
    });
    const result = await testAsset(inner.id);
    expect(result.connectivity).toBe('ok');

    // Without the domain, the same address from the console is not that host.
    await call(admin, 'PATCH', `${ASSETS}${inner.id}/`, { body: { domain: null } });
    expect((await testAsset(inner.id)).connectivity).toBe('failed');
  });
});

describe('refresh hardware over SSH', () => {
  it("reads CPU, memory, disks and OS from the host into the asset's fields", async () => {
    const target = await asset('ssh-hw', host.host, host.port, {
      admin_user: await adminUser('hw-root', DIRECT_PASSWORD),
    });
    const { log } = await testAsset(target.id, 'refresh');
    expect(log).toMatch(/ok +ssh-hw/);
    const after = (await call<AssetBody>(admin, 'GET', `${ASSETS}${target.id}/`)).body;
    const osName = /^NAME="?([^"\n]+)"?$/m.exec(fs.readFileSync('/etc/os-release', 'utf8'))?.[1];
    expect(after).toMatchObject({
      cpu_vcpus: os.cpus().length,
      os: osName,
      os_arch: process.arch === 'x64' ? 'x86_64' : expect.any(String),
    });
    expect(String(after.memory)).toMatch(/^\d+\.\d\d G$/);
    expect(Math.abs(parseFloat(String(after.memory)) - os.totalmem() / 1024 ** 3)).toBeLessThan(0.1);
    expect(String(after.hardware_info)).toContain(`${os.cpus().length} Core`);
  });

  it('fails per host, with the reason, for an asset without an admin user', async () => {
    const bare = await asset('ssh-bare', host.host, host.port, {});
    const { log } = await testAsset(bare.id, 'refresh');
    expect(log).toMatch(/ssh-bare.*No admin user/);
  });
});

describe('push a system user over SSH', () => {
  const deployKey = newSshKeyPair();

  it('creates the account, its key and sudo rule on the host, then logs in as it', async () => {
    const target = await asset('ssh-push', host.host, host.port, {
      admin_user: await adminUser('push-root', DIRECT_PASSWORD),
    });
    const created = await call<{ id: string }>(admin, 'POST', '/api/v1/assets/system-users/', {
      body: {
        name: 'deployer',
        username: 'deployer',
        password: 'Deploy-Pass-93z',
        private_key: deployKey.private,
        sudo: '/bin/systemctl, /usr/bin/journalctl',
        shell: '/bin/bash',
        system_groups: 'deploy',
        assets: [target.id],
      },
    });
    expect(created.status).toBe(201);
    const log = await systemUserTask(created.body.id, { action: 'push' });
    expect(log).toMatch(/ok +ssh-push/);
    expect(log).not.toContain('Deploy-Pass-93z');
    // On the test host: the account in its groups, the sudo rule, a password that logs in.
    expect(host.exec('id -nG deployer').split(/\s+/)).toContain('deploy');
    expect(host.exec('cat /etc/sudoers.d/deployer')).toBe(
      'deployer ALL=(ALL) NOPASSWD: /bin/systemctl, /usr/bin/journalctl\n',
    );
    expect(host.log()).toMatch(/Accepted password for deployer/);
    // The pushed key logs in too.
    const viaKey = await withSsh(
      { host: host.host, port: host.port, username: 'deployer', privateKey: deployKey.private },
      (session) => session.exec('id -un'),
    );
    expect(viaKey.stdout.trim()).toBe('deployer');
    // Never on this machine.
    expect(fs.readFileSync('/etc/passwd', 'utf8')).not.toMatch(/^deployer:/m);

    // The test action logs in as the system user, and says so per host when its credentials are wrong.
    await call(admin, 'PATCH', `/api/v1/assets/system-users/${created.body.id}/`, {
      body: { password: 'wrong-pass', private_key: newSshKeyPair().private },
    });
    const testLog = await systemUserTask(created.body.id, { action: 'test', assets: [target.id] });
    expect(testLog).toMatch(/ssh-push.*Authentication failed/);
  });
});

describe('push a system user through sudo, as a non-root admin user', () => {
  const OPS_PASSWORD = 'Ops-Sudo-Pass-47w';

  async function pushAs(adminName: string, adminPassword: string, pushed: string) {
    const admin_user = (
      await call<{ id: string }>(admin, 'POST', '/api/v1/assets/admin-users/', {
        body: { name: `${adminName}-admin`, username: adminName, password: adminPassword },
      })
    ).body.id;
    const target = await asset(`sudo-${adminName}`, host.host, host.port, { admin_user });
    const created = await call<{ id: string }>(admin, 'POST', '/api/v1/assets/system-users/', {
      body: { name: pushed, username: pushed, password: 'Pushed-Pass-66t', assets: [target.id] },
    });
    expect(created.status).toBe(201);
    const log = await systemUserTask(created.body.id, { action: 'push' });
    for (const secret of [adminPassword, 'Pushed-Pass-66t']) expect(log).not.toContain(secret);
    return log;
  }

  it('gives sudo the admin password it asks for, creates the account, and the pushed user logs in', async () => {
    host.addUser('opsadmin', OPS_PASSWORD, { sudo: 'password' });
    const log = await pushAs('opsadmin', OPS_PASSWORD, 'viasudo');
    expect(log).toMatch(/ok +sudo-opsadmin/);
    const pushed = await withSsh(
      { host: host.host, port: host.port, username: 'viasudo', password: 'Pushed-Pass-66t' },
      (session) => session.exec('id -un'),
    );
    expect(pushed.stdout.trim()).toBe('viasudo');
    expect(fs.readFileSync('/etc/passwd', 'utf8')).not.toMatch(/^viasudo:/m);
  });

  it('says per host that sudo was refused when the admin may not use it, and creates nothing', async () => {
    host.addUser('plainadmin', OPS_PASSWORD);
    const log = await pushAs('plainadmin', OPS_PASSWORD, 'notpushed');
    expect(log).toMatch(
      /sudo-plainadmin.*sudo refused: the admin user plainadmin may not run commands as root/,
    );
    expect(host.exec('getent passwd notpushed || echo none').trim()).toBe('none');
  });
});
