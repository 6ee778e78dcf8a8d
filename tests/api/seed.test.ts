import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';
import { ASSETS, NODES, adminClient, call, type AssetBody, type Page, type TreeItem } from './asset-helpers';
import { seedDemo } from '../../server/src/seed/seed-demo';
import { seedAssets } from '../../server/src/seed/seed-assets';
import { seedTerminal } from '../../server/src/seed/seed-terminal';
import { DEFAULT_COMMAND_STORAGE } from '../../server/src/resources/terminal/names';
import { parseSeedArgs } from '../../server/src/seed/seed-command';
import { seedDemoSignIns } from '../../server/src/seed/seed-demo-sign-ins';

const SESSIONS = '/api/v1/terminal/sessions/';
interface Session {
  id: string;
  date_start: string;
  can_replay: boolean;
  can_terminate: boolean;
}
import { DEMO_ORGS } from '../../server/src/seed/demo-data';
import { ROOT_ORG_ID } from '../../server/src/orgs/org-ids';

const PASSWORD = 'Demo-Test-Pass-1!';
let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
});

afterAll(async () => {
  await server.close();
});

const env = () => ({
  db: server.app.db,
  resources: server.app.engine.registry,
  dataDir: server.config.dataDir,
});

describe('seed --demo', () => {
  it('loads orgs, people, labels, node trees and ~200 assets, once', async () => {
    const first = await seedDemo(env(), PASSWORD);
    expect(first).toMatchObject({ skipped: false, orgs: 3, users: 30, labels: 27, assets: 210, messages: 3 });
    expect(first.terminal).toMatchObject({ sessions: 210, online: 4, replays: 206, systemUsers: 9 });
    expect(first.terminal.dangerous).toBeGreaterThan(0);
    expect(first.terminal.ftpLogs).toBeGreaterThan(0);
    expect(first.nodes).toBeGreaterThanOrEqual(40);
    const again = await seedDemo(env(), PASSWORD);
    expect(again.skipped).toBe(true);
    const all = await call<Page<AssetBody>>(admin, 'GET', `${ASSETS}?limit=1`, { org: ROOT_ORG_ID });
    expect(all.body.count).toBe(210);
  });

  it('gives every org its own tree and lets demo users sign in with their roles', async () => {
    const [, finance] = DEMO_ORGS;
    const tree = await call<TreeItem[]>(admin, 'GET', `${NODES}children/tree/`, { org: finance?.id });
    expect(tree.body[0]?.name).toBe('Finance (24)');
    const orgAdmin = new Client(server.baseUrl);
    await orgAdmin.login('orgadmin', PASSWORD);
    const list = await call<Page<AssetBody>>(orgAdmin, 'GET', `${ASSETS}?limit=5&label=env:prod`, {
      org: finance?.id,
    });
    expect(list.status).toBe(200);
    expect(list.body.results.every((asset) => asset.org_name === 'Finance')).toBe(true);
    const auditor = new Client(server.baseUrl);
    await auditor.login('auditor', PASSWORD);
    expect(
      (await call(auditor, 'POST', ASSETS, { body: { hostname: 'x', ip: '1.1.1.1', platform: 'Linux' } }))
        .status,
    ).toBe(403);
  });
});

describe('seed --demo: terminal activity and logs', () => {
  it('gives finished sessions replays that parse as asciicast v2, and commands, some dangerous', async () => {
    // Runs after the first describe's seed.
    const finished = await call<Page<Session>>(admin, 'GET', `${SESSIONS}?is_finished=1&limit=200`, {
      org: ROOT_ORG_ID,
    });
    expect(finished.body.count).toBe(206);
    const online = await call<Page<Session>>(admin, 'GET', `${SESSIONS}?is_finished=0&limit=10`, {
      org: ROOT_ORG_ID,
    });
    expect(online.body.results.map((row) => row.can_terminate)).toEqual([true, true, true, true]);
    const oldest = Math.min(...finished.body.results.map((row) => Date.parse(row.date_start)));
    expect(Date.now() - oldest).toBeGreaterThan(7 * 24 * 3600 * 1000);
    for (const session of finished.body.results.slice(0, 5)) {
      expect(session.can_replay).toBe(true);
      const file = await admin.request(`${SESSIONS}${session.id}/replay/file/`, {
        headers: { 'x-jms-org': ROOT_ORG_ID },
      });
      expect(file.status).toBe(200);
      const [header, ...events] = (await file.text())
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(header).toMatchObject({ version: 2, width: 120, height: 32 });
      expect(events.length).toBeGreaterThan(10);
      const times = events.map((event: [number, string, string]) => event[0]);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(events.every((event: unknown[]) => event[1] === 'o' && typeof event[2] === 'string')).toBe(true);
      const commands = await call<Page<{ input: string }>>(
        admin,
        'GET',
        `/api/v1/terminal/commands/?session_id=${session.id}&limit=50`,
        { org: ROOT_ORG_ID },
      );
      expect(commands.body.count).toBeGreaterThanOrEqual(3);
      const typed = events.map((event: unknown[]) => event[2]).join('');
      for (const command of commands.body.results) expect(typed).toContain(command.input);
    }
    const dangerous = await call<Page<unknown>>(
      admin,
      'GET',
      `/api/v1/terminal/commands/?command_storage_id=default&risk_level=5&limit=1`,
      { org: ROOT_ORG_ID },
    );
    expect(dangerous.body.count).toBeGreaterThan(0);
  });

  it('leaves the login, operate, password change and FTP logs its own actions wrote', async () => {
    const signIns = await seedDemoSignIns(server.app, PASSWORD);
    expect(signIns).toEqual({ signIns: 8, failed: 3, passwordChanges: 2 });
    const logins = await call<Page<{ username: string; status: boolean; reason: string }>>(
      admin,
      'GET',
      '/api/v1/audits/login-logs/?username=liuyang&limit=5',
      { org: ROOT_ORG_ID },
    );
    expect(logins.body.results.map((row) => row.reason)).toContain('password_failed');
    const operate = await call<Page<{ resource: string; action: string }>>(
      admin,
      'GET',
      '/api/v1/audits/operate-logs/?resource=ops&limit=10',
      { org: ROOT_ORG_ID },
    );
    expect(operate.body.results.some((row) => row.action === 'create')).toBe(true);
    const changes = await call<Page<{ user: string }>>(
      admin,
      'GET',
      '/api/v1/audits/password-change-logs/?limit=10',
      { org: ROOT_ORG_ID },
    );
    expect(changes.body.results.map((row) => row.user)).toContain('Dave Okafor(dave)');
    const ftp = await call<Page<{ is_success: boolean }>>(
      admin,
      'GET',
      '/api/v1/audits/ftp-logs/?limit=100',
      {
        org: ROOT_ORG_ID,
      },
    );
    expect(ftp.body.results.some((row) => !row.is_success)).toBe(true);
    // The reset kept the demo password: the people can still sign in.
    await new Client(server.baseUrl).login('dave', PASSWORD);
  });
});

describe('seed --assets', () => {
  it('bulk-loads assets under /Default/Scale in one go', async () => {
    const before = (await call<Page<AssetBody>>(admin, 'GET', `${ASSETS}?limit=1`)).body.count;
    const result = await seedAssets(env(), 3000);
    expect(result).toMatchObject({ assets: 3000, leaves: 128 });
    const after = await call<Page<AssetBody>>(
      admin,
      'GET',
      `${ASSETS}?limit=15&offset=30&search=prod&order=-hostname`,
    );
    expect(after.status).toBe(200);
    const total = (await call<Page<AssetBody>>(admin, 'GET', `${ASSETS}?limit=1`)).body.count;
    expect(total - before).toBe(3000);
    expect(after.body.results).toHaveLength(15);
    expect(after.body.results[0]?.nodes_display[0]).toMatch(/^\/Default\/Scale\//);
    const scale = (await call<Array<{ id: string }>>(admin, 'GET', `${NODES}?value=Scale`)).body[0];
    const tree = await call<TreeItem[]>(admin, 'GET', `${NODES}children/tree/?id=${scale?.id}`);
    expect(tree.body).toHaveLength(8);
  });

  it('parses its arguments strictly', () => {
    expect(parseSeedArgs(['--demo'])).toEqual({ demo: true, assets: 0, sessions: 0, commands: 0 });
    expect(parseSeedArgs(['--assets', '100000'])).toEqual({
      demo: false,
      assets: 100000,
      sessions: 0,
      commands: 0,
    });
    expect(parseSeedArgs(['--assets=5'])).toEqual({ demo: false, assets: 5, sessions: 0, commands: 0 });
    for (const bad of [
      [],
      ['--assets'],
      ['--assets', '-1'],
      ['--assets', '1e9'],
      ['--assets', '99999999'],
      ['--nope'],
    ]) {
      expect(parseSeedArgs(bad), bad.join(' ')).toHaveProperty('error');
    }
  });
});

describe('seed --sessions --commands', () => {
  // Loaded into December 2000, where nothing else lies, through the bulk load (indexes built afterwards).
  const now = Date.parse('2001-01-01T00:00:00Z');
  const range = 'date_from=2000-11-01T00:00:00Z&date_to=2001-01-02T00:00:00Z';
  const COMMANDS = '/api/v1/terminal/commands/';
  interface Command {
    input: string;
    session: string;
    timestamp: number;
  }

  it('loads sessions and commands whose lists, filters and search work at once', async () => {
    const result = await seedTerminal(env(), { sessions: 40, commands: 400 }, now);
    expect(result).toMatchObject({ sessions: 40, commands: 400 });
    const sessions = await call<Page<Session>>(admin, 'GET', `${SESSIONS}?${range}&limit=100`);
    expect(sessions.body.count).toBe(40);
    const all = await call<Page<Command>>(
      admin,
      'GET',
      `${COMMANDS}?command_storage_id=${DEFAULT_COMMAND_STORAGE.id}&${range}&limit=400`,
    );
    expect(all.body.count).toBe(400);
    // The search index was rebuilt over the loaded rows: a search finds exactly the commands holding the term.
    const wanted = all.body.results.filter((c) => c.input.includes('nginx')).length;
    expect(wanted).toBeGreaterThan(0);
    const searched = await call<Page<Command>>(
      admin,
      'GET',
      `${COMMANDS}?command_storage_id=${DEFAULT_COMMAND_STORAGE.id}&${range}&search=nginx&limit=1`,
    );
    expect(searched.body.count).toBe(wanted);
    // One session's commands, newest first.
    const session = sessions.body.results[3]?.id ?? '';
    const own = await call<Page<Command>>(admin, 'GET', `${COMMANDS}?session_id=${session}&limit=50`);
    expect(own.body.count).toBe(10);
    expect(own.body.results.every((c) => c.session === session)).toBe(true);
    const stamps = own.body.results.map((c) => c.timestamp);
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
  });
});
