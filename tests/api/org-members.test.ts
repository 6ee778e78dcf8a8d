// Organization members (docs/organizations.md#members) as the org detail's Members tab manages them: users
// join an organization with a role through users/invite/ and leave it through users/{id}/remove/, both in
// that organization (X-JMS-ORG); only its administrators and system administrators may do either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureOrg } from '../../server/src/data/stores/orgs';
import { BUILTIN_ROLE_IDS } from '../../server/src/rbac/builtin-roles';
import { ADMIN_PASSWORD, Client, startTestServer, type TestServer } from './harness';
import { call, signedIn } from './identity-helpers';

const EAST = '7a1d3c52-0000-4000-8000-00000000ea57';
const WEST = '7a1d3c52-0000-4000-8000-00000000e357';

let server: TestServer;
let admin: Client;
let ids: Record<string, string>;

const inOrg = (org: string) => ({ 'x-jms-org': org, 'accept-language': 'en' });
const invite = (client: Client, org: string, users: string[], role: string) =>
  call(client, 'POST', '/api/v1/users/users/invite/', { users, org_roles: [role] }, inOrg(org));
const members = async (org: string): Promise<string[]> => {
  const answer = await call<Array<{ username: string }>>(
    admin,
    'GET',
    '/api/v1/users/users/',
    undefined,
    inOrg(org),
  );
  return answer.body.map((u) => u.username).sort();
};

beforeAll(async () => {
  server = await startTestServer({
    license: { corporation: 'ACME', edition: 'Enterprise', date_expired: '2099-12-31' },
  });
  await ensureOrg(server.app.db, { id: EAST, name: 'East', comment: '' });
  await ensureOrg(server.app.db, { id: WEST, name: 'West', comment: '' });
  const made = async (username: string, orgRoles?: Array<{ org: string; role: string }>) =>
    (
      await server.createUser({
        username,
        email: `${username}@example.com`,
        password: `${username}-pass-1`,
        orgRoles,
      })
    ).id;
  ids = {
    eastAdmin: await made('east-admin', [
      { org: EAST, role: 'OrgAdmin' },
      { org: 'default', role: 'OrgAdmin' },
    ]),
    eastUser: await made('east-user', [{ org: EAST, role: 'OrgUser' }]),
    newcomer: await made('newcomer'),
    stranger: await made('stranger', [{ org: WEST, role: 'OrgUser' }]),
  };
  admin = await signedIn(server, 'admin', ADMIN_PASSWORD);
});

afterAll(async () => {
  await server?.close();
});

describe('organization members', () => {
  it('a system administrator adds users to an organization with a role and removes them', async () => {
    expect((await invite(admin, EAST, [ids.newcomer!], BUILTIN_ROLE_IDS.OrgAuditor)).status).toBeLessThan(
      300,
    );
    expect(await members(EAST)).toEqual(['east-admin', 'east-user', 'newcomer']);
    const newcomer = await signedIn(server, 'newcomer', 'newcomer-pass-1');
    const profile = await call<{ audit_orgs: Array<{ id: string }> }>(
      newcomer,
      'GET',
      '/api/v1/users/profile/',
    );
    expect(profile.body.audit_orgs.map((o) => o.id)).toContain(EAST);

    const removed = await call(admin, 'POST', `/api/v1/users/users/${ids.newcomer}/remove/`, {}, inOrg(EAST));
    expect(removed.status).toBe(204);
    expect(await members(EAST)).toEqual(['east-admin', 'east-user']);
  });

  it('an organization administrator adds the users he sees to his organization only; its users manage nothing', async () => {
    const eastAdmin = await signedIn(server, 'east-admin', 'east-admin-pass-1');
    expect((await invite(eastAdmin, EAST, [ids.newcomer!], BUILTIN_ROLE_IDS.OrgUser)).status).toBeLessThan(
      300,
    );
    expect(await members(EAST)).toContain('newcomer');
    // Not his organization: refused, and nobody joined.
    expect((await invite(eastAdmin, WEST, [ids.newcomer!], BUILTIN_ROLE_IDS.OrgUser)).status).toBe(403);
    expect(await members(WEST)).toEqual(['stranger']);
    // A user he may not see (no organization of his) is answered like one that does not exist.
    const stranger = await invite(eastAdmin, EAST, [ids.stranger!], BUILTIN_ROLE_IDS.OrgUser);
    expect(stranger.status).toBe(400);
    expect(await members(EAST)).not.toContain('stranger');

    const eastUser = await signedIn(server, 'east-user', 'east-user-pass-1');
    expect((await invite(eastUser, EAST, [ids.newcomer!], BUILTIN_ROLE_IDS.OrgAdmin)).status).toBe(403);
    const kick = await call(eastUser, 'POST', `/api/v1/users/users/${ids.newcomer}/remove/`, {}, inOrg(EAST));
    expect(kick.status).toBe(403);
    expect(await members(EAST)).toContain('newcomer');
    const bad = await invite(eastAdmin, EAST, [], BUILTIN_ROLE_IDS.OrgUser);
    expect(bad.status).toBe(400);
  });
});
