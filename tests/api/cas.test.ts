// CAS sign-in (docs/auth-sources.md#cas) against a CAS server on loopback (tests/support/cas-server.mjs):
// settings validated per field, the login button and redirect choice, the ticket checked with protocol 3
// (attributes applied and renamed), 2 and 1, a replayed, forged or other-service ticket refused, create-user
// off, a disabled user, an unreachable server reported, the login log's backend, and logout through CAS.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCasServer, type TestCasServer } from '../support/cas-server.mjs';
import { freePort } from '../support/server-process.mjs';
import { ADMIN_PASSWORD, Client, loginPageData, startTestServer, type TestServer } from './harness';
import { call, signedIn } from './identity-helpers';

const CAS = '/api/v1/settings/setting/?category=cas';
const AUTH = '/api/v1/settings/setting/?category=auth';
const LOGIN = '/core/auth/cas/login/';

describe('CAS sign-in', () => {
  let server: TestServer;
  let admin: Client;
  let cas: TestCasServer;

  beforeAll(async () => {
    server = await startTestServer();
    cas = await startCasServer({
      accounts: { 'cas-alice': { displayName: 'Alice Cas', mail: 'alice@cas.example' } },
    });
    admin = await signedIn(server, 'admin', ADMIN_PASSWORD);
    admin.cookies.set('django_language', 'en');
  });

  afterAll(async () => {
    await server?.close();
    await cas?.close();
  });

  const configure = (extra: Record<string, unknown> = {}) =>
    call<Record<string, unknown>>(admin, 'PATCH', CAS, {
      AUTH_CAS: true,
      CAS_SERVER_URL: cas.url,
      CAS_ROOT_PROXIED_AS: server.baseUrl,
      CAS_VERSION: 3,
      CAS_CREATE_USER: true,
      CAS_APPLY_ATTRIBUTES_TO_USER: true,
      CAS_RENAME_ATTRIBUTES: { 'cas:displayName': 'name', mail: 'email' },
      CAS_USERNAME_ATTRIBUTE: 'cas:user',
      ...extra,
    });

  /** A browser that starts at the console, signs in at the CAS server and comes back; the callback's answer. */
  async function signInAs(username: string, tamper?: (callback: URL) => void) {
    const browser = new Client(server.baseUrl);
    browser.cookies.set('django_language', 'en');
    const started = await browser.get(LOGIN);
    expect(started.status).toBe(302);
    const loginUrl = started.headers.get('location') ?? '';
    expect(loginUrl.startsWith(`${cas.url}/login?service=`)).toBe(true);
    const callback = new URL(await cas.signInAtCas(loginUrl, username));
    expect(`${callback.origin}${callback.pathname}`).toBe(`${server.baseUrl}/core/auth/cas/callback/`);
    expect(callback.searchParams.get('ticket')).toMatch(/^ST-/);
    tamper?.(callback);
    const answer = await browser.get(callback.pathname + callback.search);
    return { browser, answer, callback };
  }

  /** A ticket issued for another browser's sign-in, not yet used: that browser's callback URL. */
  async function unusedCallback() {
    const other = new Client(server.baseUrl);
    const started = await other.get(LOGIN);
    return new URL(await cas.signInAtCas(started.headers.get('location') ?? '', 'cas-alice'));
  }

  const errorOf = async (answer: Response) => loginPageData(await answer.text()).error;

  it('validates the settings per field and needs the server URL to turn on', async () => {
    const bad = await call<Record<string, string[]>>(admin, 'PATCH', CAS, {
      CAS_SERVER_URL: 'javascript:alert(1)',
      CAS_VERSION: 4,
      CAS_USERNAME_ATTRIBUTE: 'user name',
      CAS_RENAME_ATTRIBUTES: { mail: 'password' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual([
      'CAS_RENAME_ATTRIBUTES',
      'CAS_SERVER_URL',
      'CAS_USERNAME_ATTRIBUTE',
      'CAS_VERSION',
    ]);
    const off = await call<Record<string, string[]>>(admin, 'PATCH', CAS, { AUTH_CAS: true });
    expect(off.status).toBe(400);
    expect(off.body).toHaveProperty('CAS_SERVER_URL');
    const page = await new Client(server.baseUrl).get('/core/auth/login/');
    expect(JSON.stringify(loginPageData(await page.text()))).not.toContain(LOGIN);

    const saved = await configure();
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ CAS_VERSION: 3, CAS_RENAME_ATTRIBUTES: { mail: 'email' } });
    const shown = await new Client(server.baseUrl).get('/core/auth/login/');
    expect(JSON.stringify(loginPageData(await shown.text()))).toContain(LOGIN);
  });

  it('signs a new user in with protocol 3, creating him with the renamed attributes and source cas', async () => {
    await configure();
    const { browser, answer } = await signInAs('cas-alice');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/ui/');
    expect(cas.validations.at(-1)).toBe(3);
    const profile = await browser.json<{ username: string; name: string; email: string; source: string }>(
      '/api/v1/users/profile/',
    );
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      username: 'cas-alice',
      name: 'Alice Cas',
      email: 'alice@cas.example',
      source: 'cas',
    });
    const logs = await call<{ results: { username: string; backend: string; status: boolean }[] }>(
      admin,
      'GET',
      '/api/v1/audits/login-logs/?username=cas-alice&limit=5',
    );
    expect(logs.body.results[0]).toMatchObject({ username: 'cas-alice', status: true });
    expect(JSON.stringify(logs.body.results[0])).toContain('CAS');
  });

  it.each([
    [2, 'cas-carol'],
    [1, 'cas-erin'],
  ])('signs in with protocol %i (/serviceValidate, /validate)', async (version, username) => {
    await configure({ CAS_VERSION: version });
    const { browser, answer } = await signInAs(username);
    expect(answer.status).toBe(302);
    expect(cas.validations.at(-1)).toBe(version);
    const profile = await browser.json<{ username: string; source: string }>('/api/v1/users/profile/');
    expect(profile.body).toMatchObject({ username, source: 'cas' });
  });

  it('gives a created user CAS sent no e-mail for an address at EMAIL_SUFFIX', async () => {
    await configure();
    const other = '/api/v1/settings/setting/?category=other';
    expect((await call(admin, 'PATCH', other, { EMAIL_SUFFIX: 'cas.corp.example' })).status).toBe(200);
    const { browser, answer } = await signInAs('cas-nomail');
    expect(answer.status).toBe(302);
    const profile = await browser.json<{ email: string; source: string }>('/api/v1/users/profile/');
    expect(profile.body).toMatchObject({ email: 'cas-nomail@cas.corp.example', source: 'cas' });
  });

  it('refuses a replayed ticket, a forged ticket and a ticket for another service', async () => {
    await configure();
    const ok = await signInAs('cas-alice');
    expect(ok.answer.status).toBe(302);
    // The same callback again, in a browser that starts its own flow: the ticket is spent.
    const replay = await signInAs('cas-alice', (callback) =>
      callback.searchParams.set('ticket', ok.callback.searchParams.get('ticket') ?? ''),
    );
    expect(replay.answer.status).toBe(400);
    expect(await errorOf(replay.answer)).toContain('INVALID_TICKET');
    expect((await replay.browser.json('/api/v1/users/profile/')).status).toBe(401);

    const forged = await signInAs('cas-alice', (callback) =>
      callback.searchParams.set('ticket', 'ST-forged'),
    );
    expect(forged.answer.status).toBe(400);
    expect(await errorOf(forged.answer)).toContain('INVALID_TICKET');

    // A ticket someone got for another sign-in (another flow id, so another service URL) cannot be used
    // by this browser's flow: the CAS server refuses it for this service.
    const other = await unusedCallback();
    const mine = await signInAs('cas-alice', (callback) =>
      callback.searchParams.set('ticket', other.searchParams.get('ticket') ?? ''),
    );
    expect(mine.answer.status).toBe(400);
    expect(await errorOf(mine.answer)).toContain('INVALID_SERVICE');

    // A callback without this browser's flow cookie is refused before any ticket is checked.
    const stranger = new Client(server.baseUrl);
    stranger.cookies.set('django_language', 'en');
    const fresh = await unusedCallback();
    const foreign = await stranger.get(fresh.pathname + fresh.search);
    expect(foreign.status).toBe(400);
    expect(await errorOf(foreign)).toContain('was not started here');
    expect((await stranger.json('/api/v1/users/profile/')).status).toBe(401);
  });

  it('refuses an unknown user when creating users is off, and a disabled user', async () => {
    await configure({ CAS_CREATE_USER: false });
    const unknown = await signInAs('cas-nobody');
    expect(unknown.answer.status).toBe(400);
    expect(await errorOf(unknown.answer)).toBe(
      'The user cas-nobody does not exist here, and creating users from CAS is turned off.',
    );

    await configure();
    await server.createUser({
      username: 'cas-bob',
      email: 'bob@example.com',
      source: 'cas',
      isActive: false,
    });
    const disabled = await signInAs('cas-bob');
    expect(disabled.answer.status).toBe(400);
    expect(await errorOf(disabled.answer)).toBe('This account is inactive.');
  });

  /** A sign-in started while CAS is reachable, whose ticket is then checked against `port` instead. */
  async function callbackCheckedAt(port: number) {
    await configure();
    const browser = new Client(server.baseUrl);
    browser.cookies.set('django_language', 'en');
    const started = await browser.get(LOGIN);
    const service = new URL(new URL(started.headers.get('location') ?? '').searchParams.get('service') ?? '');
    await configure({ CAS_SERVER_URL: `http://127.0.0.1:${port}/cas` });
    service.searchParams.set('ticket', 'ST-whatever');
    const answer = await browser.get(service.pathname + service.search);
    expect(answer.status).toBe(400);
    expect((await browser.json('/api/v1/users/profile/')).status).toBe(401);
    return errorOf(answer);
  }

  it('reports an unreachable CAS server on the login page', async () => {
    const port = await freePort(); // nothing listens there
    const error = await callbackCheckedAt(port);
    expect(error).toContain('The CAS provider could not be reached or refused');
    expect(error).toContain(`127.0.0.1:${port}`);
  });

  it('gives up on a CAS server that accepts but never answers, with a message, after the time-out', async () => {
    // A listener that takes the connection and says nothing: the ticket check must not hang the sign-in.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const error = await callbackCheckedAt((silent.address() as net.AddressInfo).port);
      expect(error).toContain('no answer within 10 s');
    } finally {
      silent.close();
    }
  });

  it('goes to CAS from the login page when chosen, and signs out through CAS', async () => {
    await configure({ CAS_LOGOUT_COMPLETELY: true });
    try {
      await call(admin, 'PATCH', AUTH, {
        LOGIN_REDIRECT_TO_BACKEND: 'CAS',
        LOGIN_REDIRECT_MSG_ENABLED: false,
      });
      const direct = await new Client(server.baseUrl).get('/core/auth/login/?next=/ui/assets');
      expect(direct.status).toBe(302);
      expect(direct.headers.get('location')).toBe(`${LOGIN}?next=%2Fui%2Fassets`);
    } finally {
      await call(admin, 'PATCH', AUTH, { LOGIN_REDIRECT_TO_BACKEND: '' });
    }
    const { browser } = await signInAs('cas-alice');
    const out = await browser.get('/core/auth/logout/');
    expect(out.status).toBe(302);
    const target = new URL(out.headers.get('location') ?? '');
    expect(`${target.origin}${target.pathname}`).toBe(`${cas.url}/logout`);
    expect(target.searchParams.get('service')).toBe(`${server.baseUrl}/core/auth/login/`);
    expect((await browser.json('/api/v1/users/profile/')).status).toBe(401);
  });
});
