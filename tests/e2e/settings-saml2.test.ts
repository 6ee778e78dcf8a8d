// SAML2 sign-in as people use it (docs/auth-radius-saml.md#saml2), against a small IdP on loopback
// (tests/support/saml-idp.mjs): an administrator opens the Auth page's SAML2 tab, is told that a metadata
// URL nobody answers at cannot be used, fixes it, pastes the SP key and certificate, saves and sees the
// source on; a person then clicks "SAML2" on the login page, signs in on the IdP's page and lands in the
// console as himself, with the mapped attributes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSamlIdp, type TestSamlIdp } from '../support/saml-idp.mjs';
import { freePort } from '../support/server-process.mjs';
import { consoleForFile, newPage, saveSiteUrl, signedInPage } from './harness';

const c = consoleForFile();
let idp: TestSamlIdp;

beforeAll(async () => {
  idp = await startSamlIdp({
    accounts: { 'saml-erin': { displayName: 'Erin Saml', mail: 'erin@saml.example' } },
  });
});
afterAll(async () => {
  await idp?.close();
});

describe('SAML2 sign-in', () => {
  it('an admin configures SAML2 in its tab; a person signs in with SAML2', async () => {
    const admin = await signedInPage(c);
    // SAML2 builds the entity id and the assertion consumer's address on the site URL.
    await saveSiteUrl(c, admin);
    await admin.click('[data-testid="menu-settings-auth"]');
    const overview = admin.locator('[data-testid="auth-sources"]');
    await expect.poll(() => overview.locator('[data-testid="auth-source-saml2"]').textContent()).toBe('Off');

    await admin.click('[data-testid="settings-page-auth"] [data-testid="auth-tab-saml2"]');
    const form = admin.locator('[data-testid="settings-form-saml2"]');
    await form.waitFor();
    await form.locator('#setting-AUTH_SAML2').click();
    const closed = `http://127.0.0.1:${await freePort()}/metadata`;
    await form.locator('#setting-SAML2_IDP_METADATA_URL').fill(closed);
    await form.locator('#setting-SAML2_SP_KEY_CONTENT').fill(idp.keys.sp.key);
    await form.locator('#setting-SAML2_SP_CERT_CONTENT').fill(idp.keys.sp.cert);
    await form.locator('#setting-SAML2_RENAME_ATTRIBUTES').fill('{"displayName": "name", "mail": "email"}');
    await form.locator('[data-testid="settings-submit"]').click();
    // Refused with the field's own message; what was typed stays.
    await expect.poll(() => form.textContent()).toContain('The identity provider metadata cannot be used');
    expect(await form.locator('#setting-SAML2_IDP_METADATA_URL').inputValue()).toBe(closed);

    await form.locator('#setting-SAML2_IDP_METADATA_URL').fill(idp.metadataUrl);
    await form.locator('[data-testid="settings-submit"]').click();
    await form.locator('[data-testid="settings-saved"]').waitFor();

    await admin.click('[data-testid="settings-page-saml2"] [data-testid="auth-tab-auth"]');
    await expect.poll(() => overview.locator('[data-testid="auth-source-saml2"]').textContent()).toBe('On');
    await admin.context().close();

    const person = await newPage(c);
    await person.goto(`${c.baseUrl}/ui/`);
    await person.waitForURL((url) => url.pathname === '/core/auth/login/');
    await person.click('[data-testid="login-source-saml2"]');
    await person.waitForURL((url) => url.href.startsWith(`${idp.url}/sso`));
    await person.fill('[data-testid="idp-username"]', 'saml-erin');
    // The IdP's page posts the signed response to the console's assertion consumer by itself.
    await Promise.all([
      person.waitForURL((url) => url.origin === c.baseUrl && url.pathname.startsWith('/ui/')),
      person.click('[data-testid="idp-sign-in"]'),
    ]);
    const profile = await person.evaluate(async () => {
      const response = await fetch('/api/v1/users/profile/');
      return (await response.json()) as { username: string; source: string; name: string; email: string };
    });
    expect(profile).toMatchObject({
      username: 'saml-erin',
      source: 'saml2',
      name: 'Erin Saml',
      email: 'erin@saml.example',
    });
    expect(person.errors).toEqual([]);
    await person.context().close();
  });
});
