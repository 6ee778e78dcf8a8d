// The terminal-component API (docs/terminal.md): a component registers with the bootstrap token and then
// acts only through its signed access key — sessions, commands, FTP logs, replays, heartbeats and the
// kill-session queue — while people read what it posted, within their organization and permissions.
import zlib from 'node:zlib';
import { extract } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';
import { Client, startTestServer, type TestServer } from './harness';
import { addOrg, adminClient, call, userClient, type Page } from './asset-helpers';
import { ComponentClient, asciicast, registerComponent, type Registration } from './component-client';

const TOKEN = 'bootstrap-token-for-tests-1234567890';
const OTHER_ORG = '7e3a1c2d-0000-4000-8000-00000000b0d1';
const SESSIONS = '/api/v1/terminal/sessions/';
const COMMANDS = '/api/v1/terminal/commands/';
const TASKS = '/api/v1/terminal/tasks/';

interface Session {
  id: string;
  user: string;
  is_finished: boolean;
  has_replay: boolean;
  can_replay: boolean;
  can_terminate: boolean;
  terminal: string;
  command_amount: number;
  date_end: string | null;
  org_id: string;
}
interface Command {
  input: string;
  risk_level: number;
  risk_level_display: string;
  session: string;
  remote_addr: string | null;
}
interface Task {
  id: string;
  name: string;
  args: string;
  kwargs: { terminated_by: string };
  is_finished: boolean;
}

let server: TestServer;
let admin: Client;
let auditor: Client;
let otherAuditor: Client;
let plainUser: Client;
let registration: Registration;
let koko: ComponentClient;
let plainUserId: string;

const sessionBody = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  user: 'Alice(alice)',
  asset: 'web-01(10.0.0.1)',
  system_user: 'root(root)',
  login_from: 'ST',
  remote_addr: '10.9.9.9',
  protocol: 'ssh',
  date_start: new Date().toISOString(),
  ...extra,
});

const page = async <T>(client: Client, url: string, org = DEFAULT_ORG_ID): Promise<T[]> => {
  const answer = await call<Page<T>>(client, 'GET', `${url}${url.includes('?') ? '&' : '?'}limit=100`, {
    org,
  });
  expect(answer.status).toBe(200);
  return answer.body.results;
};

beforeAll(async () => {
  server = await startTestServer({ bootstrapToken: TOKEN });
  admin = await adminClient(server);
  await addOrg(server, OTHER_ORG, 'Terminal-Other');
  auditor = await userClient(server, 'tc-auditor', [{ org: DEFAULT_ORG_ID, role: 'OrgAuditor' }]);
  otherAuditor = await userClient(server, 'tc-other', [{ org: OTHER_ORG, role: 'OrgAuditor' }]);
  plainUser = await userClient(server, 'tc-user', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
  const profile = await call<{ id: string }>(plainUser, 'GET', '/api/v1/users/profile/');
  plainUserId = profile.body.id;
  const registered = await registerComponent(server.baseUrl, TOKEN, { name: 'koko-test', type: 'koko' });
  expect(registered.status).toBe(201);
  registration = registered.body;
  koko = ComponentClient.of(server.baseUrl, registration);
});

afterAll(async () => {
  await server.close();
});

describe('registration', () => {
  it('refuses a wrong or missing bootstrap token and a taken name', async () => {
    expect((await registerComponent(server.baseUrl, 'wrong', { name: 'x1' })).status).toBe(401);
    const bare = await fetch(`${server.baseUrl}/api/v1/terminal/terminal-registrations/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x2' }),
    });
    expect(bare.status).toBe(401);
    const taken = await registerComponent(server.baseUrl, TOKEN, { name: 'koko-test' });
    expect(taken.status).toBe(400);
  });

  it('answers the component with its service account and access key, once', async () => {
    expect(registration.service_account.access_key.secret).toMatch(/^[0-9a-f-]{36}$/);
    const terminals = await page<{
      id: string;
      name: string;
      type: string;
      is_active: boolean;
      status: string;
    }>(admin, '/api/v1/terminal/terminals/');
    const mine = terminals.find((terminal) => terminal.id === registration.id);
    expect(mine).toMatchObject({ name: 'koko-test', type: 'koko', is_active: true, status: 'offline' });
    expect(JSON.stringify(terminals)).not.toContain(registration.service_account.access_key.secret);
  });

  it('reads the component config with its key; a person without the permission may not', async () => {
    const config = await koko.call<Record<string, unknown>>('GET', '/api/v1/terminal/terminals/config/');
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({
      TERMINAL_PASSWORD_AUTH: true,
      TERMINAL_ASSET_LIST_SORT_BY: 'hostname',
      TERMINAL_REPLAY_STORAGE: { TYPE: 'server' },
    });
    expect((await call(plainUser, 'GET', '/api/v1/terminal/terminals/config/')).status).toBe(403);
  });
});

describe('heartbeat', () => {
  it('stores the load figures: the component is alive with its load status', async () => {
    const beat = await koko.call<Task[]>('POST', '/api/v1/terminal/terminals/status/', {
      body: { cpu_load: 2.5, memory_used: 40, disk_used: 30, session_online: 1, sessions: [] },
    });
    expect(beat.status).toBe(201);
    expect(beat.body).toEqual([]);
    const detail = await call<{
      is_alive: boolean;
      status: string;
      session_online: number;
      stat: { cpu_load: number };
    }>(admin, 'GET', `/api/v1/terminal/terminals/${registration.id}/`);
    expect(detail.body).toMatchObject({ is_alive: true, status: 'high', session_online: 1 });
    expect(detail.body.stat.cpu_load).toBe(2.5);
  });

  it('is refused to a person (no component)', async () => {
    const answer = await call(admin, 'POST', '/api/v1/terminal/status/', { body: { cpu_load: 1 } });
    expect(answer.status).toBe(403);
  });
});

describe('sessions, commands and the kill-session queue', () => {
  const sessionId = '11111111-2222-4333-8444-555555555501';

  it('creates a session in the org of the asset; it is listed online with its terminal', async () => {
    const created = await koko.call<Session>('POST', SESSIONS, {
      body: sessionBody(sessionId, { user_id: plainUserId }),
      org: DEFAULT_ORG_ID,
    });
    expect(created.status).toBe(201);
    const online = await page<Session>(auditor, `${SESSIONS}?is_finished=0`);
    expect(online.map((session) => session.id)).toContain(sessionId);
    const session = online.find((row) => row.id === sessionId)!;
    expect(session).toMatchObject({ terminal: registration.id, can_terminate: true, org_id: DEFAULT_ORG_ID });
  });

  it('takes a command batch with risk levels; the list needs a storage or a session', async () => {
    const now = Math.floor(Date.now() / 1000);
    const batch = [
      {
        user: 'Alice(alice)',
        asset: 'web-01',
        system_user: 'root',
        session: sessionId,
        input: 'ls -la',
        output: '',
        timestamp: now,
      },
      {
        user: 'Alice(alice)',
        asset: 'web-01',
        system_user: 'root',
        session: sessionId,
        input: 'rm -rf /srv',
        output: 'cm0=',
        timestamp: now + 1,
        risk_level: 5,
      },
    ];
    const posted = await koko.call('POST', COMMANDS, { body: batch, org: DEFAULT_ORG_ID });
    expect(posted.status).toBe(201);
    expect(await page<Command>(auditor, COMMANDS)).toEqual([]);
    const ofSession = await page<Command>(auditor, `${COMMANDS}?session_id=${sessionId}`);
    expect(ofSession.map((command) => command.input)).toEqual(['rm -rf /srv', 'ls -la']);
    expect(ofSession[0]).toMatchObject({
      risk_level: 5,
      risk_level_display: '危险',
      remote_addr: '10.9.9.9',
    });
    const tree = await call<Array<{ id: string; name: string }>>(
      auditor,
      'GET',
      '/api/v1/terminal/command-storages/tree/',
      { org: DEFAULT_ORG_ID },
    );
    const storage = tree.body.find((node) => node.name.startsWith('default('))!;
    expect(storage.name).toBe('default(server)(2)');
    // A storage of another kind is listed, not counted: its commands are not in this database.
    const es = await call<{ id: string }>(admin, 'POST', '/api/v1/terminal/command-storages/', {
      body: { name: 'es-archive', type: 'es', meta: { HOSTS: ['http://10.0.0.9:9200'], INDEX: 'jms' } },
    });
    expect(es.status, JSON.stringify(es.body)).toBe(201);
    const withEs = await call<Array<{ id: string; name: string; valid: boolean; msg?: string }>>(
      auditor,
      'GET',
      '/api/v1/terminal/command-storages/tree/',
      { org: DEFAULT_ORG_ID },
    );
    expect(withEs.body.find((node) => node.id === es.body.id)).toMatchObject({
      name: 'es-archive(es)',
      valid: false,
      msg: '无法从此服务器访问',
    });
    expect(await page<Command>(auditor, `${COMMANDS}?command_storage_id=${es.body.id}`)).toEqual([]);
    const dangerous = await page<Command>(
      auditor,
      `${COMMANDS}?command_storage_id=${storage.id}&risk_level=5&input=rm`,
    );
    expect(dangerous.map((command) => command.input)).toEqual(['rm -rf /srv']);
    const detail = await call<Session>(auditor, 'GET', `${SESSIONS}${sessionId}/`, { org: DEFAULT_ORG_ID });
    expect(detail.body.command_amount).toBe(2);
  });

  it('queues a kill task for the component, which acknowledges it and finishes the session', async () => {
    expect(
      (await call(plainUser, 'POST', `${TASKS}kill-session/`, { body: [sessionId], org: DEFAULT_ORG_ID }))
        .status,
    ).toBe(403);
    const killed = await call<{ ok: string[] }>(admin, 'POST', `${TASKS}kill-session/`, {
      body: [sessionId, '99999999-2222-4333-8444-555555555599'],
      org: DEFAULT_ORG_ID,
    });
    expect(killed.body).toEqual({ ok: [sessionId] });
    const beat = await koko.call<Task[]>('POST', '/api/v1/terminal/status/', {
      body: { sessions: [sessionId] },
    });
    expect(beat.body).toHaveLength(1);
    const task = beat.body[0]!;
    expect(task).toMatchObject({ name: 'kill_session', args: sessionId, is_finished: false });
    expect(task.kwargs.terminated_by).toContain('admin');
    const polled = await koko.call<Task[] | Page<Task>>('GET', `${TASKS}?is_finished=0`);
    expect(JSON.stringify(polled.body)).toContain(task.id);
    const ack = await koko.call('PATCH', `${TASKS}${task.id}/`, {
      body: { is_finished: true, name: 'other' },
    });
    expect(ack.status).toBe(200);
    const finished = await koko.call('PATCH', `${SESSIONS}${sessionId}/`, {
      body: { is_finished: true },
      org: DEFAULT_ORG_ID,
    });
    expect(finished.status).toBe(200);
    const after = await koko.call<Task[]>('POST', '/api/v1/terminal/status/', { body: {} });
    expect(after.body).toEqual([]);
    const session = await call<Session>(auditor, 'GET', `${SESSIONS}${sessionId}/`, { org: DEFAULT_ORG_ID });
    expect(session.body).toMatchObject({ is_finished: true, can_terminate: false });
    expect(session.body.date_end).not.toBeNull();
  });

  it('lists a user their own sessions only', async () => {
    const mine = await call<Page<Session>>(plainUser, 'GET', '/api/v1/terminal/my-sessions/?limit=10');
    expect(mine.body.results.map((session) => session.id)).toEqual([sessionId]);
    const adminOwn = await call<Page<Session>>(admin, 'GET', '/api/v1/terminal/my-sessions/?limit=10');
    expect(adminOwn.body.results).toEqual([]);
  });

  it('writes the FTP log the component posts', async () => {
    const posted = await koko.call('POST', '/api/v1/audits/ftp-logs/', {
      body: {
        user: 'Alice(alice)',
        remote_addr: '10.9.9.9',
        asset: 'web-01',
        system_user: 'root',
        operate: 'Upload',
        filename: '/tmp/a.txt',
        is_success: true,
      },
      org: DEFAULT_ORG_ID,
    });
    expect(posted.status).toBe(201);
    const logs = await page<{ filename: string }>(auditor, '/api/v1/audits/ftp-logs/');
    expect(logs.map((log) => log.filename)).toContain('/tmp/a.txt');
  });
});

describe('replays', () => {
  const sessionId = '11111111-2222-4333-8444-555555555502';
  const recording = asciicast(['$ uptime\r\n', ' 10:00 up 3 days\r\n', '$ exit\r\n']);

  const upload = (id: string, bytes: Buffer | string, name = `${id}.cast.gz`) => {
    const form = new FormData();
    form.set('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
    form.set('version', '2');
    return koko.call<{ url: string }>('POST', `${SESSIONS}${id}/replay/`, { form, org: DEFAULT_ORG_ID });
  };

  beforeAll(async () => {
    const created = await koko.call('POST', SESSIONS, { body: sessionBody(sessionId), org: DEFAULT_ORG_ID });
    expect(created.status).toBe(201);
  });

  it('refuses what is no asciicast and keeps the session without a replay', async () => {
    const bad = await upload(sessionId, 'not a recording', 'x.cast');
    expect(bad.status).toBe(400);
    const info = await call(auditor, 'GET', `${SESSIONS}${sessionId}/replay/`, { org: DEFAULT_ORG_ID });
    expect(info.status).toBe(404);
  });

  it('takes a gzipped upload; the console reads its info, its file and its download', async () => {
    const uploaded = await upload(sessionId, zlib.gzipSync(recording));
    expect(uploaded.status).toBe(201);
    const info = await call<{ type: string; src: string; download_url: string }>(
      auditor,
      'GET',
      `${SESSIONS}${sessionId}/replay/`,
      { org: DEFAULT_ORG_ID },
    );
    expect(info.body).toMatchObject({
      type: 'asciicast',
      download_url: `${SESSIONS}${sessionId}/replay/download/`,
    });
    const file = await auditor.get(info.body.src, { 'x-jms-org': DEFAULT_ORG_ID });
    expect(await file.text()).toBe(recording);
    const download = await auditor.get(info.body.download_url, { 'x-jms-org': DEFAULT_ORG_ID });
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    const entries = await untar(Buffer.from(await download.arrayBuffer()));
    expect(zlib.gunzipSync(entries.get(`${sessionId}.cast.gz`)!).toString()).toBe(recording);
    expect(JSON.parse(entries.get(`${sessionId}.json`)!.toString())).toMatchObject({
      id: sessionId,
      has_replay: true,
    });
  });

  it('takes a plain (not gzipped) upload too', async () => {
    const plain = asciicast(['plain\r\n']);
    expect((await upload(sessionId, plain, 'x.cast')).status).toBe(201);
    const file = await auditor.get(`${SESSIONS}${sessionId}/replay/file/`, { 'x-jms-org': DEFAULT_ORG_ID });
    expect(await file.text()).toBe(plain);
  });

  it('answers 401 to anonymous callers and 403 without the permission on every session endpoint', async () => {
    const urls = [
      SESSIONS,
      `${SESSIONS}${sessionId}/`,
      `${SESSIONS}${sessionId}/replay/`,
      `${SESSIONS}${sessionId}/replay/file/`,
      `${SESSIONS}${sessionId}/replay/download/`,
      `${COMMANDS}?session_id=${sessionId}`,
      '/api/v1/terminal/my-sessions/',
    ];
    for (const url of urls) {
      const anonymous = await fetch(server.baseUrl + url);
      expect(anonymous.status, url).toBe(401);
      const body = await anonymous.text();
      expect(body, url).not.toContain('uptime');
    }
    for (const url of urls.filter((url) => !url.includes('my-sessions'))) {
      const refused = await call(plainUser, 'GET', url, { org: DEFAULT_ORG_ID });
      expect(refused.status, url).toBe(403);
    }
    const anonymousUpload = await fetch(`${server.baseUrl}${SESSIONS}${sessionId}/replay/`, {
      method: 'POST',
      body: new FormData(),
    });
    expect(anonymousUpload.status).toBe(401);
  });
});

describe('organization isolation', () => {
  const otherSession = '11111111-2222-4333-8444-555555555503';

  beforeAll(async () => {
    expect(
      (
        await koko.call('POST', SESSIONS, {
          body: sessionBody(otherSession, { user: 'Bob(bob)' }),
          org: OTHER_ORG,
        })
      ).status,
    ).toBe(201);
    const now = Math.floor(Date.now() / 1000);
    const command = {
      user: 'Bob(bob)',
      asset: 'db-01',
      system_user: 'root',
      session: otherSession,
      input: 'whoami',
      output: '',
      timestamp: now,
    };
    expect((await koko.call('POST', COMMANDS, { body: [command], org: OTHER_ORG })).status).toBe(201);
    const form = new FormData();
    form.set('file', new Blob([asciicast(['secret\r\n'])]), 'x.cast');
    expect(
      (await koko.call('POST', `${SESSIONS}${otherSession}/replay/`, { form, org: OTHER_ORG })).status,
    ).toBe(201);
  });

  it("keeps one org's sessions, commands and replays from another's auditors", async () => {
    expect((await page<Session>(auditor, SESSIONS)).map((session) => session.id)).not.toContain(otherSession);
    expect(await page<Command>(auditor, `${COMMANDS}?session_id=${otherSession}`)).toEqual([]);
    for (const url of [
      `${SESSIONS}${otherSession}/`,
      `${SESSIONS}${otherSession}/replay/`,
      `${SESSIONS}${otherSession}/replay/file/`,
    ]) {
      expect((await call(auditor, 'GET', url, { org: DEFAULT_ORG_ID })).status, url).toBe(404);
    }
    expect((await page<Session>(otherAuditor, SESSIONS, OTHER_ORG)).map((session) => session.id)).toEqual([
      otherSession,
    ]);
    const commands = await page<Command>(otherAuditor, `${COMMANDS}?session_id=${otherSession}`, OTHER_ORG);
    expect(commands.map((command) => command.input)).toEqual(['whoami']);
    const killed = await call<{ ok: string[] }>(auditor, 'POST', `${TASKS}kill-session/`, {
      body: [otherSession],
      org: DEFAULT_ORG_ID,
    });
    // An auditor of Default may end sessions there, not one of another org: nothing is queued.
    expect(killed.body).toEqual({ ok: [] });
  });

  it('validates joining: a monitor of the session org may, a plain user may not', async () => {
    const adminId = (await call<{ id: string }>(admin, 'GET', '/api/v1/users/profile/')).body.id;
    const ok = await koko.call<{ ok: boolean }>('POST', `${SESSIONS}join/validate/`, {
      body: { user_id: adminId, session_id: otherSession },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.ok).toBe(true);
    const refused = await koko.call<{ ok: boolean; msg: string }>('POST', `${SESSIONS}join/validate/`, {
      body: { user_id: plainUserId, session_id: otherSession },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.ok).toBe(false);
  });
});

describe('the command list counts up to its bound (docs/http.md#lists)', () => {
  const busySession = '11111111-2222-4333-8444-555555555504';
  // The data layer's bound for `boundedCount` lists (server/src/data/resource-table.ts COUNT_BOUND).
  const BOUND = 200;
  const TOTAL = BOUND + 5;
  type CommandPage = Page<Command> & { count_is_lower_bound?: boolean };
  const list = async (query: string) => {
    const answer = await call<CommandPage>(auditor, 'GET', `${COMMANDS}?session_id=${busySession}&${query}`, {
      org: DEFAULT_ORG_ID,
    });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    const created = await koko.call('POST', SESSIONS, {
      body: sessionBody(busySession),
      org: DEFAULT_ORG_ID,
    });
    expect(created.status).toBe(201);
    const start = Math.floor(Date.now() / 1000) - TOTAL;
    const commands = Array.from({ length: TOTAL }, (_, i) => ({
      user: 'Alice(alice)',
      asset: 'web-01',
      system_user: 'root',
      session: busySession,
      input: `cmd-${i}`,
      output: '',
      timestamp: start + i,
    }));
    expect((await koko.call('POST', COMMANDS, { body: commands, org: DEFAULT_ORG_ID })).status).toBe(201);
  });

  it('answers the bound as a lower bound with a flag, and pages past it', async () => {
    const first = await list('limit=15');
    expect(first.count).toBe(BOUND);
    expect(first.count_is_lower_bound).toBe(true);
    expect(first.next).toContain('offset=15');
    expect(first.results.map((command) => command.input)[0]).toBe(`cmd-${TOTAL - 1}`);
    // The page holding the bound is walked: full, more rows after it, still a lower bound.
    const across = await list('limit=15&offset=190');
    expect(across.results.map((command) => command.input)).toEqual(
      Array.from({ length: 15 }, (_, i) => `cmd-${TOTAL - 1 - 190 - i}`),
    );
    expect(across).toMatchObject({ count: TOTAL, next: null });
    // 190 + 15 rows end the set exactly here: its count is known and exact.
    expect(across.count_is_lower_bound).toBeUndefined();
    // Within the bound a page comes from the counted window; past it, from a walk one row longer than the
    // page: rows follow, so the count is raised to the page's end, still a lower bound.
    const inside = await list('limit=15&offset=185');
    expect(inside).toMatchObject({ count: BOUND, count_is_lower_bound: true });
    expect(inside.next).toContain('offset=200');
    const walked = await list('limit=15&offset=186');
    expect(walked.results.map((command) => command.input)).toEqual(
      Array.from({ length: 15 }, (_, i) => `cmd-${TOTAL - 1 - 186 - i}`),
    );
    expect(walked).toMatchObject({ count: BOUND + 1, count_is_lower_bound: true });
    expect(walked.next).toContain('offset=201');
    // Past the end only the bound is known.
    const beyond = await list('limit=15&offset=400');
    expect(beyond).toMatchObject({ results: [], count: BOUND, count_is_lower_bound: true, next: null });
    const last = await list('limit=15&offset=200');
    expect(last.results.map((command) => command.input)).toEqual([4, 3, 2, 1, 0].map((i) => `cmd-${i}`));
    expect(last).toMatchObject({ count: TOTAL, next: null });
    expect('count_is_lower_bound' in last).toBe(false);
    // A search narrowing the set below the bound counts exactly, without the flag.
    const few = await list('limit=15&input=cmd-19');
    expect(few.count).toBe(11);
    expect('count_is_lower_bound' in few).toBe(false);
  });
});

function untar(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const files = new Map<string, Buffer>();
    const reader = extract();
    reader.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
      stream.on('end', () => {
        files.set(header.name, Buffer.concat(chunks));
        next();
      });
      stream.resume();
    });
    reader.on('finish', () => resolve(files));
    reader.on('error', reject);
    reader.end(bytes);
  });
}
