// CAS sign-in as people use it (docs/auth-sources.md#cas), against a CAS server on loopback
// (tests/support/cas-server.mjs): an administrator opens the Auth page's CAS tab, is told what a bad value
// is, saves, sees the source on in the Basic tab's overview; a person then clicks "CAS" on the login page,
// signs in on the CAS server's page and lands in the console as himself, with the mapped attributes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCasServer, type TestCasServer } from '../support/cas-server.mjs';
import { consoleForFile, newPage, signedInPage } from './harness';

const c = consoleForFile();
let cas: TestCasServer;

beforeAll(async () => {
  cas = await startCasServer({
    accounts: { 'cas-dave': { displayName: 'Dave Cas', mail: 'dave@cas.example' } },
  });
});
afterAll(async () => {
  await cas?.close();
});

describe('CAS sign-in', () => {
  it('an admin configures CAS in its tab; a person signs in with CAS', async () => {
    const admin = await signedInPage(c);
    await admin.click('[data-testid="nav-settings"]');
    await admin.click('[data-testid="menu-settings-auth"]');
    const overview = admin.locator('[data-testid="auth-sources"]');
    await expect.poll(() => overview.locator('[data-testid="auth-source-cas"]').textContent()).toBe('Off');

    await admin.click('[data-testid="settings-page-auth"] [data-testid="auth-tab-cas"]');
    const form = admin.locator('[data-testid="settings-form-cas"]');
    await form.waitFor();
    await form.locator('#setting-AUTH_CAS').click();
    await form.locator('#setting-CAS_SERVER_URL').fill(cas.url);
    await form.locator('#setting-CAS_ROOT_PROXIED_AS').fill(c.baseUrl);
    await form.locator('#setting-CAS_APPLY_ATTRIBUTES_TO_USER').click();
    await form.locator('#setting-CAS_RENAME_ATTRIBUTES').fill('{"displayName": "password"}');
    await form.locator('[data-testid="settings-submit"]').click();
    // Refused with the field's own message; what was typed stays.
    await expect.poll(() => form.textContent()).toContain('Map attribute names to name or email');
    expect(await form.locator('#setting-CAS_SERVER_URL').inputValue()).toBe(cas.url);

    await form.locator('#setting-CAS_RENAME_ATTRIBUTES').fill('{"cas:displayName": "name", "mail": "email"}');
    await form.locator('[data-testid="settings-submit"]').click();
    await form.locator('[data-testid="settings-saved"]').waitFor();

    await admin.click('[data-testid="settings-page-cas"] [data-testid="auth-tab-auth"]');
    await expect.poll(() => overview.locator('[data-testid="auth-source-cas"]').textContent()).toBe('On');
    await admin.context().close();

    const person = await newPage(c);
    await person.goto(`${c.baseUrl}/ui/`);
    await person.waitForURL((url) => url.pathname === '/core/auth/login/');
    await person.click('[data-testid="login-source-cas"]');
    await person.waitForURL((url) => url.href.startsWith(`${cas.url}/login`));
    await person.fill('input[name="username"]', 'cas-dave');
    await Promise.all([
      person.waitForURL((url) => url.origin === c.baseUrl && url.pathname.startsWith('/ui/')),
      person.click('button'),
    ]);
    const profile = await person.evaluate(async () => {
      const response = await fetch('/api/v1/users/profile/');
      return (await response.json()) as { username: string; source: string; name: string; email: string };
    });
    expect(profile).toMatchObject({
      username: 'cas-dave',
      source: 'cas',
      name: 'Dave Cas',
      email: 'dave@cas.example',
    });
    expect(person.errors).toEqual([]);
    await person.context().close();
  });
});
