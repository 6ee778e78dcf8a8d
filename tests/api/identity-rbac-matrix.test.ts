import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client, startTestServer, type TestServer } from './harness';
import { DEFAULT_ORG, ROLE, call, createOrg, inOrg } from './identity-helpers';
import {
  createPersonas,
  crudProbes,
  grant,
  matrixTests,
  nextNumber,
  orgOf,
  CRUD_ACTIONS,
  MATRIX_PASSWORD,
  type MatrixCase,
  type Persona,
  type ProbeCall,
  type Verdicts,
  type Where,
} from './rbac-matrix';

/**
 * Role × action × organization over every identity resource. Each persona acts in its own org (A) and in
 * another org (B); every expectation is an exact allowed/denied verdict, so any leak fails the test.
 */
let server: TestServer;
let admin: Client;
let orgA = '';
let orgB = '';
let clients = {} as Record<Persona, Client>;
const ids = { groupA: '', groupB: '', memberA: '', memberB: '', aclUser: '', orgRole: '', systemRole: '' };

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
  orgA = await createOrg(admin, 'Org A');
  orgB = await createOrg(admin, 'Org B');
  ({ clients } = await createPersonas(server, orgA));
  const member = async (username: string, org: string) =>
    (
      await server.createUser({
        username,
        email: `${username}@m.test`,
        password: MATRIX_PASSWORD,
        systemRoles: ['User'],
        orgRoles: [{ org, role: 'OrgUser' }],
      })
    ).id;
  ids.memberA = await member('member_a', orgA);
  ids.memberB = await member('member_b', orgB);
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
});

afterAll(async () => {
  await server.close();
});

const org = (where: Where) => orgOf(where, orgA, orgB);
const none: Verdicts = {};
const allOwn = grant(['own'], CRUD_ACTIONS);
const everything = grant(['own', 'other'], CRUD_ACTIONS);

/** An allowed list never shows the other org's object. */
const without =
  (foreign: (where: Where) => string) =>
  (body: unknown, { where }: ProbeCall): void => {
    expect(JSON.stringify(body).includes(foreign(where))).toBe(false);
  };

const CASES: MatrixCase[] = [
  {
    resource: 'user groups',
    probes: crudProbes({
      url: '/api/v1/users/groups/',
      detail: (where) => (where === 'own' ? ids.groupA : ids.groupB),
      create: (_where, n) => ({ name: `g-${n}` }),
      update: () => ({ comment: 'changed' }),
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
      listCheck: without((where) => (where === 'own' ? ids.groupB : ids.groupA)),
    }),
    allowed: { user: none, orgAuditor: none, orgAdmin: allOwn, sysAuditor: none, admin: everything },
  },
  {
    resource: 'users',
    probes: crudProbes({
      url: '/api/v1/users/users/',
      detail: (where) => (where === 'own' ? ids.memberA : ids.memberB),
      create: (_where, n) => ({ username: `new-${n}`, name: `New ${n}`, email: `new-${n}@m.test` }),
      update: () => ({ comment: 'changed' }),
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
      listCheck: without((where) => (where === 'own' ? ids.memberB : ids.memberA)),
    }),
    // users.delete_user is system-only: an org admin manages members but deletes nobody.
    allowed: {
      user: none,
      orgAuditor: none,
      orgAdmin: grant(['own'], ['list', 'retrieve', 'create', 'update']),
      sysAuditor: none,
      admin: everything,
    },
  },
  {
    resource: 'org role bindings',
    probes: crudProbes({
      url: '/api/v1/rbac/org-role-bindings/',
      // A brand-new member of the org each time (so bindings never clash), given a second role there.
      // Making a stranger a member is the membership rule's business (security-user-takeover.test.ts).
      create: async (where, n) => {
        const user = await call<{ id: string }>(
          admin,
          'POST',
          '/api/v1/users/users/',
          { username: `bind-${n}`, name: 'B', email: `bind-${n}@m.test` },
          inOrg(org(where)),
        );
        return { user: user.body.id, role: ROLE.OrgAuditor };
      },
      // A member of the org with two roles, so that this binding is not his last one there.
      fresh: async (where, n) => {
        const user = await call<{ id: string }>(
          admin,
          'POST',
          '/api/v1/users/users/',
          { username: `unbind-${n}`, name: 'U', email: `unbind-${n}@m.test` },
          inOrg(org(where)),
        );
        const made = await call<{ id: string }>(
          admin,
          'POST',
          '/api/v1/rbac/org-role-bindings/',
          { user: user.body.id, role: ids.orgRole },
          inOrg(org(where)),
        );
        if (made.status !== 201) throw new Error(`binding: ${made.status} ${JSON.stringify(made.body)}`);
        return made.body.id;
      },
    }),
    allowed: {
      user: none,
      orgAuditor: none,
      orgAdmin: grant(['own'], ['list', 'create', 'delete']),
      sysAuditor: none,
      admin: everything,
    },
  },
  ...(['system-roles', 'org-roles', 'roles'] as const).map((kind): MatrixCase => ({
    resource: kind,
    probes: crudProbes({
      url: `/api/v1/rbac/${kind}/`,
      detail: () => (kind === 'system-roles' ? ids.systemRole : ids.orgRole),
      create: (_w, n) => ({ name: `${kind}-${n}`, scope: kind === 'system-roles' ? 'system' : 'org' }),
      update: () => ({ comment: 'changed' }),
      fresh: async (_w, n) =>
        (
          await call<{ id: string }>(admin, 'POST', `/api/v1/rbac/${kind}/`, {
            name: `fresh-${kind}-${n}`,
            scope: 'org',
          })
        ).body.id,
    }),
    allowed: {
      user: none,
      orgAuditor: none,
      // Org roles are global objects: an org admin may read them (to bind them), never change them.
      orgAdmin: kind === 'org-roles' ? grant(['own'], ['list', 'retrieve']) : none,
      sysAuditor: none,
      admin: everything,
    },
  })),
  ...(['system-role-bindings', 'role-bindings'] as const).map((kind): MatrixCase => ({
    resource: kind,
    probes: crudProbes({ url: `/api/v1/rbac/${kind}/` }),
    allowed: {
      user: none,
      orgAuditor: none,
      orgAdmin: none,
      sysAuditor: none,
      admin: grant(['own', 'other'], ['list']),
    },
  })),
  {
    resource: 'login ACLs',
    probes: crudProbes({
      url: '/api/v1/acls/login-acls/',
      create: () => ({
        name: `acl-${nextNumber()}`,
        user: ids.memberA,
        rules: { ip_group: ['10.0.0.0/8'] },
        action: 'reject',
      }),
      fresh: async () =>
        (
          await call<{ id: string }>(admin, 'POST', '/api/v1/acls/login-acls/', {
            name: `fresh-acl-${nextNumber()}`,
            user: ids.memberB,
            rules: {},
          })
        ).body.id,
    }),
    allowed: { user: none, orgAuditor: none, orgAdmin: none, sysAuditor: none, admin: everything },
  },
  {
    resource: 'organizations',
    probes: crudProbes({
      url: '/api/v1/orgs/orgs/',
      detail: (where) => org(where),
      create: (_w, n) => ({ name: `org-${n}` }),
      update: () => ({ comment: 'changed' }),
      fresh: async (_w, n) => createOrg(admin, `fresh-org-${n}`),
    }),
    allowed: { user: none, orgAuditor: none, orgAdmin: none, sysAuditor: none, admin: everything },
  },
];

describe('role × action × organization matrix', () => {
  matrixTests(CASES, {
    wheres: ['own', 'other'],
    denied: [403, 404, 405],
    clients: () => clients,
    org,
  });
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
