// System settings (docs/settings.md): the settings API per category with its permission and field errors,
// and each security setting enforced where it acts — tried by doing what it forbids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  Client,
  loginPageData,
  startTestServer,
  startTwoInstances,
  type TestServer,
  type TwoInstances,
} from './harness';
import { adminAndPlainUser, call, signedIn } from './identity-helpers';
import { testBackend } from './test-database';

const SECURITY = '/api/v1/settings/setting/?category=security';
const BASIC = '/api/v1/settings/setting/?category=basic';
const PROFILE_PASSWORD = '/api/v1/users/profile/password/';

describe('settings API and security policies', () => {
  let server: TestServer;
  let admin: Client;
  let carol: Client;

  beforeAll(async () => {
    server = await startTestServer();
    ({ admin, carol } = await adminAndPlainUser(server));
    carol.cookies.set('django_language', 'en');
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers each category with its defaults, to its permission only', async () => {
    const security = await call<Record<string, unknown>>(admin, 'GET', SECURITY);
    expect(security.status).toBe(200);
    expect(security.body).toMatchObject({
      SECURITY_PASSWORD_MIN_LENGTH: 6,
      SECURITY_LOGIN_LIMIT_COUNT: 7,
      SECURITY_MAX_IDLE_TIME: 30,
      SECURITY_PASSWORD_EXPIRATION_TIME: 9999,
    });
    expect((await call(carol, 'GET', SECURITY)).status).toBe(403);
    expect((await call(carol, 'PATCH', SECURITY, { SECURITY_PASSWORD_MIN_LENGTH: 6 })).status).toBe(403);
    expect((await call(admin, 'GET', '/api/v1/settings/setting/?category=nonsense')).status).toBe(403);
    // v2.21 lets view_setting write basic; here it takes change_other, which ordinary users lack.
    expect((await call(carol, 'PATCH', BASIC, { USER_GUIDE_URL: 'https://evil.example' })).status).toBe(403);
  });

  it('refuses bad values field by field with 400 and keeps the stored ones', async () => {
    const bad = await call<Record<string, string[]>>(admin, 'PATCH', SECURITY, {
      SECURITY_PASSWORD_MIN_LENGTH: 3,
      SECURITY_LOGIN_LIMIT_COUNT: 'many',
      SECURITY_PASSWORD_UPPER_CASE: 'yes',
      SECURITY_MAX_IDLE_TIME: null,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      SECURITY_PASSWORD_MIN_LENGTH: ['Ensure this value is greater than or equal to 6.'],
      SECURITY_LOGIN_LIMIT_COUNT: ['A valid integer is required.'],
      SECURITY_PASSWORD_UPPER_CASE: ['Must be a valid boolean.'],
      SECURITY_MAX_IDLE_TIME: ['This field may not be null.'],
    });
    const put = await call<Record<string, string[]>>(admin, 'PUT', SECURITY, {});
    expect(put.status).toBe(400);
    expect(put.body.SECURITY_PASSWORD_MIN_LENGTH).toEqual(['This field is required.']);
    const link = await call<Record<string, string[]>>(admin, 'PATCH', BASIC, {
      USER_GUIDE_URL: 'javascript:alert(1)',
    });
    expect(link.status).toBe(400);
    expect(link.body.USER_GUIDE_URL).toEqual(['Enter a valid URL.']);
    const after = await call<Record<string, unknown>>(admin, 'GET', SECURITY);
    expect(after.body.SECURITY_PASSWORD_MIN_LENGTH).toBe(6);
  });

  it('refuses a password that breaks the rules wherever one is set', async () => {
    const saved = await call<Record<string, unknown>>(admin, 'PATCH', SECURITY, {
      SECURITY_PASSWORD_MIN_LENGTH: 10,
      SECURITY_PASSWORD_NUMBER: true,
      SECURITY_PASSWORD_UPPER_CASE: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.SECURITY_PASSWORD_MIN_LENGTH).toBe(10);
    const pub = await call<{ data: { PASSWORD_RULE: Record<string, unknown> } }>(
      carol,
      'GET',
      '/api/v1/settings/public/',
    );
    expect(pub.body.data.PASSWORD_RULE).toMatchObject({
      SECURITY_PASSWORD_MIN_LENGTH: 10,
      SECURITY_PASSWORD_NUMBER: true,
    });
    const rule = [
      'The password must be at least 10 characters long.',
      'The password must contain an upper case letter.',
      'The password must contain a number.',
    ];
    // The user's own change.
    const own = await call<Record<string, string[]>>(carol, 'PUT', PROFILE_PASSWORD, {
      old_password: 'carol-pass-1',
      new_password: 'weakpass',
      new_password_again: 'weakpass',
    });
    expect(own.status).toBe(400);
    expect(own.body.new_password).toEqual(rule);
    // An administrator creating a user, and setting a password.
    const created = await call<Record<string, string[]>>(admin, 'POST', '/api/v1/users/users/', {
      username: 'dave',
      name: 'Dave',
      email: 'dave@example.com',
      password_strategy: 'custom',
      password: 'weakpass',
    });
    expect(created.status).toBe(400);
    expect(created.body.password).toEqual(rule);
    const users = await call<Array<{ id: string; username: string }>>(
      admin,
      'GET',
      '/api/v1/users/users/?username=carol',
    );
    const carolId = users.body[0]?.id;
    const set = await call<Record<string, string[]>>(
      admin,
      'PUT',
      `/api/v1/users/users/${carolId}/password/`,
      {
        password: 'weakpass',
      },
    );
    expect(set.status).toBe(400);
    expect(set.body.password).toEqual(rule);
    // A compliant one passes.
    const ok = await call(carol, 'PUT', PROFILE_PASSWORD, {
      old_password: 'carol-pass-1',
      new_password: 'Carol-Pass-2026',
      new_password_again: 'Carol-Pass-2026',
    });
    expect(ok.status).toBe(200);
    await call(admin, 'PATCH', SECURITY, {
      SECURITY_PASSWORD_MIN_LENGTH: 6,
      SECURITY_PASSWORD_NUMBER: false,
      SECURITY_PASSWORD_UPPER_CASE: false,
    });
  });

  it('locks a username after the configured failures and releases it after the lock time', async () => {
    await server.createUser({ username: 'erin', email: 'erin@example.com', password: 'erin-pass-1' });
    expect(
      (await call(admin, 'PATCH', SECURITY, { SECURITY_LOGIN_LIMIT_COUNT: 3, SECURITY_LOGIN_LIMIT_TIME: 5 }))
        .status,
    ).toBe(200);
    const client = new Client(server.baseUrl);
    client.cookies.set('django_language', 'en');
    for (const times of [2, 1]) {
      const data = loginPageData(await (await client.submitLogin('erin', 'wrong')).text());
      expect(data.error).toContain(
        `You can also try ${times} times (The account will be temporarily locked for 5 minutes)`,
      );
    }
    const third = loginPageData(await (await client.submitLogin('erin', 'wrong')).text());
    expect(third.error).toBe(
      'The account has been locked (please contact admin to unlock it or try again after 5 minutes)',
    );
    const right = loginPageData(await (await client.submitLogin('erin', 'erin-pass-1')).text());
    expect(right.error).toContain('The account has been locked');
    // Five minutes pass (the block's end moves into the past).
    await server.app.db.run(`UPDATE login_blocks SET until = until - 300001 WHERE key = 'erin'`);
    const released = await client.submitLogin('erin', 'erin-pass-1');
    expect(released.status).toBe(302);
    expect(client.cookies.has('jms_sessionid')).toBe(true);
    await call(admin, 'PATCH', SECURITY, { SECURITY_LOGIN_LIMIT_COUNT: 7, SECURITY_LOGIN_LIMIT_TIME: 30 });
  });

  it('ends a session after the idle time, and slides it with each request', async () => {
    await server.createUser({ username: 'frank', email: 'frank@example.com', password: 'frank-pass-1' });
    expect((await call(admin, 'PATCH', SECURITY, { SECURITY_MAX_IDLE_TIME: 1 })).status).toBe(200);
    const idle = await signedIn(server, 'frank', 'frank-pass-1');
    expect((await call(idle, 'GET', '/api/v1/users/profile/')).status).toBe(200);
    // 61 seconds pass without a request.
    const session = await server.app.db.all<{ id_hash: string; expires_at: number }>(
      `SELECT s.id_hash, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'frank'`,
    );
    expect(session).toHaveLength(1);
    for (const row of session) expect(Number(row.expires_at) - Date.now()).toBeLessThanOrEqual(60_000);
    await server.app.db.run(
      `UPDATE sessions SET expires_at = expires_at - 61000 WHERE user_id = (SELECT id FROM users WHERE username = 'frank')`,
    );
    expect((await call(idle, 'GET', '/api/v1/users/profile/')).status).toBe(401);
    const fresh = await signedIn(server, 'frank', 'frank-pass-1');
    await server.app.db.run(
      `UPDATE sessions SET expires_at = expires_at - 30000 WHERE user_id = (SELECT id FROM users WHERE username = 'frank')`,
    );
    // Half of the idle time gone: a request slides the window back to a full minute.
    expect((await call(fresh, 'GET', '/api/v1/users/profile/')).status).toBe(200);
    const slid = await server.app.db.get<{ expires_at: number }>(
      `SELECT MAX(expires_at) AS expires_at FROM sessions WHERE user_id = (SELECT id FROM users WHERE username = 'frank')`,
    );
    expect(Number(slid?.expires_at) - Date.now()).toBeGreaterThan(45_000);
    await call(admin, 'PATCH', SECURITY, { SECURITY_MAX_IDLE_TIME: 30 });
  });

  it('gives the session cookie a lifetime only when sessions outlive the browser', async () => {
    const cookieOf = async (): Promise<string> => {
      const client = new Client(server.baseUrl);
      const response = await client.submitLogin('carol', 'Carol-Pass-2026');
      return response.headers.getSetCookie().find((line) => line.startsWith('jms_sessionid=')) ?? '';
    };
    expect(await cookieOf()).not.toMatch(/max-age|expires/i);
    expect((await call(admin, 'PATCH', SECURITY, { SESSION_EXPIRE_AT_BROWSER_CLOSE: false })).status).toBe(
      200,
    );
    expect(await cookieOf()).toMatch(/Max-Age=86400/);
    await call(admin, 'PATCH', SECURITY, { SESSION_EXPIRE_AT_BROWSER_CLOSE: true });
  });

  it('publishes the password expiry days that the banner counts down', async () => {
    expect((await call(admin, 'PATCH', SECURITY, { SECURITY_PASSWORD_EXPIRATION_TIME: 2 })).status).toBe(200);
    const pub = await call<{ data: Record<string, unknown> }>(carol, 'GET', '/api/v1/settings/public/');
    expect(pub.body.data.SECURITY_PASSWORD_EXPIRATION_TIME).toBe(2);
    await call(admin, 'PATCH', SECURITY, { SECURITY_PASSWORD_EXPIRATION_TIME: 9999 });
  });

  it('publishes the announcement and the user guide the basic settings hold', async () => {
    const saved = await call<Record<string, unknown>>(admin, 'PATCH', BASIC, {
      USER_GUIDE_URL: 'https://guide.example/start',
      ANNOUNCEMENT_ENABLED: true,
      ANNOUNCEMENT: { SUBJECT: 'Maintenance', CONTENT: 'Sunday 02:00', LINK: '' },
    });
    expect(saved.status).toBe(200);
    const profile = await call<{ guide_url: string }>(carol, 'GET', '/api/v1/users/profile/');
    expect(profile.body.guide_url).toBe('https://guide.example/start');
    const pub = await call<{ data: { ANNOUNCEMENT_ENABLED: boolean; ANNOUNCEMENT: Record<string, string> } }>(
      carol,
      'GET',
      '/api/v1/settings/public/',
    );
    expect(pub.body.data.ANNOUNCEMENT_ENABLED).toBe(true);
    expect(pub.body.data.ANNOUNCEMENT).toMatchObject({ SUBJECT: 'Maintenance', CONTENT: 'Sunday 02:00' });
    expect(pub.body.data.ANNOUNCEMENT.ID).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe.runIf(testBackend() === 'postgres')('settings across two instances', () => {
  let instances: TwoInstances;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    instances = await startTwoInstances();
    ({ a, b } = instances);
  });

  afterAll(async () => {
    await instances?.close();
  });

  it('a rule saved on A holds on B from its next requests', async () => {
    const onA = await signedIn(a, 'admin', ADMIN_PASSWORD);
    const onB = await signedIn(b, 'admin', ADMIN_PASSWORD);
    // B reads (and caches) the defaults first.
    const before = await call<{ data: { PASSWORD_RULE: Record<string, unknown> } }>(
      onB,
      'GET',
      '/api/v1/settings/public/',
    );
    expect(before.body.data.PASSWORD_RULE.SECURITY_PASSWORD_MIN_LENGTH).toBe(6);
    expect((await call(onA, 'PATCH', SECURITY, { SECURITY_PASSWORD_MIN_LENGTH: 12 })).status).toBe(200);
    await expect
      .poll(async () => {
        const now = await call<{ data: { PASSWORD_RULE: Record<string, unknown> } }>(
          onB,
          'GET',
          '/api/v1/settings/public/',
        );
        return now.body.data.PASSWORD_RULE.SECURITY_PASSWORD_MIN_LENGTH;
      })
      .toBe(12);
  });
});
