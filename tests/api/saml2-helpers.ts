// What the SAML2 api tests share (tests/api/saml2*.test.ts): the settings pointing at the test IdP, a
// browser that starts a sign-in and posts the IdP's response to the ACS, and a logout message delivered
// to the single logout service by either binding.
import { expect } from 'vitest';
import type { SamlLogoutMessage, SamlResponseOptions, TestSamlIdp } from '../support/saml-idp.mjs';
import { Client, loginPageData, type TestServer } from './harness';
import { call } from './identity-helpers';

export const SAML2_SETTINGS = '/api/v1/settings/setting/?category=saml2';
export const SAML2_LOGIN = '/core/auth/saml2/login/';
export const SAML2_ACS = '/core/auth/saml2/callback/';
export const SAML2_SLO = '/core/auth/saml2/logout/';

/** A browser of this test server, answered in English. */
export function englishBrowser(baseUrl: string): Client {
  const browser = new Client(baseUrl);
  browser.cookies.set('django_language', 'en');
  return browser;
}

/** SAML2 on, with the test IdP's metadata by URL and `extra` settings. */
export const configureSaml2 = (admin: Client, idp: TestSamlIdp, extra: Record<string, unknown> = {}) =>
  call<Record<string, unknown>>(admin, 'PATCH', SAML2_SETTINGS, {
    AUTH_SAML2: true,
    SAML2_IDP_METADATA_URL: idp.metadataUrl,
    SAML2_RENAME_ATTRIBUTES: { displayName: 'name', mail: 'email' },
    AUTH_SAML2_ALWAYS_UPDATE_USER: true,
    SAML2_LOGOUT_COMPLETELY: true,
    ...extra,
  });

/** A browser that starts a sign-in at `baseUrl`; its AuthnRequest as the IdP reads it. */
export async function startSaml2SignIn(baseUrl: string, idp: TestSamlIdp) {
  const browser = englishBrowser(baseUrl);
  const started = await browser.get(`${SAML2_LOGIN}?next=${encodeURIComponent('/ui/#/audits/login-logs')}`);
  expect(started.status).toBe(302);
  const location = started.headers.get('location') ?? '';
  expect(location.startsWith(`${idp.url}/sso?SAMLRequest=`)).toBe(true);
  return { browser, request: idp.readAuthnRequest(location) };
}

/** The browser posts a SAMLResponse to the ACS, as the IdP's self-submitting form does. */
export const postToAcs = (browser: Client, samlResponse: string) =>
  browser.request(SAML2_ACS, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ SAMLResponse: samlResponse }).toString(),
  });

/** A whole sign-in at `server` whose response the IdP makes with `options`: the ACS's answer. */
export async function saml2SignIn(
  server: Pick<TestServer, 'baseUrl'>,
  idp: TestSamlIdp,
  username: string,
  options: SamlResponseOptions = {},
) {
  const { browser, request } = await startSaml2SignIn(server.baseUrl, idp);
  const samlResponse = idp.responseFor(request, username, options);
  const answer = await postToAcs(browser, samlResponse);
  return { browser, answer, request, samlResponse };
}

/** The browser brings a logout message to the single logout service: the redirect URL's query, or the form. */
export function deliverLogoutMessage(browser: Client, message: SamlLogoutMessage): Promise<Response> {
  if (message.url !== undefined) {
    const url = new URL(message.url);
    return browser.get(`${url.pathname}${url.search}`);
  }
  return browser.request(SAML2_SLO, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(message.form).toString(),
  });
}

export const loginPageError = async (answer: Response) => loginPageData(await answer.text()).error;
export const profileStatus = async (browser: Client) => (await browser.json('/api/v1/users/profile/')).status;
