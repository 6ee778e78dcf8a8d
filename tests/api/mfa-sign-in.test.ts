// MFA at sign-in (docs/auth.md#mfa-at-sign-in): after the right password a user with an authenticator, or
// with MFA forced on him, holds only a pending sign-in until the code is right; wrong codes lock out like
// passwords; a forced user without an authenticator enrols first; each attempt is in the login log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindOtpSecret } from '../../server/src/auth/mfa-verify';
import { newOtpSecret, otpCodeAt } from '../../server/src/auth/totp';
import {
  ADMIN_PASSWORD,
  Client,
  LOGIN_MFA_URL,
  loginPageData,
  startTestServer,
  type TestServer,
} from './harness';
import { call, signedIn } from './identity-helpers';

const PROFILE = '/api/v1/users/profile/';
const SECURITY = '/api/v1/settings/setting/?category=security';
const en = { 'accept-language': 'en' };

let server: TestServer;
let admin: Client;

/** A code of a time step after any a previous sign-in used (the next step's code is valid too). */
const nextCode = (secret: string): string => otpCodeAt(secret, Date.now() + 30_000);
const wrongFor = (secret: string): string => {
  const valid = new Set([-1, 0, 1].map((step) => otpCodeAt(secret, Date.now() + step * 30_000)));
  return ['000000', '111111', '222222', '333333'].find((code) => !valid.has(code))!;
};

async function withSecret(username: string): Promise<string> {
  const user = await server.createUser({
    username,
    email: `${username}@example.com`,
    password: `${username}-pass-1`,
  });
  const secret = newOtpSecret();
  await bindOtpSecret({ db: server.app.db, config: server.config }, user.id, secret);
  return secret;
}

/** Password step of a browser-like client; returns the client and where the server sent it. */
async function passwordStep(username: string, password = `${username}-pass-1`) {
  const client = new Client(server.baseUrl);
  client.cookies.set('django_language', 'en');
  const response = await client.submitLogin(username, password, { next: '/ui/assets/assets' });
  return { client, status: response.status, location: response.headers.get('location') };
}

async function lastLoginLog(username: string): Promise<{ status: boolean; reason: string; mfa: number }> {
  const answer = await call<{ results: Array<{ status: boolean; reason: string; mfa: number }> }>(
    admin,
    'GET',
    `/api/v1/audits/login-logs/?username=${username}&limit=1&order=-datetime`,
    undefined,
    en,
  );
  expect(answer.status).toBe(200);
  return answer.body.results[0]!;
}

beforeAll(async () => {
  server = await startTestServer({ loginLimits: { userLimitCount: 3, userLimitMinutes: 30 } });
  admin = await signedIn(server, 'admin', ADMIN_PASSWORD);
});

afterAll(async () => {
  await server?.close();
});

describe('MFA at sign-in', () => {
  it('holds a user with an authenticator at the code step until the code is right', async () => {
    const secret = await withSecret('mia');
    const { client, status, location } = await passwordStep('mia');
    expect([status, location]).toEqual([302, LOGIN_MFA_URL]);
    // Not signed in yet: no session, the API answers 401.
    expect(client.cookies.has('jms_sessionid')).toBe(false);
    expect((await client.get(PROFILE)).status).toBe(401);

    const page = loginPageData(await (await client.get(LOGIN_MFA_URL, en)).text());
    expect(page.mfa).toBe('otp');
    expect(page.otpSecret ?? '').toBe('');

    const wrong = await client.submitMfaCode(wrongFor(secret));
    expect(wrong.status).toBe(200);
    expect(loginPageData(await wrong.text()).error).toMatch(/^Code is invalid/);
    expect(await lastLoginLog('mia')).toMatchObject({ status: false, reason: 'mfa_failed', mfa: 1 });
    expect((await client.get(PROFILE)).status).toBe(401);

    const right = await client.submitMfaCode(nextCode(secret));
    expect(right.status).toBe(302);
    expect(right.headers.get('location')).toBe('/ui/assets/assets');
    const profile = await client.json<{ username: string }>(PROFILE);
    expect(profile).toMatchObject({ status: 200, body: { username: 'mia' } });
    expect(await lastLoginLog('mia')).toMatchObject({ status: true, reason: '', mfa: 1 });
    // The sign-in proved a code: the secrets gate lets this session through.
    expect((await client.get('/api/v1/authentication/otp/verify/')).status).toBe(200);
    // The pending sign-in is spent: the MFA page sends back to the form.
    expect((await client.get(LOGIN_MFA_URL)).headers.get('location')).toBe('/core/auth/login/');
  });

  it('locks MFA after the limit of wrong codes; then even the right code is refused', async () => {
    const secret = await withSecret('max');
    const { client } = await passwordStep('max');
    const wrong = wrongFor(secret);
    for (let i = 0; i < 2; i += 1) {
      const answer = await client.submitMfaCode(wrong);
      expect(loginPageData(await answer.text()).error).toMatch(/^Code is invalid/);
    }
    const third = await client.submitMfaCode(wrong);
    const locked = loginPageData(await third.text());
    expect(locked.error).toBe('Too many wrong codes. MFA is locked for 30 minutes.');
    expect(locked.mfa).toBeUndefined();
    expect(await lastLoginLog('max')).toMatchObject({ status: false, reason: 'user_blocked' });

    const again = await passwordStep('max');
    expect(again.location).toBe(LOGIN_MFA_URL);
    const refused = await again.client.submitMfaCode(nextCode(secret));
    expect(loginPageData(await refused.text()).error).toContain('locked');
    expect((await again.client.get(PROFILE)).status).toBe(401);
  });

  it('forgets the pending sign-in on a new attempt, so its code signs nobody in', async () => {
    const secret = await withSecret('noa');
    await server.createUser({ username: 'otto', email: 'otto@example.com', password: 'otto-pass-1' });
    const { client } = await passwordStep('noa');
    // Another attempt in the same browser, even a failed one, drops noa's pending sign-in.
    await client.submitLogin('otto', 'wrong-password');
    const late = await client.submitMfaCode(nextCode(secret));
    expect([late.status, late.headers.get('location')]).toEqual([302, '/core/auth/login/']);
    expect((await client.get(PROFILE)).status).toBe(401);
    // A pending sign-in is never a session of another user either.
    await client.login('otto', 'otto-pass-1');
    expect((await client.json<{ username: string }>(PROFILE)).body.username).toBe('otto');
  });

  it('refuses the code form without the csrf token', async () => {
    const secret = await withSecret('pia');
    const { client } = await passwordStep('pia');
    const response = await client.request(LOGIN_MFA_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code: nextCode(secret) }).toString(),
    });
    expect(response.status).toBe(403);
  });

  it('leads a user on whom MFA is forced to enrol first, then signs him in', async () => {
    const saved = await call(admin, 'PATCH', SECURITY, { SECURITY_MFA_AUTH: 1 });
    expect(saved.status).toBe(200);
    try {
      await server.createUser({ username: 'quinn', email: 'quinn@example.com', password: 'quinn-pass-1' });
      const { client, location } = await passwordStep('quinn');
      expect(location).toBe(LOGIN_MFA_URL);
      const page = loginPageData(await (await client.get(LOGIN_MFA_URL, en)).text());
      expect(page.mfa).toBe('enrol');
      expect(page.otpSecret).toMatch(/^[A-Z2-7]{32}$/);
      expect(page.otpQr).toMatch(/^data:image\/svg\+xml;base64,/);
      // A reload shows the same secret: the authenticator already scanned stays right.
      const reload = loginPageData(await (await client.get(LOGIN_MFA_URL, en)).text());
      expect(reload.otpSecret).toBe(page.otpSecret);
      expect((await client.get(PROFILE)).status).toBe(401);

      const secret = page.otpSecret!;
      const wrong = await client.submitMfaCode(wrongFor(secret));
      expect(loginPageData(await wrong.text())).toMatchObject({ mfa: 'enrol', otpSecret: secret });
      const right = await client.submitMfaCode(otpCodeAt(secret));
      expect(right.status).toBe(302);
      const profile = await client.json<{ is_otp_secret_key_bound: boolean }>(PROFILE);
      expect(profile.body.is_otp_secret_key_bound).toBe(true);
      // From now on quinn signs in with a code of that authenticator.
      const next = await passwordStep('quinn');
      expect(next.location).toBe(LOGIN_MFA_URL);
      expect(loginPageData(await (await next.client.get(LOGIN_MFA_URL)).text()).mfa).toBe('otp');
    } finally {
      await call(admin, 'PATCH', SECURITY, { SECURITY_MFA_AUTH: 0 });
    }
  });

  it('forces MFA on administrators only when the setting says so', async () => {
    await server.createUser({
      username: 'rita',
      email: 'rita@example.com',
      password: 'rita-pass-1',
      orgRoles: [{ org: 'Default', role: 'OrgAdmin' }],
    });
    await server.createUser({ username: 'sam', email: 'sam@example.com', password: 'sam-pass-1' });
    expect((await passwordStep('rita')).location).toBe('/ui/assets/assets');
    expect((await call(admin, 'PATCH', SECURITY, { SECURITY_MFA_AUTH: 2 })).status).toBe(200);
    try {
      expect((await passwordStep('rita')).location).toBe(LOGIN_MFA_URL);
      expect((await passwordStep('sam')).location).toBe('/ui/assets/assets');
      const invalid = await call<Record<string, string[]>>(admin, 'PATCH', SECURITY, {
        SECURITY_MFA_AUTH: 3,
      });
      expect(invalid.status).toBe(400);
      expect(invalid.body.SECURITY_MFA_AUTH).toBeDefined();
    } finally {
      await call(admin, 'PATCH', SECURITY, { SECURITY_MFA_AUTH: 0 });
    }
  });
});
