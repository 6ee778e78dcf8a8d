// PERM_SINGLE_ASSET_TO_UNGROUP_NODE (docs/settings.md#other, docs/resources.md#what-a-user-was-granted): a user
// granted one asset directly and one through a node. Off, the direct asset shows under its real node; on, it
// shows under the virtual "Ungrouped" node (id and key `ungrouped`) in every endpoint that builds the tree —
// the self-service tree, node children with assets, the list under a node, and the administrator's variant —
// and a change of the switch holds from the next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';
import { adminClient, call, type AssetBody, type NodeBody, type TreeItem } from './asset-helpers';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';
import { createAsset, createNode, grant, signedInPerson } from './grant-helpers';

const OTHER = '/api/v1/settings/setting/?category=other';
const SELF = '/api/v1/perms/users';

let server: TestServer;
let admin: Client;
let ulla: Client;
let ullaId: string;
let rack: NodeBody;
let shelf: NodeBody;
let direct: AssetBody;

const get = async <T>(who: Client, url: string): Promise<T> => {
  const answer = await call<T>(who, 'GET', url);
  expect(answer.status, `${url} ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
};
const tree = (who: Client, base: string, query = '') =>
  get<TreeItem[]>(who, `${base}/nodes/children/tree/${query ? `?${query}` : ''}`);
const hostnamesUnder = async (who: Client, base: string, node: string) =>
  (await get<Array<{ hostname: string }>>(who, `${base}/nodes/${node}/assets/`)).map((row) => row.hostname);
const switchTo = async (on: boolean) =>
  expect(
    (await call(admin, 'PATCH', OTHER, { body: { PERM_SINGLE_ASSET_TO_UNGROUP_NODE: on } })).status,
  ).toBe(200);

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  const made = await signedInPerson(server, 'ulla', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
  ulla = made.client;
  ullaId = made.id;
  ulla.cookies.set('django_language', 'en');
  rack = await createNode(admin, 'ug-rack');
  shelf = await createNode(admin, 'ug-shelf');
  await createAsset(admin, 'ug-node-host', '10.61.0.1', rack.id);
  direct = await createAsset(admin, 'ug-direct-host', '10.61.0.2', shelf.id);
  await grant(admin, { name: 'ug-by-node', users: [ullaId], nodes: [rack.id], actions: ['connect'] });
  await grant(admin, { name: 'ug-by-asset', users: [ullaId], assets: [direct.id], actions: ['connect'] });
});

afterAll(async () => {
  await server?.close();
});

describe('the ungrouped node', () => {
  it('is absent while the switch is off: the direct asset shows under its real node', async () => {
    const top = await tree(ulla, SELF);
    expect(top.map((item) => item.id)).not.toContain('ungrouped');
    expect(top.map((item) => item.meta.data.id)).toEqual(expect.arrayContaining([rack.id, shelf.id]));
    const underShelf = await tree(ulla, SELF, `key=${shelf.key}&assets=1`);
    expect(underShelf.map((item) => item.name)).toEqual(['ug-direct-host']);
    expect(await tree(ulla, SELF, 'key=ungrouped&assets=1')).toEqual([]);
    expect(await hostnamesUnder(ulla, SELF, 'ungrouped')).toEqual([]);
    expect(await hostnamesUnder(ulla, SELF, shelf.id)).toEqual(['ug-direct-host']);
  });

  it('holds the directly granted assets when on, in every tree endpoint and list', async () => {
    await switchTo(true);
    const top = await tree(ulla, SELF);
    expect(top[0]).toMatchObject({
      id: 'ungrouped',
      name: 'Ungrouped (1)',
      pId: '',
      isParent: true,
      meta: { type: 'node', data: { id: 'ungrouped', key: 'ungrouped', value: 'Ungrouped' } },
    });
    // The shelf held only the direct asset: it leaves the tree; the rack keeps what the node grants.
    const ids = top.map((item) => item.meta.data.id);
    expect(ids).toContain(rack.id);
    expect(ids).not.toContain(shelf.id);
    const root = top.find((item) => item.pId === '' && item.id !== 'ungrouped');
    expect(root?.name).toMatch(/ \(1\)$/);

    const ungrouped = await tree(ulla, SELF, 'key=ungrouped&assets=1');
    expect(ungrouped).toHaveLength(1);
    expect(ungrouped[0]).toMatchObject({ id: direct.id, name: 'ug-direct-host', pId: 'ungrouped' });
    expect(await tree(ulla, SELF, `key=${shelf.key}&assets=1`)).toEqual([]);
    expect((await tree(ulla, SELF, `key=${rack.key}&assets=1`)).map((item) => item.name)).toEqual([
      'ug-node-host',
    ]);

    expect(await hostnamesUnder(ulla, SELF, 'ungrouped')).toEqual(['ug-direct-host']);
    expect(await hostnamesUnder(ulla, SELF, rack.id)).toEqual(['ug-node-host']);
    expect(await hostnamesUnder(ulla, SELF, shelf.id)).toEqual([]);
    const byNodeId = await get<Array<{ hostname: string }>>(ulla, `${SELF}/assets/?node_id=ungrouped`);
    expect(byNodeId.map((row) => row.hostname)).toEqual(['ug-direct-host']);
    // The flat list is not a tree: it still answers everything granted.
    const all = await get<Array<{ hostname: string }>>(ulla, `${SELF}/assets/`);
    expect(all.map((row) => row.hostname).sort()).toEqual(['ug-direct-host', 'ug-node-host']);

    // The administrator's view of the same user follows the switch too.
    const adminBase = `${SELF}/${ullaId}`;
    expect((await tree(admin, adminBase))[0]?.id).toBe('ungrouped');
    expect(await hostnamesUnder(admin, adminBase, 'ungrouped')).toEqual(['ug-direct-host']);
  });

  it("is named in the user's language", async () => {
    ulla.cookies.set('django_language', 'zh');
    expect((await tree(ulla, SELF))[0]?.name).toBe('未分组 (1)');
    ulla.cookies.set('django_language', 'en');
  });

  it('goes away from the next request once the switch is off again', async () => {
    await switchTo(false);
    const top = await tree(ulla, SELF);
    expect(top.map((item) => item.id)).not.toContain('ungrouped');
    expect(top.map((item) => item.meta.data.id)).toContain(shelf.id);
    expect(await hostnamesUnder(ulla, SELF, 'ungrouped')).toEqual([]);
  });
});
