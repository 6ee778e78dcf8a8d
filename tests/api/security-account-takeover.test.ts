// Issue 16 item 1: the cross-org account takeover. The OrgAdmin of one org found the OrgAdmin of another
// (users/suggestions/, org-roles/{id}/users/), made him a member of his own org (org-role-bindings, no
// licence needed), set his password and signed in as him — four requests. Each step is refused here, and
// the rules behind it (rbac/user-authority.ts, docs/security.md) are pinned down one by one.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client, loginPageData, startTestServer, type TestServer } from './harness';
import { ROLE, ROOT, call, createOrg, inOrg } from './identity-helpers';

const PASSWORD = 'Takeover-pass-1';
const USERS = '/api/v1/users/users/';
const BINDINGS = '/api/v1/rbac/org-role-bindings/';
const en = { 'Accept-Language': 'en' };

let server: TestServer;
let unlicensed: TestServer;
let admin: Client;
let orgA = '';
let orgB = '';
let orgC = '';
/** OrgAdmin of A only. */
let mallory: Client;
/** OrgAdmin of A and C. */
let carl: Client;
const ids = { mallory: '', victim: '', shared: '', onlyA: '', onlyB: '', onlyC: '', nowhere: '', carl: '' };

async function person(
  target: TestServer,
  username: string,
  orgRoles: Array<{ org: string; role: string }>,
): Promise<string> {
  return (
    await target.createUser({
      username,
      email: `${username}@corp.test`,
      password: PASSWORD,
      orgRoles,
    })
  ).id;
}

async function signIn(target: TestServer, username: string): Promise<Client> {
  const client = new Client(target.baseUrl);
  await client.login(username, PASSWORD);
  return client;
}

beforeAll(async () => {
  server = await startTestServer({
    license: { corporation: 'Example Corp', date_expired: '2099-01-01' },
  });
  admin = new Client(server.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
  orgA = await createOrg(admin, 'Org A');
  orgB = await createOrg(admin, 'Org B');
  orgC = await createOrg(admin, 'Org C');
  ids.mallory = await person(server, 'mallory', [{ org: orgA, role: 'OrgAdmin' }]);
  ids.victim = await person(server, 'victim', [{ org: orgB, role: 'OrgAdmin' }]);
  // A member of A who is also an ordinary member of B: A's admin manages his membership of A only.
  ids.shared = await person(server, 'shared', [
    { org: orgA, role: 'OrgUser' },
    { org: orgB, role: 'OrgUser' },
  ]);
  ids.onlyA = await person(server, 'only_a', [{ org: orgA, role: 'OrgUser' }]);
  ids.onlyB = await person(server, 'only_b', [{ org: orgB, role: 'OrgUser' }]);
  ids.onlyC = await person(server, 'only_c', [{ org: orgC, role: 'OrgUser' }]);
  ids.nowhere = await person(server, 'nowhere', []);
  ids.carl = await person(server, 'carl', [
    { org: orgA, role: 'OrgAdmin' },
    { org: orgC, role: 'OrgAdmin' },
  ]);
  mallory = await signIn(server, 'mallory');
  carl = await signIn(server, 'carl');
  unlicensed = await startTestServer();
});

afterAll(async () => {
  await server.close();
  await unlicensed.close();
});

describe('the four-request takeover chain', () => {
  it('step 1: suggestions never find a user of another org, by name, username or exact e-mail', async () => {
    for (const search of ['victim', 'vict', 'victim@corp.test', 'corp.test']) {
      const found = await call<Array<{ id: string; username: string }>>(
        mallory,
        'GET',
        `${USERS}suggestions/?search=${encodeURIComponent(search)}`,
        undefined,
        inOrg(orgA),
      );
      expect(found.status).toBe(200);
      expect(
        found.body.map((u) => u.id),
        search,
      ).not.toContain(ids.victim);
    }
    // Members of his own org are found (the rule narrows, it does not break the picker).
    const own = await call<Array<{ username: string }>>(
      mallory,
      'GET',
      `${USERS}suggestions/?search=only_a@corp.test`,
      undefined,
      inOrg(orgA),
    );
    expect(own.body.map((u) => u.username)).toEqual(['only_a']);
    const all = await call<Array<{ username: string }>>(
      mallory,
      'GET',
      `${USERS}suggestions/`,
      undefined,
      inOrg(orgA),
    );
    expect(all.body.map((u) => u.username).sort()).toEqual(['carl', 'mallory', 'only_a', 'shared']);
  });

  it("step 1': a role's users are the members of the current org only, and so is its count", async () => {
    const holders = await call<Array<{ id: string; username: string }>>(
      mallory,
      'GET',
      `/api/v1/rbac/org-roles/${ROLE.OrgAdmin}/users/`,
      undefined,
      inOrg(orgA),
    );
    expect(holders.status).toBe(200);
    expect(holders.body.map((u) => u.username).sort()).toEqual(['carl', 'mallory']);
    const role = await call<{ users_amount: number }>(
      mallory,
      'GET',
      `/api/v1/rbac/org-roles/${ROLE.OrgAdmin}/`,
      undefined,
      inOrg(orgA),
    );
    expect(role.body.users_amount).toBe(2);
    // System roles are system business: an org admin does not list the system administrators.
    const sysadmins = await call(
      mallory,
      'GET',
      `/api/v1/rbac/system-roles/${ROLE.SystemAdmin}/users/`,
      undefined,
      inOrg(orgA),
    );
    expect(sysadmins.status).toBe(403);
    const viaRoles = await call(
      mallory,
      'GET',
      `/api/v1/rbac/roles/${ROLE.SystemAdmin}/users/`,
      undefined,
      inOrg(orgA),
    );
    expect(viaRoles.status).toBe(403);
    // Root (SystemAdmin) still sees every holder.
    const everywhere = await call<Array<{ username: string }>>(
      admin,
      'GET',
      `/api/v1/rbac/org-roles/${ROLE.OrgAdmin}/users/`,
      undefined,
      inOrg(ROOT),
    );
    expect(everywhere.body.map((u) => u.username)).toEqual(expect.arrayContaining(['victim', 'mallory']));
  });

  it('step 2: binding or inviting a stranger answers exactly as for an id that does not exist', async () => {
    const unknown = crypto.randomUUID();
    const bind = (user: string) =>
      call(mallory, 'POST', BINDINGS, { user, role: ROLE.OrgUser }, { ...inOrg(orgA), ...en });
    const stranger = await bind(ids.victim);
    const nobody = await bind(unknown);
    expect(stranger.status).toBe(400);
    expect(nobody.status).toBe(400);
    expect(stranger.body).toEqual({ user: [`Invalid pk "${ids.victim}" - object does not exist.`] });
    expect(nobody.body).toEqual({ user: [`Invalid pk "${unknown}" - object does not exist.`] });
    const invite = (user: string) =>
      call(
        mallory,
        'POST',
        `${USERS}invite/`,
        { users: [user], org_roles: [ROLE.OrgAdmin] },
        {
          ...inOrg(orgA),
          ...en,
        },
      );
    expect((await invite(ids.victim)).body).toEqual({
      users: [`Invalid pk "${ids.victim}" - object does not exist.`],
    });
    expect((await invite(unknown)).body).toEqual({
      users: [`Invalid pk "${unknown}" - object does not exist.`],
    });
    // A user in no organization is nobody's to pick but a system administrator's.
    expect((await bind(ids.nowhere)).status).toBe(400);
    const members = await call<Array<{ id: string }>>(admin, 'GET', USERS, undefined, inOrg(orgA));
    expect(members.body.map((u) => u.id)).not.toContain(ids.victim);
  });

  it('step 3: an account change of a user who also belongs to another org is refused, in his language', async () => {
    // Even once he is a member of A (made so by a system administrator), the victim's account stays out
    // of reach: Mallory does not manage org B.
    expect(
      (await call(admin, 'POST', BINDINGS, { user: ids.victim, role: ROLE.OrgUser }, inOrg(orgA))).status,
    ).toBe(201);
    const attempts: Array<[string, string, unknown]> = [
      ['PUT', `${USERS}${ids.victim}/password/`, { password: 'Owned-by-mallory-1' }],
      ['PATCH', `${USERS}${ids.victim}/password/reset/`, undefined],
      ['PATCH', `${USERS}${ids.victim}/`, { email: 'mallory@evil.test' }],
      ['PATCH', `${USERS}${ids.victim}/`, { is_active: false }],
      ['PATCH', `${USERS}${ids.victim}/`, { password: 'Owned-by-mallory-1' }],
      ['PATCH', `${USERS}${ids.victim}/`, { mfa_level: 0, name: 'Victim' }],
      ['PUT', `${USERS}${ids.victim}/pubkey/reset/`, undefined],
      ['PUT', `${USERS}${ids.victim}/unblock/`, undefined],
      ['GET', `${USERS}${ids.victim}/mfa/reset/`, undefined],
      ['PATCH', USERS, [{ id: ids.victim, email: 'mallory@evil.test' }]],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await call<{ detail: string; code: string }>(mallory, method, url, body, {
        ...inOrg(orgA),
        ...en,
      });
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(JSON.stringify(answer.body)).toContain('do not manage');
    }
    const zh = await call<{ detail: string }>(
      mallory,
      'PUT',
      `${USERS}${ids.victim}/password/`,
      { password: 'Owned-by-mallory-1' },
      { ...inOrg(orgA), 'Accept-Language': 'zh' },
    );
    expect(zh.body.detail).toBe('该用户还属于你无权管理的组织，只有能管理其所有组织的人才能执行此操作。');
    const victim = await call<{ email: string; is_active: boolean }>(
      admin,
      'GET',
      `${USERS}${ids.victim}/`,
      undefined,
      inOrg(orgB),
    );
    expect(victim.body).toMatchObject({ email: 'victim@corp.test', is_active: true });
  });

  it('step 4: the attacker cannot sign in as the victim; the victim still can', async () => {
    const attempt = await new Client(server.baseUrl).submitLogin('victim', 'Owned-by-mallory-1');
    expect(attempt.status).toBe(200);
    expect(loginPageData(await attempt.text()).error).not.toBe('');
    await signIn(server, 'victim');
  });
});

describe('what an org admin still manages', () => {
  it("his own org's roles and groups of a shared member, and removing him from the org", async () => {
    const roles = await call<{ org_roles: string[] }>(
      mallory,
      'PATCH',
      `${USERS}${ids.shared}/`,
      { org_roles: [ROLE.OrgAuditor] },
      inOrg(orgA),
    );
    expect(roles.status).toBe(200);
    expect(roles.body.org_roles).toEqual([ROLE.OrgAuditor]);
    // A form that sends back unchanged account fields with the new roles is not an account change.
    const form = await call<{ email: string; date_expired: string }>(
      admin,
      'GET',
      `${USERS}${ids.shared}/`,
      undefined,
      inOrg(orgA),
    );
    const resent = await call(
      mallory,
      'PATCH',
      `${USERS}${ids.shared}/`,
      { email: form.body.email, date_expired: form.body.date_expired, org_roles: [ROLE.OrgUser] },
      inOrg(orgA),
    );
    expect(resent.status).toBe(200);
    expect(
      (
        await call(
          mallory,
          'PUT',
          `${USERS}${ids.shared}/password/`,
          { password: 'Shared-new-1' },
          inOrg(orgA),
        )
      ).status,
    ).toBe(403);
    const removed = await call(mallory, 'POST', `${USERS}${ids.shared}/remove/`, {}, inOrg(orgA));
    expect(removed.status).toBe(204);
    const inB = await call<Array<{ id: string }>>(admin, 'GET', USERS, undefined, inOrg(orgB));
    expect(inB.body.map((u) => u.id)).toContain(ids.shared);
  });

  it('the whole account of a user who belongs to his orgs only', async () => {
    const set = await call(
      mallory,
      'PUT',
      `${USERS}${ids.onlyA}/password/`,
      { password: 'Only-a-new-1' },
      inOrg(orgA),
    );
    expect(set.status).toBe(200);
    await new Client(server.baseUrl).login('only_a', 'Only-a-new-1');
    const email = await call<{ email: string }>(
      mallory,
      'PATCH',
      `${USERS}${ids.onlyA}/`,
      { email: 'a2@corp.test' },
      inOrg(orgA),
    );
    expect(email.body.email).toBe('a2@corp.test');
  });

  it('an admin of two orgs brings members of one into the other; nobody else', async () => {
    const found = await call<Array<{ username: string }>>(
      carl,
      'GET',
      `${USERS}suggestions/?search=only_c`,
      undefined,
      inOrg(orgA),
    );
    expect(found.body.map((u) => u.username)).toEqual(['only_c']);
    const bound = await call(carl, 'POST', BINDINGS, { user: ids.onlyC, role: ROLE.OrgUser }, inOrg(orgA));
    expect(bound.status).toBe(201);
    // only_c now belongs to A and C, both Carl's: Carl manages his account, Mallory (A only) does not.
    expect(
      (await call(carl, 'PATCH', `${USERS}${ids.onlyC}/`, { comment: 'carl' }, inOrg(orgA))).status,
    ).toBe(200);
    expect(
      (await call(mallory, 'PATCH', `${USERS}${ids.onlyC}/`, { comment: 'mallory' }, inOrg(orgA))).status,
    ).toBe(403);
    const invited = await call(
      carl,
      'POST',
      `${USERS}invite/`,
      { users: [ids.onlyB], org_roles: [ROLE.OrgUser] },
      inOrg(orgC),
    );
    expect(invited.status).toBe(400);
  });
});

describe('the membership rule without a licence', () => {
  it('refuses every join, by invite or by binding, even to a system administrator; adding a role to a member stays', async () => {
    const root = new Client(unlicensed.baseUrl);
    await root.login('admin', ADMIN_PASSWORD);
    const other = await createOrg(root, 'Other');
    const stranger = await person(unlicensed, 'stranger', [{ org: other, role: 'OrgUser' }]);
    const member = await person(unlicensed, 'member', []);
    const joined = await call(root, 'POST', BINDINGS, { user: member, role: ROLE.OrgUser }, inOrg(other));
    expect(joined.status).toBe(403);
    expect(joined.body).toMatchObject({ code: 'license_required' });
    const invite = await call(
      root,
      'POST',
      `${USERS}invite/`,
      { users: [member], org_roles: [ROLE.OrgUser] },
      inOrg(other),
    );
    expect(invite.status).toBe(403);
    expect(invite.body).toMatchObject({ code: 'license_required' });
    const all = await call(root, 'POST', '/api/v1/rbac/role-bindings/', {
      user: member,
      role: ROLE.OrgUser,
      org: other,
    });
    expect(all.status).toBe(403);
    const more = await call(root, 'POST', BINDINGS, { user: stranger, role: ROLE.OrgAuditor }, inOrg(other));
    expect(more.status).toBe(201);
  });
});
