// OpenID sign-in as people use it (docs/auth-sources.md#openid-connect), against a real provider on loopback
// (tests/support/oidc-provider.mjs): an administrator opens the Auth page's OIDC tab, tests the provider's
// discovery, saves, sees the source on in the Basic tab's overview and signs out; a person then clicks
// "OpenID" on the login page, signs in on the provider's own page and lands in the console as himself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.mjs';
import { consoleForFile, newPage, signedInPage } from './harness';

const c = consoleForFile();
let provider: TestOidcProvider;

beforeAll(async () => {
  provider = await startOidcProvider({
    redirectBase: c.baseUrl,
    accounts: { 'oidc-carol': { name: 'Carol Oidc', email: 'carol@oidc.example' } },
  });
});
afterAll(async () => {
  await provider?.close();
});

describe('OpenID sign-in', () => {
  it('an admin configures OIDC in its tab; a person signs in with OpenID at the provider', async () => {
    const admin = await signedInPage(c);
    await admin.click('[data-testid="nav-settings"]');
    await admin.click('[data-testid="menu-settings-auth"]');
    const overview = admin.locator('[data-testid="auth-sources"]');
    await expect.poll(() => overview.locator('[data-testid="auth-source-oidc"]').textContent()).toBe('Off');

    await admin.click('[data-testid="settings-page-auth"] [data-testid="auth-tab-oidc"]');
    const form = admin.locator('[data-testid="settings-form-oidc"]');
    await form.waitFor();
    await form.locator('#setting-AUTH_OPENID').click();
    await form.locator('#setting-BASE_SITE_URL').fill(c.baseUrl);
    await form.locator('#setting-AUTH_OPENID_PROVIDER_ENDPOINT').fill(`${provider.issuer}/missing`);
    await form.locator('[data-testid="oidc-test"]').click();
    const result = form.locator('[data-testid="oidc-test-result"]');
    await expect.poll(() => result.getAttribute('class')).toContain('p-inline-message-error');

    await form.locator('#setting-AUTH_OPENID_PROVIDER_ENDPOINT').fill(provider.issuer);
    await form.locator('[data-testid="oidc-test"]').click();
    await expect.poll(() => result.textContent()).toContain(`OK: ${provider.issuer}`);
    await form.locator('#setting-AUTH_OPENID_CLIENT_ID').fill(provider.clientId);
    await form.locator('#setting-AUTH_OPENID_CLIENT_SECRET').fill(provider.clientSecret);
    await form.locator('[data-testid="settings-submit"]').click();
    await form.locator('[data-testid="settings-saved"]').waitFor();
    // The secret is write-only: the saved form shows it blank.
    expect(await form.locator('#setting-AUTH_OPENID_CLIENT_SECRET').inputValue()).toBe('');

    await admin.click('[data-testid="settings-page-oidc"] [data-testid="auth-tab-auth"]');
    await expect.poll(() => overview.locator('[data-testid="auth-source-oidc"]').textContent()).toBe('On');
    await admin.click('[data-testid="account-menu"]');
    await admin.click('[data-testid="logout"]');
    await expect.poll(() => new URL(admin.url()).pathname).toBe('/core/auth/login/');
    await admin.context().close();

    const person = await newPage(c);
    await person.goto(`${c.baseUrl}/ui/`);
    await person.waitForURL((url) => url.pathname === '/core/auth/login/');
    await person.click('[data-testid="login-source-openid"]');
    await person.waitForURL((url) => url.origin === provider.issuer);
    await person.fill('input[name="login"]', 'oidc-carol');
    await person.fill('input[name="password"]', 'whatever-the-provider-wants');
    await Promise.all([
      person.waitForURL((url) => url.origin === c.baseUrl && url.pathname.startsWith('/ui/')),
      person.click('button[type="submit"]'),
    ]);
    const profile = await person.evaluate(async () => {
      const response = await fetch('/api/v1/users/profile/');
      return (await response.json()) as { username: string; source: string; name: string };
    });
    expect(profile).toMatchObject({ username: 'oidc-carol', source: 'openid', name: 'Carol Oidc' });
    expect(person.errors).toEqual([]);
    await person.context().close();
  });
});
