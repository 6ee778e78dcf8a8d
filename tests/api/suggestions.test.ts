// `suggestions/` of assets and nodes (engine `suggestions`): an ordinary member may pick objects of their
// organization by the match permission (for a ticket's request) without being allowed to browse them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './harness';
import { ASSETS, NODES, addOrg, adminClient, call, userClient, type Page } from './asset-helpers';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';

const ORG_B = '3b7f1b6a-5d7e-4f2c-9a51-1f0c2d3e4b5a';
let server: TestServer;
let admin: Client;
let member: Client;
let outsider: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  await addOrg(server, ORG_B, 'Org B');
  for (let i = 0; i < 12; i += 1) {
    const made = await call(admin, 'POST', ASSETS, {
      body: { hostname: `web-${String(i).padStart(2, '0')}`, ip: `10.0.0.${i + 1}`, platform: 'Linux' },
      org: DEFAULT_ORG_ID,
    });
    expect(made.status).toBe(201);
  }
  await call(admin, 'POST', ASSETS, {
    body: { hostname: 'web-other-org', ip: '10.9.9.9', platform: 'Linux' },
    org: ORG_B,
  });
  member = await userClient(server, 'member', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
  outsider = await userClient(server, 'outsider', [{ org: ORG_B, role: 'OrgUser' }]);
});

afterAll(async () => {
  await server.close();
});

describe('asset and node suggestions', () => {
  it('a member cannot list assets but gets mini suggestions of their org, paged and searchable', async () => {
    expect((await call(member, 'GET', ASSETS, { org: DEFAULT_ORG_ID })).status).toBe(403);
    const first = await call<Page<Record<string, unknown>>>(member, 'GET', `${ASSETS}suggestions/?offset=0`, {
      org: DEFAULT_ORG_ID,
    });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(12);
    expect(first.body.results).toHaveLength(10);
    expect(Object.keys(first.body.results[0]!).sort()).toEqual([
      'hostname',
      'id',
      'ip',
      'platform',
      'protocols',
    ]);
    const searched = await call<Page<{ hostname: string }>>(
      member,
      'GET',
      `${ASSETS}suggestions/?search=web-11&limit=10&offset=0`,
      { org: DEFAULT_ORG_ID },
    );
    expect(searched.body.results.map((r) => r.hostname)).toEqual(['web-11']);
    // Another org's asset is never suggested, and a wide page is capped.
    const wide = await call<Page<{ hostname: string }>>(member, 'GET', `${ASSETS}suggestions/?limit=100000`, {
      org: DEFAULT_ORG_ID,
    });
    expect(wide.body.results.map((r) => r.hostname)).not.toContain('web-other-org');
    expect(wide.body.results.length).toBeLessThanOrEqual(100);
    const nodes = await call<Page<{ value: string }>>(member, 'GET', `${NODES}suggestions/`, {
      org: DEFAULT_ORG_ID,
    });
    expect(nodes.status).toBe(200);
    expect(nodes.body.results.map((n) => n.value)).toContain('Default');
  });

  it('someone outside the org, or anonymous, gets nothing', async () => {
    expect((await call(outsider, 'GET', `${ASSETS}suggestions/`, { org: DEFAULT_ORG_ID })).status).toBe(403);
    const own = await call<Page<{ hostname: string }>>(outsider, 'GET', `${ASSETS}suggestions/`, {
      org: ORG_B,
    });
    expect(own.body.results.map((r) => r.hostname)).toEqual(['web-other-org']);
    const anonymous = await fetch(`${server.baseUrl}${ASSETS}suggestions/`);
    expect(anonymous.status).toBe(401);
  });
});
