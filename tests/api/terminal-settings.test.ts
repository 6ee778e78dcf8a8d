// The terminal settings (docs/terminal-settings.md): the `terminal` settings category and what it changes
// for the components (their config, the user authentication they ask for, when they count as offline), the
// replay and command storages with their test, and the endpoints with the rules the smart endpoint follows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../server/src/ops/task-runner';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';
import { TERMINAL_REPLAY_STORAGE } from '../../server/src/resources/terminal/names';
import { Client, startTestServer, type TestServer } from './harness';
import { adminClient, call, userClient, type Page } from './asset-helpers';
import { ComponentClient, registerComponent, type Registration } from './component-client';

const TOKEN = 'bootstrap-token-for-terminal-settings';
const TERMINAL = '/api/v1/settings/setting/?category=terminal';
const CONFIG = '/api/v1/terminal/terminals/config/';
const USER_AUTH = '/api/v1/authentication/tokens/';
const REPLAY_STORAGES = '/api/v1/terminal/replay-storages/';
const COMMAND_STORAGES = '/api/v1/terminal/command-storages/';
const ENDPOINTS = '/api/v1/terminal/endpoints/';
const RULES = '/api/v1/terminal/endpoint-rules/';
const SMART = '/api/v1/terminal/endpoints/smart/';
const TERMINALS = '/api/v1/terminal/terminals/';
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICY5UYGxuw820B7qgN0mDZmZO7zBd+m6SEO+4oaWcAtQ dora@laptop';
const OTHER_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl other@laptop';

interface Storage {
  id: string;
  name: string;
  type: string;
  meta: Record<string, unknown>;
  is_default: boolean;
}

let server: TestServer;
let admin: Client;
let dora: Client;
let koko: ComponentClient;
let registration: Registration;

beforeAll(async () => {
  server = await startTestServer({ bootstrapToken: TOKEN });
  admin = await adminClient(server);
  admin.cookies.set('django_language', 'en');
  dora = await userClient(server, 'dora', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
  dora.cookies.set('django_language', 'en');
  expect(
    (await call(dora, 'PUT', '/api/v1/users/profile/public-key/', { body: { public_key: KEY } })).status,
  ).toBe(200);
  const registered = await registerComponent(server.baseUrl, TOKEN, { name: 'koko-settings', type: 'koko' });
  expect(registered.status).toBe(201);
  registration = registered.body;
  koko = ComponentClient.of(server.baseUrl, registration);
});

afterAll(async () => {
  await server?.close();
});

describe('terminal settings category', () => {
  it('needs settings.change_terminal, even to read', async () => {
    expect((await call(dora, 'GET', TERMINAL)).status).toBe(403);
    expect((await call(dora, 'PATCH', TERMINAL, { body: { TERMINAL_PASSWORD_AUTH: false } })).status).toBe(
      403,
    );
    const read = await call<Record<string, unknown>>(admin, 'GET', TERMINAL);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      TERMINAL_PASSWORD_AUTH: true,
      TERMINAL_PUBLIC_KEY_AUTH: true,
      TERMINAL_ASSET_LIST_SORT_BY: 'hostname',
      TERMINAL_ASSET_LIST_PAGE_SIZE: 'auto',
      TERMINAL_HEARTBEAT_INTERVAL: 30,
    });
  });

  it('refuses bad values field by field and saves nothing of that request', async () => {
    const bad = await call<Record<string, string[]>>(admin, 'PATCH', TERMINAL, {
      body: {
        TERMINAL_ASSET_LIST_SORT_BY: 'size',
        TERMINAL_ASSET_LIST_PAGE_SIZE: '7',
        TERMINAL_TELNET_REGEX: 'login:(',
        TERMINAL_HEARTBEAT_INTERVAL: 1,
        TERMINAL_PASSWORD_AUTH: false,
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual([
      'TERMINAL_ASSET_LIST_PAGE_SIZE',
      'TERMINAL_ASSET_LIST_SORT_BY',
      'TERMINAL_HEARTBEAT_INTERVAL',
      'TERMINAL_TELNET_REGEX',
    ]);
    expect(bad.body.TERMINAL_TELNET_REGEX).toEqual(['Enter a valid regular expression.']);
    const read = await call<Record<string, unknown>>(admin, 'GET', TERMINAL);
    expect(read.body.TERMINAL_PASSWORD_AUTH).toBe(true);
  });

  it('reaches the components through their config', async () => {
    const saved = await call(admin, 'PATCH', TERMINAL, {
      body: {
        TERMINAL_ASSET_LIST_SORT_BY: 'ip',
        TERMINAL_ASSET_LIST_PAGE_SIZE: '25',
        TERMINAL_TELNET_REGEX: 'Last login',
      },
    });
    expect(saved.status).toBe(200);
    const config = await koko.call<Record<string, unknown>>('GET', CONFIG);
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({
      TERMINAL_ASSET_LIST_SORT_BY: 'ip',
      TERMINAL_ASSET_LIST_PAGE_SIZE: '25',
      TERMINAL_TELNET_REGEX: 'Last login',
      TERMINAL_REPLAY_STORAGE: { TYPE: 'server' },
      TERMINAL_COMMAND_STORAGE: { default: { TYPE: 'server' } },
    });
    expect((await call(dora, 'GET', CONFIG)).status).toBe(403);
  });
});

describe('user authentication at the components', () => {
  // Each call differs (the address): a signed request repeated within its second would be a replay.
  let attempt = 0;
  const auth = (body: Record<string, unknown>) =>
    koko.call<Record<string, unknown>>('POST', USER_AUTH, {
      body: { remote_addr: `10.7.0.${(attempt += 1)}`, ...body },
    });

  it('accepts a password or, from a component, the public key while each is switched on', async () => {
    const byPassword = await auth({ username: 'dora', password: 'dora-Pass-1', remote_addr: '10.1.1.1' });
    expect(byPassword.status).toBe(201);
    expect(byPassword.body).toMatchObject({ user: { username: 'dora' } });
    expect((await auth({ username: 'dora', public_key: KEY })).status).toBe(201);
    expect((await auth({ username: 'dora', public_key: OTHER_KEY })).status).toBe(400);
    expect((await auth({ username: 'dora', password: 'wrong-one', remote_addr: '10.1.1.2' })).status).toBe(
      400,
    );
  });

  it('follows the switches of the terminal settings', async () => {
    await call(admin, 'PATCH', TERMINAL, { body: { TERMINAL_PASSWORD_AUTH: false } });
    const refused = await auth({ username: 'dora', password: 'dora-Pass-1' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'password_auth_disabled' });
    expect((await auth({ username: 'dora', public_key: KEY })).status).toBe(201);
    await call(admin, 'PATCH', TERMINAL, {
      body: { TERMINAL_PASSWORD_AUTH: true, TERMINAL_PUBLIC_KEY_AUTH: false },
    });
    expect((await auth({ username: 'dora', public_key: KEY })).body).toMatchObject({
      error: 'public_key_auth_disabled',
    });
    expect((await auth({ username: 'dora', password: 'dora-Pass-1' })).status).toBe(201);
    await call(admin, 'PATCH', TERMINAL, { body: { TERMINAL_PUBLIC_KEY_AUTH: true } });
  });

  it('never lets anybody but a component authenticate, least of all with a public key alone', async () => {
    const anonymous = await fetch(`${server.baseUrl}${USER_AUTH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'dora', public_key: KEY }),
    });
    expect([401, 403]).toContain(anonymous.status);
    expect(
      (await call(dora, 'POST', USER_AUTH, { body: { username: 'dora', public_key: KEY } })).status,
    ).toBe(403);
  });
});

describe('heartbeat interval', () => {
  it('marks a component offline once four intervals pass without a heartbeat', async () => {
    await call(admin, 'PATCH', TERMINAL, { body: { TERMINAL_HEARTBEAT_INTERVAL: 5 } });
    expect((await koko.call<Record<string, unknown>>('GET', CONFIG)).body.TERMINAL_HEARTBEAT_INTERVAL).toBe(
      5,
    );
    expect(
      (await koko.call('POST', '/api/v1/terminal/terminals/status/', { body: { cpu_load: 0.1 } })).status,
    ).toBe(201);
    const detail = () =>
      call<{ is_alive: boolean; status: string }>(admin, 'GET', `${TERMINALS}${registration.id}/`);
    expect((await detail()).body).toMatchObject({ is_alive: true, status: 'normal' });
    const online = await call<Page<{ id: string }>>(admin, 'GET', `${TERMINALS}?status=normal&limit=100`);
    expect(online.body.results.map((row) => row.id)).toContain(registration.id);
    // 4 × 5 s: wait for the condition, not a fixed time.
    await expect
      .poll(async () => (await detail()).body.is_alive, { timeout: 40_000, interval: 1000 })
      .toBe(false);
    expect((await detail()).body.status).toBe('offline');
    const offline = await call<Page<{ id: string }>>(admin, 'GET', `${TERMINALS}?status=offline&limit=100`);
    expect(offline.body.results.map((row) => row.id)).toContain(registration.id);
    await call(admin, 'PATCH', TERMINAL, { body: { TERMINAL_HEARTBEAT_INTERVAL: 30 } });
  }, 60_000);
});

describe('storages', () => {
  it('has the built-in server storages, which cannot be deleted', async () => {
    const replays = await call<Page<Storage>>(admin, 'GET', `${REPLAY_STORAGES}?limit=100`);
    const builtin = replays.body.results.find((row) => row.name === 'default')!;
    expect(builtin).toMatchObject({ type: 'server', is_default: true });
    expect((await call(admin, 'DELETE', `${REPLAY_STORAGES}${builtin.id}/`)).status).toBe(400);
    const commands = await call<Page<Storage>>(admin, 'GET', `${COMMAND_STORAGES}?limit=100`);
    const command = commands.body.results.find((row) => row.name === 'default')!;
    expect((await call(admin, 'DELETE', `${COMMAND_STORAGES}${command.id}/`)).status).toBe(400);
  });

  it('validates each kind field by field and never answers a secret', async () => {
    const bad = await call<Record<string, string[]>>(admin, 'POST', REPLAY_STORAGES, {
      body: { name: 's3-bad', type: 's3', meta: { ENDPOINT: 'http://s3.example.com/path' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.meta?.join(' ')).toMatch(/BUCKET/);
    expect(bad.body.meta?.join(' ')).toMatch(/ENDPOINT/);
    const created = await call<Storage>(admin, 'POST', REPLAY_STORAGES, {
      body: {
        name: 's3-archive',
        type: 's3',
        meta: {
          BUCKET: 'replays',
          ENDPOINT: 'http://s3.example.com',
          ACCESS_KEY: 'AK',
          SECRET_KEY: 'top-secret',
        },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.meta).toEqual({ BUCKET: 'replays', ENDPOINT: 'http://s3.example.com' });
    expect(
      JSON.stringify((await call(admin, 'GET', `${REPLAY_STORAGES}${created.body.id}/`)).body),
    ).not.toContain('top-secret');
    // At rest the secrets are sealed, not kept in clear.
    const atRest = async () =>
      JSON.stringify(
        await server.app.engine.registry.get(TERMINAL_REPLAY_STORAGE).get(created.body.id, systemContext()),
      );
    expect(await atRest()).toContain('replays');
    expect(await atRest()).not.toContain('top-secret');
    expect(await atRest()).not.toContain('"AK"');
    // An update that leaves the secrets blank keeps them (the form never shows them).
    const renamed = await call<Storage>(admin, 'PATCH', `${REPLAY_STORAGES}${created.body.id}/`, {
      body: {
        meta: { BUCKET: 'replays', ENDPOINT: 'http://s3.example.com', ACCESS_KEY: '', SECRET_KEY: '' },
      },
    });
    expect(renamed.status).toBe(200);
    expect(await atRest()).not.toContain('top-secret');
    const es = await call<Record<string, string[]>>(admin, 'POST', COMMAND_STORAGES, {
      body: { name: 'es-bad', type: 'es', meta: { HOSTS: ['not a url'] } },
    });
    expect(es.status).toBe(400);
    expect(es.body.meta?.join(' ')).toMatch(/HOSTS/);
  });

  it('tests the server kinds for real and says plainly that the others are not reachable', async () => {
    const replays = await call<Page<Storage>>(admin, 'GET', `${REPLAY_STORAGES}?limit=100`);
    const local = replays.body.results.find((row) => row.name === 'default')!;
    const remote = replays.body.results.find((row) => row.name === 's3-archive')!;
    const ok = await call<{ is_valid: boolean; msg: string }>(
      admin,
      'GET',
      `${REPLAY_STORAGES}${local.id}/test-connective/`,
    );
    expect(ok.body.is_valid).toBe(true);
    const far = await call<{ is_valid: boolean; msg: string }>(
      admin,
      'GET',
      `${REPLAY_STORAGES}${remote.id}/test-connective/`,
    );
    expect(far.body).toMatchObject({ is_valid: false });
    expect(far.body.msg).toMatch(/cannot reach/);
    const commands = await call<Page<Storage>>(admin, 'GET', `${COMMAND_STORAGES}?limit=100`);
    const command = commands.body.results.find((row) => row.name === 'default')!;
    const db = await call<{ is_valid: boolean; msg: string }>(
      admin,
      'GET',
      `${COMMAND_STORAGES}${command.id}/test-connective/`,
    );
    expect(db.body.is_valid).toBe(true);
    expect((await call(dora, 'GET', `${COMMAND_STORAGES}${command.id}/test-connective/`)).status).toBe(403);
  });

  it('hands a component the storage it is assigned, which then cannot be deleted', async () => {
    const replays = await call<Page<Storage>>(admin, 'GET', `${REPLAY_STORAGES}?limit=100`);
    const remote = replays.body.results.find((row) => row.name === 's3-archive')!;
    const missing = await call<Record<string, string[]>>(admin, 'PATCH', `${TERMINALS}${registration.id}/`, {
      body: { replay_storage: 'nowhere' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.replay_storage).toBeDefined();
    const assigned = await call<{ replay_storage: string }>(
      admin,
      'PATCH',
      `${TERMINALS}${registration.id}/`,
      {
        body: { replay_storage: remote.id, comment: 'rack 4' },
      },
    );
    expect(assigned.status).toBe(200);
    expect(assigned.body.replay_storage).toBe('s3-archive');
    const config = await koko.call<Record<string, unknown>>('GET', CONFIG);
    expect(config.body.TERMINAL_REPLAY_STORAGE).toEqual({
      TYPE: 's3',
      BUCKET: 'replays',
      ENDPOINT: 'http://s3.example.com',
      ACCESS_KEY: 'AK',
      SECRET_KEY: 'top-secret',
    });
    expect((await call(admin, 'DELETE', `${REPLAY_STORAGES}${remote.id}/`)).status).toBe(400);
    await call(admin, 'PATCH', `${TERMINALS}${registration.id}/`, { body: { replay_storage: 'default' } });
    expect((await call(admin, 'DELETE', `${REPLAY_STORAGES}${remote.id}/`)).status).toBe(204);
  });
});

describe('endpoints and the smart endpoint', () => {
  it('picks the endpoint by rule priority and the asset IP, else the Default one', async () => {
    const make = async (name: string, host: string, extra: Record<string, unknown> = {}) => {
      const made = await call<{ id: string }>(admin, 'POST', ENDPOINTS, { body: { name, host, ...extra } });
      expect(made.status).toBe(201);
      return made.body.id;
    };
    const lan = await make('lan', 'lan.example.com');
    const dc = await make('dc', 'dc.example.com', { rdp_port: 0 });
    const badRule = await call<Record<string, string[]>>(admin, 'POST', RULES, {
      body: { name: 'bad', ip_group: ['10.0.0.0/33'], priority: 5, endpoint: lan },
    });
    expect(badRule.status).toBe(400);
    expect(badRule.body.ip_group).toBeDefined();
    for (const body of [
      { name: 'dc-net', ip_group: ['10.2.0.0/16'], priority: 10, endpoint: dc },
      { name: 'all-private', ip_group: ['10.0.0.0/8'], priority: 20, endpoint: lan },
    ])
      expect((await call(admin, 'POST', RULES, { body })).status).toBe(201);
    const duplicate = await call(admin, 'POST', RULES, {
      body: { name: 'dup', priority: 10, endpoint: lan },
    });
    expect(duplicate.status).toBe(400);
    const smart = async (query: string) =>
      (await call<{ name: string; host: string }>(dora, 'GET', `${SMART}?${query}`)).body;
    expect(await smart('protocol=ssh&target_ip=10.2.3.4')).toMatchObject({
      name: 'dc',
      host: 'dc.example.com',
    });
    expect(await smart('protocol=ssh&target_ip=10.9.3.4')).toMatchObject({ name: 'lan' });
    // dc does not serve RDP (port 0): the next rule decides.
    expect(await smart('protocol=rdp&target_ip=10.2.3.4')).toMatchObject({ name: 'lan' });
    const fallback = await smart('protocol=ssh&target_ip=192.168.1.1');
    expect(fallback.name).toBe('Default');
    expect(fallback.host).not.toBe('');
  });

  it('finds the IP of an asset the caller may see', async () => {
    const asset = await call<{ id: string }>(admin, 'POST', '/api/v1/assets/assets/', {
      org: DEFAULT_ORG_ID,
      body: {
        hostname: 'dc-host',
        ip: '10.2.9.9',
        platform: 'Linux',
        protocols: ['ssh/22'],
      },
    });
    expect(asset.status).toBe(201);
    const picked = await call<{ name: string }>(
      admin,
      'GET',
      `${SMART}?protocol=ssh&asset_id=${asset.body.id}`,
      {
        org: DEFAULT_ORG_ID,
      },
    );
    expect(picked.body.name).toBe('dc');
  });

  it('keeps the Default endpoint and the area to its permissions', async () => {
    expect((await call(admin, 'DELETE', `${ENDPOINTS}00000000-0000-0000-0000-000000000001/`)).status).toBe(
      400,
    );
    expect((await call(dora, 'GET', ENDPOINTS)).status).toBe(403);
    expect((await call(dora, 'POST', RULES, { body: { name: 'x', priority: 50 } })).status).toBe(403);
    expect((await fetch(`${server.baseUrl}${SMART}?protocol=ssh`)).status).toBe(401);
  });
});
