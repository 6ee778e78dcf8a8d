import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './harness';
import { ASSETS, adminClient, call, type AssetBody, type Page } from './asset-helpers';
import { seedAssets } from '../../server/src/seed/seed-assets';

/**
 * The list machinery behind large tables: cached counts and page windows (exact after every kind of
 * write), the trigram search index (same results as a substring scan), ordered export batches.
 */
let server: TestServer;
let admin: Client;

const list = (query: string) => call<Page<AssetBody>>(admin, 'GET', `${ASSETS}?${query}`);
const all = async (query: string): Promise<AssetBody[]> => {
  const { status, body } = await call<AssetBody[]>(admin, 'GET', `${ASSETS}?${query}`);
  expect(status).toBe(200);
  return body;
};
const create = async (hostname: string, ip: string): Promise<AssetBody> => {
  const { status, body } = await call<AssetBody>(admin, 'POST', ASSETS, {
    body: { hostname, ip, platform: 'Linux' },
  });
  expect(status).toBe(201);
  return body;
};

/** docs/http.md#lists search by brute force: every term a case-insensitive substring of hostname or ip. */
const matches = (asset: AssetBody, search: string): boolean =>
  search
    .split(/[\s,]+/)
    .filter((term) => term !== '')
    .every((term) =>
      [asset.hostname, asset.ip].some((value) => value.toLowerCase().includes(term.toLowerCase())),
    );

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  for (const [hostname, ip] of [
    ['Alpha-PROD-web', '10.20.30.40'],
    ['beta-prod-db', '10.20.31.41'],
    ['gamma-test-web', '192.168.7.40'],
    ['delta%_"x', '172.16.0.1'],
    ['ÉCOLE-prod', '10.9.9.9'],
  ])
    await create(hostname as string, ip as string);
  await seedAssets({ db: server.app.db, resources: server.app.engine.registry }, 2500);
});

afterAll(async () => {
  await server.close();
});

describe('search through the trigram index', () => {
  it('answers exactly what a substring scan answers, for long and short terms', async () => {
    const everything = await all('order=hostname');
    for (const search of [
      'prod',
      'PROD web',
      'web 10.20',
      '.40',
      'a-',
      'o',
      'db 31.41',
      '%_"',
      '"x',
      'ÉCOLE',
      'sh-test-app',
      'nothing-like-this',
    ]) {
      const expected = everything.filter((asset) => matches(asset, search)).map((asset) => asset.hostname);
      const { status, body } = await list(`search=${encodeURIComponent(search)}&order=hostname&limit=5000`);
      expect(status).toBe(200);
      expect(
        body.results.map((asset) => asset.hostname),
        search,
      ).toEqual(expected);
      expect(body.count, search).toBe(expected.length);
    }
  });

  it('keeps the index in sync with renames and deletes', async () => {
    const created = await create('zeta-rename-me', '10.99.0.1');
    expect((await list('search=rename-me&limit=10')).body.count).toBe(1);
    const patched = await call(admin, 'PATCH', `${ASSETS}${created.id}/`, {
      body: { hostname: 'zeta-moved' },
    });
    expect(patched.status).toBe(200);
    expect((await list('search=rename-me&limit=10')).body.count).toBe(0);
    expect((await list('search=zeta-moved&limit=10')).body.results.map((a) => a.id)).toEqual([created.id]);
    expect((await call(admin, 'DELETE', `${ASSETS}${created.id}/`)).status).toBe(204);
    expect((await list('search=zeta-moved&limit=10')).body.count).toBe(0);
  });
});

describe('cached counts and page windows stay exact', () => {
  it('after create, update, delete, bulk load and writes outside the engine', async () => {
    const query = 'search=cachecheck&limit=2&offset=0';
    expect((await list(query)).body.count).toBe(0);
    expect((await list(query)).body.count).toBe(0); // served from the cache
    const one = await create('cachecheck-1', '10.77.0.1');
    expect((await list(query)).body.count).toBe(1);
    const two = await create('cachecheck-2', '10.77.0.2');
    const page = (await list(query)).body;
    expect(page.count).toBe(2);
    expect(page.results.map((a) => a.hostname)).toEqual(['cachecheck-1', 'cachecheck-2']);
    // A write that changes a row's match.
    await call(admin, 'PATCH', `${ASSETS}${one.id}/`, { body: { hostname: 'renamed-1' } });
    expect((await list(query)).body.count).toBe(1);
    // A write outside the engine (hand-written SQL of another module, another connection…).
    await server.app.db.run("UPDATE assets_asset SET hostname = 'cachecheck-raw' WHERE id = ?", [one.id]);
    expect((await list(query)).body.results.map((a) => a.hostname)).toEqual([
      'cachecheck-2',
      'cachecheck-raw',
    ]);
    await call(admin, 'DELETE', `${ASSETS}${two.id}/`);
    expect((await list(query)).body.count).toBe(1);
    // The whole-org count (no search) after the bulk loader.
    const before = (await list('limit=1')).body.count;
    await seedAssets({ db: server.app.db, resources: server.app.engine.registry }, 30);
    expect((await list('limit=1')).body.count).toBe(before + 30);
    // A bulk delete through the engine.
    const spm = await call<{ spm: string }>(admin, 'POST', '/api/v1/common/resources/cache/', {
      body: { resources: [one.id] },
    });
    expect((await call(admin, 'DELETE', `${ASSETS}?spm=${spm.body.spm}`)).status).toBe(204);
    expect((await list(query)).body.count).toBe(0);
    expect((await list('limit=1')).body.count).toBe(before + 29);
  });

  it('counts through m2m filters follow link changes', async () => {
    const asset = await create('linkcheck-1', '10.78.0.1');
    const node = asset.nodes[0] as string;
    const query = `node=${node}&search=linkcheck&limit=5`;
    expect((await list(query)).body.count).toBe(1);
    await server.app.engine.registry.get('assets.asset').link('nodes', asset.id, [], 'set');
    expect((await list(query)).body.count).toBe(0);
  });

  it('pages of the window are the slices of the full ordered list, ties included', async () => {
    for (const order of ['-hostname', 'platform', '-is_active', 'cpu_cores,-date_created']) {
      const full = (await all(`search=prod&order=${order}`)).map((asset) => asset.id);
      const paged: string[] = [];
      for (let offset = 0; offset < full.length + 40; offset += 40) {
        const { body } = await list(`search=prod&order=${order}&limit=40&offset=${offset}`);
        expect(body.count).toBe(full.length);
        paged.push(...body.results.map((asset) => asset.id));
      }
      expect(paged, order).toEqual(full);
      expect(new Set(full).size).toBe(full.length);
    }
  });
});

describe('export in batches', () => {
  it('streams every row in the list order', async () => {
    const ordered = (await all('order=-hostname')).map((asset) => asset.hostname);
    expect(ordered.length).toBeGreaterThan(2500);
    const response = await admin.request(`${ASSETS}?format=csv&order=-hostname`, { method: 'GET' });
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1, -1);
    expect(lines).toHaveLength(ordered.length);
    // Column 2 is the hostname; quoted ones (the hostname with a quote) are left out of the comparison.
    const hostnames = lines.map((line) => line.split(',')[1] ?? '').filter((h) => !h.startsWith('"'));
    expect(hostnames).toEqual(ordered.filter((h) => !/[",]/.test(h)));
  });
});
