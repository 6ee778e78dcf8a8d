// Ops tasks (docs/architecture.md#tasks-and-their-logs-serversrcops): the connectivity test of assets and
// nodes runs a real TCP probe against listeners opened here, sets the asset's connectivity, and records tasks
// and executions per org.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './harness';
import { buildApp } from '../../server/src/app';
import { runnerFor, systemContext } from '../../server/src/ops/task-runner';
import {
  ASSETS,
  NODES,
  addOrg,
  adminClient,
  call,
  userClient,
  type AssetBody,
  type NodeBody,
} from './asset-helpers';
import { DEFAULT_ORG_ID, ROOT_ORG_ID } from '../../server/src/orgs/org-ids';

const ORG_B = '6d656d6f-0000-4000-8000-0000000000cb';
const TASKS = '/api/v1/ops/tasks/';
const EXECUTIONS = '/api/v1/ops/adhoc-executions/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Execution {
  id: string;
  task: string;
  task_display: string;
  hosts_amount: number;
  timedelta: number;
  is_finished: boolean;
  is_success: boolean;
  date_start: string;
  date_finished: string | null;
  stat: { total: number; success: number; failed: number };
  last_success: string[];
  last_failure: Record<string, string>;
  short_id: string;
  org_id: string;
  [key: string]: unknown;
}

interface Task {
  id: string;
  name: string;
  display_name: string;
  summary: { total: number; success: number; failed: number };
  latest_execution: Partial<Execution> | null;
  date_created: string;
  date_updated: string;
  org_id: string;
  org_name: string;
  [key: string]: unknown;
}

let server: TestServer;
let admin: Client;
let adminA: Client;
let adminB: Client;
let userA: Client;
let listener: net.Server;
let accepted = 0;
let openPort: number;
let closedPort: number;
let up: AssetBody;
let down: AssetBody;
let off: AssetBody;
let node: NodeBody;

/** English answers and logs, whatever the machine's language. */
function english(client: Client): Client {
  client.cookies.set('django_language', 'en');
  return client;
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function asset(client: Client, hostname: string, port: number, extra: Record<string, unknown> = {}) {
  const made = await call<AssetBody>(client, 'POST', ASSETS, {
    body: { hostname, ip: '127.0.0.1', platform: 'Linux', protocols: [`ssh/${port}`], ...extra },
  });
  expect(made.status).toBe(201);
  return made.body;
}

/** Polls the execution until it is finished. */
async function finished(client: Client, id: string, org?: string): Promise<Execution> {
  let last: Execution | undefined;
  await expect
    .poll(async () => {
      last = (await call<Execution>(client, 'GET', `${EXECUTIONS}${id}/`, { org })).body;
      return last.is_finished;
    })
    .toBe(true);
  return last as Execution;
}

async function runTest(client: Client, url: string, org?: string): Promise<string> {
  const started = await call<{ task: string }>(client, 'POST', url, { body: { action: 'test' }, org });
  expect(started.status).toBe(200);
  expect(started.body.task).toMatch(UUID);
  return started.body.task;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = english(await adminClient(server));
  await addOrg(server, ORG_B, 'Org B');
  adminA = english(await userClient(server, 'ops-admin-a', [{ org: DEFAULT_ORG_ID, role: 'OrgAdmin' }]));
  adminB = english(await userClient(server, 'ops-admin-b', [{ org: ORG_B, role: 'OrgAdmin' }]));
  userA = english(await userClient(server, 'ops-user-a', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]));
  listener = net.createServer((socket) => {
    accepted += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  openPort = (listener.address() as AddressInfo).port;
  closedPort = await freePort();
  node = (await call<NodeBody>(admin, 'POST', NODES, { body: { value: 'probe' } })).body;
  up = await asset(admin, 'up-host', openPort, { nodes: [node.id] });
  down = await asset(admin, 'down-host', closedPort, { nodes: [node.id] });
  off = await asset(admin, 'off-host', openPort, { nodes: [node.id], is_active: false });
});

afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
});

describe('the asset connectivity test', () => {
  it('a listening port: {task}, a finished successful execution, connectivity ok', async () => {
    expect(up.connectivity).toBe('unknown');
    const before = accepted;
    const task = await runTest(adminA, `${ASSETS}${up.id}/tasks/`);
    const run = await finished(adminA, task);
    expect(run).toMatchObject({
      id: task,
      is_success: true,
      hosts_amount: 1,
      stat: { total: 1, success: 1, failed: 0 },
      last_success: ['up-host'],
      last_failure: {},
      short_id: task.split('-').pop(),
      org_id: DEFAULT_ORG_ID,
      task_display: 'Test assets connectivity: up-host',
    });
    expect(run.date_finished).toMatch(/^\d{4}\/\d\d\/\d\d /);
    expect(typeof run.timedelta).toBe('number');
    expect(accepted).toBeGreaterThan(before);
    const after = (await call<AssetBody>(adminA, 'GET', `${ASSETS}${up.id}/`)).body;
    expect(after.connectivity).toBe('ok');
    expect(after.date_verified).toMatch(/^\d{4}\/\d\d\/\d\d /);
    const log = await logOf(server, task);
    expect(log).toMatch(new RegExp(`^ok +up-host \\(127\\.0\\.0\\.1:${openPort}\\) +\\d+ ms$`, 'm'));
    expect(log).toContain('Summary: total 1, success 1, failed 0, skipped 0');
    expect(log.trimEnd().split('\n').pop()).toMatch(new RegExp(`^Task ${task} succeeded in [\\d.]+ s$`));
  });

  it('a closed port: a failed execution naming the reason, connectivity failed', async () => {
    const task = await runTest(admin, `${ASSETS}${down.id}/tasks/`);
    const run = await finished(admin, task);
    expect(run).toMatchObject({
      is_success: false,
      stat: { total: 1, success: 0, failed: 1 },
      last_success: [],
      last_failure: { 'down-host': 'connection refused' },
    });
    expect((await call<AssetBody>(admin, 'GET', `${ASSETS}${down.id}/`)).body.connectivity).toBe('failed');
    const log = await logOf(server, task);
    expect(log).toMatch(/^failed +down-host \(127\.0\.0\.1:\d+\) +\d+ ms +connection refused$/m);
    expect(log.trimEnd().split('\n').pop()).toMatch(new RegExp(`^Task ${task} failed in [\\d.]+ s$`));
  });

  it('the log is written in the language of whoever started the task', async () => {
    const zh = await userClient(server, 'ops-admin-zh', [{ org: DEFAULT_ORG_ID, role: 'OrgAdmin' }]);
    zh.cookies.set('django_language', 'zh-hans');
    const task = await runTest(zh, `${ASSETS}${up.id}/tasks/`);
    await finished(zh, task);
    const log = await logOf(server, task);
    expect(log).toContain('任务: 测试资产可连接性: up-host');
    expect(log).toMatch(/^成功 +up-host/m);
  });

  it('refresh without an admin user fails per host in its run; unknown or missing actions: 400', async () => {
    const refresh = await call<{ task: string }>(admin, 'POST', `${ASSETS}${up.id}/tasks/`, {
      body: { action: 'refresh' },
    });
    expect(refresh.status).toBe(200);
    const run = await finished(admin, refresh.body.task);
    expect(run.is_success).toBe(false);
    expect(run.stat).toMatchObject({ total: 1, success: 0, failed: 1 });
    const unknown = await call(admin, 'POST', `${ASSETS}${up.id}/tasks/`, { body: { action: 'reboot' } });
    expect(unknown).toEqual({ status: 400, body: { action: ['"reboot" is not a valid choice.'] } });
    const missing = await call(admin, 'POST', `${ASSETS}${up.id}/tasks/`, { body: {} });
    expect(missing).toEqual({ status: 400, body: { action: ['This field is required.'] } });
    const push = await call(admin, 'POST', `${ASSETS}${up.id}/tasks/`, {
      body: { action: 'push_system_user' },
    });
    expect(push.status).toBe(400);
    expect(
      (await call(admin, 'POST', `${NODES}${node.id}/tasks/`, { body: { action: 'refresh' } })).status,
    ).toBe(200);
    expect(
      (await call(admin, 'POST', `${NODES}${node.id}/tasks/`, { body: { action: 'nope' } })).body,
    ).toEqual({ action: ['"nope" is not a valid choice.'] });
  });

  it('without assets.test_assetconnectivity: 403, and nothing is started', async () => {
    const before = (await call<Execution[]>(admin, 'GET', EXECUTIONS)).body.length;
    const denied = await call(userA, 'POST', `${ASSETS}${up.id}/tasks/`, { body: { action: 'test' } });
    expect(denied.status).toBe(403);
    expect(
      (await call(userA, 'POST', `${NODES}${node.id}/tasks/`, { body: { action: 'test' } })).status,
    ).toBe(403);
    expect((await call<Execution[]>(admin, 'GET', EXECUTIONS)).body.length).toBe(before);
    // Another org's asset is not found from org B (its admin holds the code only there).
    expect(
      (await call(adminB, 'POST', `${ASSETS}${up.id}/tasks/`, { body: { action: 'test' }, org: ORG_B }))
        .status,
    ).toBe(404);
  });
});

describe('the node connectivity test', () => {
  it('tests every active asset under the node; disabled ones are skipped and named', async () => {
    const child = (
      await call<NodeBody>(admin, 'POST', `${NODES}${node.id}/children/`, { body: { value: 'deeper' } })
    ).body;
    const deep = await asset(admin, 'deep-host', openPort, { nodes: [child.id] });
    const task = await runTest(adminA, `${NODES}${node.id}/tasks/`);
    const run = await finished(adminA, task);
    expect(run.stat).toEqual({ total: 3, success: 2, failed: 1 });
    expect(run.last_success.sort()).toEqual(['deep-host', 'up-host']);
    expect(Object.keys(run.last_failure)).toEqual(['down-host']);
    expect(run.task_display).toBe('Test if the assets under the node are connectable: /Default/probe');
    expect(run.is_success).toBe(false);
    const log = await logOf(server, task);
    for (const host of ['up-host', 'deep-host']) expect(log).toMatch(new RegExp(`^ok +${host} `, 'm'));
    expect(log).toMatch(/^failed +down-host /m);
    expect(log).toContain('skipped  off-host: asset is disabled');
    expect(log).toContain('Summary: total 3, success 2, failed 1, skipped 1');
    expect((await call<AssetBody>(admin, 'GET', `${ASSETS}${off.id}/`)).body.connectivity).toBe('unknown');
    expect((await call<AssetBody>(admin, 'GET', `${ASSETS}${deep.id}/`)).body.connectivity).toBe('ok');
  });
});

describe('tasks and executions', () => {
  it('tasks list one row per task with run counters and the latest execution', async () => {
    const tasks = (await call<Task[]>(adminA, 'GET', TASKS)).body;
    const upTask = tasks.find((t) => t.name === 'Test assets connectivity: up-host');
    expect(upTask).toBeDefined();
    expect(upTask).toMatchObject({
      display_name: 'Test assets connectivity: up-host',
      summary: { total: 2, success: 2, failed: 0 },
      org_id: DEFAULT_ORG_ID,
      org_name: 'Default',
    });
    expect(upTask?.latest_execution).toMatchObject({ is_finished: true, is_success: true, hosts_amount: 1 });
    expect(Object.keys(upTask ?? {})).not.toContain('total_run_amount');
    expect(Object.keys(upTask ?? {})).not.toContain('creator_id');
    const downTask = tasks.find((t) => t.name === 'Test assets connectivity: down-host');
    expect(downTask?.summary).toEqual({ total: 1, success: 0, failed: 1 });
    // Ordered by date_updated, newest first: the node task ran last.
    expect(tasks[0]?.name).toBe('Test if the assets under the node are connectable: /Default/probe');
    // Translated display names follow the request language.
    adminA.cookies.set('django_language', 'ja');
    const ja = (await call<Task>(adminA, 'GET', `${TASKS}${upTask?.id}/`)).body;
    adminA.cookies.set('django_language', 'en');
    expect(ja.display_name).toBe('アセット接続のテスト: up-host');
    expect(ja.name).toBe('Test assets connectivity: up-host');

    const runs = await call<Execution[]>(adminA, 'GET', `${EXECUTIONS}?task=${upTask?.id}`);
    expect(runs.body).toHaveLength(2);
    expect(runs.body.every((run) => run.task === upTask?.id)).toBe(true);
    expect(Object.keys(runs.body[0] ?? {})).not.toContain('creator_id');
    const page = await call<{ count: number; results: Execution[] }>(adminA, 'GET', `${EXECUTIONS}?limit=1`);
    // Four connectivity runs and the two hardware refreshes (asset, node) of the test above.
    expect(page.body.count).toBe(6);
    expect(page.body.results).toHaveLength(1);
  });

  it('the task detail answers its contents (what it runs), the list does not', async () => {
    const tasks = (await call<Task[]>(adminA, 'GET', TASKS)).body;
    const upTask = tasks.find((t) => t.name === 'Test assets connectivity: up-host');
    expect(Object.keys(upTask ?? {})).not.toContain('contents');
    const detail = (await call<Task>(adminA, 'GET', `${TASKS}${upTask?.id}/`)).body;
    const contents = detail.contents as Array<{ name: string; action: { module: string; args: string } }>;
    // An SSH login as the admin user, or the TCP probe for an asset without one (docs/ssh.md#tasks).
    expect(contents.map((step) => step.action.module)).toEqual(['ssh_login', 'tcp_connect']);
    expect(contents[0]?.action.args).toContain('timeout=10s');
    expect(contents[1]?.action.args).toContain('timeout=3s');
  });

  it('read-only resources: no create or change; plain users may not list', async () => {
    expect((await call(admin, 'POST', TASKS, { body: { name: 'x' } })).status).toBe(405);
    expect((await call(admin, 'POST', EXECUTIONS, { body: {} })).status).toBe(405);
    const [run] = (await call<Execution[]>(admin, 'GET', EXECUTIONS)).body;
    expect((await call(admin, 'PATCH', `${EXECUTIONS}${run?.id}/`, { body: {} })).status).toBe(405);
    expect((await call(admin, 'DELETE', `${EXECUTIONS}${run?.id}/`)).status).toBe(405);
    expect((await call(userA, 'GET', TASKS)).status).toBe(403);
    expect((await call(userA, 'GET', EXECUTIONS)).status).toBe(403);
    const options = await call<{ actions: Record<string, unknown> }>(admin, 'OPTIONS', TASKS);
    expect(Object.keys(options.body.actions)).toEqual(['GET']);
  });

  it('are isolated per organization', async () => {
    const created = await call<AssetBody>(adminB, 'POST', ASSETS, {
      body: { hostname: 'b-host', ip: '127.0.0.1', platform: 'Linux', protocols: [`ssh/${openPort}`] },
      org: ORG_B,
    });
    expect(created.status).toBe(201);
    const task = await runTest(adminB, `${ASSETS}${created.body.id}/tasks/`, ORG_B);
    const run = await finished(adminB, task, ORG_B);
    expect(run.org_id).toBe(ORG_B);
    const bTasks = (await call<Task[]>(adminB, 'GET', TASKS, { org: ORG_B })).body;
    expect(bTasks.map((t) => t.name)).toEqual(['Test assets connectivity: b-host']);
    expect(
      (await call<Execution[]>(adminB, 'GET', EXECUTIONS, { org: ORG_B })).body.map((r) => r.id),
    ).toEqual([task]);
    const aTasks = (await call<Task[]>(adminA, 'GET', TASKS)).body;
    expect(aTasks.some((t) => t.org_id !== DEFAULT_ORG_ID)).toBe(false);
    expect((await call(adminA, 'GET', `${EXECUTIONS}${task}/`)).status).toBe(404);
    const [aRun] = (await call<Execution[]>(adminA, 'GET', EXECUTIONS)).body;
    expect((await call(adminB, 'GET', `${EXECUTIONS}${aRun?.id}/`, { org: ORG_B })).status).toBe(404);
    // Root sees every org.
    const all = (await call<Task[]>(admin, 'GET', TASKS, { org: ROOT_ORG_ID })).body;
    expect(new Set(all.map((t) => t.org_id))).toEqual(new Set([DEFAULT_ORG_ID, ORG_B]));
  });

  it('a test started from Root is recorded in the asset’s org', async () => {
    const task = await runTest(admin, `${ASSETS}${up.id}/tasks/`, ROOT_ORG_ID);
    const run = await finished(admin, task, ROOT_ORG_ID);
    expect(run.org_id).toBe(DEFAULT_ORG_ID);
  });

  it('deleting a task (ops.delete_task) removes its executions and their logs', async () => {
    const task = await runTest(admin, `${ASSETS}${down.id}/tasks/`);
    const run = await finished(admin, task);
    const logs = runnerFor(server.app.engine.registry).logs;
    expect(await logs.exists(task)).toBe(true);
    expect((await call(userA, 'DELETE', `${TASKS}${run.task}/`)).status).toBe(403);
    expect((await call(adminB, 'DELETE', `${TASKS}${run.task}/`, { org: ORG_B })).status).toBe(404);
    expect((await call(adminA, 'DELETE', `${TASKS}${run.task}/`)).status).toBe(204);
    expect((await call(admin, 'GET', `${EXECUTIONS}?task=${run.task}`)).body).toEqual([]);
    expect(await logs.exists(task)).toBe(false);
    expect((await call(admin, 'GET', `${TASKS}${run.task}/`)).status).toBe(404);
  });
});

/** The whole log of a task, from the database. */
const logOf = (target: TestServer, task: string): Promise<string> =>
  runnerFor(target.app.engine.registry).logs.readAll(task);

describe('the runner across server stops', () => {
  it('a stop cancels running work, which records its end; the next start marks leftovers interrupted', async () => {
    const own = await startTestServer();
    try {
      const runner = runnerFor(own.app.engine.registry);
      const ctx = { ...systemContext('en'), userId: 'someone', orgId: DEFAULT_ORG_ID, isSystemAdmin: false };
      const cancelled = await runner.start({
        ctx,
        orgId: DEFAULT_ORG_ID,
        kind: 'asset_connectivity',
        subject: 'slow',
        hosts: [],
        work: async (run) => {
          run.log('waiting for the stop');
          await new Promise((resolve) => run.signal.addEventListener('abort', resolve));
          return { contacted: [], dark: { slow: 'cancelled' } };
        },
      });
      // A run row left unfinished by an earlier process (written as a crash would leave it).
      const executions = own.app.engine.registry.get('ops.adhocexecution');
      const stale = crypto.randomUUID();
      await executions.create({ id: stale }, { ...systemContext(), orgId: DEFAULT_ORG_ID });
      await executions.setColumns(stale, { is_finished: false, creator_id: 'someone' });
      await runner.logs.append(stale, 'half a log\n');

      await own.app.close();
      const again = await buildApp(own.config);
      try {
        const logs = runnerFor(again.engine.registry).logs;
        const log = await logs.readAll(cancelled);
        expect(log).toContain('waiting for the stop');
        expect(log.trimEnd().split('\n').pop()).toMatch(new RegExp(`^Task ${cancelled} failed in`));
        const root = { ...systemContext(), orgId: ROOT_ORG_ID };
        const rows = again.engine.registry.get('ops.adhocexecution');
        expect(await rows.get(cancelled, root)).toMatchObject({ is_finished: true, is_success: false });
        expect(await rows.get(stale, root)).toMatchObject({ is_finished: true, is_success: false });
        expect(await logs.readAll(stale)).toContain(`Task ${stale} was interrupted`);
      } finally {
        await again.close();
      }
    } finally {
      fs.rmSync(own.root, { recursive: true, force: true });
    }
  });
});
