// Two workers of one server on one SQLite file (BASTION_WORKERS=2; docs/data-layer.md "Several workers on
// one SQLite file"). node:cluster hands each connection to one worker; the test finds which one from
// /proc and keeps a forwarder per worker, so "on A" and "on B" are really two processes.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteDatabase } from '../../server/src/data/sqlite/sqlite-database';
import { sendSiteMessage } from '../../server/src/notifications';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';
import { ASSETS, call, type AssetBody, type Page } from './asset-helpers';
import { ADMIN_PASSWORD, Client } from './harness';
import { sameBrowserOn, socketOn } from './instance-helpers';
import { testBackend } from './test-database';
import { WAIT_MS } from '../support/wait.mjs';

const MAIN = path.resolve(import.meta.dirname, '../../dist/server/main.js');

/** Resolves with `probe()`'s first value `accept` takes (expect.poll is not allowed in hooks). */
async function until<T>(probe: () => T, accept: (value: T) => boolean, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (accept(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms (last: ${String(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The processes whose parent is `ppid` (the cluster's workers). */
function childrenOf(ppid: number): number[] {
  const pids: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === ppid) pids.push(Number(name));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

/** Which of `pids` holds the server's end of the loopback connection from `clientPort` to `serverPort`. */
function ownerOf(serverPort: number, clientPort: number, pids: readonly number[]): number | null {
  const hex = (port: number): string => port.toString(16).toUpperCase().padStart(4, '0');
  let inode: string | null = null;
  for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields[1]?.endsWith(`:${hex(serverPort)}`) && fields[2]?.endsWith(`:${hex(clientPort)}`))
      inode = fields[9]!;
  }
  if (inode === null) return null;
  for (const pid of pids) {
    try {
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`))
        if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return pid;
    } catch {
      // a worker that ended
    }
  }
  return null;
}

/** A connection to the server that landed on worker `pid` (the cluster deals connections round-robin). */
async function connectTo(serverPort: number, pid: number, workers: () => number[]): Promise<net.Socket> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const socket = net.connect(serverPort, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const clientPort = socket.localPort!;
    const owner = await until(
      () => ownerOf(serverPort, clientPort, workers()),
      (pid) => pid !== null,
    );
    if (owner === pid) return socket;
    socket.destroy();
  }
  throw new Error(`no connection reached worker ${pid}`);
}

/** A loopback port whose every connection is piped to worker `pid` of the server. */
async function pinnedTo(
  serverPort: number,
  pid: number,
  workers: () => number[],
): Promise<{ baseUrl: string; close: () => void }> {
  const server = net.createServer((client) => {
    client.pause();
    connectTo(serverPort, pid, workers).then(
      (upstream) => {
        client.pipe(upstream).pipe(client);
        client.resume();
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      },
      () => client.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => server.close() };
}

describe.runIf(testBackend() === 'sqlite')('two workers on one SQLite file', () => {
  let dataDir: string;
  let primary: ChildProcess;
  let log = '';
  let port: number;
  let workerPids: number[];
  let a: { baseUrl: string; close: () => void };
  let b: { baseUrl: string; close: () => void };
  let onA: Client;
  let onB: Client;
  const workers = (): number[] => childrenOf(primary.pid!);

  beforeAll(async () => {
    if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-workers-'));
    port = await freePort();
    primary = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        BASTION_HOST: '127.0.0.1',
        BASTION_PORT: String(port),
        BASTION_DATA_DIR: dataDir,
        BASTION_ADMIN_PASSWORD: ADMIN_PASSWORD,
        BASTION_LOG_LEVEL: 'warn',
        BASTION_WORKERS: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    primary.stdout!.on('data', (data) => (log += data));
    primary.stderr!.on('data', (data) => (log += data));
    await until(
      () => log,
      (text) => /listening on http:\/\/127\.0\.0\.1:\d+\/ui\//.test(text) || primary.exitCode !== null,
      4 * WAIT_MS,
    );
    if (primary.exitCode !== null) throw new Error(`the server stopped:\n${log}`);
    workerPids = workers();
    if (workerPids.length !== 2) throw new Error(`expected 2 workers, found ${workerPids.length}`);
    a = await pinnedTo(port, workerPids[0]!, workers);
    b = await pinnedTo(port, workerPids[1]!, workers);
    onA = new Client(a.baseUrl);
    await onA.login('admin', ADMIN_PASSWORD);
    onA.cookies.set('django_language', 'en');
    onB = sameBrowserOn(onA, b.baseUrl);
  });

  afterAll(async () => {
    a?.close();
    b?.close();
    if (primary && primary.exitCode === null) {
      primary.kill('SIGTERM');
      await new Promise((resolve) => primary.once('exit', resolve));
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('announces once, with the port both workers share', () => {
    expect(log.match(/listening on/g)).toHaveLength(1);
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
    expect(
      (await call(onA, 'GET', `/api/v1/assets/nodes/${node.body.id}/`, { org: DEFAULT_ORG_ID })).status,
    ).toBe(200);
    const other = new Client(a.baseUrl);
    await other.login('admin', ADMIN_PASSWORD);
    const otherOnB = sameBrowserOn(other, b.baseUrl);
    expect((await call(otherOnB, 'GET', '/api/v1/users/profile/')).status).toBe(200);
    await other.get('/core/auth/logout/');
    expect((await call(otherOnB, 'GET', '/api/v1/users/profile/')).status).toBe(401);
  });

  it('lists on B, at once, what was just written through A (the caches do not serve stale rows)', async () => {
    const count = async (on: Client): Promise<number> =>
      (await call<Page<AssetBody>>(on, 'GET', `${ASSETS}?search=fresh-&limit=50`, { org: DEFAULT_ORG_ID }))
        .body.count;
    for (let i = 0; i < 4; i += 1) {
      const [writer, reader] = i % 2 === 0 ? [onA, onB] : [onB, onA];
      const before = await count(reader);
      expect(await count(reader)).toBe(before);
      const created = await call<AssetBody>(writer, 'POST', ASSETS, {
        org: DEFAULT_ORG_ID,
        body: { hostname: `fresh-${i}`, ip: '10.8.0.1', platform: 'Linux', protocols: ['ssh/22'] },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(await count(reader)).toBe(before + 1);
      const renamed = await call(writer, 'PATCH', `${ASSETS}${created.body.id}/`, {
        org: DEFAULT_ORG_ID,
        body: { hostname: `gone-${i}` },
      });
      expect(renamed.status).toBe(200);
      expect(await count(reader)).toBe(before);
    }
  });

  it('keeps every write both workers answered 2xx for while they write at once', async () => {
    const answered: string[] = [];
    const failures: number[] = [];
    await Promise.all(
      [onA, onB, onA, onB].map(async (on, w) => {
        for (let i = 0; i < 10; i += 1) {
          const result = await call<AssetBody>(on, 'POST', ASSETS, {
            org: DEFAULT_ORG_ID,
            body: { hostname: `both-${w}-${i}`, ip: '10.9.0.1', platform: 'Linux', protocols: ['ssh/22'] },
          });
          if (result.status === 201) answered.push(result.body.id);
          else failures.push(result.status);
        }
      }),
    );
    expect(failures).toEqual([]);
    const found = await call<Page<AssetBody>>(onB, 'GET', `${ASSETS}?search=both-&limit=1000`, {
      org: DEFAULT_ORG_ID,
    });
    expect(found.body.count).toBe(40);
    expect(found.body.results.map((asset) => asset.id).sort()).toEqual([...answered].sort());
  });

  it('tells a socket open on B of messages read through A', async () => {
    const profile = await call<{ id: string }>(onA, 'GET', '/api/v1/users/profile/');
    // Two unread messages for admin, written straight into the file (as another process would).
    const db = SqliteDatabase.open(dataDir);
    try {
      for (const subject of ['first', 'second'])
        await sendSiteMessage(db, { userIds: [profile.body.id], subject, message: '<p>hi</p>' });
    } finally {
      await db.close();
    }
    const { ws, frames } = await socketOn(b.baseUrl, onB, '/ws/notifications/site-msg/');
    try {
      await expect.poll(() => Number(frames.at(-1)?.unread_count)).toBeGreaterThanOrEqual(2);
      const read = await call(onA, 'PATCH', '/api/v1/notifications/site-message/mark-as-read-all/');
      expect(read.status).toBe(200);
      await expect.poll(() => frames.at(-1)?.unread_count).toBe(0);
    } finally {
      ws.close();
    }
  });

  it('streams the log of a task started on A to a client on B', async () => {
    const target = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const targetPort = (target.address() as net.AddressInfo).port;
    try {
      const created = await call<AssetBody>(onA, 'POST', ASSETS, {
        org: DEFAULT_ORG_ID,
        body: { hostname: 'probe-me', ip: '127.0.0.1', platform: 'Linux', protocols: [`ssh/${targetPort}`] },
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
        const text = (): string => frames.map((frame) => String(frame.message)).join('');
        await expect.poll(text).toMatch(new RegExp(`Task ${started.body.task} succeeded in [\\d.]+ s\r\n$`));
        expect(text()).toMatch(/ok +probe-me \(127\.0\.0\.1:\d+\)/);
      } finally {
        ws.close();
      }
    } finally {
      target.close();
    }
  });

  it('restarts a worker that dies, and the session goes on', async () => {
    const [victim, survivor] = workerPids as [number, number];
    process.kill(victim, 'SIGKILL');
    await expect
      .poll(() => workers().filter((pid) => pid !== victim && pid !== survivor), { timeout: 60_000 })
      .toHaveLength(1);
    const [replacement] = workers().filter((pid) => pid !== survivor);
    const c = await pinnedTo(port, replacement!, workers);
    try {
      await expect
        .poll(
          async () => (await call(sameBrowserOn(onA, c.baseUrl), 'GET', '/api/v1/users/profile/')).status,
          {
            timeout: 60_000,
          },
        )
        .toBe(200);
    } finally {
      c.close();
    }
    expect(log).toMatch(new RegExp(`worker ${victim} died \\(SIGKILL\\); restarting it`));
  });
});
