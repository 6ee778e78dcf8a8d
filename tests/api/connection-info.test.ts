// Connection info (docs/connection-info.md): per protocol the host and port the endpoint rules pick for the
// asset's address, the SSH command line, the system users that log in to the asset — and only for an asset
// the caller may see (granted, or any asset of the org for an assets admin).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';
import { adminClient, call, type AssetBody } from './asset-helpers';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';
import { createAsset, createNode, grant, signedInPerson } from './grant-helpers';
import type { ConnectionInfo as Info } from '../../sdk/src/crud/ui/ConnectionInfoDialog';

const URL = '/api/v1/terminal/connection-info/';
const ENDPOINTS = '/api/v1/terminal/endpoints/';
const RULES = '/api/v1/terminal/endpoint-rules/';
const SYSTEM_USERS = '/api/v1/assets/system-users/';

let server: TestServer;
let admin: Client;
let alice: Client;
let granted: AssetBody;
let other: AssetBody;
let ops: string;
let dba: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  alice = (await signedInPerson(server, 'alice', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }])).client;
  const node = await createNode(admin, 'Shanghai');
  granted = await createAsset(admin, 'sh-web-01', '10.1.2.3', node.id, { protocols: ['ssh/22', 'rdp/3389'] });
  other = await createAsset(admin, 'bj-web-01', '10.0.2.3', node.id);
  await grant(admin, {
    name: 'alice-sh',
    users: [(await userId('alice'))!],
    assets: [granted.id],
    actions: ['all'],
  });
  // Two endpoints: a near one for 10.1.0.0/16 (its RDP port switched off) and a catch-all with a lower priority.
  const near = await call<{ id: string }>(admin, 'POST', ENDPOINTS, {
    body: { name: 'near', host: 'near.example.com', ssh_port: 2201, rdp_port: 0 },
  });
  const far = await call<{ id: string }>(admin, 'POST', ENDPOINTS, {
    body: { name: 'far', host: 'far.example.com', ssh_port: 2202, rdp_port: 3390 },
  });
  expect([near.status, far.status]).toEqual([201, 201]);
  for (const [name, ip_group, priority, endpoint] of [
    ['sh', ['10.1.0.0/16'], 10, near.body.id],
    ['all', ['*'], 20, far.body.id],
  ] as const) {
    const rule = await call(admin, 'POST', RULES, { body: { name, ip_group, priority, endpoint } });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
  }
  const made = await call<{ id: string }>(admin, 'POST', SYSTEM_USERS, {
    body: {
      name: 'ops',
      username: 'ops',
      protocol: 'ssh',
      login_mode: 'manual',
      priority: 90,
      nodes: [node.id],
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  ops = made.body.id;
  const db = await call<{ id: string }>(admin, 'POST', SYSTEM_USERS, {
    body: {
      name: 'dba',
      username: 'dba',
      protocol: 'mysql',
      login_mode: 'manual',
      priority: 10,
      assets: [granted.id],
    },
  });
  expect(db.status, JSON.stringify(db.body)).toBe(201);
  dba = db.body.id;
});

afterAll(async () => {
  await server.close();
});

async function userId(username: string): Promise<string | undefined> {
  const found = await call<Array<{ id: string }>>(admin, 'GET', `/api/v1/users/users/?username=${username}`);
  return found.body[0]?.id;
}

describe('connection info', () => {
  it('picks host and port per protocol by the endpoint rules, with the SSH command', async () => {
    const info = await call<Info>(alice, 'GET', `${URL}?asset_id=${granted.id}`);
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    expect(info.body.asset.hostname).toBe('sh-web-01');
    // Bound through its node (ops, priority 90, chosen first) and directly (dba).
    expect(info.body.system_users.map((s) => s.name)).toEqual(['ops', 'dba']);
    expect(info.body.system_user).toBe(ops);
    expect(info.body.connections).toEqual([
      {
        protocol: 'ssh',
        host: 'near.example.com',
        port: 2201,
        endpoint: 'near',
        command: 'ssh alice@sh-web-01@near.example.com -p 2201',
      },
      // The near endpoint serves no RDP: the next rule's endpoint does.
      { protocol: 'rdp', host: 'far.example.com', port: 3390, endpoint: 'far', command: null },
    ]);
  });

  it("adds the chosen system user's protocol, and refuses a system user not bound to the asset", async () => {
    const info = await call<Info>(alice, 'GET', `${URL}?asset_id=${granted.id}&system_user_id=${dba}`);
    expect(info.status).toBe(200);
    expect(info.body.connections.map((c) => `${c.protocol} ${c.host}:${c.port}`)).toEqual([
      'ssh near.example.com:2201',
      'rdp far.example.com:3390',
      'mysql near.example.com:33060',
    ]);
    const unbound = await call<Record<string, string[]>>(
      alice,
      'GET',
      `${URL}?asset_id=${granted.id}&system_user_id=00000000-0000-4000-8000-000000000000`,
    );
    expect(unbound.status).toBe(400);
    expect(unbound.body.system_user_id?.[0]).toBe('该系统用户不能登录此资产');
  });

  it('answers 404 for an asset the user was not granted, and admins see any asset of the org', async () => {
    expect((await call(alice, 'GET', `${URL}?asset_id=${other.id}`)).status).toBe(404);
    expect((await call(alice, 'GET', `${URL}?asset_id=not-an-id`)).status).toBe(404);
    expect((await call(alice, 'GET', URL)).status).toBe(404);
    const asAdmin = await call<Info>(admin, 'GET', `${URL}?asset_id=${other.id}`);
    expect(asAdmin.status).toBe(200);
    // 10.0.x.x falls to the catch-all rule.
    expect(asAdmin.body.connections[0]).toMatchObject({ host: 'far.example.com', port: 2202 });
    expect(asAdmin.body.connections[0]?.command).toBe('ssh admin@bj-web-01@far.example.com -p 2202');
    expect((await call(new Client(server.baseUrl), 'GET', `${URL}?asset_id=${granted.id}`)).status).toBe(401);
  });
});
