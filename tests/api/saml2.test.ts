// SAML2 sign-in (docs/auth-radius-saml.md#saml2) against a small IdP on loopback (tests/support/saml-idp.mjs,
// signing with xml-crypto): the settings checked on save (metadata by URL or XML, key pair, secrets
// write-only), the SP metadata, the AuthnRequest, a signed response signing a new user in with renamed
// attributes, and every response this console must refuse — unsigned, signed by another key, wrapped,
// another audience or destination, expired, replayed, unsolicited or answering another request — a
// disabled user, an unreachable metadata URL, the login log's backend and logout through the IdP.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSamlIdp, type SamlResponseOptions, type TestSamlIdp } from '../support/saml-idp.mjs';
import { freePort } from '../support/server-process.mjs';
import { ADMIN_PASSWORD, Client, loginPageData, startTestServer, type TestServer } from './harness';
import { call, signedIn } from './identity-helpers';
import {
  configureSaml2,
  englishBrowser,
  loginPageError,
  postToAcs,
  profileStatus,
  saml2SignIn,
  SAML2_ACS,
  SAML2_LOGIN,
  SAML2_SETTINGS,
  startSaml2SignIn,
} from './saml2-helpers';

const SAML2 = SAML2_SETTINGS;
const AUTH = '/api/v1/settings/setting/?category=auth';
const LOGIN = SAML2_LOGIN;
const ACS = SAML2_ACS;

describe('SAML2 sign-in', () => {
  let server: TestServer;
  let admin: Client;
  let idp: TestSamlIdp;

  beforeAll(async () => {
    server = await startTestServer();
    idp = await startSamlIdp({
      accounts: { 'saml-alice': { displayName: 'Alice Saml', mail: 'alice@saml.example' } },
    });
    admin = await signedIn(server, 'admin', ADMIN_PASSWORD);
    admin.cookies.set('django_language', 'en');
    // The console's address as the IdP sees it: where the ACS and the entity id live.
    const site = await call(admin, 'PATCH', '/api/v1/settings/setting/?category=basic', {
      SITE_URL: server.baseUrl,
    });
    expect(site.status).toBe(200);
  });

  afterAll(async () => {
    await server?.close();
    await idp?.close();
  });

  const configure = (extra: Record<string, unknown> = {}) => configureSaml2(admin, idp, extra);
  const startSignIn = () => startSaml2SignIn(server.baseUrl, idp);
  const post = postToAcs;
  const signInAs = (username: string, options: SamlResponseOptions = {}) =>
    saml2SignIn(server, idp, username, options);
  const errorOf = loginPageError;

  it('checks the settings on save: metadata usable, key and certificate a pair, secrets never answered', async () => {
    const bad = await call<Record<string, string[]>>(admin, 'PATCH', SAML2, {
      SAML2_IDP_METADATA_XML:
        '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>',
      SAML2_SP_ADVANCED_SETTINGS: { strict: false },
      SAML2_RENAME_ATTRIBUTES: { mail: 'password' },
      SAML2_SP_KEY_CONTENT: idp.keys.sp.key,
      SAML2_SP_CERT_CONTENT: idp.keys.sp2.cert,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['SAML2_RENAME_ATTRIBUTES']);
    const checked = await call<Record<string, string[]>>(admin, 'PATCH', SAML2, {
      SAML2_IDP_METADATA_XML:
        '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>',
      SAML2_SP_ADVANCED_SETTINGS: { strict: false },
      SAML2_SP_KEY_CONTENT: idp.keys.sp.key,
      SAML2_SP_CERT_CONTENT: idp.keys.sp2.cert,
    });
    expect(checked.status).toBe(400);
    expect(checked.body.SAML2_IDP_METADATA_XML?.[0]).toContain(
      'no EntityDescriptor with an IDPSSODescriptor',
    );
    expect(checked.body.SAML2_SP_ADVANCED_SETTINGS?.[0]).toContain('Wrong: strict');
    expect(checked.body.SAML2_SP_CERT_CONTENT?.[0]).toBe(
      'This certificate does not belong to the private key.',
    );

    // Metadata without a signing certificate cannot check any response.
    const unsigned = idp.metadata().replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, '');
    const noCert = await call<Record<string, string[]>>(admin, 'PATCH', SAML2, {
      SAML2_IDP_METADATA_XML: unsigned,
    });
    expect(noCert.body.SAML2_IDP_METADATA_XML?.[0]).toContain('no signing certificate');

    const off = await call<Record<string, string[]>>(admin, 'PATCH', SAML2, { AUTH_SAML2: true });
    expect(off.status).toBe(400);
    expect(off.body).toHaveProperty('SAML2_IDP_METADATA_XML');
    const page = await new Client(server.baseUrl).get('/core/auth/login/');
    expect(JSON.stringify(loginPageData(await page.text()))).not.toContain(LOGIN);

    const saved = await configure({
      SAML2_IDP_METADATA_XML: idp.metadata(),
      SAML2_SP_KEY_CONTENT: idp.keys.sp.key,
      SAML2_SP_CERT_CONTENT: idp.keys.sp.cert,
      SAML2_SP_ADVANCED_SETTINGS: { clockSkewSeconds: 5 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).not.toHaveProperty('SAML2_SP_KEY_CONTENT');
    expect(saved.body).not.toHaveProperty('SAML2_SP_CERT_CONTENT');
    expect(JSON.stringify(saved.body)).not.toContain('PRIVATE KEY');
    expect(saved.body).toMatchObject({
      AUTH_SAML2: true,
      SAML2_SP_ADVANCED_SETTINGS: { clockSkewSeconds: 5 },
    });
    // A certificate alone must match the stored key.
    const other = await call<Record<string, string[]>>(admin, 'PATCH', SAML2, {
      SAML2_SP_CERT_CONTENT: idp.keys.sp2.cert,
    });
    expect(other.body.SAML2_SP_CERT_CONTENT?.[0]).toBe(
      'This certificate does not belong to the private key.',
    );

    const shown = await new Client(server.baseUrl).get('/core/auth/login/');
    expect(JSON.stringify(loginPageData(await shown.text()))).toContain(LOGIN);
    const choice = await call<Record<string, unknown>>(admin, 'PATCH', AUTH, {
      LOGIN_REDIRECT_TO_BACKEND: 'SAML2',
    });
    expect(choice.status).toBe(200);
    const redirected = await new Client(server.baseUrl).get('/core/auth/login/');
    expect(await redirected.text()).toContain(LOGIN);
    await call(admin, 'PATCH', AUTH, { LOGIN_REDIRECT_TO_BACKEND: '' });
  });

  it('publishes the SP metadata and sends a signed AuthnRequest with its own id to the IdP', async () => {
    await configure();
    const metadata = await new Client(server.baseUrl).get('/core/auth/saml2/metadata/');
    expect(metadata.status).toBe(200);
    const xml = await metadata.text();
    expect(xml).toContain(`entityID="${server.baseUrl}/core/auth/saml2/metadata/"`);
    expect(xml).toContain(`Location="${server.baseUrl}${ACS}"`);
    expect(xml).toContain('WantAssertionsSigned="true"');
    expect(xml).toContain(idp.keys.sp.cert.split('\n')[1]);
    expect(xml).not.toContain('PRIVATE KEY');

    const { request } = await startSignIn();
    expect(request.id).toMatch(/^_[0-9a-f]{40}$/);
    expect(request.acsUrl).toBe(`${server.baseUrl}${ACS}`);
    expect(request.issuer).toBe(`${server.baseUrl}/core/auth/saml2/metadata/`);
    const second = await startSignIn();
    expect(second.request.id).not.toBe(request.id);
  });

  it('signs a new user in with the renamed attributes, source saml2, login log backend SAML2', async () => {
    await configure();
    const { browser, answer } = await signInAs('saml-alice');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/ui/#/audits/login-logs');
    const profile = await browser.json<{ username: string; name: string; email: string; source: string }>(
      '/api/v1/users/profile/',
    );
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      username: 'saml-alice',
      name: 'Alice Saml',
      email: 'alice@saml.example',
      source: 'saml2',
    });
    const logs = await call<{ results: { username: string; backend: string; status: boolean }[] }>(
      admin,
      'GET',
      '/api/v1/audits/login-logs/?username=saml-alice&limit=5',
    );
    expect(logs.body.results[0]).toMatchObject({ username: 'saml-alice', status: true });
    expect(JSON.stringify(logs.body.results[0])).toContain('SAML2');

    // A rename to username takes the username from that attribute instead of the NameID.
    await configure({ SAML2_RENAME_ATTRIBUTES: { uid: 'username', mail: 'email' } });
    const renamed = await signInAs('nameid-of-dave', {
      attributes: { uid: 'saml-dave', mail: 'dave@saml.example' },
    });
    expect(renamed.answer.status).toBe(302);
    const dave = await renamed.browser.json<{ username: string; email: string }>('/api/v1/users/profile/');
    expect(dave.body).toMatchObject({ username: 'saml-dave', email: 'dave@saml.example' });
  });

  // `signer: 'other'` stands for the stranger's key pair, which the IdP makes once it runs.
  it.each<[string, Omit<SamlResponseOptions, 'signer'> & { signer?: 'other' }, string]>([
    ['an unsigned assertion', { sign: 'none' }, 'signature'],
    ['an assertion signed by another key', { signer: 'other' }, 'signature'],
    ['a forged assertion beside a signed one', { wrap: { kind: 'sibling', as: 'saml-mallory' } }, 'ignature'],
    [
      'a forged assertion wrapping a signed one',
      { wrap: { kind: 'advice', as: 'saml-mallory' } },
      'ignature',
    ],
    ['another audience', { audience: 'https://other-sp.example/metadata' }, 'audience'],
    ['another destination', { destination: 'https://other-sp.example/acs' }, 'https://other-sp.example/acs'],
    ['another recipient', { recipient: 'https://other-sp.example/acs' }, 'https://other-sp.example/acs'],
    ['another issuer', { issuer: 'https://evil-idp.example' }, 'issuer'],
    // node-saml names the expired confirmation (checked before the conditions' expiry).
    ['an expired assertion', { expired: true }, 'no valid subject confirmation'],
    ['an unsolicited response', { inResponseTo: null }, 'InResponseTo'],
    ['an answer to another request', { inResponseTo: '_0123456789abcdef' }, 'InResponseTo'],
  ])('refuses %s', async (_name, options, reason) => {
    await configure();
    const { signer, ...rest } = options;
    const { browser, answer } = await signInAs('saml-alice', {
      ...rest,
      ...(signer ? { signer: idp.keys.other } : {}),
    });
    expect(answer.status).toBe(400);
    const error = await errorOf(answer);
    expect(error).toContain('The SAML2 provider could not be reached or refused');
    expect(error.toLowerCase()).toContain(reason.toLowerCase());
    expect(await profileStatus(browser)).toBe(401);
  });

  it("refuses a response posted again, and one without this browser's flow", async () => {
    await configure();
    const { browser, request, samlResponse } = await startSignIn().then(async (started) => {
      const samlResponse = idp.responseFor(started.request, 'saml-alice');
      return { ...started, samlResponse };
    });
    const cookies = new Map(browser.cookies);
    const first = await post(browser, samlResponse);
    expect(first.status).toBe(302);
    expect(request.id).not.toBe('');
    // The same response with the same flow cookie (an attacker who captured both): consumed once only.
    const thief = new Client(server.baseUrl);
    for (const [name, value] of cookies) if (name.includes('saml2_flow')) thief.cookies.set(name, value);
    thief.cookies.set('django_language', 'en');
    const replay = await post(thief, samlResponse);
    expect(replay.status).toBe(400);
    expect(await errorOf(replay)).toContain('already used');
    expect(await profileStatus(thief)).toBe(401);

    // A valid response for someone else's sign-in, posted by a browser that started none.
    const other = await startSignIn();
    const stranger = englishBrowser(server.baseUrl);
    const foreign = await post(stranger, idp.responseFor(other.request, 'saml-alice'));
    expect(foreign.status).toBe(400);
    expect(await errorOf(foreign)).toContain('was not started here');
    expect(await profileStatus(stranger)).toBe(401);
  });

  it('refuses a disabled user', async () => {
    await configure();
    await server.createUser({
      username: 'saml-bob',
      email: 'bob@example.com',
      source: 'saml2',
      isActive: false,
    });
    const disabled = await signInAs('saml-bob');
    expect(disabled.answer.status).toBe(400);
    expect(await errorOf(disabled.answer)).toBe('This account is inactive.');
    expect(await profileStatus(disabled.browser)).toBe(401);
  });

  it('reports a metadata URL that refuses or does not answer, on save and at sign-in', async () => {
    const closed = await freePort();
    const refused = await call<Record<string, string[]>>(admin, 'PATCH', SAML2, {
      SAML2_IDP_METADATA_URL: `http://127.0.0.1:${closed}/metadata`,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.SAML2_IDP_METADATA_URL?.[0]).toContain(`127.0.0.1:${closed}`);
    expect(refused.body.SAML2_IDP_METADATA_URL?.[0]).toContain('cannot be used');

    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const started = Date.now();
      const hung = await call<Record<string, string[]>>(admin, 'PATCH', SAML2, {
        SAML2_IDP_METADATA_URL: `http://127.0.0.1:${port}/metadata`,
      });
      expect(hung.status).toBe(400);
      expect(hung.body.SAML2_IDP_METADATA_URL?.[0]).toContain('no answer within 10 s');
      expect(Date.now() - started).toBeLessThan(25_000);
    } finally {
      silent.close();
    }

    // Saved while reachable, gone at sign-in: the login page says so.
    const gone = await startSamlIdp();
    await configure({ SAML2_IDP_METADATA_URL: gone.metadataUrl });
    await gone.close();
    const browser = englishBrowser(server.baseUrl);
    const answer = await browser.get(LOGIN);
    expect(answer.status).toBe(400);
    expect(await errorOf(answer)).toContain(gone.metadataUrl);
  }, 40_000);

  it('needs the site URL to start a sign-in: the ids the IdP keeps are built on it', async () => {
    await configure();
    const basic = '/api/v1/settings/setting/?category=basic';
    expect((await call(admin, 'PATCH', basic, { SITE_URL: '' })).status).toBe(200);
    try {
      const browser = englishBrowser(server.baseUrl);
      const answer = await browser.get(LOGIN);
      expect(answer.status).toBe(400);
      expect(await errorOf(answer)).toBe(
        'Sign-in with SAML2 needs the console address (Settings › Basic: site URL).',
      );
    } finally {
      await call(admin, 'PATCH', basic, { SITE_URL: server.baseUrl });
    }
  });

  it('signs out at the IdP with a LogoutRequest for the session when SAML2_LOGOUT_COMPLETELY is on', async () => {
    await configure();
    const { browser, answer } = await signInAs('saml-alice');
    expect(answer.status).toBe(302);
    const out = await browser.get('/core/auth/logout/');
    expect(out.status).toBe(302);
    const location = out.headers.get('location') ?? '';
    expect(location.startsWith(`${idp.url}/slo?SAMLRequest=`)).toBe(true);
    await fetch(location);
    expect(idp.logouts.at(-1)).toContain('>saml-alice</');
    expect(await profileStatus(browser)).toBe(401);

    await configure({ SAML2_LOGOUT_COMPLETELY: false });
    const again = await signInAs('saml-alice');
    const local = await again.browser.get('/core/auth/logout/');
    expect(local.headers.get('location')).toBe('/core/auth/login/');
  });
});
