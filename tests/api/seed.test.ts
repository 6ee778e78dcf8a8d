import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';
import { ASSETS, NODES, adminClient, call, type AssetBody, type Page, type TreeItem } from './asset-helpers';
import { seedDemo } from '../../server/src/seed/seed-demo';
import { seedAssets } from '../../server/src/seed/seed-assets';
import { parseSeedArgs } from '../../server/src/seed/seed-command';
import { DEMO_ORGS } from '../../server/src/seed/demo-data';
import { ROOT_ORG_ID } from '../../server/src/orgs/org-ids';

const PASSWORD = 'Demo-Test-Pass-1!';
let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
});

afterAll(async () => {
  await server.close();
});

const env = () => ({ db: server.app.db, resources: server.app.engine.registry });

describe('seed --demo', () => {
  it('loads orgs, people, labels, node trees and ~200 assets, once', async () => {
    const first = await seedDemo(env(), PASSWORD);
    expect(first).toMatchObject({ skipped: false, orgs: 3, users: 30, labels: 27, assets: 210, messages: 3 });
    expect(first.nodes).toBeGreaterThanOrEqual(40);
    const again = await seedDemo(env(), PASSWORD);
    expect(again.skipped).toBe(true);
    const all = await call<Page<AssetBody>>(admin, 'GET', `${ASSETS}?limit=1`, { org: ROOT_ORG_ID });
    expect(all.body.count).toBe(210);
  });

  it('gives every org its own tree and lets demo users sign in with their roles', async () => {
    const [, finance] = DEMO_ORGS;
    const tree = await call<TreeItem[]>(admin, 'GET', `${NODES}children/tree/`, { org: finance?.id });
    expect(tree.body[0]?.name).toBe('Finance (24)');
    const orgAdmin = new Client(server.baseUrl);
    await orgAdmin.login('orgadmin', PASSWORD);
    const list = await call<Page<AssetBody>>(orgAdmin, 'GET', `${ASSETS}?limit=5&label=env:prod`, {
      org: finance?.id,
    });
    expect(list.status).toBe(200);
    expect(list.body.results.every((asset) => asset.org_name === 'Finance')).toBe(true);
    const auditor = new Client(server.baseUrl);
    await auditor.login('auditor', PASSWORD);
    expect(
      (await call(auditor, 'POST', ASSETS, { body: { hostname: 'x', ip: '1.1.1.1', platform: 'Linux' } }))
        .status,
    ).toBe(403);
  });
});

describe('seed --assets', () => {
  it('bulk-loads assets under /Default/Scale in one go', async () => {
    const before = (await call<Page<AssetBody>>(admin, 'GET', `${ASSETS}?limit=1`)).body.count;
    const result = await seedAssets(env(), 3000);
    expect(result).toMatchObject({ assets: 3000, leaves: 128 });
    const after = await call<Page<AssetBody>>(
      admin,
      'GET',
      `${ASSETS}?limit=15&offset=30&search=prod&order=-hostname`,
    );
    expect(after.status).toBe(200);
    const total = (await call<Page<AssetBody>>(admin, 'GET', `${ASSETS}?limit=1`)).body.count;
    expect(total - before).toBe(3000);
    expect(after.body.results).toHaveLength(15);
    expect(after.body.results[0]?.nodes_display[0]).toMatch(/^\/Default\/Scale\//);
    const scale = (await call<Array<{ id: string }>>(admin, 'GET', `${NODES}?value=Scale`)).body[0];
    const tree = await call<TreeItem[]>(admin, 'GET', `${NODES}children/tree/?id=${scale?.id}`);
    expect(tree.body).toHaveLength(8);
  });

  it('parses its arguments strictly', () => {
    expect(parseSeedArgs(['--demo'])).toEqual({ demo: true, assets: 0 });
    expect(parseSeedArgs(['--assets', '100000'])).toEqual({ demo: false, assets: 100000 });
    expect(parseSeedArgs(['--assets=5'])).toEqual({ demo: false, assets: 5 });
    for (const bad of [
      [],
      ['--assets'],
      ['--assets', '-1'],
      ['--assets', '1e9'],
      ['--assets', '99999999'],
      ['--nope'],
    ]) {
      expect(parseSeedArgs(bad), bad.join(' ')).toHaveProperty('error');
    }
  });
});
