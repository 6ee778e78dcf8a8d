// The task-log WebSocket `/ws/ops/tasks/log/` and its HTTP fallback
// (docs/architecture.md#tasks-and-their-logs-serversrcops), with the 2021 RCE chain (anonymous socket + path
// traversal) and design findings 1 (any user reads any log by UUID) and 2 (no Origin check) of
// docs/security-history.md (entry 1, design weaknesses 1 and 2) as regression tests.
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';
import { CLOSE_UNAUTHENTICATED, SOCKET_RECHECK_MS } from '../../server/src/http/session-socket';
import { addOrg, adminClient, call, userClient } from './asset-helpers';
import { ROLE } from './identity-helpers';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';
import { permissionIdOf } from '../../server/src/rbac/permission-ids';
import { OPS_MESSAGES } from '../../server/src/ops/messages';
import { runnerFor, type RunOutcome, type TaskRunner } from '../../server/src/ops/task-runner';
import { sweepTaskLogs } from '../../server/src/ops/retention';

const ORG_B = '6d656d6f-0000-4000-8000-0000000000db';
const SOCKET = '/ws/ops/tasks/log/';
const LOG_URL = (id: string) => `/api/v1/ops/celery/task/${id}/log/`;
const NOT_FOUND = `${OPS_MESSAGES.taskNotFound.en}\r\n`;
const SECRET = 'TOP-SECRET-CONTENT';

interface Frame {
  message: string;
  task?: string;
  error?: string;
}

interface Socket {
  ws: WebSocket;
  frames: Frame[];
  status?: number;
  /** The close code once the socket has closed, else null. */
  closedWith(): number | null;
  text(): string;
  ask(task: unknown): void;
}

let server: TestServer;
let runner: TaskRunner;
let admin: Client;
let tester: Client;
let testerId: string;
let otherTester: Client;
let plain: Client;
let adminA: Client;
let adminB: Client;

function english(client: Client): Client {
  client.cookies.set('django_language', 'en');
  return client;
}

/** Opens the socket like the console does (cookie + Origin) and collects every frame. */
function openSocket(client: Client | null, origin: string | null = server.baseUrl): Promise<Socket> {
  const headers: Record<string, string> = {};
  if (client) headers.cookie = client.cookieHeader();
  if (origin) headers.origin = origin;
  const ws = new WebSocket(`${server.baseUrl.replace('http', 'ws')}${SOCKET}`, { headers });
  const frames: Frame[] = [];
  let closeCode: number | null = null;
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame));
  ws.on('close', (code) => (closeCode = code));
  const socket: Socket = {
    ws,
    frames,
    closedWith: () => closeCode,
    text: () => frames.map((frame) => frame.message).join(''),
    ask: (task) => ws.send(JSON.stringify({ task, type: 'celery' })),
  };
  return new Promise((resolve) => {
    ws.on('open', () => resolve(socket));
    ws.on('unexpected-response', (_req, res) => resolve({ ...socket, status: res.statusCode }));
    ws.on('error', () => undefined);
  });
}

/**
 * A quiet period before checking that nothing more arrived. It only proves an absence: on a slow machine it
 * can miss a late stray frame, never fail a correct server.
 */
const quietFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A run whose work the test drives: it logs `first`, waits for `release()`, then logs `rest`. */
async function controlledRun(
  creatorId: string,
  first: string,
  rest: readonly string[],
): Promise<{ id: string; release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const id = await runner.start({
    ctx: {
      userId: creatorId,
      username: 'tester',
      orgId: DEFAULT_ORG_ID,
      perms: new Set(),
      isSystemAdmin: false,
      language: 'en',
    },
    orgId: DEFAULT_ORG_ID,
    kind: 'asset_connectivity',
    subject: 'controlled',
    hosts: [],
    work: async (run): Promise<RunOutcome> => {
      run.log(first);
      await gate;
      for (const line of rest) run.log(line);
      return { contacted: ['controlled'], dark: {} };
    },
  });
  return { id, release };
}

async function finishedRun(creatorId: string, lines: readonly string[]): Promise<string> {
  const run = await controlledRun(creatorId, 'start', lines);
  run.release();
  await expect.poll(() => runner.isFinished(run.id)).toBe(true);
  return run.id;
}

/** Every line break of a frame is \r\n (no bare \n reaches the xterm). */
const bareNewline = (text: string) => /(^|[^\r])\n/.test(text);

beforeAll(async () => {
  server = await startTestServer();
  runner = runnerFor(server.app.engine.registry);
  admin = english(await adminClient(server));
  await addOrg(server, ORG_B, 'Org B');
  // A role that may start connectivity tests but not read other users' task logs.
  const role = await call<{ id: string }>(admin, 'POST', '/api/v1/rbac/org-roles/', {
    body: {
      name: 'Connectivity tester',
      permissions: [permissionIdOf('assets.view_asset'), permissionIdOf('assets.test_assetconnectivity')],
    },
  });
  expect(role.status).toBe(201);
  const testerRoles = [
    { org: DEFAULT_ORG_ID, role: 'OrgUser' },
    { org: DEFAULT_ORG_ID, role: role.body.id },
  ];
  tester = english(await userClient(server, 'log-tester', testerRoles));
  testerId = (await call<{ id: string }>(tester, 'GET', '/api/v1/users/profile/')).body.id;
  otherTester = english(await userClient(server, 'log-tester-2', testerRoles));
  plain = english(await userClient(server, 'log-plain', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]));
  adminA = english(await userClient(server, 'log-admin-a', [{ org: DEFAULT_ORG_ID, role: 'OrgAdmin' }]));
  adminB = english(await userClient(server, 'log-admin-b', [{ org: ORG_B, role: 'OrgAdmin' }]));
});

afterAll(async () => {
  await server?.close();
});

describe('the task-log socket: who may connect', () => {
  it('refuses anonymous connections before the handshake', async () => {
    const anonymous = await openSocket(null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.ws.readyState).not.toBe(WebSocket.OPEN);
  });

  it('refuses another site’s Origin and a missing Origin, even with a valid session', async () => {
    expect((await openSocket(tester, 'https://evil.example')).status).toBe(403);
    expect((await openSocket(tester, server.baseUrl.replace('127.0.0.1', 'localhost'))).status).toBe(403);
    expect((await openSocket(tester, null)).status).toBe(403);
  });

  it('answers a non-UUID id with a fixed message and never looks it up', async () => {
    fs.mkdirSync(server.config.dataDir, { recursive: true });
    fs.writeFileSync(path.join(server.config.dataDir, 'secret.log'), SECRET);
    const socket = await openSocket(tester);
    const stat = vi.spyOn(runner, 'findRun');
    const open = vi.spyOn(runner.logs, 'read');
    try {
      const attempts: unknown[] = [
        '../../etc/passwd',
        '../secret',
        '../../secret',
        'secret',
        '..',
        `${'0'.repeat(8)}-0000-0000-0000-000000000000/../../secret`,
        '00000000-0000-0000-0000-00000000000g',
        42,
        { $ne: null },
        null,
      ];
      for (const task of attempts) socket.ask(task);
      socket.ws.send('not json at all');
      await expect.poll(() => socket.frames.length).toBe(attempts.length + 1);
      await quietFor(700);
      expect(socket.frames).toHaveLength(attempts.length + 1);
      for (const frame of socket.frames)
        expect(frame).toEqual({ message: `${OPS_MESSAGES.invalidTaskId.en}\r\n`, error: 'invalid_task' });
      expect(socket.text()).not.toContain(SECRET);
      expect(socket.text()).not.toMatch(/root:/);
      expect(stat).not.toHaveBeenCalled();
      expect(open).not.toHaveBeenCalled();
      // The spies do see the reads of a valid request.
      const readable = await finishedRun(testerId, ['readable']);
      socket.ask(readable);
      await expect.poll(() => socket.text()).toContain('readable');
      expect(stat).toHaveBeenCalled();
    } finally {
      stat.mockRestore();
      open.mockRestore();
      socket.ws.close();
    }
  });
});

describe('the task-log socket: the session and the right are re-checked while it is open (issue 16 item 5)', () => {
  /** Within a few re-check intervals: the socket never outlives its session by more than that. */
  const SOON = { timeout: 5 * SOCKET_RECHECK_MS, interval: 50 };

  async function reader(name: string, roles: Array<{ org: string; role: string }>) {
    const client = english(await userClient(server, name, roles));
    const id = (await call<{ id: string }>(client, 'GET', '/api/v1/users/profile/')).body.id;
    return { client, id };
  }

  /** The reader follows a running task of `creatorId` until its first line has arrived. */
  async function following(client: Client, creatorId: string, marker: string) {
    const run = await controlledRun(creatorId, `${marker} before`, [`${marker} after`]);
    const socket = await openSocket(client);
    socket.ask(run.id);
    await expect.poll(() => socket.text(), SOON).toContain(`${marker} before`);
    return { run, socket };
  }

  /** After the run ends, a witness socket sees the line the closed or refused stream must not show. */
  async function finishAndWitness(run: { id: string; release: () => void }, marker: string) {
    run.release();
    await expect.poll(() => runner.isFinished(run.id)).toBe(true);
    const witness = await openSocket(admin);
    witness.ask(run.id);
    await expect.poll(() => witness.text(), SOON).toContain(`${marker} after`);
    witness.ws.close();
  }

  it('closes with 4401 after logout, and streams nothing more', async () => {
    const leaver = await reader('log-leaver', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
    const { run, socket } = await following(leaver.client, leaver.id, 'logout');
    expect((await leaver.client.get('/core/auth/logout/')).status).toBe(302);
    await expect.poll(() => socket.closedWith(), SOON).toBe(CLOSE_UNAUTHENTICATED);
    await finishAndWitness(run, 'logout');
    expect(socket.text()).not.toContain('logout after');
  });

  it('closes with 4401 when the user is disabled or an administrator changes his password', async () => {
    const disabled = await reader('log-disabled', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
    const first = await following(disabled.client, disabled.id, 'disable');
    const patched = await call(admin, 'PATCH', `/api/v1/users/users/${disabled.id}/`, {
      body: { is_active: false },
    });
    expect(patched.status).toBe(200);
    await expect.poll(() => first.socket.closedWith(), SOON).toBe(CLOSE_UNAUTHENTICATED);
    await finishAndWitness(first.run, 'disable');
    expect(first.socket.text()).not.toContain('disable after');

    const renamed = await reader('log-repassworded', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
    const second = await following(renamed.client, renamed.id, 'password');
    const set = await call(admin, 'PUT', `/api/v1/users/users/${renamed.id}/password/`, {
      body: { password: 'Changed-by-admin-1' },
    });
    expect(set.status).toBe(200);
    await expect.poll(() => second.socket.closedWith(), SOON).toBe(CLOSE_UNAUTHENTICATED);
    await finishAndWitness(second.run, 'password');
    expect(second.socket.text()).not.toContain('password after');
  });

  it("stops a demoted reader's stream with not_found; the socket stays his for what he may still read", async () => {
    const demoted = await reader('log-demoted', [{ org: DEFAULT_ORG_ID, role: 'OrgAdmin' }]);
    // An org admin reads the tester's log (ops.view_adhocexecution in the task's org) …
    const { run, socket } = await following(demoted.client, testerId, 'demotion');
    const demote = await call(admin, 'PATCH', `/api/v1/users/users/${demoted.id}/`, {
      body: { org_roles: [ROLE.OrgUser] },
    });
    expect(demote.status).toBe(200);
    // … until he is demoted: one not_found frame for that task, and the stream ends.
    await expect
      .poll(() => socket.frames.some((f) => f.task === run.id && f.error === 'not_found'), SOON)
      .toBe(true);
    expect(socket.frames.at(-1)).toEqual({ message: NOT_FOUND, task: run.id, error: 'not_found' });
    await finishAndWitness(run, 'demotion');
    // The same socket still serves his own task; the refused stream never resumed meanwhile.
    const own = await finishedRun(demoted.id, ['his own line']);
    socket.ask(own);
    await expect.poll(() => socket.text(), SOON).toContain('his own line');
    expect(socket.closedWith()).toBeNull();
    expect(socket.text()).not.toContain('demotion after');
    const last = socket.frames.map((f) => f.task).lastIndexOf(run.id);
    expect(socket.frames[last]).toEqual({ message: NOT_FOUND, task: run.id, error: 'not_found' });
    // And asking for the tester's task again is refused like an unknown one.
    socket.ask(run.id);
    await expect
      .poll(() => socket.frames.at(-1))
      .toEqual({ message: NOT_FOUND, task: run.id, error: 'not_found' });
    socket.ws.close();
  });
});

describe('the task-log socket: streaming', () => {
  it('the creator follows the log live to completion: "\\r\\n" first, ≤ 4 KB chunks with \\r\\n, then it stops', async () => {
    const rest = Array.from({ length: 400 }, (_, i) => `line ${i} 多字节文字 ✓ ${'x'.repeat(i % 37)} ログ`);
    const run = await controlledRun(testerId, 'first part', rest);
    const socket = await openSocket(tester);
    socket.ask(run.id);
    await expect.poll(() => socket.text()).toContain('first part');
    // Still running: the stream waits for more, it does not end.
    await quietFor(600);
    expect(socket.text()).not.toContain('succeeded in');
    run.release();
    await expect.poll(() => socket.text()).toContain(`Task ${run.id} succeeded in`);
    await quietFor(800);
    const count = socket.frames.length;
    await quietFor(800);
    expect(socket.frames.length).toBe(count);

    const content = socket.frames.filter((frame) => frame.message !== '.');
    expect(content[0]).toEqual({ message: '\r\n', task: run.id });
    expect(content.filter((frame) => frame.message === '\r\n').length).toBeGreaterThanOrEqual(1);
    for (const frame of socket.frames) {
      expect(frame.task).toBe(run.id);
      expect(Buffer.byteLength(frame.message.replace(/\r\n/g, '\n'))).toBeLessThanOrEqual(4096);
      expect(bareNewline(frame.message)).toBe(false);
    }
    expect(content.length).toBeGreaterThan(4);
    const file = await runner.logs.readAll(run.id);
    const received = content
      .slice(1)
      .map((frame) => frame.message)
      .join('')
      .replace(/\r\n/g, '\n');
    // The whole file, once, with no multi-byte character broken across frames.
    expect(received).toBe(file);
    expect(received).not.toContain('\uFFFD');

    // The same socket serves another request: the finished log again, from the start.
    const before = socket.frames.length;
    socket.ask(run.id.toUpperCase());
    await expect
      .poll(() =>
        socket.frames
          .slice(before)
          .map((f) => f.message)
          .join(''),
      )
      .toContain('succeeded in');
    socket.ws.close();
  });

  it('sends "." every 0.5 s while the log does not exist, and says so when the task ends without one', async () => {
    const run = await controlledRun(testerId, 'never read', []);
    await expect.poll(() => runner.logs.exists(run.id)).toBe(true);
    await runner.logs.remove([run.id]);
    const socket = await openSocket(tester);
    const asked = Date.now();
    socket.ask(run.id);
    const dots = () => socket.frames.filter((frame) => frame.message === '.');
    await expect.poll(() => dots().length).toBeGreaterThanOrEqual(2);
    // One right away, then one per half second: never more than the half seconds gone by allow.
    expect(dots().length).toBeLessThanOrEqual(Math.floor((Date.now() - asked) / 500) + 1);
    expect(dots().every((frame) => frame.task === run.id)).toBe(true);
    run.release();
    // The run's last lines make a log again: they follow the dots, and the stream ends with the run.
    await expect.poll(() => socket.text()).toContain('succeeded in');
    expect(socket.text()).not.toContain('never read');
    await runner.logs.remove([run.id]);
    // A finished task whose log is gone is said to be so at once.
    const before = socket.frames.length;
    socket.ask(run.id);
    await expect
      .poll(() => socket.frames.slice(before).at(-1)?.error, { timeout: 5000 })
      .toBe('log_unavailable');
    expect(socket.frames.slice(before).some((frame) => frame.message === '.')).toBe(false);
    socket.ws.close();
  });

  it('another user, even one who may start tasks, gets "not found" and nothing of the log', async () => {
    const id = await finishedRun(testerId, ['private line']);
    for (const client of [otherTester, plain]) {
      const socket = await openSocket(client);
      socket.ask(id);
      await expect.poll(() => socket.frames.length).toBe(1);
      await quietFor(700);
      expect(socket.frames).toEqual([{ message: NOT_FOUND, task: id, error: 'not_found' }]);
      // Indistinguishable from a task that does not exist.
      const unknown = crypto.randomUUID();
      socket.ask(unknown);
      await expect.poll(() => socket.frames.length).toBe(2);
      expect(socket.frames[1]).toEqual({ message: NOT_FOUND, task: unknown, error: 'not_found' });
      socket.ws.close();
    }
  });

  it('an org admin of the task’s org and a SystemAdmin read it; an admin of another org does not', async () => {
    const id = await finishedRun(testerId, ['visible to admins']);
    for (const client of [adminA, admin]) {
      const socket = await openSocket(client);
      socket.ask(id);
      await expect.poll(() => socket.text()).toContain(`Task ${id} succeeded in`);
      expect(socket.text()).toContain('visible to admins');
      socket.ws.close();
    }
    const other = await openSocket(adminB);
    other.ask(id);
    await expect.poll(() => other.frames.length).toBe(1);
    await quietFor(500);
    expect(other.frames).toEqual([{ message: NOT_FOUND, task: id, error: 'not_found' }]);
    other.ws.close();
  });

  it('a real connectivity task started by the tester streams to its final line', async () => {
    const asset = await call<{ id: string }>(admin, 'POST', '/api/v1/assets/assets/', {
      body: { hostname: 'log-host', ip: '127.0.0.1', platform: 'Linux', protocols: ['ssh/1'] },
    });
    const started = await call<{ task: string }>(
      tester,
      'POST',
      `/api/v1/assets/assets/${asset.body.id}/tasks/`,
      {
        body: { action: 'test' },
      },
    );
    expect(started.status).toBe(200);
    const socket = await openSocket(tester);
    socket.ask(started.body.task);
    await expect.poll(() => socket.text()).toContain(`Task ${started.body.task} failed in`);
    expect(socket.text()).toMatch(/failed +log-host \(127\.0\.0\.1:1\) +\d+ ms +connection refused\r\n/);
    socket.ws.close();
  });

  it('closing the socket mid-stream ends the stream', async () => {
    const run = await controlledRun(testerId, 'half', ['after close']);
    const socket = await openSocket(tester);
    socket.ask(run.id);
    await expect.poll(() => socket.text()).toContain('half');
    const clients = () => server.app.websocketServer.clients.size;
    const open = clients();
    socket.ws.close();
    await expect.poll(clients).toBe(open - 1);
    run.release();
    await expect.poll(() => runner.isFinished(run.id)).toBe(true);
    expect(socket.text()).not.toContain('after close');
  });
});

describe('the HTTP fallback GET /api/v1/ops/celery/task/{id}/log/', () => {
  interface LogAnswer {
    data: string;
    end: boolean;
    mark: string;
  }

  it('needs a session; others get the same 404 as for an unknown or malformed id', async () => {
    const id = await finishedRun(testerId, ['http private']);
    expect((await new Client(server.baseUrl).get(LOG_URL(id))).status).toBe(401);
    const denied = await call(plain, 'GET', LOG_URL(id));
    expect(denied).toEqual({
      status: 404,
      body: { detail: OPS_MESSAGES.taskNotFound.en, code: 'not_found' },
    });
    expect(await call(otherTester, 'GET', LOG_URL(id))).toEqual(denied);
    expect(await call(adminB, 'GET', LOG_URL(id), { org: ORG_B })).toEqual(denied);
    expect(await call(plain, 'GET', LOG_URL(crypto.randomUUID()))).toEqual(denied);
    expect(await call(tester, 'GET', LOG_URL('..%2F..%2Fsecret.log'))).toEqual(denied);
    expect(await call(tester, 'GET', '/api/v1/ops/ansible/task/..%2F..%2Fetc%2Fpasswd/log/')).toEqual(denied);
    expect((await call(adminA, 'GET', LOG_URL(id))).status).toBe(200);
  });

  it('serves the log in ≤ 10 KB pieces, resuming from the offset kept under each mark', async () => {
    const lines = Array.from({ length: 600 }, (_, i) => `http line ${i} — 文字 ${'y'.repeat(i % 29)}`);
    const id = await finishedRun(testerId, lines);
    const file = await runner.logs.readAll(id);
    expect(Buffer.byteLength(file)).toBeGreaterThan(20 * 1024);
    const pieces: string[] = [];
    let mark: string | undefined;
    let first: LogAnswer | undefined;
    for (let i = 0; i < 20; i++) {
      const answer = await call<LogAnswer>(tester, 'GET', `${LOG_URL(id)}${mark ? `?mark=${mark}` : ''}`);
      expect(answer.status).toBe(200);
      expect(Buffer.byteLength(answer.body.data.replace(/\r\n/g, '\n'))).toBeLessThanOrEqual(10 * 1024);
      expect(bareNewline(answer.body.data)).toBe(false);
      first ??= answer.body;
      pieces.push(answer.body.data);
      mark = answer.body.mark;
      if (answer.body.end) break;
    }
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join('').replace(/\r\n/g, '\n')).toBe(file);
    // A mark can be used again (a retried request), and only by whom it was issued to.
    const again = await call<LogAnswer>(tester, 'GET', `${LOG_URL(id)}?mark=${first?.mark}`);
    expect(again.body.data).toBe(pieces[1]);
    const foreign = await call<LogAnswer>(adminA, 'GET', `${LOG_URL(id)}?mark=${first?.mark}`);
    expect(foreign.body.data).toBe(pieces[0]);
  });

  it('while running: end stays false; before the log exists: "." or "Waiting task start"', async () => {
    const run = await controlledRun(testerId, 'running now', ['done now']);
    await expect.poll(() => runner.logs.exists(run.id)).toBe(true);
    const live = await call<LogAnswer>(tester, 'GET', LOG_URL(run.id));
    expect(live.body.end).toBe(false);
    const tail = await call<LogAnswer>(tester, 'GET', `${LOG_URL(run.id)}?mark=${live.body.mark}`);
    expect(tail.body).toMatchObject({ data: '', end: false });
    await runner.logs.remove([run.id]);
    expect((await call<LogAnswer>(tester, 'GET', `${LOG_URL(run.id)}?mark=undefined`)).body).toMatchObject({
      data: '.',
      end: false,
    });
    expect((await call<LogAnswer>(tester, 'GET', LOG_URL(run.id))).body.data).toBe(
      OPS_MESSAGES.waitingTaskStart.en,
    );
    run.release();
    await expect.poll(() => runner.isFinished(run.id)).toBe(true);
    expect((await call<LogAnswer>(tester, 'GET', LOG_URL(run.id))).body).toMatchObject({ end: true });
  });
});

describe('log retention', () => {
  it('deletes logs older than the keep days, never a running task’s log nor another task’s', async () => {
    const old = await finishedRun(testerId, ['old log']);
    const running = await controlledRun(testerId, 'still running', []);
    await expect.poll(() => runner.logs.exists(running.id)).toBe(true);
    const recent = await finishedRun(testerId, ['recent log']);
    // Age the logs of `old` and `running` (written long ago as far as the database knows).
    const longAgo = Date.now() - 100 * 86_400_000;
    await server.app.db.run(
      `UPDATE task_log_chunks SET date_created = ? WHERE ${server.app.db.dialect.inList('task_id')}`,
      [longAgo, server.app.db.dialect.listParam([old, running.id])],
    );
    expect(await sweepTaskLogs(runner.logs, 90, runner.runningIds())).toBe(1);
    expect(await runner.logs.exists(old)).toBe(false);
    expect(await runner.logs.exists(running.id)).toBe(true);
    expect(await runner.logs.exists(recent)).toBe(true);
    running.release();
    await expect.poll(() => runner.isFinished(running.id)).toBe(true);
    // The run is still listed; its log is reported gone.
    const socket = await openSocket(tester);
    socket.ask(old);
    await expect.poll(() => socket.frames.at(-1)?.error).toBe('log_unavailable');
    socket.ws.close();
  });
});
