// OpenID Connect sign-in (docs/auth-sources.md#openid-connect) against a real provider (npm oidc-provider,
// tests/support/oidc-provider.mjs): settings validated and the client secret never answered, the whole code
// flow, a forged or replayed `state` refused, unknown users created or refused as the setting says, a
// disabled user refused, MFA still asked, the login log's backend, the redirect rules and logout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.mjs';
import {
  ADMIN_PASSWORD,
  Client,
  LOGIN_MFA_URL,
  loginPageData,
  startTestServer,
  type TestServer,
} from './harness';
import { call, signedIn } from './identity-helpers';

const OIDC = '/api/v1/settings/setting/?category=oidc';
const AUTH = '/api/v1/settings/setting/?category=auth';
const LOGIN = '/core/auth/openid/login/';

describe('OpenID Connect sign-in', () => {
  let server: TestServer;
  let admin: Client;
  let provider: TestOidcProvider;

  beforeAll(async () => {
    server = await startTestServer();
    provider = await startOidcProvider({
      redirectBase: server.baseUrl,
      accounts: { 'oidc-alice': { name: 'Alice Oidc', email: 'alice@oidc.example' } },
    });
    admin = await signedIn(server, 'admin', ADMIN_PASSWORD);
    admin.cookies.set('django_language', 'en');
  });

  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  const configure = (extra: Record<string, unknown> = {}) =>
    call<Record<string, unknown>>(admin, 'PATCH', OIDC, {
      AUTH_OPENID: true,
      BASE_SITE_URL: server.baseUrl,
      AUTH_OPENID_KEYCLOAK: false,
      AUTH_OPENID_PROVIDER_ENDPOINT: provider.issuer,
      AUTH_OPENID_CLIENT_ID: provider.clientId,
      AUTH_OPENID_CLIENT_SECRET: provider.clientSecret,
      AUTH_OPENID_CREATE_USER: true,
      ...extra,
    });

  /** A browser that starts at the console, signs in at the provider and comes back; the callback's answer. */
  async function signInAs(login: string, tamper?: (callback: URL) => void) {
    const browser = new Client(server.baseUrl);
    browser.cookies.set('django_language', 'en');
    const started = await browser.get(LOGIN);
    expect(started.status).toBe(302);
    const authUrl = started.headers.get('location') ?? '';
    expect(authUrl.startsWith(provider.issuer)).toBe(true);
    expect(new URL(authUrl).searchParams.get('code_challenge_method')).toBe('S256');
    const callback = new URL(await provider.signInAtProvider(authUrl, login));
    expect(`${callback.origin}${callback.pathname}`).toBe(`${server.baseUrl}/core/auth/openid/callback/`);
    tamper?.(callback);
    const answer = await browser.get(callback.pathname + callback.search);
    return { browser, answer, callback };
  }

  it('validates the settings with field errors and never answers the client secret', async () => {
    const bad = await call<Record<string, string[]>>(admin, 'PATCH', OIDC, {
      AUTH_OPENID_PROVIDER_ENDPOINT: 'ftp://nowhere',
      AUTH_OPENID_USER_ATTR_MAP: { username: 'preferred username' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual([
      'AUTH_OPENID_PROVIDER_ENDPOINT',
      'AUTH_OPENID_USER_ATTR_MAP',
    ]);
    const saved = await configure();
    expect(saved.status).toBe(200);
    expect(saved.body).not.toHaveProperty('AUTH_OPENID_CLIENT_SECRET');
    const read = await call<Record<string, unknown>>(admin, 'GET', OIDC);
    expect(JSON.stringify(read.body)).not.toContain(provider.clientSecret);
  });

  it('tests discovery: the provider named, or the exact failure', async () => {
    const ok = await call<{ msg: string }>(admin, 'POST', '/api/v1/settings/oidc/testing/', {
      AUTH_OPENID_PROVIDER_ENDPOINT: provider.issuer,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.msg).toContain(provider.issuer);
    const wrong = await call<{ error: string }>(admin, 'POST', '/api/v1/settings/oidc/testing/', {
      AUTH_OPENID_PROVIDER_ENDPOINT: `${provider.issuer}/nothing-here`,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(/404|not ok|unexpected/i);
  });

  it('signs a new user in through the whole code flow and creates him with source openid', async () => {
    await configure();
    const page = await new Client(server.baseUrl).get('/core/auth/login/');
    expect(JSON.stringify(loginPageData(await page.text()))).toContain(LOGIN);

    const { browser, answer } = await signInAs('oidc-alice');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/ui/');
    const profile = await browser.json<{ username: string; name: string; email: string; source: string }>(
      '/api/v1/users/profile/',
    );
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      username: 'oidc-alice',
      name: 'Alice Oidc',
      email: 'alice@oidc.example',
      source: 'openid',
    });
    const logs = await call<{ results: { username: string; backend: string; status: boolean }[] }>(
      admin,
      'GET',
      '/api/v1/audits/login-logs/?username=oidc-alice&limit=5',
    );
    expect(logs.body.results[0]).toMatchObject({ username: 'oidc-alice', status: true });
    expect(JSON.stringify(logs.body.results[0])).toContain('OpenID');
  });

  it('gives a created user the provider sent no e-mail for an address at EMAIL_SUFFIX', async () => {
    await configure();
    const other = '/api/v1/settings/setting/?category=other';
    expect((await call(admin, 'PATCH', other, { EMAIL_SUFFIX: 'oidc.corp.example' })).status).toBe(200);
    const { browser, answer } = await signInAs('oidc-nomail');
    expect(answer.status).toBe(302);
    const profile = await browser.json<{ email: string; source: string }>('/api/v1/users/profile/');
    expect(profile.body).toMatchObject({ email: 'oidc-nomail@oidc.corp.example', source: 'openid' });
  });

  it('refuses a forged state and a replayed callback', async () => {
    await configure();
    const forged = await signInAs('oidc-alice', (callback) => callback.searchParams.set('state', 'forged'));
    expect(forged.answer.status).toBe(400);
    expect(loginPageData(await forged.answer.text()).error).toMatch(/state/i);
    expect((await forged.browser.json('/api/v1/users/profile/')).status).toBe(401);

    const ok = await signInAs('oidc-alice');
    expect(ok.answer.status).toBe(302);
    const replay = new Client(server.baseUrl);
    const again = await replay.get(ok.callback.pathname + ok.callback.search);
    expect(again.status).toBe(400);
    expect((await replay.json('/api/v1/users/profile/')).status).toBe(401);
  });

  it('refuses an unknown user when creating users is off, and a disabled user', async () => {
    await configure({ AUTH_OPENID_CREATE_USER: false });
    const unknown = await signInAs('oidc-nobody');
    expect(unknown.answer.status).toBe(400);
    expect(loginPageData(await unknown.answer.text()).error).toBe(
      'The user oidc-nobody does not exist here, and creating users from OpenID is turned off.',
    );

    await configure();
    await server.createUser({
      username: 'oidc-bob',
      email: 'bob@example.com',
      source: 'openid',
      isActive: false,
    });
    const disabled = await signInAs('oidc-bob');
    expect(disabled.answer.status).toBe(400);
    expect(loginPageData(await disabled.answer.text()).error).toBe('This account is inactive.');

    await server.createUser({
      username: 'oidc-local',
      email: 'local@example.com',
      password: 'Local-Pass-123!',
    });
    const local = await signInAs('oidc-local');
    expect(local.answer.status).toBe(400);
    expect(loginPageData(await local.answer.text()).error).toContain('another sign-in source');
  });

  it('still asks for MFA when the policy demands it', async () => {
    await configure();
    expect(
      (await call(admin, 'PATCH', '/api/v1/settings/setting/?category=security', { SECURITY_MFA_AUTH: 1 }))
        .status,
    ).toBe(200);
    try {
      const { browser, answer } = await signInAs('oidc-alice');
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe(LOGIN_MFA_URL);
      expect((await browser.json('/api/v1/users/profile/')).status).toBe(401);
    } finally {
      await call(admin, 'PATCH', '/api/v1/settings/setting/?category=security', { SECURITY_MFA_AUTH: 0 });
    }
  });

  it('redirects the login page as LOGIN_REDIRECT_TO_BACKEND says, except DIRECT and ?admin=1', async () => {
    await configure();
    const anonymous = new Client(server.baseUrl);
    anonymous.cookies.set('django_language', 'en');
    try {
      await call(admin, 'PATCH', AUTH, {
        LOGIN_REDIRECT_TO_BACKEND: 'OPENID',
        LOGIN_REDIRECT_MSG_ENABLED: false,
      });
      const direct = await anonymous.get('/core/auth/login/?next=/ui/assets');
      expect(direct.status).toBe(302);
      expect(direct.headers.get('location')).toBe(`${LOGIN}?next=%2Fui%2Fassets`);
      expect((await anonymous.get('/core/auth/login/?admin=1')).status).toBe(200);

      await call(admin, 'PATCH', AUTH, { LOGIN_REDIRECT_MSG_ENABLED: true });
      const message = await anonymous.get('/core/auth/login/');
      expect(message.status).toBe(200);
      const html = await message.text();
      expect(html).toContain(`content="3;url=${LOGIN}?next=%2Fui%2F"`);
      expect(html).toContain('Redirecting you to OpenID');

      await call(admin, 'PATCH', AUTH, { LOGIN_REDIRECT_TO_BACKEND: 'DIRECT' });
      const form = await anonymous.get('/core/auth/login/');
      expect(form.status).toBe(200);
      expect(loginPageData(await form.text()).csrfToken).not.toBe('');
    } finally {
      await call(admin, 'PATCH', AUTH, { LOGIN_REDIRECT_TO_BACKEND: '' });
    }
  });

  it('signs out through the provider when the session came from it', async () => {
    await configure({ AUTH_OPENID_SHARE_SESSION: true });
    const { browser } = await signInAs('oidc-alice');
    const out = await browser.get('/core/auth/logout/');
    expect(out.status).toBe(302);
    const target = new URL(out.headers.get('location') ?? '');
    expect(target.origin).toBe(provider.issuer);
    expect(target.searchParams.get('post_logout_redirect_uri')).toBe(`${server.baseUrl}/core/auth/login/`);
    expect((await browser.json('/api/v1/users/profile/')).status).toBe(401);
  });
});
