// RADIUS sign-in against a real FreeRADIUS (tests/support/radius-server.mjs; docs/auth-radius-saml.md#radius):
// the settings' validation and write-only shared secret, the test button right and wrong, a wrong shared
// secret and a server that never answers reported clearly within the time-out, an unknown user the server
// accepts created with source radius, and the login log's backend.
import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RADIUS_USERS, startRadiusServer, type TestRadiusServer } from '../support/radius-server.mjs';
import { Secret, TOTP } from 'otpauth';
import { bindOtpSecret } from '../../server/src/auth/mfa-verify';
import { newOtpSecret } from '../../server/src/auth/totp';
import {
  ADMIN_PASSWORD,
  Client,
  LOGIN_MFA_URL,
  loginPageData,
  startTestServer,
  type TestServer,
} from './harness';
import { call, signedIn } from './identity-helpers';

const RADIUS = '/api/v1/settings/setting/?category=radius';
const TEST = '/api/v1/settings/radius/testing/';
/** The client's limit: 3 tries of 2 s each (server/src/radius/radius-settings.ts), plus room for a busy machine. */
const GIVE_UP_MS = 6000;

describe('RADIUS sign-in', () => {
  let server: TestServer;
  let admin: Client;
  let radius: TestRadiusServer;
  /** A UDP socket that receives and never answers: a RADIUS server that is down without refusing. */
  let silent: dgram.Socket;
  let silentPort: number;

  beforeAll(async () => {
    radius = await startRadiusServer();
    silent = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    silentPort = silent.address().port;
    server = await startTestServer();
    admin = await signedIn(server, 'admin', ADMIN_PASSWORD);
    admin.cookies.set('django_language', 'en');
  });

  afterAll(async () => {
    await server?.close();
    await radius?.stop();
    silent?.close();
  });

  const lastLoginLog = async (username: string) => {
    const answer = await call<{ results: Array<{ status: boolean; backend: string; reason: string }> }>(
      admin,
      'GET',
      `/api/v1/audits/login-logs/?username=${username}&limit=1&order=-datetime`,
    );
    return answer.body.results[0];
  };

  const signIn = async (username: string, password: string) => {
    const client = new Client(server.baseUrl);
    client.cookies.set('django_language', 'en');
    const response = await client.submitLogin(username, password);
    const error = response.status === 200 ? loginPageData(await response.text()).error : '';
    return { status: response.status, error, client };
  };

  it('validates the settings per field and never answers the shared secret', async () => {
    const bad = await call<Record<string, string[]>>(admin, 'PATCH', RADIUS, {
      RADIUS_SERVER: 'radius.example.com:1812',
      RADIUS_PORT: 70000,
      AUTH_RADIUS: 'yes',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['AUTH_RADIUS', 'RADIUS_PORT', 'RADIUS_SERVER']);
    expect(bad.body.RADIUS_SERVER).toEqual(['Enter a host name or an IP address.']);

    const saved = await call<Record<string, unknown>>(admin, 'PATCH', RADIUS, {
      AUTH_RADIUS: true,
      RADIUS_SERVER: '127.0.0.1',
      RADIUS_PORT: radius.port,
      RADIUS_SECRET: radius.secret,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).not.toHaveProperty('RADIUS_SECRET');
    const read = await call<Record<string, unknown>>(admin, 'GET', RADIUS);
    expect(read.body).toMatchObject({
      AUTH_RADIUS: true,
      RADIUS_SERVER: '127.0.0.1',
      RADIUS_PORT: radius.port,
    });
    expect(read.body).not.toHaveProperty('RADIUS_SECRET');
  });

  it('tests a username and password against the server, right and wrong', async () => {
    const right = await call<{ msg: string }>(admin, 'POST', TEST, {
      username: 'radalice',
      password: RADIUS_USERS.radalice,
    });
    expect(right.status).toBe(200);
    expect(right.body.msg).toBe('The RADIUS server accepted radalice.');
    const wrong = await call<{ error: string }>(admin, 'POST', TEST, {
      username: 'radalice',
      password: 'nope',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('The RADIUS server refused radalice: wrong username or password.');
    admin.cookies.set('django_language', 'zh');
    const zh = await call<{ error: string }>(admin, 'POST', TEST, { username: 'radalice', password: 'nope' });
    admin.cookies.set('django_language', 'en');
    expect(zh.body.error).toBe('RADIUS 服务器拒绝了 radalice：用户名或密码错误。');
    const missing = await call<{ error: string }>(admin, 'POST', TEST, { username: 'radalice' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Enter a username and a password to test.');
  });

  it('reports a wrong shared secret and a silent server within the time-out, never hanging', async () => {
    let started = Date.now();
    const wrongSecret = await call<{ error: string }>(admin, 'POST', TEST, {
      username: 'radalice',
      password: RADIUS_USERS.radalice,
      RADIUS_SECRET: 'not-the-shared-secret',
    });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.error).toMatch(/^No answer from 127\.0\.0\.1:\d+ after 6 s \(3 tries\)\./);
    expect(wrongSecret.body.error).toContain('shared secret');
    expect(Date.now() - started).toBeLessThan(GIVE_UP_MS + 4000);

    started = Date.now();
    const down = await call<{ error: string }>(admin, 'POST', TEST, {
      username: 'radalice',
      password: RADIUS_USERS.radalice,
      RADIUS_PORT: silentPort,
    });
    expect(down.status).toBe(400);
    expect(down.body.error).toContain(`No answer from 127.0.0.1:${silentPort}`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(GIVE_UP_MS - 100);
    expect(Date.now() - started).toBeLessThan(GIVE_UP_MS + 4000);

    const badPort = await call<Record<string, string[]>>(admin, 'POST', TEST, {
      username: 'radalice',
      password: 'x',
      RADIUS_PORT: 0,
    });
    expect(badPort.status).toBe(400);
    expect(badPort.body).toHaveProperty('RADIUS_PORT');
  });

  it('creates an unknown user the server accepts, with source radius, and logs the backend', async () => {
    const before = await call<{ count: number }>(
      admin,
      'GET',
      '/api/v1/users/users/?username=radbob&limit=1',
    );
    expect(before.body.count).toBe(0);
    const wrong = await signIn('radbob', 'wrong');
    expect(wrong.status).toBe(200);
    expect(wrong.error).toMatch(/incorrect/);
    expect(
      (await call<{ count: number }>(admin, 'GET', '/api/v1/users/users/?username=radbob&limit=1')).body
        .count,
    ).toBe(0);

    const right = await signIn('radbob', RADIUS_USERS.radbob);
    expect(right.status).toBe(302);
    const profile = await call<{ username: string }>(right.client, 'GET', '/api/v1/users/profile/');
    expect(profile.status).toBe(200);
    expect(profile.body.username).toBe('radbob');
    const users = await call<Array<{ username: string; source: unknown; email: string }>>(
      admin,
      'GET',
      '/api/v1/users/users/?username=radbob',
    );
    expect(users.body).toHaveLength(1);
    expect(users.body[0]).toMatchObject({ source: 'radius', email: 'radbob@example.com' });
    expect(await lastLoginLog('radbob')).toMatchObject({ status: true, backend: 'Radius' });

    // Signed in again, the same user: no second one.
    expect((await signIn('radbob', RADIUS_USERS.radbob)).status).toBe(302);
    expect(
      (await call<{ count: number }>(admin, 'GET', '/api/v1/users/users/?username=radbob&limit=1')).body
        .count,
    ).toBe(1);
  });

  it('gives a created user without an address the e-mail domain of EMAIL_SUFFIX', async () => {
    const other = '/api/v1/settings/setting/?category=other';
    expect((await call(admin, 'PATCH', other, { EMAIL_SUFFIX: 'radius.corp.example' })).status).toBe(200);
    expect((await signIn('raddave', RADIUS_USERS.raddave)).status).toBe(302);
    const users = await call<Array<{ email: string }>>(admin, 'GET', '/api/v1/users/users/?username=raddave');
    expect(users.body.map((user) => user.email)).toEqual(['raddave@radius.corp.example']);
  });

  it('checks a radius user only with the server; refuses with a clear message when it does not answer', async () => {
    expect((await signIn('radbob', RADIUS_USERS.radbob)).status).toBe(302);
    // Local users keep their local password.
    expect((await signIn('admin', ADMIN_PASSWORD)).status).toBe(302);

    expect((await call(admin, 'PATCH', RADIUS, { RADIUS_PORT: silentPort })).status).toBe(200);
    const started = Date.now();
    const down = await signIn('radbob', RADIUS_USERS.radbob);
    expect(down.status).toBe(200);
    expect(down.error).toContain('The RADIUS server that checks this password did not answer');
    expect(Date.now() - started).toBeLessThan(GIVE_UP_MS + 4000);
    expect(await lastLoginLog('radbob')).toMatchObject({ status: false, backend: 'Radius' });

    // RADIUS sign-in off: a radius user cannot sign in at all, and unknown names are not sent anywhere.
    expect(
      (await call(admin, 'PATCH', RADIUS, { RADIUS_PORT: radius.port, AUTH_RADIUS: false })).status,
    ).toBe(200);
    expect((await signIn('radbob', RADIUS_USERS.radbob)).status).toBe(200);
    expect((await signIn('radcarol', RADIUS_USERS.radcarol)).status).toBe(200);
    expect(
      (await call<{ count: number }>(admin, 'GET', '/api/v1/users/users/?username=radcarol&limit=1')).body
        .count,
    ).toBe(0);
  });

  it('checks the MFA code with the RADIUS server when OTP_IN_RADIUS is on', async () => {
    // A local user with a bound authenticator: its own codes no longer count, the RADIUS server decides.
    const user = await server.createUser({
      username: 'otpuser',
      email: 'otpuser@example.com',
      password: 'otpuser-local-1',
    });
    const secret = newOtpSecret();
    await bindOtpSecret({ db: server.app.db, config: server.config }, user.id, secret);
    expect((await call(admin, 'PATCH', RADIUS, { OTP_IN_RADIUS: true })).status).toBe(200);

    const client = new Client(server.baseUrl);
    client.cookies.set('django_language', 'en');
    const password = await client.submitLogin('otpuser', 'otpuser-local-1');
    expect(password.status).toBe(302);
    expect(password.headers.get('location')).toBe(LOGIN_MFA_URL);
    const authenticatorCode = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    const refused = await client.submitMfaCode(authenticatorCode === '424242' ? '000000' : authenticatorCode);
    expect(refused.status).toBe(200);
    expect(loginPageData(await refused.text()).error).not.toBe('');
    const accepted = await client.submitMfaCode(RADIUS_USERS.otpuser);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get('location')).not.toBe(LOGIN_MFA_URL);
    expect((await call(client, 'GET', '/api/v1/users/profile/')).status).toBe(200);
    expect(await lastLoginLog('otpuser')).toMatchObject({ status: true, backend: 'Password' });

    // The server down: the code step says so and the sign-in stays at its MFA step.
    expect((await call(admin, 'PATCH', RADIUS, { RADIUS_PORT: silentPort })).status).toBe(200);
    const again = new Client(server.baseUrl);
    again.cookies.set('django_language', 'en');
    expect((await again.submitLogin('otpuser', 'otpuser-local-1')).status).toBe(302);
    const down = await again.submitMfaCode(RADIUS_USERS.otpuser);
    expect(down.status).toBe(200);
    expect(loginPageData(await down.text()).error).toContain('RADIUS server');
    expect(
      (await call(admin, 'PATCH', RADIUS, { RADIUS_PORT: radius.port, OTP_IN_RADIUS: false })).status,
    ).toBe(200);
  });
});
