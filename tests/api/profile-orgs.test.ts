import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client, startTestServer, type TestServer } from './harness';

const DEFAULT_ORG = '00000000-0000-0000-0000-000000000002';
const ROOT_ORG = '00000000-0000-0000-0000-000000000000';

/** The key list of docs/permissions.md#per-organization. */
const PROFILE_KEYS = [
  'id',
  'name',
  'username',
  'email',
  'wechat',
  'phone',
  'mfa_level',
  'source',
  'source_display',
  'can_public_key_auth',
  'need_update_password',
  'mfa_enabled',
  'is_service_account',
  'is_valid',
  'is_expired',
  'is_active',
  'date_expired',
  'date_joined',
  'last_login',
  'created_by',
  'comment',
  'is_wecom_bound',
  'is_dingtalk_bound',
  'is_feishu_bound',
  'is_otp_secret_key_bound',
  'wecom_id',
  'dingtalk_id',
  'feishu_id',
  'mfa_level_display',
  'mfa_force_enabled',
  'is_first_login',
  'date_password_last_updated',
  'avatar_url',
  'groups',
  'groups_display',
  'system_roles',
  'org_roles',
  'system_roles_display',
  'org_roles_display',
  'login_blocked',
  'public_key_comment',
  'public_key_hash_md5',
  'guide_url',
  'console_orgs',
  'audit_orgs',
  'workbench_orgs',
  'receive_backends',
  'perms',
];

interface OrgEntry {
  id: string;
  name: string;
  is_default: boolean;
  is_root: boolean;
}

interface Profile {
  username: string;
  perms: string[];
  system_roles: string[];
  org_roles: string[];
  system_roles_display: string;
  console_orgs: OrgEntry[];
  audit_orgs: OrgEntry[];
  workbench_orgs: OrgEntry[];
  [key: string]: unknown;
}

let server: TestServer;
const admin = () => {
  const client = new Client(server.baseUrl);
  return client.login('admin', ADMIN_PASSWORD).then(() => client);
};

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ username: 'carol', email: 'carol@example.com', password: 'carol-pass-1' });
  await server.createUser({
    username: 'auditor',
    email: 'auditor@example.com',
    password: 'auditor-pass-1',
    systemRoles: ['SystemAuditor'],
    orgRoles: [],
  });
  await server.createUser({
    username: 'loner',
    email: 'loner@example.com',
    password: 'loner-pass-1',
    orgRoles: [],
  });
});

afterAll(async () => {
  await server.close();
});

describe('GET /api/v1/users/profile/', () => {
  it('has the full key list, and an admin holds every permission with console and audit orgs', async () => {
    const client = await admin();
    const { status, body } = await client.json<Profile>('/api/v1/users/profile/');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([...PROFILE_KEYS].sort());
    expect(body).not.toHaveProperty('password');
    expect(body.perms).toContain('users.view_user');
    expect(body.perms).toContain('rbac.view_console');
    expect(body.perms).toContain('orgs.view_rootorg');
    expect(body.perms).toEqual([...body.perms].sort());
    expect(body.system_roles).toEqual(['00000000-0000-0000-0000-000000000001']);
    expect(body.org_roles).toEqual(['00000000-0000-0000-0000-000000000005']);
    expect(body.system_roles_display).toBe('SystemAdmin');
    const root = { id: ROOT_ORG, name: 'GLOBAL', is_default: false, is_root: true };
    const dflt = { id: DEFAULT_ORG, name: 'Default', is_default: true, is_root: false };
    expect(body.console_orgs).toEqual([root, dflt]);
    expect(body.audit_orgs).toEqual([root, dflt]);
    expect(body.workbench_orgs).toEqual([dflt]);
  });

  it('gives an ordinary user only the workbench set', async () => {
    const client = new Client(server.baseUrl);
    await client.login('carol', 'carol-pass-1');
    const { body } = await client.json<Profile>('/api/v1/users/profile/');
    expect(body.username).toBe('carol');
    expect(body.perms).toContain('rbac.view_workbench');
    expect(body.perms).toContain('perms.view_myassets');
    expect(body.perms).toContain('tickets.view_ticket');
    expect(body.perms).not.toContain('users.view_user');
    expect(body.perms).not.toContain('rbac.view_console');
    expect(body.console_orgs).toEqual([]);
    expect(body.audit_orgs).toEqual([]);
    expect(body.workbench_orgs.map((org) => org.id)).toEqual([DEFAULT_ORG]);
    expect(body.system_roles_display).toBe('User');
  });

  it('in Root an org admin binding counts for nothing: system-role permissions only', async () => {
    const client = await admin();
    const { body } = await client.json<Profile>('/api/v1/users/profile/', { 'X-JMS-ORG': ROOT_ORG });
    expect(body.org_roles).toEqual([]);
    expect(body.perms).toContain('orgs.view_rootorg');
  });

  it('gives a system auditor audit orgs including Root, and no workbench org without membership', async () => {
    const client = new Client(server.baseUrl);
    await client.login('auditor', 'auditor-pass-1');
    const { body } = await client.json<Profile>('/api/v1/users/profile/');
    expect(body.perms).toContain('rbac.view_audit');
    expect(body.audit_orgs.map((org) => org.id)).toEqual([ROOT_ORG, DEFAULT_ORG]);
    expect(body.console_orgs).toEqual([]);
    expect(body.workbench_orgs).toEqual([]);
  });
});

describe('current organization', () => {
  it('defaults to the Default org', async () => {
    const client = await admin();
    const { status, body } = await client.json('/api/v1/orgs/orgs/current/');
    expect(status).toBe(200);
    expect(body).toEqual({ id: DEFAULT_ORG, name: 'Default', is_default: true, is_root: false, comment: '' });
  });

  it('honours ?oid=, then X-JMS-ORG, then the X-JMS-ORG cookie; literals ignore case', async () => {
    const client = await admin();
    expect((await client.json<OrgEntry>('/api/v1/orgs/orgs/current/?oid=ROOT')).body.is_root).toBe(true);
    expect(
      (await client.json<OrgEntry>('/api/v1/orgs/orgs/current/', { 'X-JMS-ORG': 'root' })).body.is_root,
    ).toBe(true);
    const both = await client.json<OrgEntry>('/api/v1/orgs/orgs/current/?oid=default', {
      'X-JMS-ORG': 'root',
    });
    expect(both.body.id).toBe(DEFAULT_ORG);
    client.cookies.set('X-JMS-ORG', ROOT_ORG);
    expect((await client.json<OrgEntry>('/api/v1/orgs/orgs/current/')).body.is_root).toBe(true);
  });

  it('refuses an unknown org instead of falling back to Default', async () => {
    const client = await admin();
    const unknown = await client.json('/api/v1/orgs/orgs/current/', {
      'X-JMS-ORG': '11111111-2222-3333-4444-555555555555',
    });
    expect(unknown.status).toBe(403);
    expect(unknown.body).toMatchObject({ code: 'org_forbidden' });
    const malformed = await client.json('/api/v1/orgs/orgs/current/?oid=Default%20Org');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'invalid_org' });
    // Org names are not accepted either (v2.21 docs/security-history.md, design weakness 11).
    expect((await client.json('/api/v1/orgs/orgs/current/', { 'X-JMS-ORG': 'GLOBAL' })).status).toBe(400);
  });

  it('refuses Root to a user without orgs.view_rootorg, and an org the user is not in', async () => {
    const carol = new Client(server.baseUrl);
    await carol.login('carol', 'carol-pass-1');
    const root = await carol.json('/api/v1/orgs/orgs/current/', { 'X-JMS-ORG': ROOT_ORG });
    expect(root.status).toBe(403);
    expect(root.body).toMatchObject({ code: 'org_forbidden' });
    const loner = new Client(server.baseUrl);
    await loner.login('loner', 'loner-pass-1');
    const dflt = await loner.json('/api/v1/users/profile/', { 'X-JMS-ORG': DEFAULT_ORG });
    expect(dflt.status).toBe(403);
    // Without an explicit org the profile still answers, so the front end can recover.
    const implicit = await loner.json<Profile>('/api/v1/users/profile/');
    expect(implicit.status).toBe(200);
    expect(implicit.body.workbench_orgs).toEqual([]);
  });
});
