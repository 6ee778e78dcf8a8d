// What a user group was granted, a user's granted node tree, the metadata of the read-only granted lists
// (docs/resources.md#what-a-user-was-granted), favourite assets (docs/favorites.md) and the request form's
// metadata (docs/tickets.md#opening).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';
import {
  ASSETS,
  adminClient,
  call,
  type AssetBody,
  type NodeBody,
  type Page,
  type TreeItem,
} from './asset-helpers';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';
import { createAsset, createNode, grant as grantAs, signedInPerson } from './grant-helpers';

const MY_ASSETS = '/api/v1/perms/users/assets/';
const FAVORITES = '/api/v1/assets/favorite-assets/';
const GROUPS = '/api/v1/users/groups/';

interface Granted {
  id: string;
  hostname: string;
  actions: string[];
}
interface Meta {
  actions: Record<
    string,
    Record<
      string,
      {
        label: string;
        type: string;
        read_only: boolean;
        children?: Record<string, unknown>;
        choices?: unknown[];
      }
    >
  >;
}
interface Favorite {
  id: string;
  asset: string;
  asset_display: string;
  [key: string]: unknown;
}

let server: TestServer;
let admin: Client;
let alice: Client;
let bob: Client;
let groupId = '';
let emptyGroupId = '';
const ids: Record<string, string> = {};
const asset: Record<string, AssetBody> = {};
const node: Record<string, NodeBody> = {};

async function person(username: string): Promise<Client> {
  const made = await signedInPerson(server, username, [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
  ids[username] = made.id;
  made.client.cookies.set('django_language', 'en');
  return made.client;
}

async function makeNode(name: string): Promise<void> {
  node[name] = await createNode(admin, name);
}

async function makeAsset(hostname: string, ip: string, nodeName: string): Promise<void> {
  asset[hostname] = await createAsset(admin, hostname, ip, node[nodeName]?.id);
}

const grant = (body: Record<string, unknown>) => grantAs(admin, body);

const names = (rows: Granted[]): string[] => rows.map((row) => row.hostname);

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  admin.cookies.set('django_language', 'en');
  alice = await person('alice');
  bob = await person('bob');
  await makeNode('pv-group');
  await makeNode('pv-direct');
  await makeAsset('pv-g1', '10.70.0.1', 'pv-group');
  await makeAsset('pv-g2', '10.70.0.2', 'pv-group');
  await makeAsset('pv-a1', '10.70.0.3', 'pv-direct');
  await makeAsset('pv-a2', '10.70.0.4', 'pv-direct');
  await makeAsset('pv-a3', '10.70.0.5', 'pv-direct');
  await makeAsset('pv-other', '10.70.0.6', 'pv-direct');
  const group = await call<{ id: string }>(admin, 'POST', GROUPS, {
    body: { name: 'pv', users: [ids.alice] },
  });
  groupId = group.body.id;
  const empty = await call<{ id: string }>(admin, 'POST', GROUPS, { body: { name: 'pv-empty' } });
  emptyGroupId = empty.body.id;
  await grant({
    name: 'pv-group',
    user_groups: [groupId],
    nodes: [node['pv-group']?.id],
    actions: ['connect'],
  });
  await grant({
    name: 'pv-alice',
    users: [ids.alice],
    assets: [asset['pv-a1']?.id, asset['pv-a2']?.id, asset['pv-a3']?.id],
    actions: ['all'],
  });
});

afterAll(async () => {
  await server.close();
});

describe('a user group’s granted assets (perms.view_usergroupassets)', () => {
  const base = (id: string) => `/api/v1/perms/user-groups/${id}`;

  it('lists what the group’s permissions reach, not its members’ own grants', async () => {
    const rows = await call<Granted[]>(admin, 'GET', `${base(groupId)}/assets/`);
    expect(rows.status).toBe(200);
    expect(names(rows.body)).toEqual(['pv-g1', 'pv-g2']);
    expect(rows.body[0]?.actions).toEqual(['connect']);
    expect((await call<Granted[]>(admin, 'GET', `${base(emptyGroupId)}/assets/`)).body).toEqual([]);
  });

  it('answers the granted node tree and the list under one of its nodes', async () => {
    const tree = await call<TreeItem[]>(admin, 'GET', `${base(groupId)}/nodes/children/tree/`);
    expect(tree.status).toBe(200);
    expect(tree.body.map((item) => item.name)).toContain('pv-group (2)');
    const under = await call<Granted[]>(
      admin,
      'GET',
      `${base(groupId)}/nodes/${node['pv-group']?.id}/assets/`,
    );
    expect(names(under.body)).toEqual(['pv-g1', 'pv-g2']);
    const elsewhere = await call<Granted[]>(
      admin,
      'GET',
      `${base(groupId)}/nodes/${node['pv-direct']?.id}/assets/`,
    );
    expect(elsewhere.body).toEqual([]);
  });

  it('refuses members without the code and answers 404 for no group', async () => {
    expect((await call(alice, 'GET', `${base(groupId)}/assets/`)).status).toBe(403);
    expect((await call(admin, 'GET', `${base('00000000-0000-4000-8000-00000000dead')}/assets/`)).status).toBe(
      404,
    );
    expect((await call(admin, 'GET', `${base('nope')}/nodes/children/tree/`)).status).toBe(404);
  });
});

describe('a user’s granted node tree (perms.view_userassets)', () => {
  it('holds the user’s grants, through groups too, and lists under a node', async () => {
    const base = `/api/v1/perms/users/${ids.alice}`;
    const tree = await call<TreeItem[]>(admin, 'GET', `${base}/nodes/children/tree/`);
    expect(tree.status).toBe(200);
    const labels = tree.body.map((item) => item.name);
    expect(labels).toContain('pv-group (2)');
    expect(labels).toContain('pv-direct (3)');
    const under = await call<Granted[]>(admin, 'GET', `${base}/nodes/${node['pv-direct']?.id}/assets/`);
    expect(names(under.body)).toEqual(['pv-a1', 'pv-a2', 'pv-a3']);
    const bobs = await call<TreeItem[]>(admin, 'GET', `/api/v1/perms/users/${ids.bob}/nodes/children/tree/`);
    expect(bobs.body).toEqual([]);
    expect((await call(bob, 'GET', `${base}/nodes/children/tree/`)).status).toBe(403);
  });
});

describe('metadata of the read-only granted lists', () => {
  it('OPTIONS answers the list fields (not 404/405) for self, user, group and authorized users', async () => {
    const self = await call<Meta>(alice, 'OPTIONS', MY_ASSETS);
    expect(self.status).toBe(200);
    const get = self.body.actions.GET ?? {};
    expect(Object.keys(get).sort()).toEqual(
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
    expect(get.hostname?.label).toBe('Hostname');
    expect(get.actions?.choices?.length).toBeGreaterThan(0);
    expect(Object.keys(self.body.actions)).toEqual(['GET']);
    for (const url of [
      `/api/v1/perms/users/${ids.alice}/assets/`,
      `/api/v1/perms/user-groups/${groupId}/assets/`,
      `/api/v1/perms/user-groups/${groupId}/nodes/${node['pv-group']?.id}/assets/`,
      `/api/v1/perms/users/nodes/${node['pv-group']?.id}/assets/`,
    ]) {
      const answer = await call<Meta>(admin, 'OPTIONS', url);
      expect(answer.status, url).toBe(200);
      expect(answer.body.actions.GET?.hostname).toBeDefined();
    }
    const users = await call<Meta>(admin, 'OPTIONS', `${ASSETS}${asset['pv-a1']?.id}/perm-users/`);
    expect(users.status).toBe(200);
    expect(Object.keys(users.body.actions.GET ?? {}).sort()).toEqual(
      ['email', 'id', 'is_active', 'name', 'username'].sort(),
    );
    expect((await call(alice, 'OPTIONS', `/api/v1/perms/users/${ids.alice}/assets/`)).status).toBe(403);
  });
});

describe('favourite assets', () => {
  it('stars a granted asset, lists only the caller’s own, and removes it', async () => {
    const made = await call<Favorite>(alice, 'POST', FAVORITES, { body: { asset: asset['pv-a3']?.id } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ asset: asset['pv-a3']?.id, asset_display: 'pv-a3(10.70.0.5)' });
    expect(Object.keys(made.body)).not.toContain('user');
    const again = await call(alice, 'POST', FAVORITES, { body: { asset: asset['pv-a3']?.id } });
    expect(again.status).toBe(400);
    const list = await call<Favorite[]>(alice, 'GET', FAVORITES);
    expect(list.body.map((f) => f.asset)).toEqual([asset['pv-a3']?.id]);
    // Another user sees none of them and cannot remove them.
    expect((await call<Favorite[]>(bob, 'GET', FAVORITES)).body).toEqual([]);
    expect((await call(bob, 'DELETE', `${FAVORITES}${made.body.id}/`)).status).toBe(404);
    expect((await call(alice, 'DELETE', `${FAVORITES}${made.body.id}/`)).status).toBe(204);
    expect((await call<Favorite[]>(alice, 'GET', FAVORITES)).body).toEqual([]);
  });

  it('refuses an asset the user was not granted, as one that does not exist', async () => {
    const refused = await call<Record<string, string[]>>(alice, 'POST', FAVORITES, {
      body: { asset: asset['pv-other']?.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.asset?.[0]).toContain('does not exist');
    expect((await call(alice, 'POST', FAVORITES, { body: {} })).status).toBe(400);
  });

  it('lists favourites first on my assets, across pages, unless an order is asked', async () => {
    const star = async (hostname: string) =>
      expect((await call(alice, 'POST', FAVORITES, { body: { asset: asset[hostname]?.id } })).status).toBe(
        201,
      );
    await star('pv-g2');
    await star('pv-a3');
    const all = await call<Granted[]>(alice, 'GET', MY_ASSETS);
    expect(names(all.body)).toEqual(['pv-a3', 'pv-g2', 'pv-a1', 'pv-a2', 'pv-g1']);
    const page = await call<Page<Granted>>(alice, 'GET', `${MY_ASSETS}?limit=2&offset=1`);
    expect(page.body.count).toBe(5);
    expect(names(page.body.results)).toEqual(['pv-g2', 'pv-a1']);
    const later = await call<Page<Granted>>(alice, 'GET', `${MY_ASSETS}?limit=2&offset=3`);
    expect(names(later.body.results)).toEqual(['pv-a2', 'pv-g1']);
    const searched = await call<Granted[]>(alice, 'GET', `${MY_ASSETS}?search=pv-a`);
    expect(names(searched.body)).toEqual(['pv-a3', 'pv-a1', 'pv-a2']);
    const ordered = await call<Granted[]>(alice, 'GET', `${MY_ASSETS}?order=hostname`);
    expect(names(ordered.body)).toEqual(['pv-a1', 'pv-a2', 'pv-a3', 'pv-g1', 'pv-g2']);
  });
});

describe('the request form’s metadata', () => {
  it('OPTIONS ?type=apply_asset&action=open declares the POST fields with meta’s children', async () => {
    const answer = await call<Meta>(
      alice,
      'OPTIONS',
      '/api/v1/tickets/tickets/?type=apply_asset&action=open',
    );
    expect(answer.status).toBe(200);
    const post = answer.body.actions.POST ?? {};
    expect(post.title).toMatchObject({ type: 'string', read_only: false });
    expect(post.meta?.type).toBe('nested object');
    const children = post.meta?.children as Record<
      string,
      { type: string; required: boolean; read_only: boolean }
    >;
    expect(children.apply_actions).toMatchObject({ type: 'multiple choice', required: true });
    expect(children.apply_date_start).toMatchObject({ type: 'datetime', required: true });
    expect(children.apply_assets_display?.read_only).toBe(true);
    // The plain list metadata still offers no POST: tickets are opened through open/ only.
    const plain = await call<Meta>(alice, 'OPTIONS', '/api/v1/tickets/tickets/');
    expect(plain.body.actions.POST).toBeUndefined();
  });
});
