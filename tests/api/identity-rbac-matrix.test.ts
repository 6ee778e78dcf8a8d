import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client, startTestServer, type TestServer } from './harness';
import { DEFAULT_ORG, ROLE, call, createOrg, inOrg } from './identity-helpers';

/**
 * Role × action × organization over every identity resource. Each persona acts in its own org (A) and in
 * another org (B); every expectation is an exact allowed/denied verdict, so any leak fails the test.
 */
type Persona = 'user' | 'orgAuditor' | 'orgAdmin' | 'sysAuditor' | 'admin';
type Action = 'list' | 'retrieve' | 'create' | 'update' | 'delete';
type Where = 'own' | 'other';

let server: TestServer;
let admin: Client;
let orgA = '';
let orgB = '';
const clients = {} as Record<Persona, Client>;
const ids = { groupA: '', groupB: '', memberA: '', memberB: '', aclUser: '', orgRole: '', systemRole: '' };

const PASSWORD = 'Matrix-pass-1';

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
  orgA = await createOrg(admin, 'Org A');
  orgB = await createOrg(admin, 'Org B');
  const make = async (
    username: string,
    systemRoles: string[],
    orgRoles: Array<{ org: string; role: string }>,
  ) =>
    (
      await server.createUser({
        username,
        email: `${username}@m.test`,
        password: PASSWORD,
        systemRoles,
        orgRoles,
      })
    ).id;
  await make('m_user', ['User'], [{ org: orgA, role: 'OrgUser' }]);
  await make('m_orgauditor', ['User'], [{ org: orgA, role: 'OrgAuditor' }]);
  await make('m_orgadmin', ['User'], [{ org: orgA, role: 'OrgAdmin' }]);
  await make('m_sysauditor', ['SystemAuditor'], [{ org: orgA, role: 'OrgUser' }]);
  await make('m_admin', ['SystemAdmin'], [{ org: orgA, role: 'OrgUser' }]);
  ids.memberA = await make('member_a', ['User'], [{ org: orgA, role: 'OrgUser' }]);
  ids.memberB = await make('member_b', ['User'], [{ org: orgB, role: 'OrgUser' }]);
  ids.groupA = (
    await call<{ id: string }>(admin, 'POST', '/api/v1/users/groups/', { name: 'ga' }, inOrg(orgA))
  ).body.id;
  ids.groupB = (
    await call<{ id: string }>(admin, 'POST', '/api/v1/users/groups/', { name: 'gb' }, inOrg(orgB))
  ).body.id;
  ids.orgRole = (
    await call<{ id: string }>(admin, 'POST', '/api/v1/rbac/org-roles/', { name: 'custom-org' })
  ).body.id;
  ids.systemRole = (
    await call<{ id: string }>(admin, 'POST', '/api/v1/rbac/system-roles/', { name: 'custom-sys' })
  ).body.id;
  for (const [persona, username] of [
    ['user', 'm_user'],
    ['orgAuditor', 'm_orgauditor'],
    ['orgAdmin', 'm_orgadmin'],
    ['sysAuditor', 'm_sysauditor'],
    ['admin', 'm_admin'],
  ] as const) {
    clients[persona] = new Client(server.baseUrl);
    await clients[persona].login(username, PASSWORD);
  }
});

afterAll(async () => {
  await server.close();
});

interface Case {
  resource: string;
  url: string;
  /** an existing object in the org of `where` */
  detail: (where: Where) => string;
  create: (where: Where, n: number) => unknown | Promise<unknown>;
  update: unknown;
  /** a fresh deletable object in the org of `where`, made by admin */
  fresh: (where: Where, n: number) => Promise<string>;
  allowed: Record<Persona, Partial<Record<`${Where}:${Action}`, boolean>>>;
}

const org = (where: Where) => (where === 'own' ? orgA : orgB);
const none = {};
const allOwn = {
  'own:list': true,
  'own:retrieve': true,
  'own:create': true,
  'own:update': true,
  'own:delete': true,
};
const everything = {
  ...allOwn,
  'other:list': true,
  'other:retrieve': true,
  'other:create': true,
  'other:update': true,
  'other:delete': true,
};

let counter = 0;
const next = () => (counter += 1);

const CASES: Case[] = [
  {
    resource: 'user groups',
    url: '/api/v1/users/groups/',
    detail: (where) => (where === 'own' ? ids.groupA : ids.groupB),
    create: (_where, n) => ({ name: `g-${n}` }),
    update: { comment: 'changed' },
    fresh: async (where, n) =>
      (
        await call<{ id: string }>(
          admin,
          'POST',
          '/api/v1/users/groups/',
          { name: `fresh-${n}` },
          inOrg(org(where)),
        )
      ).body.id,
    allowed: { user: none, orgAuditor: none, orgAdmin: allOwn, sysAuditor: none, admin: everything },
  },
  {
    resource: 'users',
    url: '/api/v1/users/users/',
    detail: (where) => (where === 'own' ? ids.memberA : ids.memberB),
    create: (_where, n) => ({ username: `new-${n}`, name: `New ${n}`, email: `new-${n}@m.test` }),
    update: { comment: 'changed' },
    fresh: async (where, n) =>
      (
        await call<{ id: string }>(
          admin,
          'POST',
          '/api/v1/users/users/',
          { username: `fresh-${n}`, name: 'F', email: `fresh-${n}@m.test` },
          inOrg(org(where)),
        )
      ).body.id,
    // users.delete_user is system-only: an org admin manages members but deletes nobody.
    allowed: {
      user: none,
      orgAuditor: none,
      orgAdmin: { 'own:list': true, 'own:retrieve': true, 'own:create': true, 'own:update': true },
      sysAuditor: none,
      admin: everything,
    },
  },
  {
    resource: 'org role bindings',
    url: '/api/v1/rbac/org-role-bindings/',
    detail: () => '',
    // A brand-new user each time (made by admin in Root, so a member of no org): bindings never clash.
    create: async (_where, n) => {
      const user = await call<{ id: string }>(
        admin,
        'POST',
        '/api/v1/users/users/',
        { username: `bind-${n}`, name: 'B', email: `bind-${n}@m.test` },
        inOrg('00000000-0000-0000-0000-000000000000'),
      );
      return { user: user.body.id, role: ROLE.OrgAuditor };
    },
    update: {},
    fresh: async (where) => {
      const user = where === 'own' ? ids.memberA : ids.memberB;
      const made = await call<{ id: string }>(
        admin,
        'POST',
        '/api/v1/rbac/org-role-bindings/',
        { user, role: ids.orgRole },
        inOrg(org(where)),
      );
      return made.body.id;
    },
    allowed: {
      user: none,
      orgAuditor: none,
      orgAdmin: { 'own:list': true, 'own:retrieve': true, 'own:create': true, 'own:delete': true },
      sysAuditor: none,
      admin: { ...everything, 'own:update': true, 'other:update': true },
    },
  },
  ...(['system-roles', 'org-roles', 'roles'] as const).map((kind): Case => ({
    resource: kind,
    url: `/api/v1/rbac/${kind}/`,
    detail: () => (kind === 'system-roles' ? ids.systemRole : ids.orgRole),
    create: (_w, n) => ({ name: `${kind}-${n}`, scope: kind === 'system-roles' ? 'system' : 'org' }),
    update: { comment: 'changed' },
    fresh: async (_w, n) =>
      (
        await call<{ id: string }>(admin, 'POST', `/api/v1/rbac/${kind}/`, {
          name: `fresh-${kind}-${n}`,
          scope: 'org',
        })
      ).body.id,
    allowed: {
      user: none,
      orgAuditor: none,
      // Org roles are global objects: an org admin may read them (to bind them), never change them.
      orgAdmin: kind === 'org-roles' ? { 'own:list': true, 'own:retrieve': true } : none,
      sysAuditor: none,
      admin: everything,
    },
  })),
  ...(['system-role-bindings', 'role-bindings'] as const).map((kind): Case => ({
    resource: kind,
    url: `/api/v1/rbac/${kind}/`,
    detail: () => '',
    create: () => ({ user: ids.memberA, role: ids.systemRole }),
    update: {},
    fresh: async () => '',
    allowed: {
      user: none,
      orgAuditor: none,
      orgAdmin: none,
      sysAuditor: none,
      admin: { 'own:list': true, 'other:list': true },
    },
  })),
  {
    resource: 'login ACLs',
    url: '/api/v1/acls/login-acls/',
    detail: () => '',
    create: () => ({
      name: `acl-${next()}`,
      user: ids.memberA,
      rules: { ip_group: ['10.0.0.0/8'] },
      action: 'reject',
    }),
    update: { comment: 'changed' },
    fresh: async () =>
      (
        await call<{ id: string }>(admin, 'POST', '/api/v1/acls/login-acls/', {
          name: `fresh-acl-${next()}`,
          user: ids.memberB,
          rules: {},
        })
      ).body.id,
    allowed: { user: none, orgAuditor: none, orgAdmin: none, sysAuditor: none, admin: everything },
  },
  {
    resource: 'organizations',
    url: '/api/v1/orgs/orgs/',
    detail: (where) => org(where),
    create: (_w, n) => ({ name: `org-${n}` }),
    update: { comment: 'changed' },
    fresh: async (_w, n) => createOrg(admin, `fresh-org-${n}`),
    allowed: { user: none, orgAuditor: none, orgAdmin: none, sysAuditor: none, admin: everything },
  },
];

const PERSONAS: Persona[] = ['user', 'orgAuditor', 'orgAdmin', 'sysAuditor', 'admin'];

describe('role × action × organization matrix', () => {
  for (const c of CASES) {
    for (const persona of PERSONAS) {
      for (const where of ['own', 'other'] as const) {
        it(`${c.resource}: ${persona} in ${where} org`, async () => {
          const client = clients[persona];
          const headers = inOrg(org(where));
          const expectVerdict = (action: Action, status: number, body: unknown) => {
            const allowed = c.allowed[persona][`${where}:${action}`] === true;
            const label = `${c.resource} ${persona} ${where} ${action} → ${status} ${JSON.stringify(body).slice(0, 200)}`;
            if (allowed) expect(status, label).toBeLessThan(300);
            else expect([403, 404, 405], label).toContain(status);
          };
          const list = await call<unknown[]>(client, 'GET', c.url, undefined, headers);
          expectVerdict('list', list.status, list.body);
          if (list.status === 200 && Array.isArray(list.body)) {
            // a list that is allowed never shows another org's rows
            const text = JSON.stringify(list.body);
            if (c.resource === 'user groups')
              expect(text.includes(where === 'own' ? ids.groupB : ids.groupA)).toBe(false);
            if (c.resource === 'users')
              expect(text.includes(where === 'own' ? ids.memberB : ids.memberA)).toBe(false);
          }
          const target = c.detail(where);
          if (target) {
            const retrieve = await call(client, 'GET', `${c.url}${target}/`, undefined, headers);
            expectVerdict('retrieve', retrieve.status, retrieve.body);
            if (c.update && Object.keys(c.update).length > 0) {
              const update = await call(client, 'PATCH', `${c.url}${target}/`, c.update, headers);
              expectVerdict('update', update.status, update.body);
            }
          }
          if (!c.resource.includes('system-role-bindings') && c.resource !== 'role-bindings') {
            const create = await call(client, 'POST', c.url, await c.create(where, next()), headers);
            expectVerdict('create', create.status, create.body);
            const fresh = await c.fresh(where, next());
            if (fresh) {
              const del = await call(client, 'DELETE', `${c.url}${fresh}/`, undefined, headers);
              expectVerdict('delete', del.status, del.body);
            }
          }
        });
      }
    }
  }
});

describe('no escalation through identity writes', () => {
  it('an org admin cannot create a user with a system role, nor give one', async () => {
    const orgAdmin = clients.orgAdmin;
    const made = await call(
      orgAdmin,
      'POST',
      '/api/v1/users/users/',
      { username: 'sneaky', name: 'S', email: 'sneaky@m.test', system_roles: [ROLE.SystemAdmin] },
      inOrg(orgA),
    );
    // DRF-faithful: the field is not offered to him (hidden), so it is ignored — the user gets "User" only.
    expect([201, 403]).toContain(made.status);
    if (made.status === 201) {
      const check = await call<{ system_roles: string[] }>(
        admin,
        'GET',
        `/api/v1/users/users/${(made.body as { id: string }).id}/`,
        undefined,
        inOrg(orgA),
      );
      expect(check.body.system_roles).toEqual([ROLE.User]);
    }
    const patched = await call(
      orgAdmin,
      'PATCH',
      `/api/v1/users/users/${ids.memberA}/`,
      { system_roles: [ROLE.SystemAdmin] },
      inOrg(orgA),
    );
    expect([200, 403]).toContain(patched.status);
    const after = await call<{ system_roles: string[] }>(
      admin,
      'GET',
      `/api/v1/users/users/${ids.memberA}/`,
      undefined,
      inOrg(orgA),
    );
    expect(after.body.system_roles).toEqual([ROLE.User]);
    const binding = await call(
      orgAdmin,
      'POST',
      '/api/v1/rbac/org-role-bindings/',
      { user: ids.memberA, role: ROLE.SystemAdmin },
      inOrg(orgA),
    );
    expect(binding.status).toBe(400);
    const sys = await call(
      orgAdmin,
      'POST',
      '/api/v1/rbac/system-role-bindings/',
      { user: ids.memberA, role: ROLE.SystemAdmin },
      inOrg(orgA),
    );
    expect(sys.status).toBe(403);
  });

  it('an org admin cannot change or reset a system administrator who is a member of his org', async () => {
    const admins = await call<Array<{ id: string }>>(
      admin,
      'GET',
      '/api/v1/users/users/?username=m_admin',
      undefined,
      inOrg(orgA),
    );
    const target = admins.body[0]?.id;
    const orgAdmin = clients.orgAdmin;
    expect(
      (await call(orgAdmin, 'GET', `/api/v1/users/users/${target}/`, undefined, inOrg(orgA))).status,
    ).toBe(200);
    expect(
      (await call(orgAdmin, 'PATCH', `/api/v1/users/users/${target}/`, { email: 'x@evil.test' }, inOrg(orgA)))
        .status,
    ).toBe(403);
    expect(
      (
        await call(
          orgAdmin,
          'PUT',
          `/api/v1/users/users/${target}/password/`,
          { password: 'Owned-123' },
          inOrg(orgA),
        )
      ).status,
    ).toBe(403);
    expect(
      (await call(orgAdmin, 'POST', `/api/v1/users/users/${target}/remove/`, {}, inOrg(orgA))).status,
    ).toBe(403);
  });

  it("an org admin cannot put another org's user or group into his group", async () => {
    const orgAdmin = clients.orgAdmin;
    const answer = await call(
      orgAdmin,
      'PATCH',
      `/api/v1/users/groups/${ids.groupA}/`,
      { users: [ids.memberB] },
      inOrg(orgA),
    );
    expect(answer.status).toBe(400);
    const user = await call(
      orgAdmin,
      'PATCH',
      `/api/v1/users/users/${ids.memberA}/`,
      { groups: [ids.groupB] },
      inOrg(orgA),
    );
    expect(user.status).toBe(400);
  });

  it('auditors write nothing', async () => {
    for (const persona of ['orgAuditor', 'sysAuditor'] as const) {
      const client = clients[persona];
      expect(
        (await call(client, 'POST', '/api/v1/users/groups/', { name: 'audit' }, inOrg(orgA))).status,
      ).toBe(403);
      expect(
        (await call(client, 'PATCH', `/api/v1/users/groups/${ids.groupA}/`, { comment: 'x' }, inOrg(orgA)))
          .status,
      ).toBe(403);
      expect(
        (await call(client, 'DELETE', `/api/v1/users/groups/?ids=${ids.groupA}`, undefined, inOrg(orgA)))
          .status,
      ).toBe(403);
      expect(
        (
          await call(
            client,
            'PATCH',
            '/api/v1/users/groups/',
            [{ id: ids.groupA, comment: 'x' }],
            inOrg(orgA),
          )
        ).status,
      ).toBe(403);
    }
  });

  it('Default org stays out of reach of the org-A admin', async () => {
    const answer = await call(clients.orgAdmin, 'GET', '/api/v1/users/users/', undefined, inOrg(DEFAULT_ORG));
    expect(answer.status).toBe(403);
  });
});
