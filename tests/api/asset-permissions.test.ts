// Asset permissions (docs/resources.md#asset-permissions): CRUD with the contract defaults, the actions bit
// mask, org isolation of every link, the list filters, bulk writes, and who may touch them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';
import { ASSETS, NODES, addOrg, adminClient, call, type AssetBody, type NodeBody } from './asset-helpers';
import { DEFAULT_ORG_ID, ROOT_ORG_ID } from '../../server/src/orgs/org-ids';

const PERMISSIONS = '/api/v1/perms/asset-permissions/';
const ORG_B = '71c4e700-0000-4000-8000-0000000000b3';
const ALL_ACTIONS = [
  'all',
  'connect',
  'upload_file',
  'download_file',
  'updownload',
  'clipboard_copy',
  'clipboard_paste',
  'clipboard_copy_paste',
];

interface PermissionBody {
  id: string;
  name: string;
  is_active: boolean;
  is_expired: boolean;
  is_valid: boolean;
  actions: string[];
  created_by: string;
  date_created: string;
  date_start: string;
  date_expired: string;
  comment: string;
  from_ticket: boolean;
  users: string[];
  users_display: string[];
  user_groups: string[];
  user_groups_display: string[];
  assets: string[];
  assets_display: string[];
  nodes: string[];
  nodes_display: string[];
  users_amount: number;
  user_groups_amount: number;
  assets_amount: number;
  nodes_amount: number;
  org_id: string;
  org_name: string;
}

let server: TestServer;
let admin: Client;
let orgAdmin: Client;
let orgUser: Client;
let aliceId: string;
let strangerId: string;
let groupId: string;
let parentNode: NodeBody;
let childNode: NodeBody;
let asset: AssetBody;
let assetB: AssetBody;

async function signIn(username: string): Promise<Client> {
  const client = new Client(server.baseUrl);
  await client.login(username, `${username}-Pass-1`);
  return client;
}

async function user(username: string, orgRoles: Array<{ org: string; role: string }>): Promise<string> {
  const made = await server.createUser({
    username,
    email: `${username}@t.test`,
    password: `${username}-Pass-1`,
    orgRoles,
  });
  return made.id;
}

const create = (who: Client, body: Record<string, unknown>, org = DEFAULT_ORG_ID) =>
  call<PermissionBody>(who, 'POST', PERMISSIONS, { body, org });

const names = (rows: PermissionBody[]) => rows.map((row) => row.name).sort();

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  await addOrg(server, ORG_B, 'Org B');
  aliceId = await user('alice', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
  strangerId = await user('stranger', [{ org: ORG_B, role: 'OrgUser' }]);
  await user('padmin', [{ org: DEFAULT_ORG_ID, role: 'OrgAdmin' }]);
  await user('puser', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
  orgAdmin = await signIn('padmin');
  orgUser = await signIn('puser');
  groupId = (
    await call<{ id: string }>(admin, 'POST', '/api/v1/users/groups/', {
      body: { name: 'ops', users: [aliceId] },
    })
  ).body.id;
  parentNode = (await call<NodeBody>(admin, 'POST', NODES, { body: { value: 'dc1' } })).body;
  childNode = (
    await call<NodeBody>(admin, 'POST', `${NODES}${parentNode.id}/children/`, { body: { value: 'web' } })
  ).body;
  asset = (
    await call<AssetBody>(admin, 'POST', ASSETS, {
      body: { hostname: 'web01', ip: '10.1.0.1', platform: 'Linux', nodes: [childNode.id] },
    })
  ).body;
  assetB = (
    await call<AssetBody>(admin, 'POST', ASSETS, {
      body: { hostname: 'b01', ip: '10.2.0.1', platform: 'Linux' },
      org: ORG_B,
    })
  ).body;
});

afterAll(async () => {
  await server.close();
});

describe('create, read, update, delete', () => {
  it('creates with the contract defaults', async () => {
    const made = await create(admin, { name: 'defaults' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      name: 'defaults',
      is_active: true,
      is_expired: false,
      is_valid: true,
      actions: ALL_ACTIONS,
      created_by: 'admin',
      comment: '',
      from_ticket: false,
      users: [],
      assets: [],
      users_amount: 0,
      org_id: DEFAULT_ORG_ID,
      org_name: 'Default',
    });
    const years =
      (Date.parse(made.body.date_expired.replace(/\//g, '-')) - Date.now()) / (365.25 * 86_400_000);
    expect(Math.round(years)).toBe(70);
    expect(made.body).not.toHaveProperty('actions_mask');
    expect(made.body).not.toHaveProperty('system_users');
  });

  it('links users, groups, assets and nodes and shows their names and counts', async () => {
    const made = await create(admin, {
      name: 'linked',
      users: [aliceId],
      user_groups: [groupId],
      assets: [asset.id],
      nodes: [childNode.id],
      from_ticket: true,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      users_display: ['alice'],
      user_groups_display: ['ops'],
      assets_display: ['web01'],
      nodes_display: ['/Default/dc1/web'],
      users_amount: 1,
      user_groups_amount: 1,
      assets_amount: 1,
      nodes_amount: 1,
      from_ticket: false,
    });
    const patched = await call<PermissionBody>(admin, 'PATCH', `${PERMISSIONS}${made.body.id}/`, {
      body: { comment: 'x', actions: ['connect'], is_active: false },
    });
    expect(patched.body).toMatchObject({
      comment: 'x',
      actions: ['connect'],
      is_active: false,
      is_valid: false,
    });
    expect(patched.body.users).toEqual([aliceId]);
    expect((await call(admin, 'DELETE', `${PERMISSIONS}${made.body.id}/`)).status).toBe(204);
    expect((await call(admin, 'GET', `${PERMISSIONS}${made.body.id}/`)).status).toBe(404);
  });

  it('reads and writes actions as the bit mask of docs/resources.md#asset-permissions', async () => {
    const cases: Array<[string[], string[]]> = [
      [
        ['connect', 'upload_file', 'download_file'],
        ['connect', 'upload_file', 'download_file', 'updownload'],
      ],
      [['updownload'], ['upload_file', 'download_file', 'updownload']],
      [['clipboard_copy_paste'], ['clipboard_copy', 'clipboard_paste', 'clipboard_copy_paste']],
      [['all'], ALL_ACTIONS],
      [[], []],
    ];
    for (const [index, [sent, read]] of cases.entries()) {
      const made = await create(admin, { name: `mask-${index}`, actions: sent });
      expect(made.body.actions, sent.join(',')).toEqual(read);
    }
  });

  it('keeps names unique per org and refuses Root', async () => {
    expect((await create(admin, { name: 'dup' })).status).toBe(201);
    const dup = await create(admin, { name: 'dup' });
    expect(dup.status).toBe(400);
    expect(dup.body).toHaveProperty('name');
    expect((await create(admin, { name: 'dup' }, ORG_B)).status).toBe(201);
    expect((await create(admin, { name: 'root' }, ROOT_ORG_ID)).status).toBe(400);
  });

  it('never links another org’s objects or people', async () => {
    const foreignAsset = await create(admin, { name: 'x1', assets: [assetB.id] });
    expect(foreignAsset.status).toBe(400);
    expect(foreignAsset.body).toHaveProperty('assets');
    const stranger = await create(admin, { name: 'x2', users: [strangerId] });
    expect(stranger.status).toBe(400);
    expect(stranger.body).toHaveProperty('users');
    const made = await create(admin, { name: 'x3' });
    const fromRoot = await call(admin, 'PATCH', `${PERMISSIONS}${made.body.id}/`, {
      body: { assets: [assetB.id] },
      org: ROOT_ORG_ID,
    });
    expect(fromRoot.status).toBe(400);
  });

  it('answers 400 by field to bad input, never 500', async () => {
    const bodies: Array<[Record<string, unknown>, string]> = [
      [{}, 'name'],
      [{ name: 'n'.repeat(129) }, 'name'],
      [{ name: 'b1', actions: 'all' }, 'actions'],
      [{ name: 'b2', actions: ['fly'] }, 'actions'],
      [{ name: 'b3', date_start: 'yesterday' }, 'date_start'],
      [{ name: 'b4', users: 'alice' }, 'users'],
      [{ name: 'b5', nodes: ['not-a-node'] }, 'nodes'],
      [{ name: 'b6', is_active: 'maybe' }, 'is_active'],
      [{ name: 'b7', comment: 'c'.repeat(100_000) }, 'comment'],
    ];
    for (const [body, field] of bodies) {
      const answer = await create(admin, body);
      expect(answer.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(answer.body).toHaveProperty(field);
    }
    expect((await call(admin, 'POST', PERMISSIONS, { raw: '{"name":' })).status).toBe(400);
  });
});

describe('filters', () => {
  beforeAll(async () => {
    await create(admin, { name: 'f-user', users: [aliceId] });
    await create(admin, { name: 'f-group', user_groups: [groupId] });
    await create(admin, { name: 'f-asset', assets: [asset.id] });
    await create(admin, { name: 'f-parent', nodes: [parentNode.id] });
    await create(admin, { name: 'f-child', nodes: [childNode.id] });
    await create(admin, {
      name: 'f-expired',
      date_expired: '2001-01-01 00:00:00 +0000',
      date_start: '2000-01-01T00:00:00Z',
    });
  });

  const filtered = async (query: string) =>
    names((await call<PermissionBody[]>(admin, 'GET', `${PERMISSIONS}?${query}`)).body).filter((n) =>
      n.startsWith('f-'),
    );

  it('user_id includes the user’s groups; asset_id and node_id include ancestor nodes', async () => {
    expect(await filtered(`user_id=${aliceId}`)).toEqual(['f-group', 'f-user']);
    expect(await filtered(`asset_id=${asset.id}`)).toEqual(['f-asset', 'f-child', 'f-parent']);
    expect(await filtered(`node_id=${childNode.id}`)).toEqual(['f-child', 'f-parent']);
    expect(await filtered(`node_id=${parentNode.id}`)).toEqual(['f-parent']);
    expect(await filtered(`asset_id=${assetB.id}`)).toEqual([]);
    expect(await filtered('node_id=nope')).toEqual([]);
  });

  it('is_valid, from_ticket, name and search', async () => {
    expect(await filtered('is_valid=false')).toEqual(['f-expired']);
    expect(await filtered('is_valid=true')).not.toContain('f-expired');
    expect(await filtered('name=f-user')).toEqual(['f-user']);
    expect(await filtered('from_ticket=true')).toEqual([]);
    expect(await filtered('search=f-ch')).toEqual(['f-child']);
    const page = await call<{ count: number; results: PermissionBody[] }>(
      admin,
      'GET',
      `${PERMISSIONS}?limit=2&offset=0&order=-name&search=f-`,
    );
    expect(page.body.count).toBe(6);
    expect(page.body.results.map((row) => row.name)).toEqual(['f-user', 'f-parent']);
  });

  it('bulk updates and deletes by ids', async () => {
    const rows = (await call<PermissionBody[]>(admin, 'GET', `${PERMISSIONS}?search=f-`)).body;
    const bulk = await call<PermissionBody[]>(admin, 'PATCH', PERMISSIONS, {
      body: rows.map((row) => ({ id: row.id, comment: 'bulk' })),
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.every((row) => row.comment === 'bulk')).toBe(true);
    const ids = rows.slice(0, 2).map((row) => row.id);
    expect((await call(admin, 'DELETE', `${PERMISSIONS}?ids=${ids.join(',')}`)).status).toBe(204);
    expect((await call<PermissionBody[]>(admin, 'GET', `${PERMISSIONS}?search=f-`)).body).toHaveLength(
      rows.length - 2,
    );
  });
});

describe('rbac', () => {
  it('a plain org user can neither list nor change; an org admin can, in his org only', async () => {
    const theirs = (await create(admin, { name: 'in-b' }, ORG_B)).body;
    const ours = (await create(admin, { name: 'in-default' })).body;
    expect((await call(orgUser, 'GET', PERMISSIONS, { org: DEFAULT_ORG_ID })).status).toBe(403);
    expect((await call(orgUser, 'GET', `${PERMISSIONS}${ours.id}/`, { org: DEFAULT_ORG_ID })).status).toBe(
      403,
    );
    expect((await create(orgUser, { name: 'nope' })).status).toBe(403);
    expect(
      (await call(orgUser, 'PATCH', `${PERMISSIONS}${ours.id}/`, { body: { comment: 'x' } })).status,
    ).toBe(403);
    expect((await call(orgUser, 'DELETE', `${PERMISSIONS}${ours.id}/`)).status).toBe(403);

    const listed = await call<PermissionBody[]>(orgAdmin, 'GET', PERMISSIONS, { org: DEFAULT_ORG_ID });
    expect(listed.status).toBe(200);
    expect(listed.body.every((row) => row.org_id === DEFAULT_ORG_ID)).toBe(true);
    expect(listed.body.map((row) => row.id)).not.toContain(theirs.id);
    expect((await call(orgAdmin, 'GET', `${PERMISSIONS}${theirs.id}/`, { org: DEFAULT_ORG_ID })).status).toBe(
      404,
    );
    expect(
      (await call(orgAdmin, 'PATCH', `${PERMISSIONS}${theirs.id}/`, { body: { comment: 'x' } })).status,
    ).toBe(404);
    const made = await create(orgAdmin, { name: 'by-org-admin', users: [aliceId] });
    expect(made.status).toBe(201);
    expect(made.body.created_by).toBe('padmin');
    expect(
      (await call(orgAdmin, 'PATCH', `${PERMISSIONS}${ours.id}/`, { body: { comment: 'x' } })).status,
    ).toBe(200);
    // Org B is not his: the org itself is refused.
    expect((await call(orgAdmin, 'GET', PERMISSIONS, { org: ORG_B })).status).toBe(403);
    expect((await call(orgAdmin, 'GET', PERMISSIONS, { org: ROOT_ORG_ID })).status).toBe(403);
    const anonymous = new Client(server.baseUrl);
    expect((await call(anonymous, 'GET', PERMISSIONS)).status).toBe(401);
  });
});
