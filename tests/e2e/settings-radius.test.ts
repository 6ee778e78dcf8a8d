// RADIUS as an administrator uses it (docs/auth-radius-saml.md#radius), against the harness's real FreeRADIUS:
// configure the RADIUS tab, test a wrong and a right password with a real Access-Request, save, and a RADIUS
// user unknown to the console signs in on the login page with the password the server checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RADIUS_USERS, startRadiusServer, type TestRadiusServer } from '../support/radius-server.mjs';
import { consoleForFile, newPage, signIn, signedInPage } from './harness';

const c = consoleForFile();
let radius: TestRadiusServer;

beforeAll(async () => {
  radius = await startRadiusServer();
});
afterAll(async () => {
  await radius?.stop();
});

describe('RADIUS settings', () => {
  it('an admin configures and tests RADIUS; a RADIUS user then signs in on the login page', async () => {
    const admin = await signedInPage(c);
    await admin.goto(`${c.baseUrl}/ui/settings/auth/radius`);
    const form = admin.locator('[data-testid="settings-form-radius"]');
    await form.waitFor();
    await form.locator('#setting-AUTH_RADIUS').click();
    await form.locator('#setting-RADIUS_SERVER').fill('127.0.0.1');
    await form.locator('#setting-RADIUS_PORT').fill(String(radius.port));
    await form.locator('#setting-RADIUS_SECRET').fill(radius.secret);

    const result = form.locator('[data-testid="radius-test-result"]');
    await form.locator('#radius-test-username').fill('radcarol');
    await form.locator('#radius-test-password').fill('not-her-password');
    await form.locator('[data-testid="radius-test-submit"]').click();
    await expect
      .poll(() => result.textContent())
      .toBe('The RADIUS server refused radcarol: wrong username or password.');
    expect(await result.getAttribute('class')).toContain('p-inline-message-error');
    await form.locator('#radius-test-password').fill(RADIUS_USERS.radcarol);
    await form.locator('[data-testid="radius-test-submit"]').click();
    await expect.poll(() => result.textContent()).toBe('The RADIUS server accepted radcarol.');

    await form.locator('[data-testid="settings-submit"]').click();
    await form.locator('[data-testid="settings-saved"]').waitFor();
    expect(admin.errors).toEqual([]);

    // radcarol does not exist here: the RADIUS server accepts her, the console creates her and signs her in.
    const user = await newPage(c);
    await signIn(c, user, 'radcarol', RADIUS_USERS.radcarol);
    expect(new URL(user.url()).pathname.startsWith('/ui/')).toBe(true);
  });
});
