// `suggestions/` of assets and nodes (engine `suggestions`): an ordinary member may pick objects of their
// organization by the match permission (for a ticket's request) without being allowed to browse them.
// Issue 16 item 11: v2.21 (and this server until then) paged through the whole org inventory for any
// member. Now a member who may not browse sees what was granted to them, and otherwise only an object he
// names exactly (hostname or IP, node name): enough to ask for access, not to map the inventory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './harness';
import {
  ASSETS,
  NODES,
  addOrg,
  adminClient,
  call,
  userClient,
  type NodeBody,
  type Page,
} from './asset-helpers';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';

const ORG_B = '3b7f1b6a-5d7e-4f2c-9a51-1f0c2d3e4b5a';
const PERMISSIONS = '/api/v1/perms/asset-permissions/';
let server: TestServer;
let admin: Client;
let member: Client;
let grantee: Client;
let outsider: Client;
let orgAdmin: Client;
const assetIds = new Map<string, string>();

const hostnames = async (who: Client, query = '', org = DEFAULT_ORG_ID) => {
  const page = await call<Page<{ hostname: string }>>(who, 'GET', `${ASSETS}suggestions/?${query}`, { org });
  expect(page.status).toBe(200);
  return { count: page.body.count, names: page.body.results.map((row) => row.hostname) };
};

const nodeValues = async (who: Client, query = '') => {
  const page = await call<Page<{ value: string }>>(who, 'GET', `${NODES}suggestions/?${query}`, {
    org: DEFAULT_ORG_ID,
  });
  expect(page.status).toBe(200);
  return page.body.results.map((row) => row.value).sort();
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  await addOrg(server, ORG_B, 'Org B');
  const team = await call<NodeBody>(admin, 'POST', NODES, { body: { value: 'team' }, org: DEFAULT_ORG_ID });
  for (let i = 0; i < 12; i += 1) {
    const hostname = `web-${String(i).padStart(2, '0')}`;
    const made = await call<{ id: string }>(admin, 'POST', ASSETS, {
      body: {
        hostname,
        ip: `10.0.0.${i + 1}`,
        platform: 'Linux',
        ...(i >= 10 ? { nodes: [team.body.id] } : {}),
      },
      org: DEFAULT_ORG_ID,
    });
    expect(made.status).toBe(201);
    assetIds.set(hostname, made.body.id);
  }
  await call(admin, 'POST', ASSETS, {
    body: { hostname: 'web-other-org', ip: '10.9.9.9', platform: 'Linux' },
    org: ORG_B,
  });
  member = await userClient(server, 'member', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
  grantee = await userClient(server, 'grantee', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
  outsider = await userClient(server, 'outsider', [{ org: ORG_B, role: 'OrgUser' }]);
  orgAdmin = await userClient(server, 'orgadmin', [{ org: DEFAULT_ORG_ID, role: 'OrgAdmin' }]);
  // The grantee holds web-03 directly and the node "team" (web-10, web-11).
  const granteeId = (await call<{ id: string }>(grantee, 'GET', '/api/v1/users/profile/')).body.id;
  const granted = await call(admin, 'POST', PERMISSIONS, {
    body: {
      name: 'grantee access',
      users: [granteeId],
      assets: [assetIds.get('web-03')],
      nodes: [team.body.id],
      actions: ['all'],
    },
    org: DEFAULT_ORG_ID,
  });
  expect(granted.status, JSON.stringify(granted.body)).toBe(201);
});

afterAll(async () => {
  await server.close();
});

describe('asset and node suggestions', () => {
  it('a member who may not browse no longer pages through the org inventory', async () => {
    expect((await call(member, 'GET', ASSETS, { org: DEFAULT_ORG_ID })).status).toBe(403);
    // The attack: page after page of every asset of the org. Now: nothing he was not granted.
    expect(await hostnames(member)).toEqual({ count: 0, names: [] });
    expect(await hostnames(member, 'limit=100&offset=0&order=hostname')).toEqual({ count: 0, names: [] });
    // Partial searches do not enumerate either; filters only narrow.
    for (const query of ['search=web', 'search=web-1', 'search=10.0.0', 'search=%25', 'platform=Linux'])
      expect((await hostnames(member, query)).count, query).toBe(0);
    expect(await nodeValues(member)).toEqual([]);
  });

  it('names an asset he asks for exactly (hostname or IP, any case), in mini fields', async () => {
    expect(await hostnames(member, 'search=web-11')).toEqual({ count: 1, names: ['web-11'] });
    expect(await hostnames(member, 'search=WEB-05')).toEqual({ count: 1, names: ['web-05'] });
    expect(await hostnames(member, 'search=10.0.0.3')).toEqual({ count: 1, names: ['web-02'] });
    const one = await call<Page<Record<string, unknown>>>(
      member,
      'GET',
      `${ASSETS}suggestions/?search=web-00`,
      {
        org: DEFAULT_ORG_ID,
      },
    );
    expect(Object.keys(one.body.results[0] ?? {}).sort()).toEqual([
      'hostname',
      'id',
      'ip',
      'platform',
      'protocols',
    ]);
    // Another org's asset, even named exactly, is not his to pick.
    expect((await hostnames(member, 'search=web-other-org')).count).toBe(0);
    expect(await nodeValues(member, 'search=team')).toEqual(['team']);
    expect(await nodeValues(member, 'search=tea')).toEqual([]);
  });

  it('a member with grants picks from what he was granted', async () => {
    expect(await hostnames(grantee, 'order=hostname')).toEqual({
      count: 3,
      names: ['web-03', 'web-10', 'web-11'],
    });
    expect(await nodeValues(grantee)).toEqual(['team']);
    // A search narrows them; what he names exactly is found too.
    expect((await hostnames(grantee, 'search=web-1')).names.sort()).toEqual(['web-10', 'web-11']);
    expect((await hostnames(grantee, 'search=web-07')).names).toEqual(['web-07']);
  });

  it('whoever may browse the resource gets the whole list, searched as lists are', async () => {
    const all = await hostnames(orgAdmin, 'limit=100');
    expect(all.count).toBe(12);
    expect((await hostnames(orgAdmin, 'search=web-1')).names.sort()).toEqual(['web-10', 'web-11']);
    const wide = await hostnames(admin, 'limit=100000');
    expect(wide.names).not.toContain('web-other-org');
    expect(wide.names.length).toBeLessThanOrEqual(100);
    expect(await nodeValues(admin)).toContain('Default');
  });

  it('someone outside the org, or anonymous, gets nothing', async () => {
    expect((await call(outsider, 'GET', `${ASSETS}suggestions/`, { org: DEFAULT_ORG_ID })).status).toBe(403);
    expect((await hostnames(outsider, 'search=web-other-org', ORG_B)).names).toEqual(['web-other-org']);
    expect((await hostnames(outsider, '', ORG_B)).count).toBe(0);
    const anonymous = await fetch(`${server.baseUrl}${ASSETS}suggestions/`);
    expect(anonymous.status).toBe(401);
  });
});
