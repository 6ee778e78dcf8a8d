import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client, loginPageData, startTestServer, type TestServer } from './harness';
import { DEFAULT_ORG, ROLE, ROOT, call, createOrg, inOrg } from './identity-helpers';

let server: TestServer;
let admin: Client;
let daveId = '';
const en = { 'Accept-Language': 'en' };

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
  daveId = (await server.createUser({ username: 'dave', email: 'dave@x.test', password: 'dave-pass-1' })).id;
});

afterAll(async () => {
  await server.close();
});

describe('roles', () => {
  it('lists built-ins per scope with translated display names; built-ins are not editable or deletable', async () => {
    const system = await call<Array<{ id: string; display_name: string; scope: string; builtin: boolean }>>(
      admin,
      'GET',
      '/api/v1/rbac/system-roles/',
      undefined,
      { 'Accept-Language': 'zh' },
    );
    expect(system.body.every((r) => r.scope === 'system')).toBe(true);
    expect(system.body.find((r) => r.id === ROLE.SystemAdmin)?.display_name).toBe('系统管理员');
    const orgRoles = await call<Array<{ scope: string }>>(admin, 'GET', '/api/v1/rbac/org-roles/');
    expect(orgRoles.body.every((r) => r.scope === 'org')).toBe(true);
    expect(
      (await call(admin, 'PATCH', `/api/v1/rbac/system-roles/${ROLE.User}/`, { comment: 'x' })).status,
    ).toBe(403);
    expect((await call(admin, 'DELETE', `/api/v1/rbac/org-roles/${ROLE.OrgUser}/`)).status).toBe(403);
    const users = await call<Array<{ username: string }>>(
      admin,
      'GET',
      `/api/v1/rbac/system-roles/${ROLE.SystemAdmin}/users/`,
    );
    expect(users.body.map((u) => u.username)).toEqual(['admin']);
  });

  it('stores custom role permissions (integer ids) and honours them; a bound role cannot be deleted', async () => {
    const all = await call<Array<{ id: number; codename: string; content_type: { app_label: string } }>>(
      admin,
      'GET',
      '/api/v1/rbac/permissions/?scope=org',
    );
    const viewGroup = all.body.find(
      (p) => p.content_type.app_label === 'users' && p.codename === 'view_usergroup',
    );
    expect(viewGroup).toBeDefined();
    expect(all.body.some((p) => p.codename === 'view_organization')).toBe(false);
    const role = await call<{ id: string }>(admin, 'POST', '/api/v1/rbac/org-roles/', {
      name: 'Group viewer',
      permissions: [viewGroup?.id],
    });
    expect(role.status).toBe(201);
    const sysOnly = all.body.length + 1000;
    expect(
      (await call(admin, 'POST', '/api/v1/rbac/org-roles/', { name: 'bad', permissions: [sysOnly] })).status,
    ).toBe(400);
    const dup = await call(admin, 'POST', '/api/v1/rbac/org-roles/', { name: 'Group viewer' }, en);
    expect(dup.body).toEqual({ name: ['Organization role with this Name already exists.'] });
    const bound = await call(admin, 'POST', '/api/v1/rbac/org-role-bindings/', {
      user: daveId,
      role: role.body.id,
    });
    expect(bound.status).toBe(201);
    const dave = new Client(server.baseUrl);
    await dave.login('dave', 'dave-pass-1');
    expect((await call(dave, 'GET', '/api/v1/users/groups/')).status).toBe(200);
    expect((await call(dave, 'POST', '/api/v1/users/groups/', { name: 'x' })).status).toBe(403);
    const profile = await call<{ perms: string[] }>(dave, 'GET', '/api/v1/users/profile/');
    expect(profile.body.perms).toContain('users.view_usergroup');
    expect((await call(admin, 'DELETE', `/api/v1/rbac/org-roles/${role.body.id}/`)).status).toBe(403);
    const tree = await call<
      Array<{ id: string; pId: string; checked: boolean; halfCheck: boolean; isParent: boolean }>
    >(admin, 'GET', `/api/v1/rbac/org-roles/${role.body.id}/permissions/tree/`);
    expect(tree.body[0]).toMatchObject({ id: '$ROOT$', pId: '', isParent: true, halfCheck: true });
    expect(tree.body.filter((n) => n.pId === '$ROOT$').map((n) => n.id)).toEqual([
      'view_console',
      'view_workbench',
      'view_audit',
      'view_setting',
      'view_other',
    ]);
    expect(tree.body.find((n) => n.id === String(viewGroup?.id))?.checked).toBe(true);
    const perms = await call<Array<{ codename: string }>>(
      admin,
      'GET',
      `/api/v1/rbac/org-roles/${role.body.id}/permissions/`,
    );
    expect(perms.body.map((p) => p.codename)).toEqual(['view_usergroup']);
    const globalTree = await call<unknown[]>(admin, 'GET', '/api/v1/rbac/permissions/tree/');
    expect(globalTree.status).toBe(200);
  });
});

describe('role bindings', () => {
  it('refuses duplicates, the last system role and the last org role', async () => {
    const dup = await call(
      admin,
      'POST',
      '/api/v1/rbac/org-role-bindings/',
      { user: daveId, role: ROLE.OrgUser },
      en,
    );
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ role: ['Has bound this role'] });
    const system = await call<
      Array<{ id: string; user: string; role_display: string; user_display: string }>
    >(admin, 'GET', `/api/v1/rbac/system-role-bindings/?user=${daveId}`);
    expect(system.body).toHaveLength(1);
    expect(system.body[0]?.user_display).toBe('dave(dave)');
    const last = await call(admin, 'DELETE', `/api/v1/rbac/system-role-bindings/${system.body[0]?.id}/`);
    expect(last.status).toBe(400);
    expect(last.body).toEqual({ detail: 'dave at least one system role', code: 'system_role_delete_error' });
    const org = await createOrg(admin, 'Binding org');
    // Binding makes dave a member of another org: an extended-edition act, like users/invite/.
    const joined = await call(
      admin,
      'POST',
      '/api/v1/rbac/org-role-bindings/',
      { user: daveId, role: ROLE.OrgUser },
      inOrg(org),
    );
    expect(joined.status).toBe(403);
    expect(joined.body).toMatchObject({ code: 'license_required' });
    const ivy = await call<{ id: string }>(
      admin,
      'POST',
      '/api/v1/users/users/',
      { username: 'ivy', name: 'Ivy', email: 'ivy@x.test' },
      inOrg(org),
    );
    const made = await call<Array<{ id: string; org: string }>>(
      admin,
      'GET',
      `/api/v1/rbac/org-role-bindings/?user=${ivy.body.id}`,
      undefined,
      inOrg(org),
    );
    expect(made.body).toHaveLength(1);
    expect(made.body[0]?.org).toBe(org);
    const lastOrg = await call(
      admin,
      'DELETE',
      `/api/v1/rbac/org-role-bindings/${made.body[0]?.id}/`,
      undefined,
      inOrg(org),
    );
    expect(lastOrg.status).toBe(400);
    expect(lastOrg.body).toMatchObject({ error: expect.stringContaining('User last role in org') });
    const inRoot = await call(admin, 'GET', '/api/v1/rbac/org-role-bindings/', undefined, inOrg(ROOT));
    expect((inRoot.body as unknown[]).length).toBeGreaterThan(2);
    expect(
      (
        await call(
          admin,
          'POST',
          '/api/v1/rbac/org-role-bindings/',
          { user: daveId, role: ROLE.OrgAdmin },
          inOrg(ROOT),
        )
      ).status,
    ).toBe(400);
  });
});

describe('users', () => {
  it('creates with roles and groups; lists members of the org; hides service accounts', async () => {
    const group = await call<{ id: string }>(admin, 'POST', '/api/v1/users/groups/', { name: 'people' });
    const made = await call<Record<string, unknown>>(admin, 'POST', '/api/v1/users/users/', {
      username: 'erin',
      name: 'Erin',
      email: 'erin@x.test',
      password_strategy: 'custom',
      password: 'Erin-pass-1',
      system_roles: [ROLE.User],
      org_roles: [ROLE.OrgAdmin],
      groups: [group.body.id],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      username: 'erin',
      name: 'Erin',
      system_roles: [ROLE.User],
      org_roles: [ROLE.OrgAdmin],
      groups: [group.body.id],
      groups_display: 'people',
      org_roles_display: 'OrgAdmin',
      is_valid: true,
    });
    expect(made.body).not.toHaveProperty('password');
    const group2 = await call<{ users_amount: number; users: string[] }>(
      admin,
      'GET',
      `/api/v1/users/groups/${group.body.id}/`,
    );
    expect(group2.body.users_amount).toBe(1);
    const erin = new Client(server.baseUrl);
    await erin.login('erin', 'Erin-pass-1');
    const relations = await call<Array<{ user_display: string; usergroup_display: string }>>(
      admin,
      'GET',
      '/api/v1/users/users-groups-relations/',
    );
    expect(relations.body).toEqual([
      expect.objectContaining({ user_display: 'Erin(erin)', usergroup_display: 'people' }),
    ]);
    const needsPassword = await call(
      admin,
      'POST',
      '/api/v1/users/users/',
      { username: 'p', name: 'p', email: 'p@x.test', password_strategy: 'custom' },
      en,
    );
    expect(needsPassword.body).toEqual({ password: ['This field is required.'] });
    await server.createUser({ username: 'svc', email: 'svc@x.test' }).then(async (svc) => {
      await call(admin, 'PATCH', `/api/v1/users/users/${svc.id}/`, { is_service_account: true });
    });
    const list = await call<Array<{ username: string }>>(
      admin,
      'GET',
      '/api/v1/users/users/',
      undefined,
      inOrg(ROOT),
    );
    expect(list.body.map((u) => u.username)).not.toContain('svc');
  });

  it('has the special endpoints: password, reset, unblock, mfa reset (not self), remove, invite, suggestions', async () => {
    const set = await call(admin, 'PUT', `/api/v1/users/users/${daveId}/password/`, {
      password: 'New-dave-1',
    });
    expect(set.status).toBe(200);
    const dave = new Client(server.baseUrl);
    await dave.login('dave', 'New-dave-1');
    expect((await call(admin, 'PATCH', `/api/v1/users/users/${daveId}/password/`, {})).status).toBe(400);
    expect((await call(admin, 'PUT', `/api/v1/users/users/${daveId}/pubkey/reset/`)).status).toBe(200);
    expect((await call(admin, 'PATCH', `/api/v1/users/users/${daveId}/unblock/`)).status).toBe(200);
    expect((await call(admin, 'GET', `/api/v1/users/users/${daveId}/mfa/reset/`)).status).toBe(200);
    const me = await call<Array<{ id: string }>>(admin, 'GET', '/api/v1/users/users/?username=admin');
    const self = await call(admin, 'GET', `/api/v1/users/users/${me.body[0]?.id}/mfa/reset/`);
    expect(self.status).toBe(400);
    const invite = await call(admin, 'POST', '/api/v1/users/users/invite/', {
      users: [daveId],
      org_roles: [ROLE.OrgUser],
    });
    expect(invite.status).toBe(403);
    expect(invite.body).toMatchObject({ code: 'license_required' });
    const suggestions = await call<Array<Record<string, unknown>>>(
      admin,
      'GET',
      '/api/v1/users/users/suggestions/?search=dav',
    );
    expect(suggestions.body).toEqual([{ id: daveId, name: 'dave', username: 'dave' }]);
    const reset = await call(admin, 'PUT', `/api/v1/users/users/${daveId}/password/reset/`);
    expect(reset.status).toBe(200);
    const refused = await new Client(server.baseUrl).submitLogin('dave', 'New-dave-1');
    expect(refused.status).toBe(200);
    const removed = await call(
      admin,
      'POST',
      `/api/v1/users/users/${daveId}/remove/`,
      {},
      inOrg(DEFAULT_ORG),
    );
    expect(removed.status).toBe(204);
    expect((await call(admin, 'GET', `/api/v1/users/users/${daveId}/`)).status).toBe(404);
    expect((await call(admin, 'GET', `/api/v1/users/users/${daveId}/`, undefined, inOrg(ROOT))).status).toBe(
      200,
    );
    expect((await call(admin, 'POST', '/api/v1/users/users/remove/', {}, inOrg(DEFAULT_ORG))).status).toBe(
      400,
    );
    expect((await call(admin, 'POST', `/api/v1/users/users/${daveId}/remove/`, {}, inOrg(ROOT))).status).toBe(
      400,
    );
  });
});

describe('organizations', () => {
  it('reports resource statistics and refuses deleting the current org or one with resources', async () => {
    const org = await createOrg(admin, 'Stats');
    await call(admin, 'POST', '/api/v1/users/groups/', { name: 'g' }, inOrg(org));
    const detail = await call<{
      resource_statistics: Record<string, number>;
      is_default: boolean;
      is_root: boolean;
    }>(admin, 'GET', `/api/v1/orgs/orgs/${org}/`);
    expect(detail.body.is_default).toBe(false);
    expect(detail.body.resource_statistics).toMatchObject({
      users_amount: 0,
      groups_amount: 1,
      assets_amount: 0,
    });
    const used = await call(admin, 'DELETE', `/api/v1/orgs/orgs/${org}/`);
    expect(used.status).toBe(400);
    expect(used.body).toMatchObject({ code: 'org_has_resources' });
    expect((used.body as { detail: string }).detail).toBe('该组织仍有资源 (用户、资产、授权等)，不能删除');
    const empty = await createOrg(admin, 'Empty');
    expect((await call(admin, 'DELETE', `/api/v1/orgs/orgs/${empty}/`, undefined, inOrg(empty))).status).toBe(
      403,
    );
    expect((await call(admin, 'DELETE', `/api/v1/orgs/orgs/${empty}/`)).status).toBe(204);
    expect(
      (await call(admin, 'DELETE', `/api/v1/orgs/orgs/${DEFAULT_ORG}/`, undefined, inOrg(ROOT))).status,
    ).toBe(403);
    const renamed = await call<{ name: string }>(admin, 'PATCH', `/api/v1/orgs/orgs/${org}/`, {
      name: 'Stats 2',
    });
    expect(renamed.body.name).toBe('Stats 2');
    const groups = await call<Array<{ org_name: string }>>(
      admin,
      'GET',
      '/api/v1/users/groups/',
      undefined,
      inOrg(org),
    );
    expect(groups.body[0]?.org_name).toBe('Stats 2');
  });
});

describe('login ACLs in the login flow (docs/auth.md#login-acls)', () => {
  it('rejects a matching reject rule with the message; a higher-priority allow wins; inactive ones are ignored', async () => {
    const frank = await server.createUser({
      username: 'frank',
      email: 'frank@x.test',
      password: 'frank-pass-1',
    });
    const reject = await call<{ id: string }>(admin, 'POST', '/api/v1/acls/login-acls/', {
      name: 'block loopback',
      user: frank.id,
      priority: 50,
      rules: { ip_group: ['127.0.0.0/8', '::1'] },
      action: 'reject',
    });
    expect(reject.status).toBe(201);
    const page = await new Client(server.baseUrl).submitLogin('frank', 'frank-pass-1', { headers: en });
    expect(page.status).toBe(200);
    expect(loginPageData(await page.text()).error).toBe('The current login IP or time period is not allowed');
    const wrongPassword = await new Client(server.baseUrl).submitLogin('frank', 'nope', { headers: en });
    expect(loginPageData(await wrongPassword.text()).error).toContain('incorrect');
    const allow = await call(admin, 'POST', '/api/v1/acls/login-acls/', {
      name: 'allow loopback',
      user: frank.id,
      priority: 10,
      rules: { ip_group: ['127.0.0.1-127.0.0.9', '::1'] },
      action: 'allow',
    });
    expect(allow.status).toBe(201);
    await new Client(server.baseUrl).login('frank', 'frank-pass-1');
    await call(admin, 'PATCH', `/api/v1/acls/login-acls/${(allow.body as { id: string }).id}/`, {
      is_active: false,
    });
    const again = await new Client(server.baseUrl).submitLogin('frank', 'frank-pass-1');
    expect(again.status).toBe(200);
    await call(admin, 'PATCH', `/api/v1/acls/login-acls/${reject.body.id}/`, {
      rules: { ip_group: ['*'], time_period: [0, 1, 2, 3, 4, 5, 6].map((id) => ({ id, value: '' })) },
    });
    await new Client(server.baseUrl).login('frank', 'frank-pass-1');
    const listed = await call<Array<{ user_display: string; action_display: string }>>(
      admin,
      'GET',
      `/api/v1/acls/login-acls/?user=${frank.id}&order=priority`,
      undefined,
      en,
    );
    expect(listed.body.map((a) => a.action_display)).toEqual(['Allow', 'Reject']);
    expect(listed.body[0]?.user_display).toBe('frank');
  });
});

describe('invite (extended edition)', () => {
  let licensed: TestServer;
  let root: Client;

  beforeAll(async () => {
    licensed = await startTestServer({
      license: { corporation: 'Example Corp', date_expired: '2099-01-01' },
    });
    root = new Client(licensed.baseUrl);
    await root.login('admin', ADMIN_PASSWORD);
  });

  afterAll(async () => {
    await licensed.close();
  });

  it('binds existing users of another org into the current one with the chosen org roles', async () => {
    const other = await createOrg(root, 'Invite target');
    const erin = await licensed.createUser({
      username: 'erin',
      email: 'erin@x.test',
      password: 'erin-pass-1',
    });
    const before = await call<Array<{ username: string }>>(
      root,
      'GET',
      '/api/v1/users/users/',
      undefined,
      inOrg(other),
    );
    expect(before.body.map((u) => u.username)).not.toContain('erin');

    const refused = await call(
      root,
      'POST',
      '/api/v1/users/users/invite/',
      { users: [erin.id], org_roles: [ROLE.User] },
      inOrg(other),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toHaveProperty('org_roles');
    const unknown = await call(
      root,
      'POST',
      '/api/v1/users/users/invite/',
      { users: ['nope'], org_roles: [ROLE.OrgUser] },
      inOrg(other),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toHaveProperty('users');

    const invited = await call(
      root,
      'POST',
      '/api/v1/users/users/invite/',
      { users: [erin.id], org_roles: [ROLE.OrgAuditor] },
      inOrg(other),
    );
    expect(invited.status).toBe(201);
    const after = await call<Array<{ username: string; org_roles_display: string }>>(
      root,
      'GET',
      '/api/v1/users/users/?username=erin',
      undefined,
      inOrg(other),
    );
    expect(after.body).toHaveLength(1);
    expect(after.body[0]?.org_roles_display).toMatch(/OrgAuditor|Auditor/);
    // Still a member of the Default org as before: invite adds, it does not move.
    const inDefault = await call<Array<{ username: string }>>(
      root,
      'GET',
      '/api/v1/users/users/?username=erin',
      undefined,
      inOrg(DEFAULT_ORG),
    );
    expect(inDefault.body).toHaveLength(1);
    // Root cannot be invited into.
    const inRoot = await call(
      root,
      'POST',
      '/api/v1/users/users/invite/',
      { users: [erin.id], org_roles: [ROLE.OrgUser] },
      inOrg(ROOT),
    );
    expect(inRoot.status).toBe(400);
  });
});
