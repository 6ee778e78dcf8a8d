import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './harness';
import {
  ASSETS,
  NODES,
  adminClient,
  call,
  type AssetBody,
  type NodeBody,
  type TreeItem,
} from './asset-helpers';

let server: TestServer;
let admin: Client;
let root: NodeBody;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
});

afterAll(async () => {
  await server.close();
});

const createNode = (body: Record<string, unknown>) => call<NodeBody>(admin, 'POST', NODES, { body });
const asset = async (hostname: string, nodes?: string[]) =>
  (
    await call<AssetBody>(admin, 'POST', ASSETS, {
      body: { hostname, ip: '10.9.0.1', platform: 'Linux', nodes },
    })
  ).body;
const nodeByKey = async (key: string) =>
  (await call<NodeBody[]>(admin, 'GET', `${NODES}?key=${key}`)).body[0] as NodeBody;

describe('node keys and the initial tree', () => {
  it('creates the org root (key 1, named after the org) on the first tree load', async () => {
    const { status, body } = await call<TreeItem[]>(admin, 'GET', `${NODES}children/tree/`);
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    const [item] = body as [TreeItem];
    expect(item).toMatchObject({
      id: '1',
      name: 'Default (0)',
      title: 'Default (0)',
      pId: '',
      isParent: true,
      open: true,
    });
    expect(item.meta.type).toBe('node');
    expect(Object.keys(item.meta.data).sort()).toEqual(['id', 'key', 'value']);
    root = await nodeByKey('1');
    expect(root.full_value).toBe('/Default');
  });

  it('numbers children from the parent child mark and names them "New node N"', async () => {
    const first = await call<NodeBody>(admin, 'POST', `${NODES}${root.id}/children/`, { body: {} });
    const second = await call<NodeBody>(admin, 'POST', `${NODES}children/?id=${root.id}`, {
      body: { value: 'web' },
    });
    expect(first.status).toBe(201);
    expect(first.body.key).toBe('1:1');
    expect(first.body.value).toMatch(/ 1$/);
    expect(second.body).toMatchObject({ key: '1:2', value: 'web', name: 'web', full_value: '/Default/web' });
    const plain = await createNode({ value: 'db' });
    expect(plain.body.key).toBe('1:3');
  });

  it('creates a whole chain from full_value', async () => {
    const { status, body } = await createNode({ full_value: '/Default/Beijing/prod/app' });
    expect(status).toBe(201);
    expect(body).toMatchObject({ value: 'app', full_value: '/Default/Beijing/prod/app' });
    expect(body.key.split(':')).toHaveLength(4);
    const again = await createNode({ full_value: '/Default/Beijing/prod/app' });
    expect(again.status).toBe(400);
  });

  it('enforces the value rules', async () => {
    expect((await createNode({ value: 'web' })).status).toBe(400);
    expect((await createNode({ value: 'a/b' })).status).toBe(400);
    expect((await createNode({ value: 'x', parent: 'no-such-node' })).status).toBe(400);
    expect((await call(admin, 'PATCH', `${NODES}${root.id}/`, { body: { value: 'Renamed' } })).status).toBe(
      400,
    );
    const web = await nodeByKey('1:2');
    expect((await call(admin, 'PATCH', `${NODES}${web.id}/`, { body: { value: 'db' } })).status).toBe(400);
    expect((await call(admin, 'PATCH', `${NODES}${web.id}/`, { body: { value: 'www' } })).status).toBe(200);
  });
});

describe('assets in nodes', () => {
  it('adds, moves and removes assets; orphans go back to the root', async () => {
    const www = await nodeByKey('1:2');
    const db = await nodeByKey('1:3');
    const a = await asset('n-asset-a', [www.id]);
    const b = await asset('n-asset-b');
    const add = await call(admin, 'PATCH', `${NODES}${db.id}/assets/add/`, {
      body: { assets: [a.id, b.id] },
    });
    expect(add.status).toBe(200);
    let detail = (await call<AssetBody>(admin, 'GET', `${ASSETS}${a.id}/`)).body;
    expect(detail.nodes.sort()).toEqual([www.id, db.id].sort());
    const move = await call(admin, 'PUT', `${NODES}${www.id}/assets/replace/`, { body: { assets: [a.id] } });
    expect(move.status).toBe(200);
    detail = (await call<AssetBody>(admin, 'GET', `${ASSETS}${a.id}/`)).body;
    expect(detail.nodes).toEqual([www.id]);
    await call(admin, 'PUT', `${NODES}${www.id}/assets/remove/`, { body: { assets: [a.id] } });
    detail = (await call<AssetBody>(admin, 'GET', `${ASSETS}${a.id}/`)).body;
    expect(detail.nodes).toEqual([root.id]);
    const listed = await call<AssetBody[]>(admin, 'GET', `${NODES}${db.id}/assets/`);
    expect(listed.body.map((item) => item.hostname)).toEqual(['n-asset-b']);
  });

  it('answers bad bodies with 400 by field', async () => {
    const www = await nodeByKey('1:2');
    for (const body of [
      {},
      { assets: 'x' },
      { assets: [1, 2] },
      { assets: ['00000000-0000-4000-8000-00000000dead'] },
    ]) {
      const result = await call<Record<string, unknown>>(admin, 'PUT', `${NODES}${www.id}/assets/add/`, {
        body,
      });
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body).toHaveProperty('assets');
    }
    expect(
      (await call(admin, 'PUT', `${NODES}not-a-uuid/assets/add/`, { body: { assets: [] } })).status,
    ).toBe(404);
  });

  it('returns zTree node and asset items with counts', async () => {
    const beijing = (await call<NodeBody[]>(admin, 'GET', `${NODES}?value=Beijing`)).body[0] as NodeBody;
    const prod = (await call<NodeBody[]>(admin, 'GET', `${NODES}?value=prod`)).body[0] as NodeBody;
    await asset('tree-linux', [prod.id]);
    await call(admin, 'POST', ASSETS, {
      body: {
        hostname: 'tree-win',
        ip: '10.9.9.9',
        platform: 'Windows',
        protocols: ['rdp/3389'],
        nodes: [prod.id],
        is_active: false,
      },
    });
    const tree = await call<TreeItem[]>(admin, 'GET', `${NODES}children/tree/?key=${beijing.key}&assets=1`);
    expect(tree.status).toBe(200);
    expect(tree.body.map((item) => item.name)).toEqual(['prod (2)']);
    const withAssets = await call<TreeItem[]>(admin, 'GET', `${NODES}${prod.id}/children/tree/?assets=1`);
    const items = withAssets.body.filter((item) => item.meta.type === 'asset');
    expect(items.map((item) => item.name)).toEqual(['tree-linux', 'tree-win']);
    const win = items[1] as TreeItem;
    expect(win).toMatchObject({
      title: '10.9.9.9',
      pId: prod.key,
      isParent: false,
      open: false,
      iconSkin: 'windows',
      chkDisabled: true,
    });
    expect(win.meta.data).toMatchObject({
      hostname: 'tree-win',
      protocols: ['rdp/3389'],
      platform: 'Windows',
      org_name: 'Default',
    });
    const whole = await call<TreeItem[]>(admin, 'GET', `${NODES}children/tree/?all=all`);
    expect(whole.body.length).toBeGreaterThan(5);
    const full = await call<TreeItem[]>(admin, 'GET', `${NODES}tree/`);
    const rootItem = full.body.find((item) => item.id === '1') as TreeItem;
    expect(rootItem.meta.data).toMatchObject({ key: '1', value: 'Default', name: 'Default' });
    expect(rootItem.meta.data.assets_amount).toBe(4);
    expect((await call(admin, 'GET', `${NODES}children/tree/?key=9:9:9`)).status).toBe(404);
  });
});

describe('re-parenting and deleting nodes', () => {
  it('moves a subtree under another node and rewrites the keys', async () => {
    const beijing = (await call<NodeBody[]>(admin, 'GET', `${NODES}?value=Beijing`)).body[0] as NodeBody;
    const www = await nodeByKey('1:2');
    const moved = await call(admin, 'PUT', `${NODES}${www.id}/children/add/`, {
      body: { nodes: [beijing.id] },
    });
    expect(moved.status).toBe(200);
    const app = (await call<NodeBody[]>(admin, 'GET', `${NODES}?value=app`)).body[0] as NodeBody;
    expect(app.full_value).toBe('/Default/www/Beijing/prod/app');
    expect(app.key.startsWith(`${www.key}:`)).toBe(true);
    const intoItself = await call(admin, 'PUT', `${NODES}${app.id}/children/add/`, {
      body: { nodes: [www.id] },
    });
    expect(intoItself.status).toBe(400);
  });

  it('keeps the root and nodes holding assets; deletes empty subtrees', async () => {
    expect((await call(admin, 'DELETE', `${NODES}${root.id}/`)).status).toBe(403);
    const www = await nodeByKey('1:2');
    expect((await call(admin, 'DELETE', `${NODES}${www.id}/`)).status).toBe(403);
    const empty = await createNode({ full_value: '/Default/empty/inner' });
    const parent = (await call<NodeBody[]>(admin, 'GET', `${NODES}?value=empty`)).body[0] as NodeBody;
    expect((await call(admin, 'DELETE', `${NODES}${parent.id}/`)).status).toBe(204);
    expect((await call(admin, 'GET', `${NODES}${empty.body.id}/`)).status).toBe(404);
  });
});
