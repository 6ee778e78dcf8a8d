import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './harness';
import {
  ASSETS,
  LABELS,
  NODES,
  adminClient,
  call,
  type AssetBody,
  type NodeBody,
  type Page,
} from './asset-helpers';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
});

afterAll(async () => {
  await server.close();
});

const create = (body: Record<string, unknown>) => call<AssetBody>(admin, 'POST', ASSETS, { body });

describe('asset CRUD', () => {
  it('creates an asset with the contract defaults, attached to the org root node', async () => {
    const { status, body } = await create({ hostname: 'web-01', ip: '10.0.0.1', platform: 'Linux' });
    expect(status).toBe(201);
    expect(body.protocols).toEqual(['ssh/22']);
    expect(body.is_active).toBe(true);
    expect(body.connectivity).toBe('unknown');
    expect(body.org_id).toBe(DEFAULT_ORG_ID);
    expect(body.org_name).toBe('Default');
    expect(body.nodes).toHaveLength(1);
    expect(body.nodes_display).toEqual(['/Default']);
    expect(body.created_by).toBe('admin');
    expect(body).not.toHaveProperty('protocol');
    expect(body).not.toHaveProperty('port');
  });

  it('maps the legacy protocol/port pair onto protocols', async () => {
    const { status, body } = await create({
      hostname: 'win-01',
      ip: '10.0.0.2',
      platform: 'Windows',
      protocol: 'rdp',
      port: 3389,
    });
    expect(status).toBe(201);
    expect(body.protocols).toEqual(['rdp/3389']);
  });

  it('answers 400 by field for bad input, never 500', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ip: '10.0.0.3', platform: 'Linux' }, 'hostname'],
      [{ hostname: 'x1', ip: '10.0.0.3', platform: 'NoSuchOS' }, 'platform'],
      [{ hostname: 'x2', ip: '10.0.0.3', platform: 'Linux', protocols: ['ftp/21'] }, 'protocols'],
      [{ hostname: 'x3', ip: '10.0.0.3', platform: 'Linux', protocols: ['ssh/22', 'ssh/2222'] }, 'protocols'],
      [{ hostname: 'x4', ip: '10.0.0.3', platform: 'Linux', protocols: 'ssh/99999' }, 'protocols'],
      [{ hostname: 'h'.repeat(129), ip: '10.0.0.3', platform: 'Linux' }, 'hostname'],
      [{ hostname: 'web-01', ip: '10.0.0.3', platform: 'Linux' }, 'hostname'],
      [{ hostname: 'x5', ip: '10.0.0.3', platform: 'Linux', nodes: ['not-a-node'] }, 'nodes'],
      [{ hostname: 'x6', ip: '10.0.0.3', platform: 'Linux', is_active: 'maybe' }, 'is_active'],
    ];
    for (const [body, field] of cases) {
      const result = await create(body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body, JSON.stringify(body)).toHaveProperty(field);
    }
    for (const raw of ['{"hostname": ', '[1, 2', 'null']) {
      const result = await call(admin, 'POST', ASSETS, { raw });
      expect(result.status).toBe(400);
    }
    const wrongType = await call(admin, 'POST', ASSETS, { raw: 'hostname=a', contentType: 'text/plain' });
    expect([400, 415]).toContain(wrongType.status);
  });

  it('updates and deletes', async () => {
    const { body: asset } = await create({ hostname: 'tmp-01', ip: '10.0.0.9', platform: 'Linux' });
    const patched = await call<AssetBody>(admin, 'PATCH', `${ASSETS}${asset.id}/`, {
      body: { comment: 'hi', is_active: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.is_active).toBe(false);
    expect((await call(admin, 'DELETE', `${ASSETS}${asset.id}/`)).status).toBe(204);
    expect((await call(admin, 'GET', `${ASSETS}${asset.id}/`)).status).toBe(404);
    expect((await call(admin, 'GET', `${ASSETS}not-a-uuid/`)).status).toBe(404);
  });

  it('refuses creation in the root org with a clear 400', async () => {
    const result = await call(admin, 'POST', ASSETS, {
      body: { hostname: 'root-01', ip: '10.0.0.5', platform: 'Linux' },
      org: '00000000-0000-0000-0000-000000000000',
    });
    expect(result.status).toBe(400);
  });
});

describe('asset lists', () => {
  beforeAll(async () => {
    for (let i = 0; i < 12; i += 1) {
      await create({
        hostname: `list-${String(i).padStart(2, '0')}`,
        ip: `192.168.1.${i}`,
        platform: i % 3 === 0 ? 'Windows' : 'Linux',
      });
    }
  });

  it('pages, searches and orders', async () => {
    const page = await call<Page<AssetBody>>(
      admin,
      'GET',
      `${ASSETS}?limit=5&offset=0&search=list&order=-hostname&display=1&draw=1`,
    );
    expect(page.status).toBe(200);
    expect(page.body.count).toBe(12);
    expect(page.body.results.map((a) => a.hostname)).toEqual([
      'list-11',
      'list-10',
      'list-09',
      'list-08',
      'list-07',
    ]);
    expect(page.body.next).toContain('offset=5');
    const byIp = await call<AssetBody[]>(admin, 'GET', `${ASSETS}?search=192.168.1.1`);
    expect(byIp.body.map((a) => a.ip).sort()).toEqual(['192.168.1.1', '192.168.1.10', '192.168.1.11']);
  });

  it('filters by platform base, ips and is_active', async () => {
    const windows = await call<AssetBody[]>(admin, 'GET', `${ASSETS}?platform__base=Windows&search=list`);
    expect(windows.body).toHaveLength(4);
    const ips = await call<AssetBody[]>(admin, 'GET', `${ASSETS}?ips=192.168.1.2,192.168.1.3`);
    expect(ips.body.map((a) => a.hostname).sort()).toEqual(['list-02', 'list-03']);
    const badBase = await call<AssetBody[]>(admin, 'GET', `${ASSETS}?platform__base=Nope`);
    expect(badBase.body).toEqual([]);
  });

  it('tolerates absurd list parameters', async () => {
    for (const query of [
      'limit=-1',
      'limit=abc&offset=zz',
      'order=nonexistent',
      'offset=99999999999999999999&limit=2',
      'is_active=maybe',
      'node_id=%00%01',
      'label=nocolon',
      'search=' + 'x'.repeat(5000),
    ]) {
      const result = await call(admin, 'GET', `${ASSETS}?${query}`);
      expect(result.status, query).toBe(200);
    }
  });

  it('exports csv with labelled headers', async () => {
    const response = await admin.request(`${ASSETS}?format=csv&search=list-0`, {
      headers: { 'accept-language': 'en' },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.split('\r\n')[0]).toContain('Hostname');
    expect(text).toContain('list-05');
  });
});

describe('asset labels and nodes', () => {
  it('links labels and shows them as name:value', async () => {
    const label = await call<{ id: string }>(admin, 'POST', LABELS, { body: { name: 'env', value: 'prod' } });
    expect(label.status).toBe(201);
    const asset = await create({
      hostname: 'lab-01',
      ip: '10.1.0.1',
      platform: 'Linux',
      labels: [label.body.id],
    });
    expect(asset.status).toBe(201);
    expect(asset.body.labels_display).toEqual(['env:prod']);
    const labels = await call<Array<{ id: string; asset_count: number }>>(admin, 'GET', LABELS);
    expect(labels.body.find((l) => l.id === label.body.id)?.asset_count).toBe(1);
  });

  it('attaches a new asset to the nodes it names and filters by node', async () => {
    const node = await call<NodeBody>(admin, 'POST', NODES, { body: { value: 'filter-node' } });
    expect(node.status).toBe(201);
    const asset = await create({
      hostname: 'in-node-01',
      ip: '10.2.0.1',
      platform: 'Linux',
      nodes: [node.body.id],
    });
    expect(asset.body.nodes_display).toEqual(['/Default/filter-node']);
    const byNode = await call<AssetBody[]>(admin, 'GET', `${ASSETS}?node_id=${node.body.id}`);
    expect(byNode.body.map((a) => a.hostname)).toEqual(['in-node-01']);
  });
});
