// SAML2 single logout in both directions (docs/auth-radius-saml.md#single-logout) against the test IdP
// (tests/support/saml-idp.mjs): the SP metadata's logout services; signing out here sends a signed
// LogoutRequest naming the sign-in's subject and session, and the IdP's LogoutResponse is accepted only
// when signed by the IdP, from it, to us, answering that request, once, with Success — otherwise the person
// is still signed out and told so; the IdP's own LogoutRequest (both bindings) ends every session of its
// subject (of its SessionIndex when named), leaves other users alone, is answered with a signed
// LogoutResponse, and signs nobody out when forged, misaddressed, stale or replayed; on PostgreSQL a
// request that reaches another instance ends the session made on the first.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSamlIdp, type SamlLogoutMessage, type TestSamlIdp } from '../support/saml-idp.mjs';
import { bindOtpSecret } from '../../server/src/auth/mfa-verify';
import { newOtpSecret, otpCodeAt } from '../../server/src/auth/totp';
import {
  ADMIN_PASSWORD,
  Client,
  LOGIN_MFA_URL,
  startTestServer,
  startTwoInstances,
  type TestServer,
} from './harness';
import { call, signedIn } from './identity-helpers';
import {
  configureSaml2,
  deliverLogoutMessage,
  englishBrowser,
  loginPageError,
  profileStatus,
  saml2SignIn,
  SAML2_SLO,
} from './saml2-helpers';
import { testBackend } from './test-database';

const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
const UNCONFIRMED =
  'You are signed out of the console, but the SAML2 provider did not confirm its own sign-out';
const REQUEST_REFUSED = 'A sign-out request from the SAML2 provider was refused';

/** The XML of the SAMLRequest / SAMLResponse of a redirect-binding URL. */
const messageXml = (location: string) => {
  const params = new URL(location).searchParams;
  const encoded = params.get('SAMLRequest') ?? params.get('SAMLResponse') ?? '';
  return zlib.inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
};

/** A console whose SAML2 IdP is the test IdP, with the site URL set; `close` stops both. */
async function saml2Console(server: TestServer, idp: TestSamlIdp, extra: Record<string, unknown> = {}) {
  const admin = await signedIn(server, 'admin', ADMIN_PASSWORD);
  admin.cookies.set('django_language', 'en');
  expect(
    (await call(admin, 'PATCH', '/api/v1/settings/setting/?category=basic', { SITE_URL: server.baseUrl }))
      .status,
  ).toBe(200);
  expect((await configureSaml2(admin, idp, extra)).status).toBe(200);
  idp.spLogoutUrl = `${server.baseUrl}${SAML2_SLO}`;
  return admin;
}

describe('SAML2 single logout', () => {
  let server: TestServer;
  let idp: TestSamlIdp;

  beforeAll(async () => {
    server = await startTestServer();
    idp = await startSamlIdp();
    // With the SP's key pair, our LogoutRequests and LogoutResponses are signed.
    await saml2Console(server, idp, {
      SAML2_SP_KEY_CONTENT: idp.keys.sp.key,
      SAML2_SP_CERT_CONTENT: idp.keys.sp.cert,
    });
  });

  afterAll(async () => {
    await server?.close();
    await idp?.close();
  });

  const signIn = async (username: string) => {
    const { browser, answer } = await saml2SignIn(server, idp, username);
    expect(answer.status).toBe(302);
    expect(await profileStatus(browser)).toBe(200);
    return browser;
  };

  /** Signs out here: the LogoutRequest's URL at the IdP. */
  const signOut = async (browser: Client) => {
    const out = await browser.get('/core/auth/logout/');
    expect(out.status).toBe(302);
    const location = out.headers.get('location') ?? '';
    expect(location.startsWith(`${idp.url}/slo?SAMLRequest=`)).toBe(true);
    return location;
  };

  it('lists the single logout service with both bindings in the SP metadata', async () => {
    const xml = await (await new Client(server.baseUrl).get('/core/auth/saml2/metadata/')).text();
    for (const binding of ['HTTP-POST', 'HTTP-Redirect'])
      expect(xml).toContain(
        `<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:${binding}" Location="${server.baseUrl}${SAML2_SLO}"/>`,
      );
  });

  it('signs out at the IdP with a signed LogoutRequest and accepts its LogoutResponse once', async () => {
    const browser = await signIn('slo-alice');
    const location = await signOut(browser);
    // Signed by the SP's key, naming the subject and the session of the sign-in.
    expect(idp.redirectSignedBy(location, idp.keys.sp.cert)).toBe(true);
    expect(idp.redirectSignedBy(location, idp.keys.sp2.cert)).toBe(false);
    const request = messageXml(location);
    expect(request).toContain('>slo-alice</saml:NameID>');
    expect(request).toContain(`>${idp.sessionIndexes['slo-alice']?.at(-1)}</saml2p:SessionIndex>`);
    expect(request).toContain(`Destination="${idp.url}/slo"`);
    expect(await profileStatus(browser)).toBe(401);

    // The IdP signs out and sends the browser back with its signed LogoutResponse.
    const atIdp = await fetch(location, { redirect: 'manual' });
    expect(atIdp.status).toBe(302);
    const back = atIdp.headers.get('location') ?? '';
    expect(back.startsWith(`${server.baseUrl}${SAML2_SLO}?SAMLResponse=`)).toBe(true);
    const cookies = new Map(browser.cookies);
    const done = await deliverLogoutMessage(browser, { url: back });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/core/auth/login/');

    // The same answer again, even with a copy of the logout cookie: used once only.
    const thief = englishBrowser(server.baseUrl);
    for (const [name, value] of cookies) if (name.includes('saml2_logout')) thief.cookies.set(name, value);
    const replay = await deliverLogoutMessage(thief, { url: back });
    expect(replay.status).toBe(400);
    expect(await loginPageError(replay)).toContain('already used');
  });

  it('accepts a signed LogoutResponse by the HTTP-POST binding', async () => {
    const browser = await signIn('slo-alice');
    const location = await signOut(browser);
    const done = await deliverLogoutMessage(
      browser,
      idp.logoutResponseFor(messageXml(location), { binding: 'post' }),
    );
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/core/auth/login/');
  });

  // `other` stands for the stranger's key pair, which the IdP makes once it runs.
  it.each<[string, Record<string, unknown>, string]>([
    ['signed by another key (redirect)', { signer: 'other' }, 'signature'],
    ['signed by another key (POST)', { signer: 'other', binding: 'post' }, 'signature'],
    ['unsigned (redirect)', { sign: false }, 'not signed'],
    ['unsigned (POST)', { sign: false, binding: 'post' }, 'signature'],
    ['answering another request', { inResponseTo: '_0123456789abcdef' }, 'InResponseTo'],
    [
      'answering another request (POST)',
      { inResponseTo: '_0123456789abcdef', binding: 'post' },
      'InResponseTo',
    ],
    ['with a failure status', { status: 'urn:oasis:names:tc:SAML:2.0:status:Responder' }, 'Responder'],
    [
      'with a failure status (POST)',
      { status: 'urn:oasis:names:tc:SAML:2.0:status:Responder', binding: 'post' },
      'Responder',
    ],
    ['from another issuer (POST)', { issuer: 'https://evil-idp.example', binding: 'post' }, 'issuer'],
    ['for another SP', { destination: 'https://other-sp.example/slo' }, 'https://other-sp.example/slo'],
  ])('refuses a LogoutResponse %s, and the person is still signed out', async (_name, options, reason) => {
    const browser = await signIn('slo-alice');
    const location = await signOut(browser);
    const { signer, ...rest } = options;
    const message = idp.logoutResponseFor(messageXml(location), {
      ...rest,
      ...(signer ? { signer: idp.keys.other } : {}),
    });
    const answer = await deliverLogoutMessage(browser, message);
    expect(answer.status).toBe(400);
    const error = await loginPageError(answer);
    expect(error).toContain(UNCONFIRMED);
    expect(error.toLowerCase()).toContain(reason.toLowerCase());
    expect(await profileStatus(browser)).toBe(401);
  });

  it('tells a person in Chinese and Japanese too, and refuses an answer without a logout started here', async () => {
    const stranger = new Client(server.baseUrl);
    stranger.cookies.set('django_language', 'zh');
    const request = `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_x"/>`;
    const zh = await deliverLogoutMessage(stranger, idp.logoutResponseFor(request));
    expect(zh.status).toBe(400);
    expect(await loginPageError(zh)).toContain('您已退出控制台，但 SAML2 提供方未确认其自身的退出');
    stranger.cookies.set('django_language', 'ja');
    const ja = await deliverLogoutMessage(stranger, idp.logoutRequestFor({ nameID: 'x', sign: false }));
    expect(await loginPageError(ja)).toContain('SAML2 プロバイダーからのサインアウト要求は拒否されました');
    stranger.cookies.set('django_language', 'en');
    const none = await deliverLogoutMessage(stranger, idp.logoutResponseFor(request));
    expect(await loginPageError(none)).toContain('no sign-out was started here');
  });

  /** The IdP's LogoutResponse that answered `message`: its URL must be signed by the SP. */
  const answeredWith = (answer: Response, status: string) => {
    expect(answer.status).toBe(302);
    const location = answer.headers.get('location') ?? '';
    expect(location.startsWith(`${idp.url}/slo?SAMLResponse=`)).toBe(true);
    expect(idp.redirectSignedBy(location, idp.keys.sp.cert)).toBe(true);
    const xml = messageXml(location);
    expect(xml).toContain(`Value="${status}"`);
    expect(xml).toContain(`Destination="${idp.url}/slo"`);
    return xml;
  };

  const requestIdOf = (message: SamlLogoutMessage) =>
    (message.url !== undefined
      ? messageXml(message.url)
      : Buffer.from(message.form.SAMLRequest ?? '', 'base64').toString('utf8')
    ).match(/\bID="([^"]*)"/)?.[1];

  it.each(['redirect', 'post'] as const)(
    'ends every session of the subject on an IdP LogoutRequest (%s), and no one else’s',
    async (binding) => {
      const first = await signIn('slo-bob');
      const second = await signIn('slo-bob');
      const carol = await signIn('slo-carol');
      const message = idp.logoutRequestFor({ nameID: 'slo-bob', binding, relayState: 'back-to-idp' });
      const front = englishBrowser(server.baseUrl);
      const answer = await deliverLogoutMessage(front, message);
      const xml = answeredWith(answer, SUCCESS);
      expect(xml).toContain(`InResponseTo="${requestIdOf(message)}"`);
      expect(new URL(answer.headers.get('location') ?? '').searchParams.get('RelayState')).toBe(
        'back-to-idp',
      );
      expect(await profileStatus(first)).toBe(401);
      expect(await profileStatus(second)).toBe(401);
      expect(await profileStatus(carol)).toBe(200);
    },
  );

  it('ends only the session a SessionIndex names, and clears the cookies of the browser it reached', async () => {
    const first = await signIn('slo-dave');
    const firstIndex = idp.sessionIndexes['slo-dave']?.at(-1) ?? '';
    const second = await signIn('slo-dave');
    const answer = await deliverLogoutMessage(
      first,
      idp.logoutRequestFor({ nameID: 'slo-dave', sessionIndex: firstIndex }),
    );
    answeredWith(answer, SUCCESS);
    expect(answer.headers.getSetCookie().some((line) => line.startsWith('jms_sessionid=;'))).toBe(true);
    expect(await profileStatus(first)).toBe(401);
    expect(await profileStatus(second)).toBe(200);
  });

  it('ties the session to its SAML2 sign-in across the MFA step', async () => {
    const user = await server.createUser({
      username: 'slo-mfa',
      email: 'slo-mfa@example.com',
      source: 'saml2',
    });
    const secret = newOtpSecret();
    await bindOtpSecret({ db: server.app.db, config: server.config }, user.id, secret);
    const { browser, answer } = await saml2SignIn(server, idp, 'slo-mfa');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(LOGIN_MFA_URL);
    await browser.get(LOGIN_MFA_URL);
    const done = await browser.submitMfaCode(otpCodeAt(secret, Date.now()));
    expect(done.status).toBe(302);
    expect(await profileStatus(browser)).toBe(200);
    const out = await deliverLogoutMessage(
      englishBrowser(server.baseUrl),
      idp.logoutRequestFor({ nameID: 'slo-mfa' }),
    );
    answeredWith(out, SUCCESS);
    expect(await profileStatus(browser)).toBe(401);
  });

  it('answers UnknownPrincipal when no session here came from that subject', async () => {
    const password = await signedIn(server, 'admin', ADMIN_PASSWORD);
    // A password session of a user of the same name is no SAML2 session.
    const answer = await deliverLogoutMessage(
      englishBrowser(server.baseUrl),
      idp.logoutRequestFor({ nameID: 'admin' }),
    );
    answeredWith(answer, 'urn:oasis:names:tc:SAML:2.0:status:Requester');
    expect(messageXml(answer.headers.get('location') ?? '')).toContain(
      'urn:oasis:names:tc:SAML:2.0:status:UnknownPrincipal',
    );
    expect(await profileStatus(password)).toBe(200);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['signed by another key', { signer: 'other' }, 'signature'],
    ['signed by another key (POST)', { signer: 'other', binding: 'post' }, 'signature'],
    ['unsigned', { sign: false }, 'not signed'],
    ['unsigned (POST)', { sign: false, binding: 'post' }, 'signature'],
    ['from another issuer', { issuer: 'https://evil-idp.example' }, 'issuer'],
    ['for another SP', { destination: 'https://other-sp.example/slo' }, 'https://other-sp.example/slo'],
    ['past its NotOnOrAfter', { notOnOrAfterMs: -60_000 }, 'expired'],
    ['issued 11 minutes ago', { issuedAgoMs: 11 * 60_000 }, 'older than 10 minutes'],
  ])('refuses an IdP LogoutRequest %s: nobody is signed out', async (_name, options, reason) => {
    const browser = await signIn('slo-erin');
    const { signer, ...rest } = options;
    const message = idp.logoutRequestFor({
      nameID: 'slo-erin',
      ...rest,
      ...(signer ? { signer: idp.keys.other } : {}),
    });
    const answer = await deliverLogoutMessage(englishBrowser(server.baseUrl), message);
    expect(answer.status).toBe(400);
    const error = await loginPageError(answer);
    expect(error).toContain(REQUEST_REFUSED);
    expect(error.toLowerCase()).toContain(reason.toLowerCase());
    expect(await profileStatus(browser)).toBe(200);
  });

  it('refuses a tampered redirect query and a replayed LogoutRequest', async () => {
    const browser = await signIn('slo-frank');
    const message = idp.logoutRequestFor({ nameID: 'slo-erin' });
    // The signed request for someone else, with its SAMLRequest swapped for one naming this user.
    const forged = new URL(message.url ?? '');
    const other = new URL(idp.logoutRequestFor({ nameID: 'slo-frank', sign: false }).url ?? '');
    forged.searchParams.set('SAMLRequest', other.searchParams.get('SAMLRequest') ?? '');
    const tampered = await deliverLogoutMessage(englishBrowser(server.baseUrl), { url: forged.href });
    expect(tampered.status).toBe(400);
    expect(await loginPageError(tampered)).toContain('signature');
    // A parameter given twice cannot smuggle a second message past the signature.
    const doubled = await deliverLogoutMessage(englishBrowser(server.baseUrl), {
      url: `${message.url}&SAMLRequest=${encodeURIComponent(other.searchParams.get('SAMLRequest') ?? '')}`,
    });
    expect(await loginPageError(doubled)).toContain('more than once');
    // Bad encodings and a deflate bomb are refusals with a reason, never a server error.
    const front = englishBrowser(server.baseUrl);
    const malformed = await front.get(`${SAML2_SLO}?SAMLRequest=%E0%A4%A&SigAlg=x&Signature=y`);
    expect(malformed.status).toBe(400);
    expect(await loginPageError(malformed)).toContain('not well encoded');
    const bomb = zlib.deflateRawSync(Buffer.alloc(2_000_000, 0x20)).toString('base64');
    const inflated = await front.get(
      `${SAML2_SLO}?SAMLRequest=${encodeURIComponent(bomb)}&SigAlg=x&Signature=y`,
    );
    expect(inflated.status).toBe(400);
    expect(await loginPageError(inflated)).toContain('at most 256 KB');
    expect(await profileStatus(browser)).toBe(200);

    const good = idp.logoutRequestFor({ nameID: 'slo-frank' });
    answeredWith(await deliverLogoutMessage(englishBrowser(server.baseUrl), good), SUCCESS);
    expect(await profileStatus(browser)).toBe(401);
    const again = await signIn('slo-frank');
    const replay = await deliverLogoutMessage(englishBrowser(server.baseUrl), good);
    expect(replay.status).toBe(400);
    expect(await loginPageError(replay)).toContain('already used');
    expect(await profileStatus(again)).toBe(200);
  });
});

describe.runIf(testBackend() === 'postgres')('SAML2 single logout across instances', () => {
  it('ends on instance A the session an IdP LogoutRequest names at instance B', async () => {
    const both = await startTwoInstances();
    const idp = await startSamlIdp();
    try {
      await saml2Console(both.a, idp);
      const { browser, answer } = await saml2SignIn(both.a, idp, 'slo-grace');
      expect(answer.status).toBe(302);
      expect(await profileStatus(browser)).toBe(200);
      // B serves the same site URL (behind one address); the request reaches B.
      const message = idp.logoutRequestFor({ nameID: 'slo-grace' });
      const atB = await deliverLogoutMessage(englishBrowser(both.b.baseUrl), message);
      expect(atB.status).toBe(302);
      expect(messageXml(atB.headers.get('location') ?? '')).toContain(`Value="${SUCCESS}"`);
      expect(await profileStatus(browser)).toBe(401);
    } finally {
      await both.close();
      await idp.close();
    }
  });
});
