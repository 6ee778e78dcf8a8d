import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './harness';
import {
  ASSETS,
  LABELS,
  NODES,
  addOrg,
  adminClient,
  call,
  userClient,
  type AssetBody,
  type NodeBody,
  type TreeItem,
} from './asset-helpers';
import { DEFAULT_ORG_ID, ROOT_ORG_ID } from '../../server/src/orgs/org-ids';

/** Org A (Default) and org B with their own assets, nodes and labels; each org's admin must see only his. */
const ORG_B = '6d656d6f-0000-4000-8000-0000000000bb';
let server: TestServer;
let admin: Client;
let adminA: Client;
let adminB: Client;
let auditorA: Client;
let userA: Client;
const a: { asset?: AssetBody; node?: NodeBody; label?: string } = {};
const b: { asset?: AssetBody; node?: NodeBody; label?: string } = {};

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  await addOrg(server, ORG_B, 'Org B');
  adminA = await userClient(server, 'iso-admin-a', [{ org: DEFAULT_ORG_ID, role: 'OrgAdmin' }]);
  adminB = await userClient(server, 'iso-admin-b', [{ org: ORG_B, role: 'OrgAdmin' }]);
  auditorA = await userClient(server, 'iso-auditor-a', [{ org: DEFAULT_ORG_ID, role: 'OrgAuditor' }]);
  userA = await userClient(server, 'iso-user-a', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
  for (const [side, org, client] of [
    [a, DEFAULT_ORG_ID, adminA],
    [b, ORG_B, adminB],
  ] as const) {
    const label = await call<{ id: string }>(client, 'POST', LABELS, {
      body: { name: 'env', value: 'prod' },
      org,
    });
    side.label = label.body.id;
    side.node = (await call<NodeBody>(client, 'POST', NODES, { body: { value: 'apps' }, org })).body;
    side.asset = (
      await call<AssetBody>(client, 'POST', ASSETS, {
        body: {
          hostname: `host-${org.slice(-2)}`,
          ip: '10.0.0.1',
          platform: 'Linux',
          labels: [side.label],
          nodes: [side.node.id],
        },
        org,
      })
    ).body;
  }
});

afterAll(async () => {
  await server.close();
});

describe('org admins stay in their org', () => {
  it('set-up created one asset per org', () => {
    expect(a.asset?.org_id).toBe(DEFAULT_ORG_ID);
    expect(b.asset?.org_id).toBe(ORG_B);
  });

  it('lists only the own org', async () => {
    for (const url of [ASSETS, NODES, LABELS]) {
      const list = await call<Array<{ org_id: string }>>(adminA, 'GET', url);
      expect(list.status, url).toBe(200);
      expect(list.body.length, url).toBeGreaterThan(0);
      expect(
        list.body.every((row) => row.org_id === DEFAULT_ORG_ID),
        url,
      ).toBe(true);
    }
    const tree = await call<TreeItem[]>(adminA, 'GET', `${NODES}tree/`);
    expect(tree.body.every((item) => item.id === '1' || item.id.startsWith('1:'))).toBe(true);
  });

  it('cannot select the other org, nor the root org', async () => {
    expect((await call(adminA, 'GET', ASSETS, { org: ORG_B })).status).toBe(403);
    expect((await call(adminA, 'GET', `${NODES}children/tree/`, { org: ROOT_ORG_ID })).status).toBe(403);
  });

  it('cannot read or touch the other org by id', async () => {
    const bAsset = b.asset as AssetBody;
    const bNode = b.node as NodeBody;
    expect((await call(adminA, 'GET', `${ASSETS}${bAsset.id}/`)).status).toBe(404);
    expect((await call(adminA, 'PATCH', `${ASSETS}${bAsset.id}/`, { body: { comment: 'x' } })).status).toBe(
      404,
    );
    expect((await call(adminA, 'DELETE', `${ASSETS}${bAsset.id}/`)).status).toBe(404);
    expect((await call(adminA, 'GET', `${NODES}${bNode.id}/children/tree/`)).status).toBe(404);
    expect((await call(adminA, 'GET', `${NODES}children/tree/?id=${bNode.id}`)).status).toBe(404);
    expect((await call(adminA, 'GET', `${NODES}children/tree/?key=${bNode.key}`)).status).toBe(404);
    expect(
      (await call(adminA, 'PUT', `${NODES}${bNode.id}/assets/add/`, { body: { assets: [] } })).status,
    ).toBe(404);
    expect((await call(adminA, 'GET', `${NODES}${bNode.id}/assets/`)).status).toBe(404);
    expect((await call(adminA, 'DELETE', `${NODES}${bNode.id}/`)).status).toBe(404);
    expect((await call(adminA, 'GET', `${LABELS}${b.label}/`)).status).toBe(404);
  });

  it('cannot link the other org objects into his own', async () => {
    const aNode = a.node as NodeBody;
    const bAsset = b.asset as AssetBody;
    const add = await call(adminA, 'PUT', `${NODES}${aNode.id}/assets/add/`, {
      body: { assets: [bAsset.id] },
    });
    expect(add.status).toBe(400);
    const move = await call(adminA, 'PUT', `${NODES}${aNode.id}/children/add/`, {
      body: { nodes: [b.node?.id] },
    });
    expect(move.status).toBe(400);
    const foreignLabel = await call(adminA, 'POST', ASSETS, {
      body: { hostname: 'sneaky', ip: '10.0.0.2', platform: 'Linux', labels: [b.label] },
    });
    expect(foreignLabel.status).toBe(400);
    const foreignNode = await call(adminA, 'POST', ASSETS, {
      body: { hostname: 'sneaky2', ip: '10.0.0.2', platform: 'Linux', nodes: [b.node?.id] },
    });
    expect(foreignNode.status).toBe(400);
    const foreignParent = await call(adminA, 'POST', NODES, { body: { value: 'x', parent: b.node?.id } });
    expect(foreignParent.status).toBe(400);
    const filtered = await call<AssetBody[]>(adminA, 'GET', `${ASSETS}?node_id=${b.node?.id}`);
    expect(filtered.body).toEqual([]);
  });

  it('cannot bulk-delete the other org rows through ids or spm', async () => {
    const bAsset = b.asset as AssetBody;
    const spm = await call<{ spm: string }>(adminA, 'POST', '/api/v1/common/resources/cache/', {
      body: { resources: [bAsset.id] },
    });
    await call(adminA, 'DELETE', `${ASSETS}?spm=${spm.body.spm}`);
    await call(adminA, 'DELETE', `${ASSETS}?ids=${bAsset.id}`);
    expect((await call(adminB, 'GET', `${ASSETS}${bAsset.id}/`, { org: ORG_B })).status).toBe(200);
  });
});

describe('other roles', () => {
  // v2.21 OrgAuditor = OrgUser set + audit set: no asset management at all.
  it('an org auditor neither reads nor writes assets', async () => {
    expect((await call(auditorA, 'GET', ASSETS)).status).toBe(403);
    expect((await call(auditorA, 'GET', `${NODES}children/tree/`)).status).toBe(403);
    expect(
      (await call(auditorA, 'POST', ASSETS, { body: { hostname: 'aud', ip: '1.1.1.1', platform: 'Linux' } }))
        .status,
    ).toBe(403);
    expect(
      (await call(auditorA, 'PUT', `${NODES}${a.node?.id}/assets/add/`, { body: { assets: [] } })).status,
    ).toBe(403);
    expect((await call(auditorA, 'POST', `${NODES}children/`, { body: {} })).status).toBe(403);
  });

  it('an org user sees no asset management', async () => {
    for (const url of [ASSETS, NODES, LABELS, `${NODES}children/tree/`]) {
      expect((await call(userA, 'GET', url)).status, url).toBe(403);
    }
  });

  it('the system admin reads across orgs in Root and sees every org root', async () => {
    const all = await call<AssetBody[]>(admin, 'GET', ASSETS, { org: ROOT_ORG_ID });
    expect(all.body.map((asset) => asset.org_id).sort()).toEqual([DEFAULT_ORG_ID, ORG_B].sort());
    const roots = await call<TreeItem[]>(admin, 'GET', `${NODES}children/tree/`, { org: ROOT_ORG_ID });
    expect(roots.body.map((item) => item.name).sort()).toEqual(['Default (1)', 'Org B (1)']);
    const write = await call(admin, 'POST', `${NODES}children/`, { body: {}, org: ROOT_ORG_ID });
    expect(write.status).toBe(400);
  });
});
