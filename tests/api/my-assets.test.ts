// The self-service permission endpoints (docs/resources.md#what-a-user-was-granted,
// docs/resources.md#asset-permissions): what the signed-in user was granted — directly, through a group,
// through a node subtree — as a flat list, a detail and a zTree, with org isolation, validity, the actions
// union, and who may ask.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';
import {
  ASSETS,
  NODES,
  addOrg,
  adminClient,
  call,
  type AssetBody,
  type NodeBody,
  type Page,
  type TreeItem,
} from './asset-helpers';
import { DEFAULT_ORG_ID, ROOT_ORG_ID } from '../../server/src/orgs/org-ids';
import { permissionIdOf } from '../../server/src/rbac/permission-ids';
import { seedAssets } from '../../server/src/seed/seed-assets';
import { createAsset, createNode, grant as grantAs, signedInPerson } from './grant-helpers';

const PERMISSIONS = '/api/v1/perms/asset-permissions/';
const MY_ASSETS = '/api/v1/perms/users/assets/';
const MY_TREE = '/api/v1/perms/users/nodes/children/tree/';
const ORG_B = '71c4e700-0000-4000-8000-0000000000c7';
const PAST = '2001-01-01 00:00:00 +0000';

interface MyAsset {
  id: string;
  hostname: string;
  ip: string;
  platform: string;
  protocols: string[];
  is_active: boolean;
  comment: string;
  org_id: string;
  org_name: string;
  actions: string[];
}

let server: TestServer;
let admin: Client;
let alice: Client;
let bob: Client;
let carol: Client;
let dora: Client;
const ids: Record<string, string> = {};
const asset: Record<string, AssetBody> = {};
const node: Record<string, NodeBody> = {};

async function person(
  username: string,
  orgRoles: Array<{ org: string; role: string }>,
  systemRoles: string[] = ['User'],
): Promise<Client> {
  const made = await signedInPerson(server, username, orgRoles, systemRoles);
  ids[username] = made.id;
  return made.client;
}

async function makeNode(name: string, parent?: string): Promise<void> {
  node[name] = await createNode(admin, name, parent ? node[parent]?.id : undefined);
}

async function makeAsset(
  hostname: string,
  ip: string,
  nodeName: string | null,
  extra: Record<string, unknown> = {},
  org = DEFAULT_ORG_ID,
): Promise<void> {
  asset[hostname] = await createAsset(admin, hostname, ip, nodeName ? node[nodeName]?.id : null, extra, org);
}

const grant = (body: Record<string, unknown>, org = DEFAULT_ORG_ID) => grantAs(admin, body, org);

const assetIds = (...hostnames: string[]): string[] => hostnames.map((name) => String(asset[name]?.id));

const mine = async (who: Client, query = '', org?: string): Promise<MyAsset[]> => {
  const answer = await call<MyAsset[]>(who, 'GET', `${MY_ASSETS}${query ? `?${query}` : ''}`, { org });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

const hostnames = (rows: MyAsset[]): string[] => rows.map((row) => row.hostname);

const tree = async (who: Client, query = ''): Promise<TreeItem[]> => {
  const answer = await call<TreeItem[]>(who, 'GET', `${MY_TREE}${query ? `?${query}` : ''}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

const ALICE_ASSETS = ['my-both', 'my-dc1-host', 'my-deep-01', 'my-direct', 'my-group', 'my-web-01'];

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  await addOrg(server, ORG_B, 'Org B');
  const both = [
    { org: DEFAULT_ORG_ID, role: 'OrgUser' },
    { org: ORG_B, role: 'OrgUser' },
  ];
  alice = await person('alice', both);
  bob = await person('bob', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
  carol = await person('carol', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
  dora = await person('dora', both, ['SystemAuditor']);

  await makeNode('dc1');
  await makeNode('web', 'dc1');
  await makeNode('deep', 'web');
  await makeNode('dc2');
  await makeNode('other');
  await makeNode('secret');
  await makeAsset('my-dc1-host', '10.50.0.1', 'dc1');
  await makeAsset('my-web-01', '10.50.0.2', 'web');
  await makeAsset('my-deep-01', '10.50.0.3', 'deep', { is_active: false });
  await makeAsset('my-direct', '10.50.0.4', 'dc2');
  await makeAsset('my-both', '10.50.0.5', 'other');
  await makeAsset('my-group', '10.50.0.6', 'other');
  await makeAsset('my-expired', '10.50.0.7', 'dc2');
  await makeAsset('my-inactive', '10.50.0.8', 'dc2');
  await makeAsset('bob-only', '10.50.0.9', 'dc2');
  await makeAsset('secret-01', '10.50.0.10', 'secret');
  await makeAsset('dora-01', '10.50.0.11', 'dc2');
  await makeAsset('b-host', '10.60.0.1', null, {}, ORG_B);

  const group = await call<{ id: string }>(admin, 'POST', '/api/v1/users/groups/', {
    body: { name: 'ops', users: [ids.alice] },
  });
  expect(group.status).toBe(201);
  const alone = { users: [ids.alice] };
  await grant({ name: 'node', ...alone, nodes: [node.dc1?.id], actions: ['connect'] });
  await grant({ name: 'direct', ...alone, assets: assetIds('my-direct', 'my-both'), actions: ['connect'] });
  await grant({ name: 'both2', ...alone, assets: assetIds('my-both'), actions: ['upload_file'] });
  await grant({
    name: 'group',
    user_groups: [group.body.id],
    assets: assetIds('my-group'),
    actions: ['download_file'],
  });
  await grant({
    name: 'expired',
    ...alone,
    assets: assetIds('my-expired'),
    date_start: PAST,
    date_expired: '2002-01-01 00:00:00 +0000',
  });
  await grant({ name: 'inactive', ...alone, assets: assetIds('my-inactive'), is_active: false });
  await grant({ name: 'bob', users: [ids.bob], assets: assetIds('bob-only') });
  await grant({ name: 'dora', users: [ids.dora], assets: assetIds('dora-01') });
  await grant({ name: 'b', users: [ids.alice, ids.dora], assets: assetIds('b-host') }, ORG_B);
});

afterAll(async () => {
  await server.close();
});

describe('the flat list', () => {
  it('answers direct, group and node grants (sub-nodes included), nothing expired or inactive', async () => {
    expect(hostnames(await mine(alice))).toEqual(ALICE_ASSETS);
  });

  it('answers the item shape with the OR of the actions of every permission reaching an asset', async () => {
    const rows = await mine(alice);
    const byName = new Map(rows.map((row) => [row.hostname, row]));
    expect(byName.get('my-both')?.actions).toEqual(['connect', 'upload_file']);
    expect(byName.get('my-group')?.actions).toEqual(['download_file']);
    expect(byName.get('my-deep-01')?.actions).toEqual(['connect']);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      [
        'actions',
        'comment',
        'hostname',
        'id',
        'ip',
        'is_active',
        'org_id',
        'org_name',
        'platform',
        'protocols',
      ].sort(),
    );
    expect(byName.get('my-web-01')).toMatchObject({
      id: asset['my-web-01']?.id,
      ip: '10.50.0.2',
      platform: 'Linux',
      protocols: ['ssh/22'],
      is_active: true,
      org_id: DEFAULT_ORG_ID,
      org_name: 'Default',
    });
  });

  it('pages as every list does', async () => {
    const page = await call<Page<MyAsset>>(alice, 'GET', `${MY_ASSETS}?limit=2&offset=2`);
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(ALICE_ASSETS.length);
    expect(hostnames(page.body.results)).toEqual(ALICE_ASSETS.slice(2, 4));
    expect(page.body.next).toContain('offset=4');
    expect(page.body.previous).not.toBeNull();
  });

  it('searches hostname and ip, filters exact fields, orders', async () => {
    expect(hostnames(await mine(alice, 'search=web'))).toEqual(['my-web-01']);
    expect(hostnames(await mine(alice, 'search=10.50.0.5'))).toEqual(['my-both']);
    // a non-granted asset matching the search stays out
    expect(await mine(alice, 'search=secret')).toEqual([]);
    expect(hostnames(await mine(alice, 'hostname=my-group'))).toEqual(['my-group']);
    expect(hostnames(await mine(alice, 'ip=10.50.0.4'))).toEqual(['my-direct']);
    expect(hostnames(await mine(alice, 'is_active=false'))).toEqual(['my-deep-01']);
    expect(hostnames(await mine(alice, 'order=-hostname'))).toEqual([...ALICE_ASSETS].reverse());
  });

  it('narrows to a granted node by id or key, sub-nodes included', async () => {
    expect(hostnames(await mine(alice, `node_id=${node.dc1?.id}`))).toEqual([
      'my-dc1-host',
      'my-deep-01',
      'my-web-01',
    ]);
    expect(hostnames(await mine(alice, `node_id=${node.web?.key}`))).toEqual(['my-deep-01', 'my-web-01']);
    expect(hostnames(await mine(alice, `node_id=${node.dc2?.id}`))).toEqual(['my-direct']);
    expect(await mine(alice, `node_id=${node.secret?.id}`)).toEqual([]);
    const byPath = await call<MyAsset[]>(alice, 'GET', `/api/v1/perms/users/nodes/${node.other?.id}/assets/`);
    expect(byPath.status).toBe(200);
    expect(hostnames(byPath.body)).toEqual(['my-both', 'my-group']);
  });

  it('keeps permissions of another org out, and shows them in that org', async () => {
    expect(hostnames(await mine(alice))).not.toContain('b-host');
    const inB = await mine(alice, '', ORG_B);
    expect(hostnames(inB)).toEqual(['b-host']);
    expect(inB[0]).toMatchObject({ org_id: ORG_B, org_name: 'Org B' });
  });

  it('answers every org the user belongs to in Root', async () => {
    const rows = await mine(dora, '', ROOT_ORG_ID);
    expect(hostnames(rows)).toEqual(['b-host', 'dora-01']);
    expect(await mine(dora)).toHaveLength(1);
  });

  it('answers an empty list to a user without grants', async () => {
    expect(await mine(carol)).toEqual([]);
    const page = await call<Page<MyAsset>>(carol, 'GET', `${MY_ASSETS}?limit=10`);
    expect(page.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect(await tree(carol)).toEqual([]);
  });

  it("never shows another user's grants, whatever the parameters", async () => {
    expect(hostnames(await mine(bob))).toEqual(['bob-only']);
    for (const query of [`user=${ids.alice}`, `user_id=${ids.alice}`, `username=alice`, `id=${ids.alice}`])
      expect(hostnames(await mine(bob, query))).toEqual(['bob-only']);
    expect(await mine(bob, `ids=${assetIds('my-direct')[0]}`)).toHaveLength(1);
    expect(hostnames(await mine(bob, `node_id=${node.dc1?.id}`))).toEqual([]);
    expect(await tree(bob, `key=${node.dc1?.key}&assets=1`)).toEqual([]);
  });
});

describe('the detail', () => {
  it('answers a granted asset with its actions', async () => {
    const one = await call<MyAsset>(alice, 'GET', `${MY_ASSETS}${asset['my-both']?.id}/`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ hostname: 'my-both', actions: ['connect', 'upload_file'] });
  });

  it('answers 404 for anything not granted', async () => {
    for (const name of ['secret-01', 'my-expired', 'my-inactive', 'bob-only', 'b-host']) {
      const one = await call(alice, 'GET', `${MY_ASSETS}${asset[name]?.id}/`);
      expect(one.status, name).toBe(404);
    }
    expect((await call(alice, 'GET', `${MY_ASSETS}not-a-uuid/`)).status).toBe(404);
    expect((await call(alice, 'GET', `${MY_ASSETS}${'x'.repeat(100)}/`)).status).toBe(404);
  });
});

describe('the tree', () => {
  const byName = (items: TreeItem[]) =>
    new Map(items.map((item) => [item.meta.data.value ?? item.name, item]));

  it('answers the top-level grants connected to the org root, with granted counts', async () => {
    const items = await tree(alice);
    expect(items.map((item) => item.name)).toEqual(['Default (6)', 'dc1 (3)', 'dc2 (1)', 'other (2)']);
    const named = byName(items);
    expect(named.get('Default')).toMatchObject({ pId: '', open: true, isParent: true });
    expect(named.get('dc1')).toMatchObject({
      id: node.dc1?.key,
      pId: named.get('Default')?.id,
      meta: { type: 'node', data: { id: node.dc1?.id, key: node.dc1?.key, value: 'dc1' } },
    });
  });

  it('answers the children leading to grants, and the granted assets with assets=1', async () => {
    expect((await tree(alice, `key=${node.dc1?.key}`)).map((item) => item.name)).toEqual(['web (2)']);
    const web = await tree(alice, `key=${node.web?.key}&assets=1`);
    expect(web.map((item) => item.name)).toEqual(['deep (1)', 'my-web-01']);
    expect(web[1]).toMatchObject({
      id: asset['my-web-01']?.id,
      title: '10.50.0.2',
      pId: node.web?.key,
      isParent: false,
      chkDisabled: false,
      meta: { type: 'asset', data: { hostname: 'my-web-01', platform: 'Linux', org_name: 'Default' } },
    });
    const deep = await tree(alice, `id=${node.deep?.id}&assets=1`);
    expect(deep).toHaveLength(1);
    expect(deep[0]).toMatchObject({ name: 'my-deep-01', chkDisabled: true });
    // only the directly granted asset of dc2 shows, not the expired, inactive or other users' ones
    const dc2 = await tree(alice, `key=${node.dc2?.key}&assets=1`);
    expect(dc2.map((item) => item.name)).toEqual(['my-direct']);
    expect(await tree(alice, `key=${node.secret?.key}&assets=1`)).toEqual([]);
  });

  it('holds exactly the flat list, walked to the bottom', async () => {
    const seen = new Set<string>();
    const queue = (await tree(alice)).filter((item) => item.meta.type === 'node');
    const visited = new Set<string>();
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      if (visited.has(item.id)) continue;
      visited.add(item.id);
      for (const child of await tree(alice, `key=${item.id}&assets=1`)) {
        if (child.meta.type === 'asset') seen.add(child.id);
        else queue.push(child);
      }
    }
    const flat = (await mine(alice)).map((row) => row.id);
    expect([...seen].sort()).toEqual([...flat].sort());
  });
});

describe('access', () => {
  it('refuses anonymous callers with 401', async () => {
    const anonymous = new Client(server.baseUrl);
    for (const url of [MY_ASSETS, MY_TREE, `${MY_ASSETS}${asset['my-both']?.id}/`])
      expect((await call(anonymous, 'GET', url)).status).toBe(401);
  });

  it('refuses a member whose role lacks perms.view_myassets with 403', async () => {
    const role = await call<{ id: string }>(admin, 'POST', '/api/v1/rbac/org-roles/', {
      body: { name: 'Asset viewer only', permissions: [permissionIdOf('assets.view_asset')] },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const viewer = await person('viewer', [{ org: DEFAULT_ORG_ID, role: role.body.id }], []);
    for (const url of [MY_ASSETS, MY_TREE, `${MY_ASSETS}${asset['my-both']?.id}/`])
      expect((await call(viewer, 'GET', url)).status).toBe(403);
  });

  it('never answers 500 to bad parameters', async () => {
    const queries = [
      'limit=abc&offset=-3',
      'limit=-1',
      'limit=99999999999999999999',
      'order=nope,-__proto__',
      'is_active=maybe',
      `node_id=${'9:'.repeat(400)}`,
      'node_id=%00%27',
      `search=${'%25'.repeat(500)}`,
      'hostname[]=a&hostname[]=b',
      'platform=%27;drop',
    ];
    for (const query of queries) {
      const answer = await call(alice, 'GET', `${MY_ASSETS}?${query}`);
      expect(answer.status, query).toBe(200);
    }
    for (const query of ['key=../..', 'key=1:abc', `key=${'1:'.repeat(500)}1`, 'id=%00', 'assets=yes&key=']) {
      const answer = await call(alice, 'GET', `${MY_TREE}?${query}`);
      expect(answer.status, query).toBe(200);
    }
  });
});

describe('scale', () => {
  let big: TestServer;
  let scaleUser: Client;
  let scaleNode: NodeBody;

  beforeAll(async () => {
    big = await startTestServer();
    const bigAdmin = await adminClient(big);
    await seedAssets({ db: big.app.db, resources: big.app.engine.registry }, 10_000);
    const found = await call<NodeBody[]>(bigAdmin, 'GET', `${NODES}?value=Scale`);
    scaleNode = found.body[0] as NodeBody;
    const made = await big.createUser({ username: 'scale', email: 'scale@t.test', password: 'scale-Pass-1' });
    const granted = await call(bigAdmin, 'POST', PERMISSIONS, {
      body: { name: 'scale', users: [made.id], nodes: [scaleNode.id] },
    });
    expect(granted.status).toBe(201);
    scaleUser = new Client(big.baseUrl);
    await scaleUser.login('scale', 'scale-Pass-1');
  }, 120_000);

  afterAll(async () => {
    await big.close();
  });

  it('stays fast for a node holding 10k assets', async () => {
    const started = performance.now();
    const page = await call<Page<MyAsset>>(scaleUser, 'GET', `${MY_ASSETS}?limit=20&search=prod`);
    const listMs = performance.now() - started;
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(2500);
    expect(page.body.results[0]?.actions).toContain('connect');
    const all = await call<Page<MyAsset>>(scaleUser, 'GET', `${MY_ASSETS}?limit=1`);
    expect(all.body.count).toBe(10_000);
    const treeStarted = performance.now();
    const top = await call<TreeItem[]>(scaleUser, 'GET', MY_TREE);
    const children = await call<TreeItem[]>(scaleUser, 'GET', `${MY_TREE}?key=${scaleNode.key}`);
    const treeMs = performance.now() - treeStarted;
    expect(top.body.map((item) => item.name)).toEqual(['Default (10000)', 'Scale (10000)']);
    expect(children.body).toHaveLength(8);
    expect(listMs).toBeLessThan(2000);
    expect(treeMs).toBeLessThan(3000);
  });
});

describe('another user’s grants (perms.view_userassets, the user detail page)', () => {
  const userAssets = (id: string | undefined) => `/api/v1/perms/users/${id}/assets/`;

  it('the admin sees exactly what the user sees for themselves', async () => {
    const own = await call<MyAsset[]>(alice, 'GET', MY_ASSETS, { org: DEFAULT_ORG_ID });
    const seen = await call<MyAsset[]>(admin, 'GET', userAssets(ids.alice), { org: DEFAULT_ORG_ID });
    expect(seen.status).toBe(200);
    expect(seen.body.map((a) => [a.hostname, a.actions])).toEqual(
      own.body.map((a) => [a.hostname, a.actions]),
    );
    const bobs = await call<MyAsset[]>(admin, 'GET', userAssets(ids.bob), { org: DEFAULT_ORG_ID });
    expect(bobs.body.map((a) => a.hostname)).toEqual(['bob-only']);
  });

  it('refuses users without the code, and answers 404 for a user outside the org or no user', async () => {
    expect((await call(bob, 'GET', userAssets(ids.alice), { org: DEFAULT_ORG_ID })).status).toBe(403);
    expect((await call(admin, 'GET', userAssets('not-a-uuid'), { org: DEFAULT_ORG_ID })).status).toBe(404);
    expect(
      (await call(admin, 'GET', userAssets('00000000-0000-4000-8000-00000000dead'), { org: DEFAULT_ORG_ID }))
        .status,
    ).toBe(404);
    // In Org B only alice and dora are members: bob is not found there, alice shows her Org B grant only.
    expect((await call(admin, 'GET', userAssets(ids.bob), { org: ORG_B })).status).toBe(404);
    const inB = await call<MyAsset[]>(admin, 'GET', userAssets(ids.alice), { org: ORG_B });
    expect(inB.body.map((a) => a.hostname)).toEqual(['b-host']);
    // The self-service paths stay the caller's own, whatever id-like segment follows.
    const mine = await call<MyAsset[]>(bob, 'GET', MY_ASSETS, { org: DEFAULT_ORG_ID });
    expect(mine.body.map((a) => a.hostname)).toEqual(['bob-only']);
  });
});

describe('who may reach an asset (asset detail "Authorized users")', () => {
  const permUsers = (id: string | undefined) => `${ASSETS}${id}/perm-users/`;
  const names = (body: Array<{ username: string }>) => body.map((u) => u.username);

  it('lists direct, group and node grantees, without expired or inactive permissions', async () => {
    // my-web-01 sits in web under dc1, granted to alice through the dc1 node.
    const web = await call<Array<{ username: string }>>(admin, 'GET', permUsers(asset['my-web-01']?.id), {
      org: DEFAULT_ORG_ID,
    });
    expect(web.status).toBe(200);
    expect(names(web.body)).toContain('alice');
    expect(names(web.body)).not.toContain('bob');
    const bobOnly = await call<Array<{ username: string }>>(admin, 'GET', permUsers(asset['bob-only']?.id), {
      org: DEFAULT_ORG_ID,
    });
    expect(names(bobOnly.body)).toEqual(['bob']);
    for (const hostname of ['my-expired', 'my-inactive']) {
      const none = await call<Array<{ username: string }>>(admin, 'GET', permUsers(asset[hostname]?.id), {
        org: DEFAULT_ORG_ID,
      });
      expect(names(none.body), hostname).not.toContain('alice');
    }
    const paged = await call<Page<{ username: string }>>(
      admin,
      'GET',
      `${permUsers(asset['my-web-01']?.id)}?limit=1&offset=0`,
      { org: DEFAULT_ORG_ID },
    );
    expect(paged.body.results).toHaveLength(1);
    expect(paged.body.count).toBe(web.body.length);
  });

  it('needs perms.view_assetpermission and an asset of the org', async () => {
    expect((await call(bob, 'GET', permUsers(asset['bob-only']?.id), { org: DEFAULT_ORG_ID })).status).toBe(
      403,
    );
    expect((await call(admin, 'GET', permUsers('nope'), { org: DEFAULT_ORG_ID })).status).toBe(404);
    expect((await call(admin, 'GET', permUsers(asset['bob-only']?.id), { org: ORG_B })).status).toBe(404);
  });
});
