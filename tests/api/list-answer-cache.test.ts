// A list page answered whole from the cache (docs/data-layer.md#list-answers-cached-whole) is never
// stale: a write through the API, a write made beside the engine (another SQLite connection, another
// PostgreSQL instance), a change of a linked resource or of the caller's rights are all seen on the next
// request; and one caller's cached answer never reaches another caller, org or language.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';
import {
  ASSETS,
  NODES,
  addOrg,
  adminClient,
  call,
  userClient,
  type AssetBody,
  type Page,
} from './asset-helpers';
import { Client, startTestServer, startTwoInstances, type TestServer, type TwoInstances } from './harness';
import { testBackend } from './test-database';

const OTHER_ORG = '0a0a0a0a-0000-4000-8000-00000000c0de';
const PAGE = `${ASSETS}?limit=5&offset=0&search=cache-&order=hostname&display=1`;

async function hostnames(client: Client, org = DEFAULT_ORG_ID, url = PAGE): Promise<string[]> {
  const page = await call<Page<AssetBody>>(client, 'GET', url, { org });
  expect(page.status).toBe(200);
  return page.body.results.map((asset) => asset.hostname);
}

async function createAsset(client: Client, hostname: string, org = DEFAULT_ORG_ID): Promise<AssetBody> {
  const created = await call<AssetBody>(client, 'POST', ASSETS, {
    org,
    body: { hostname, ip: '10.9.0.1', platform: 'Linux', protocols: ['ssh/22'] },
  });
  expect(created.status).toBe(201);
  return created.body;
}

describe('list answers cached whole', () => {
  let server: TestServer;
  let admin: Client;
  let first: AssetBody;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await adminClient(server);
    first = await createAsset(admin, 'cache-b');
    await createAsset(admin, 'cache-a');
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers a repeated page alike, and sees a write through the API on the next request', async () => {
    expect(await hostnames(admin)).toEqual(['cache-a', 'cache-b']);
    expect(await hostnames(admin)).toEqual(['cache-a', 'cache-b']);
    const renamed = await call(admin, 'PATCH', `${ASSETS}${first.id}/`, {
      org: DEFAULT_ORG_ID,
      body: { hostname: 'cache-c' },
    });
    expect(renamed.status).toBe(200);
    expect(await hostnames(admin)).toEqual(['cache-a', 'cache-c']);
  });

  it('sees a renamed node in the assets it holds (a linked resource)', async () => {
    const node = await call<{ id: string }>(admin, 'POST', NODES, {
      org: DEFAULT_ORG_ID,
      body: { value: 'n-one' },
    });
    expect(node.status).toBe(201);
    const linked = await call(admin, 'PATCH', `${ASSETS}${first.id}/`, {
      org: DEFAULT_ORG_ID,
      body: { nodes: [node.body.id] },
    });
    expect(linked.status).toBe(200);
    const displays = async () =>
      (await call<Page<AssetBody>>(admin, 'GET', PAGE, { org: DEFAULT_ORG_ID })).body.results.find(
        (asset) => asset.id === first.id,
      )?.nodes_display;
    expect((await displays())?.join()).toContain('n-one');
    const renamed = await call(admin, 'PATCH', `${NODES}${node.body.id}/`, {
      org: DEFAULT_ORG_ID,
      body: { value: 'n-two' },
    });
    expect(renamed.status).toBe(200);
    const after = (await displays())?.join() ?? '';
    expect(after).toContain('n-two');
    expect(after).not.toContain('n-one');
  });

  it.runIf(testBackend() === 'sqlite')('sees a write another SQLite connection committed', async () => {
    expect(await hostnames(admin)).toEqual(['cache-a', 'cache-c']);
    const file = new Database(path.join(server.config.dataDir, 'bastion.sqlite3'));
    try {
      file.prepare('UPDATE assets_asset SET hostname = ? WHERE id = ?').run('cache-d', first.id);
    } finally {
      file.close();
    }
    expect(await hostnames(admin)).toEqual(['cache-a', 'cache-d']);
  });

  it("never gives one caller's answer to another: org, rights and time zone are the caller's", async () => {
    await addOrg(server, OTHER_ORG, 'Cache other');
    const other = await createAsset(admin, 'cache-x', OTHER_ORG);
    const carol = await userClient(server, 'carolcache', [{ org: OTHER_ORG, role: 'OrgAdmin' }]);
    const mine = await hostnames(admin);
    expect(mine).not.toContain('cache-x');
    // The same URL in another org, and by a user who may not read the Default org's assets.
    expect(await hostnames(admin, OTHER_ORG)).toEqual(['cache-x']);
    expect(await hostnames(carol, OTHER_ORG)).toEqual(['cache-x']);
    expect((await call(carol, 'GET', PAGE, { org: DEFAULT_ORG_ID })).status).toBe(403);
    // Rights taken away after a cached answer (the user switched off): refused on the next request.
    const carolId = (await call<{ id: string }>(carol, 'GET', '/api/v1/users/profile/')).body.id;
    const disabled = await call(admin, 'PATCH', `/api/v1/users/users/${carolId}/`, {
      org: OTHER_ORG,
      body: { is_active: false },
    });
    expect(disabled.status).toBe(200);
    expect(401).toBe((await call(carol, 'GET', PAGE, { org: OTHER_ORG })).status);
    // The caller's time zone (X-TZ) shapes the datetimes of the same page.
    const created = async (timeZone: string) => {
      const response = await admin.request(`${ASSETS}?limit=5&offset=0&search=cache-x`, {
        method: 'GET',
        headers: { 'x-jms-org': OTHER_ORG, 'x-tz': timeZone },
      });
      const page = (await response.json()) as Page<AssetBody>;
      return page.results.find((asset) => asset.id === other.id)?.date_created;
    };
    const utc = await created('UTC');
    const shanghai = await created('Asia/Shanghai');
    expect(utc).toBeTruthy();
    expect(shanghai).toBeTruthy();
    expect(shanghai).not.toBe(utc);
    expect(await created('UTC')).toBe(utc);
  });
});

describe.runIf(testBackend() === 'postgres')('list answers cached whole, two instances', () => {
  let instances: TwoInstances;

  beforeAll(async () => {
    instances = await startTwoInstances();
  });

  afterAll(async () => {
    await instances?.close();
  });

  it('sees on B a write made on A after B cached the page', async () => {
    const onA = await adminClient(instances.a);
    const onB = await adminClient(instances.b);
    const asset = await createAsset(onA, 'cache-b');
    expect(await hostnames(onB)).toEqual(['cache-b']);
    expect(await hostnames(onB)).toEqual(['cache-b']);
    const renamed = await call(onA, 'PATCH', `${ASSETS}${asset.id}/`, {
      org: DEFAULT_ORG_ID,
      body: { hostname: 'cache-e' },
    });
    expect(renamed.status).toBe(200);
    expect(await hostnames(onB)).toEqual(['cache-e']);
  });
});
