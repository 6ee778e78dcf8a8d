import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';
import { LABELS, addOrg, adminClient, call, userClient, type Page } from './asset-helpers';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';

const LOGIN_LOGS = '/api/v1/audits/login-logs/';
const OPERATE_LOGS = '/api/v1/audits/operate-logs/';
const PASSWORD_LOGS = '/api/v1/audits/password-change-logs/';
const FTP_LOGS = '/api/v1/audits/ftp-logs/';
const OTHER_ORG = '6d656d6f-0000-4000-8000-00000000a0d1';

interface LoginLog {
  username: string;
  type: string;
  ip: string;
  user_agent: string | null;
  mfa: number;
  reason: string;
  reason_display: string;
  backend: string;
  status: boolean;
  status_display: string;
  datetime: string;
}
interface OperateLog {
  user: string;
  action: string;
  action_display: string;
  resource_type: string;
  resource: string;
  remote_addr: string;
  org_id: string;
}
interface PasswordLog {
  user: string;
  change_by: string;
  remote_addr: string;
}

let server: TestServer;
let admin: Client;
let auditor: Client;
let outsiderAuditor: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  await addOrg(server, OTHER_ORG, 'Audit-Other');
  auditor = await userClient(server, 'al-auditor', [{ org: DEFAULT_ORG_ID, role: 'OrgAuditor' }]);
  outsiderAuditor = await userClient(server, 'al-other', [{ org: OTHER_ORG, role: 'OrgAuditor' }]);
});

afterAll(async () => {
  await server.close();
});

/** One page of a list, in English, in an org. */
const list = async <T>(client: Client, url: string, org = DEFAULT_ORG_ID): Promise<T[]> => {
  const answer = await client.json<Page<T>>(`${url}${url.includes('?') ? '&' : '?'}limit=100`, {
    'x-jms-org': org,
    'accept-language': 'en',
  });
  expect(answer.status).toBe(200);
  return answer.body.results;
};

describe('login logs', () => {
  it('records a failed and a successful sign-in through the form, with reason, backend and browser', async () => {
    await server.createUser({
      username: 'al-alice',
      email: 'al-alice@corp.test',
      password: 'Alice-Pass-1',
      orgRoles: [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }],
      systemRoles: ['User'],
    });
    const browser = new Client(server.baseUrl);
    const agent = { 'user-agent': 'AuditTest/1.0' };
    expect((await browser.submitLogin('al-alice', 'wrong-one', { headers: agent })).status).toBe(200);
    expect((await browser.submitLogin('al-alice', 'Alice-Pass-1', { headers: agent })).status).toBe(302);
    expect((await browser.submitLogin('al-nobody', 'whatever', { headers: agent })).status).toBe(200);

    const rows = await list<LoginLog>(auditor, `${LOGIN_LOGS}?username=al-alice`);
    expect(rows.map((row) => [row.status, row.reason])).toEqual([
      [true, ''],
      [false, 'password_failed'],
    ]);
    const [success, failure] = rows as [LoginLog, LoginLog];
    expect(success).toMatchObject({
      type: 'W',
      backend: 'Password',
      ip: '127.0.0.1',
      user_agent: 'AuditTest/1.0',
    });
    expect(success.status_display).toBe('Success');
    expect(failure.reason_display).toBe('Username/password check failed');
    // An unknown name belongs to no organization: Root lists it, an org does not.
    expect(await list<LoginLog>(auditor, `${LOGIN_LOGS}?username=al-nobody`)).toEqual([]);
    const unknown = await list<LoginLog>(
      admin,
      `${LOGIN_LOGS}?username=al-nobody`,
      '00000000-0000-0000-0000-000000000000',
    );
    expect(unknown.map((row) => row.reason)).toEqual(['user_not_exist']);
  });

  it('records a temporary password as its own backend', async () => {
    server.config.authTempToken = true;
    const alice = await userClient(server, 'al-temp', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
    const made = await call<{ secret: string }>(alice, 'POST', '/api/v1/authentication/temp-tokens/');
    expect(made.status).toBe(201);
    const browser = new Client(server.baseUrl);
    await browser.login('al-temp', made.body.secret);
    server.config.authTempToken = false;
    const rows = await list<LoginLog>(admin, `${LOGIN_LOGS}?username=al-temp`);
    expect(rows.map((row) => row.backend)).toEqual(['Temporary token', 'Password']);
  });

  it('lists only the members of the current org, within the date range, searchable, read-only', async () => {
    expect(await list<LoginLog>(outsiderAuditor, `${LOGIN_LOGS}?username=al-alice`, OTHER_ORG)).toEqual([]);
    const future = await list<LoginLog>(
      auditor,
      `${LOGIN_LOGS}?username=al-alice&date_from=2999-01-01T00:00:00Z`,
    );
    expect(future).toEqual([]);
    const found = await list<LoginLog>(auditor, `${LOGIN_LOGS}?search=al-ali&status=0`);
    expect(found.map((row) => row.username)).toEqual(['al-alice']);
    const post = await call(admin, 'POST', LOGIN_LOGS, { body: { username: 'forged' } });
    expect(post.status).toBe(405);
    const plain = await userClient(server, 'al-plain', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
    expect((await call(plain, 'GET', LOGIN_LOGS, { org: DEFAULT_ORG_ID })).status).toBe(403);
    expect((await call(new Client(server.baseUrl), 'GET', LOGIN_LOGS)).status).toBe(401);
  });

  it('exports the list', async () => {
    const response = await admin.get(`${LOGIN_LOGS}?format=csv&username=al-alice`, {
      'x-jms-org': DEFAULT_ORG_ID,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('al-alice');
  });
});

describe('operate logs', () => {
  it('writes one log per committed create, update and delete, none for a refused one', async () => {
    const created = await call<{ id: string }>(admin, 'POST', LABELS, {
      body: { name: 'al-env', value: 'prod' },
      org: DEFAULT_ORG_ID,
    });
    expect(created.status).toBe(201);
    const refused = await call(admin, 'POST', LABELS, { body: { name: 'al-broken' }, org: DEFAULT_ORG_ID });
    expect(refused.status).toBe(400);
    const changed = await call(admin, 'PATCH', `${LABELS}${created.body.id}/`, {
      body: { value: 'staging' },
      org: DEFAULT_ORG_ID,
    });
    expect(changed.status).toBe(200);
    expect(
      (await call(admin, 'DELETE', `${LABELS}${created.body.id}/`, { org: DEFAULT_ORG_ID })).status,
    ).toBe(204);

    const rows = await list<OperateLog>(auditor, `${OPERATE_LOGS}?resource_type=Label`);
    expect(rows.map((row) => [row.action, row.resource])).toEqual([
      ['delete', 'al-env'],
      ['update', 'al-env'],
      ['create', 'al-env'],
    ]);
    expect(rows[0]).toMatchObject({
      user: 'Administrator(admin)',
      remote_addr: '127.0.0.1',
      org_id: DEFAULT_ORG_ID,
      action_display: 'Delete',
    });
    expect(await list(auditor, `${OPERATE_LOGS}?resource=al-broken`)).toEqual([]);
    // Another organization does not see them.
    expect(await list(outsiderAuditor, `${OPERATE_LOGS}?resource_type=Label`, OTHER_ORG)).toEqual([]);
  });

  it('translates the resource type', async () => {
    const answer = await admin.json<Page<{ resource_type_display: string }>>(
      `${OPERATE_LOGS}?resource_type=Label&limit=10`,
      {
        'x-jms-org': DEFAULT_ORG_ID,
        'accept-language': 'zh-CN',
      },
    );
    expect(answer.body.results[0]?.resource_type_display).toBe('标签');
  });
});

describe('password change logs', () => {
  it('logs a change by the user and a reset by an administrator, not a refused change', async () => {
    const bob = await userClient(server, 'al-bob', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
    const refused = await call(bob, 'PUT', '/api/v1/users/profile/password/', {
      body: { old_password: 'wrong', new_password: 'Bob-New-Pass-2', new_password_again: 'Bob-New-Pass-2' },
    });
    expect(refused.status).toBe(400);
    const changed = await call(bob, 'PUT', '/api/v1/users/profile/password/', {
      body: {
        old_password: 'al-bob-Pass-1',
        new_password: 'Bob-New-Pass-2',
        new_password_again: 'Bob-New-Pass-2',
      },
    });
    expect(changed.status).toBe(200);
    const users = await list<{ id: string }>(admin, '/api/v1/users/users/?username=al-bob');
    const bobId = users[0]?.id;
    const reset = await call(admin, 'PUT', `/api/v1/users/users/${bobId}/password/reset/`, {
      org: DEFAULT_ORG_ID,
    });
    expect(reset.status).toBe(200);

    const rows = await list<PasswordLog>(auditor, `${PASSWORD_LOGS}?search=al-bob`);
    expect(rows.map((row) => row.change_by)).toEqual(['Administrator(admin)', 'al-bob(al-bob)']);
    expect(rows[0]).toMatchObject({ user: 'al-bob(al-bob)', remote_addr: '127.0.0.1' });
    expect(await list(outsiderAuditor, `${PASSWORD_LOGS}?search=al-bob`, OTHER_ORG)).toEqual([]);
  });
});

describe('FTP logs', () => {
  it('are posted by a holder of audits.add_ftplog and listed in their org', async () => {
    const posted = await call<{ id: string; date_start: string }>(admin, 'POST', FTP_LOGS, {
      body: {
        user: 'alice(alice)',
        asset: 'web01',
        system_user: 'root',
        operate: 'Upload',
        filename: '/tmp/a.txt',
      },
      org: DEFAULT_ORG_ID,
    });
    expect(posted.status).toBe(201);
    expect(posted.body.date_start).toBeTruthy();
    const bad = await call<Record<string, string[]>>(admin, 'POST', FTP_LOGS, {
      body: { user: 'alice', asset: 'web01', system_user: 'root', operate: 'Explode', filename: 'x' },
      org: DEFAULT_ORG_ID,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.operate).toBeDefined();
    const rows = await list<{ filename: string; operate_display: string }>(
      auditor,
      `${FTP_LOGS}?search=web01`,
    );
    expect(rows).toMatchObject([{ filename: '/tmp/a.txt', operate_display: 'Upload' }]);
    expect((await call(auditor, 'POST', FTP_LOGS, { body: {}, org: DEFAULT_ORG_ID })).status).toBe(403);
    expect(await list(outsiderAuditor, FTP_LOGS, OTHER_ORG)).toEqual([]);
  });
});

describe('my login logs', () => {
  it('lists the caller’s own sign-ins only, whatever the parameters say', async () => {
    const carol = await userClient(server, 'al-carol', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
    await new Client(server.baseUrl).submitLogin('al-carol', 'not-her-password');
    const own = await list<LoginLog>(carol, '/api/v1/audits/my-login-logs/?username=al-alice');
    expect(own.map((row) => [row.username, row.status])).toEqual([
      ['al-carol', false],
      ['al-carol', true],
    ]);
    expect((await call(new Client(server.baseUrl), 'GET', '/api/v1/audits/my-login-logs/')).status).toBe(401);
  });
});
