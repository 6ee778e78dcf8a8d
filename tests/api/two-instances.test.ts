// Two server instances on one PostgreSQL serve one user seamlessly (docs/data-layer.md "Several instances"):
// a session made on A works on B, a site message sent through A reaches a socket on B, a task started on A
// streams its log on B, an spm made on A selects rows on B, and a `kill -9` of a server process loses
// nothing it had answered 2xx for.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSiteMessage } from '../../server/src/notifications';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';
import { BUILTIN_ROLE_IDS } from '../../server/src/rbac/builtin-roles';
import { adminClient, ASSETS, call, type AssetBody, type Page } from './asset-helpers';
import {
  ADMIN_PASSWORD,
  Client,
  startTestServer,
  startTwoInstances,
  type TestServer,
  type TwoInstances,
} from './harness';
import { sameBrowserOn, socketOn } from './instance-helpers';
import { createTestDatabase, testBackend, type TestDatabase } from './test-database';

const MAIN = path.resolve(import.meta.dirname, '../../dist/server/main.js');

/** A TCP port that accepts connections (the connectivity probe's target). */
function listeningPort(): Promise<{ port: number; close: () => void }> {
  return new Promise((resolve) => {
    const server = net.createServer((socket) => socket.destroy());
    server.listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as net.AddressInfo).port, close: () => server.close() }),
    );
  });
}

describe.runIf(testBackend() === 'postgres')('two instances on one PostgreSQL', () => {
  let instances: TwoInstances;
  let a: TestServer;
  let b: TestServer;
  let onA: Client;
  let onB: Client;

  beforeAll(async () => {
    instances = await startTwoInstances();
    ({ a, b } = instances);
    onA = await adminClient(a);
    onA.cookies.set('django_language', 'en');
    onB = sameBrowserOn(onA, b.baseUrl);
  });

  afterAll(async () => {
    await instances?.close();
  });

  it('signs in on A and uses the session on B, csrf included, and signs out everywhere', async () => {
    const profile = await call<{ username: string }>(onB, 'GET', '/api/v1/users/profile/');
    expect(profile.status).toBe(200);
    expect(profile.body.username).toBe('admin');
    const node = await call<{ id: string }>(onB, 'POST', '/api/v1/assets/nodes/', {
      org: DEFAULT_ORG_ID,
      body: { value: 'made-on-b' },
    });
    expect(node.status).toBe(201);
    const seenOnA = await call(onA, 'GET', `/api/v1/assets/nodes/${node.body.id}/`, { org: DEFAULT_ORG_ID });
    expect(seenOnA.status).toBe(200);
    const other = new Client(a.baseUrl);
    await other.login('admin', ADMIN_PASSWORD);
    const otherOnB = sameBrowserOn(other, b.baseUrl);
    expect((await call(otherOnB, 'GET', '/api/v1/users/profile/')).status).toBe(200);
    await other.get('/core/auth/logout/');
    expect((await call(otherOnB, 'GET', '/api/v1/users/profile/')).status).toBe(401);
  });

  it("counts a role binding changed on A on B's next request, though B has served that user", async () => {
    // B caches a request's identity under the write versions (docs/data-layer.md "Per-request costs").
    const password = 'Carol-Two-Pass-1';
    const carol = await a.createUser({
      username: 'carol2i',
      email: 'carol2i@corp.test',
      password,
      orgRoles: [{ org: DEFAULT_ORG_ID, role: 'OrgAdmin' }],
      systemRoles: ['User'],
    });
    const carolOnB = new Client(b.baseUrl);
    await carolOnB.login('carol2i', password);
    for (let i = 0; i < 2; i += 1) expect((await call(carolOnB, 'GET', ASSETS)).status).toBe(200);
    const changed = await call(onA, 'PATCH', `/api/v1/users/users/${carol.id}/`, {
      body: { org_roles: [BUILTIN_ROLE_IDS.OrgUser] },
      org: DEFAULT_ORG_ID,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await call(carolOnB, 'GET', ASSETS)).status).toBe(403);
    // And a disabled user's session ends on B at once.
    const disabled = await call(onA, 'PATCH', `/api/v1/users/users/${carol.id}/`, {
      body: { is_active: false },
      org: DEFAULT_ORG_ID,
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect((await call(carolOnB, 'GET', '/api/v1/users/profile/')).status).toBe(401);
  });

  it('delivers a site message sent through A to a socket open on B', async () => {
    const { ws, frames } = await socketOn(b.baseUrl, onB, '/ws/notifications/site-msg/');
    try {
      await expect.poll(() => frames.length).toBeGreaterThan(0);
      const before = Number(frames.at(-1)?.unread_count);
      const profile = await call<{ id: string }>(onA, 'GET', '/api/v1/users/profile/');
      await sendSiteMessage(a.app.db, {
        userIds: [profile.body.id],
        subject: 'from A',
        message: '<p>hi</p>',
      });
      await expect.poll(() => frames.at(-1)?.unread_count).toBe(before + 1);
    } finally {
      ws.close();
    }
  });

  it('streams the log of a task started on A to a client on B', async () => {
    const target = await listeningPort();
    try {
      const created = await call<AssetBody>(onA, 'POST', ASSETS, {
        org: DEFAULT_ORG_ID,
        body: { hostname: 'probe-me', ip: '127.0.0.1', platform: 'Linux', protocols: [`ssh/${target.port}`] },
      });
      expect(created.status).toBe(201);
      const started = await call<{ task: string }>(onA, 'POST', `${ASSETS}${created.body.id}/tasks/`, {
        org: DEFAULT_ORG_ID,
        body: { action: 'test' },
      });
      expect(started.status).toBe(200);
      const { ws, frames } = await socketOn(b.baseUrl, onB, '/ws/ops/tasks/log/');
      try {
        ws.send(JSON.stringify({ task: started.body.task, type: 'celery' }));
        const text = () => frames.map((frame) => String(frame.message)).join('');
        // The whole log, from its first line to the one the run writes last, on the other instance (after
        // the dots sent while the log does not exist yet, as on a busy machine).
        await expect.poll(text).toMatch(new RegExp(`Task ${started.body.task} succeeded in [\\d.]+ s\r\n$`));
        expect(text()).toMatch(/^\.*\r\nTask: Test assets connectivity: probe-me\r\n/);
        expect(text()).toMatch(/ok +probe-me \(127\.0\.0\.1:\d+\)/);
      } finally {
        ws.close();
      }
    } finally {
      target.close();
    }
  });

  it('selects rows on B through an spm made on A', async () => {
    const list = await call<Page<AssetBody>>(onA, 'GET', `${ASSETS}?limit=5`, { org: DEFAULT_ORG_ID });
    const ids = list.body.results.map((asset) => asset.id);
    expect(ids.length).toBeGreaterThan(0);
    const cache = await call<{ spm: string }>(onA, 'POST', '/api/v1/common/resources/cache/', {
      body: { resources: ids },
    });
    expect(cache.status).toBe(200);
    const selected = await call<Page<AssetBody>>(onB, 'GET', `${ASSETS}?spm=${cache.body.spm}&limit=50`, {
      org: DEFAULT_ORG_ID,
    });
    expect(selected.body.results.map((asset) => asset.id).sort()).toEqual([...ids].sort());
  });
});

describe.runIf(testBackend() === 'postgres')('a server process killed with SIGKILL', () => {
  let database: TestDatabase;
  let dataDir: string;
  let child: ChildProcess | null = null;
  let survivor: TestServer;

  beforeAll(async () => {
    if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`);
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-kill-'));
    survivor = await startTestServer({ databaseUrl: database.url });
  });

  afterAll(async () => {
    child?.kill('SIGKILL');
    await survivor?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses nothing it had answered 2xx for', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        BASTION_HOST: '127.0.0.1',
        BASTION_PORT: String(port),
        BASTION_DATA_DIR: dataDir,
        BASTION_DATABASE_URL: database.url ?? '',
        BASTION_ADMIN_PASSWORD: ADMIN_PASSWORD,
        BASTION_LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    await expect
      .poll(async () => (await fetch(`${baseUrl}/api/health/`).catch(() => null))?.status, {
        timeout: 60_000,
      })
      .toBe(200);
    const client = new Client(baseUrl);
    await client.login('admin', ADMIN_PASSWORD);
    // Writes keep going while the process is killed; every answered one must be there afterwards.
    const answered: string[] = [];
    let stop = false;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        const result = await call<AssetBody>(client, 'POST', ASSETS, {
          org: DEFAULT_ORG_ID,
          body: { hostname: `kill-${w}-${i}`, ip: '10.9.0.1', platform: 'Linux', protocols: ['ssh/22'] },
        }).catch(() => null);
        if (result === null) return;
        if (result.status === 201) answered.push(result.body.id);
      }
    });
    await expect.poll(() => answered.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(20);
    child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    const onSurvivor = sameBrowserOn(client, survivor.baseUrl);
    const found = await call<Page<AssetBody>>(onSurvivor, 'GET', `${ASSETS}?search=kill-&limit=10000`, {
      org: DEFAULT_ORG_ID,
    });
    expect(found.status).toBe(200);
    const ids = new Set(found.body.results.map((asset) => asset.id));
    expect(answered.filter((id) => !ids.has(id))).toEqual([]);
  });
});
