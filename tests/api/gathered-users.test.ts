// Gathered users (docs/accounts.md#gathered-users): a gathering over SSH as the asset's admin user reads the
// host's local users and their last logins (tests/support/ssh-hosts.mjs: a real OpenSSH host whose account
// files are private copies), per host in the task log; the list is read-only and kept to its organization.
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGathered } from '../../server/src/ops/gather-users';
import { freePort } from '../support/server-process.mjs';
import { startSshHost, type SshTestHost } from '../support/ssh-hosts.mjs';
import { startTestServer, type Client, type TestServer } from './harness';
import {
  ASSETS,
  addOrg,
  adminClient,
  call,
  finishedTaskLog,
  userClient,
  type AssetBody,
} from './asset-helpers';

const GATHERED = '/api/v1/assets/gathered-users/';
const ORG_B = '6d656d6f-0000-4000-8000-0000000000ad';
const ROOT_PASSWORD = 'Gather-Root-63m';

interface GatheredBody {
  id: string;
  username: string;
  hostname: string;
  ip: string;
  present: boolean;
  ip_last_login: string;
  date_last_login: string | null;
}

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

/** A login with a terminal (as people log in), which the host records in lastlog. */
function terminalLogin(): Promise<void> {
  return new Promise((resolve, reject) => {
    const conn = new ssh2.Client();
    conn
      .on('ready', () => {
        conn.exec('true', { pty: true }, (error, stream) => {
          if (error) return reject(error);
          stream.on('close', () => {
            conn.end();
            resolve();
          });
          stream.resume();
        });
      })
      .on('error', reject)
      .connect({ host: host.host, port: host.port, username: 'root', password: ROOT_PASSWORD });
  });
}

async function asset(hostname: string, port: number): Promise<AssetBody> {
  const adminUser = await call<{ id: string }>(admin, 'POST', '/api/v1/assets/admin-users/', {
    body: { name: `${hostname}-root`, username: 'root', password: ROOT_PASSWORD },
  });
  const created = await call<AssetBody>(admin, 'POST', ASSETS, {
    body: {
      hostname,
      ip: host.host,
      platform: 'Linux',
      protocols: [`ssh/${port}`],
      admin_user: adminUser.body.id,
    },
  });
  expect(created.status).toBe(201);
  return created.body;
}

async function gather(assets: string[]): Promise<string> {
  const started = await call<{ task: string }>(admin, 'POST', `${GATHERED}gather/`, { body: { assets } });
  expect(started.status).toBe(200);
  return finishedTaskLog(admin, started.body.task);
}

describe('gathered users', () => {
  it("reads the host's login users and root's last login, and marks a removed user not present", async () => {
    host.exec(
      'useradd -m -s /bin/bash alice && useradd -m -s /bin/sh bob && useradd -M -s /usr/sbin/nologin svc',
    );
    await terminalLogin();
    const target = await asset('gather-host', host.port);
    const log = await gather([target.id]);
    expect(log).toMatch(/ok +gather-host/);
    expect(log).not.toContain(ROOT_PASSWORD);

    const list = await call<GatheredBody[]>(admin, 'GET', `${GATHERED}?asset=${target.id}`);
    expect(list.status).toBe(200);
    const names = list.body.map((row) => row.username).sort();
    expect(names).toEqual(expect.arrayContaining(['alice', 'bob', 'root']));
    expect(names).not.toContain('svc');
    const root = list.body.find((row) => row.username === 'root');
    expect(root).toMatchObject({
      hostname: 'gather-host',
      ip: host.host,
      present: true,
      ip_last_login: '127.0.0.1',
    });
    expect(root?.date_last_login).toMatch(/^\d{4}\/\d{2}\/\d{2} /);
    expect(list.body.find((row) => row.username === 'alice')?.date_last_login).toBeNull();

    host.exec('userdel -r bob');
    await gather([target.id]);
    const after = await call<GatheredBody[]>(admin, 'GET', `${GATHERED}?asset=${target.id}&username=bob`);
    expect(after.body).toHaveLength(1);
    expect(after.body[0]?.present).toBe(false);
    expect((await call<GatheredBody[]>(admin, 'GET', `${GATHERED}?present=true&search=bob`)).body).toEqual(
      [],
    );
  });

  it('says per host why a host could not be gathered, and is read-only', async () => {
    const closed = await asset('gather-closed', await freePort());
    const log = await gather([closed.id]);
    expect(log).toMatch(/failed +gather-closed.*unreachable/);
    expect((await call(admin, 'POST', GATHERED, { body: { username: 'x' } })).status).toBe(405);
    const any = (await call<GatheredBody[]>(admin, 'GET', GATHERED)).body[0];
    expect((await call(admin, 'DELETE', `${GATHERED}${String(any?.id)}/`)).status).toBe(405);
    expect((await call(admin, 'POST', `${GATHERED}gather/`, { body: {} })).status).toBe(400);
  });

  it('keeps gathered users inside their organization', async () => {
    await addOrg(server, ORG_B, 'Org B');
    const adminB = await userClient(server, 'gather-admin-b', [{ org: ORG_B, role: 'OrgAdmin' }]);
    expect((await call<GatheredBody[]>(adminB, 'GET', GATHERED, { org: ORG_B })).body).toEqual([]);
    const any = (await call<GatheredBody[]>(admin, 'GET', GATHERED)).body[0];
    expect((await call(adminB, 'GET', `${GATHERED}${String(any?.id)}/`, { org: ORG_B })).status).toBe(404);
    // Another org's asset named in a gathering is not found there.
    const foreign = await call(adminB, 'POST', `${GATHERED}gather/`, {
      body: { assets: [any?.id] },
      org: ORG_B,
    });
    expect(foreign.status).toBe(400);
  });

  it('parses lastlog lines with and without a remote address', () => {
    const users = parseGathered(
      [
        'root|0|/bin/bash',
        'daemon|1|/usr/sbin/nologin',
        'ann|1000|/bin/bash',
        'cat|1001|/bin/zsh',
        '--lastlog--',
        'Username         Port     From             Latest',
        'root             pts/0    10.0.0.9         Tue Nov 24 09:00:00 +0000 2026',
        'ann              tty1                      Mon Nov 23 08:30:00 +0100 2026',
        'cat                                        **Never logged in**',
      ].join('\n'),
    );
    expect(users).toEqual([
      { username: 'root', ipLastLogin: '10.0.0.9', dateLastLogin: Date.UTC(2026, 10, 24, 9, 0, 0) },
      { username: 'ann', ipLastLogin: '', dateLastLogin: Date.UTC(2026, 10, 23, 7, 30, 0) },
      { username: 'cat', ipLastLogin: '', dateLastLogin: null },
    ]);
  });
});
