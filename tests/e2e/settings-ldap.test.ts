// The directory as an administrator uses it (docs/ldap.md), against the harness's real OpenLDAP: configure
// LDAP, test the connection (a wrong bind password shows the directory's refusal), test a login, refresh and
// import a user from the list into an organization; the imported user then signs in with the directory password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureOrg } from '../../server/src/data/stores/orgs';
import {
  LDAP_ADMIN_DN,
  LDAP_ADMIN_PASSWORD,
  LDAP_PEOPLE_OU,
  LDAP_STAFF_OU,
  ldapPassword,
  ldapUid,
  startLdapServer,
  type TestLdapServer,
} from '../support/ldap-server.mjs';
import { consoleForFile, newPage, signIn, signedInPage } from './harness';

const ORG = { id: '6a0e6d1c-3b0e-4f43-9a57-2d1f3c1c0d11', name: 'Directory Org', comment: '' };
const c = consoleForFile([], { license: { expiresInMs: 365 * 24 * 3600 * 1000 } });
let directory: TestLdapServer;

beforeAll(async () => {
  directory = await startLdapServer();
  await ensureOrg(c.db, ORG);
});
afterAll(async () => {
  await directory?.stop();
});

describe('LDAP settings', () => {
  it('an admin configures and tests LDAP, imports a user who then signs in with the directory password', async () => {
    const admin = await signedInPage(c);
    await admin.click('[data-testid="nav-settings"]');
    await admin.click('[data-testid="menu-settings-auth"]');
    await admin.click('[data-testid="settings-page-auth"] [data-testid="auth-tab-ldap"]');
    const form = admin.locator('[data-testid="settings-form-ldap"]');
    await form.waitFor();
    await form.locator('#setting-AUTH_LDAP').click();
    await form.locator('#setting-AUTH_LDAP_SERVER_URI').fill(directory.url);
    await form.locator('#setting-AUTH_LDAP_BIND_DN').fill(LDAP_ADMIN_DN);
    await form.locator('#setting-AUTH_LDAP_BIND_PASSWORD').fill('not-the-bind-password');
    await form.locator('#setting-AUTH_LDAP_SEARCH_OU').fill(`${LDAP_PEOPLE_OU}|${LDAP_STAFF_OU}`);
    await form.locator('#setting-AUTH_LDAP_SEARCH_FILTER').fill('(uid=%(user)s)');
    await form
      .locator('#setting-AUTH_LDAP_USER_ATTR_MAP')
      .fill('{"username": "uid", "name": "cn", "email": "mail"}');

    // The test takes the typed values: the wrong bind password is refused by the directory itself.
    const configResult = form.locator('[data-testid="ldap-test-config-result"]');
    await form.locator('[data-testid="ldap-test-config"]').click();
    await expect.poll(() => configResult.textContent()).toMatch(/^Error \(Invalid Bind DN\): \S/);
    expect(await configResult.getAttribute('class')).toContain('p-inline-message-error');

    await form.locator('#setting-AUTH_LDAP_BIND_PASSWORD').fill(LDAP_ADMIN_PASSWORD);
    await form.locator('[data-testid="ldap-test-config"]').click();
    await expect.poll(() => configResult.textContent()).toBe('Succeed: Match 28 s user');

    await form.locator('[data-testid="settings-submit"]').click();
    await form.locator('[data-testid="settings-saved"]').waitFor();

    const uid = ldapUid(7);
    await form.locator('[data-testid="ldap-test-login"]').click();
    const login = admin.locator('[data-testid="ldap-login-dialog"]');
    await login.locator('#ldap-login-username').fill(uid);
    await login.locator('#ldap-login-password').fill('wrong-password');
    await login.locator('[data-testid="ldap-test-login-submit"]').click();
    const loginResult = login.locator('[data-testid="ldap-test-login-result"]');
    await expect.poll(() => loginResult.textContent()).toMatch(/^Authentication failed \(Invalid password\)/);
    await login.locator('#ldap-login-password').fill(ldapPassword(uid));
    await login.locator('[data-testid="ldap-test-login-submit"]').click();
    await expect.poll(() => loginResult.textContent()).toBe(`Authentication success: ${uid}`);
    await admin.keyboard.press('Escape');
    await login.waitFor({ state: 'hidden' });

    await form.locator('[data-testid="ldap-import-open"]').click();
    const dialog = admin.locator('[data-testid="ldap-import-dialog"]');
    await dialog.locator('[data-testid="ldap-users-refresh"]').click();
    await dialog.locator('[data-testid="ldap-users-search"]').fill(uid);
    const row = dialog.locator('tbody tr', { hasText: uid });
    await expect.poll(() => dialog.locator('tbody tr').count()).toBe(1);
    expect(await row.textContent()).toContain('Not imported');
    await row.locator('.p-checkbox').click();

    await dialog.locator('[data-testid="ldap-import-orgs"]').click();
    const panel = admin.locator('.p-multiselect-panel');
    await panel.locator('li', { hasText: ORG.name }).click();
    // Escape would close the dialog too: a click on its title closes the list.
    await dialog.locator('.p-dialog-title').click();
    await panel.waitFor({ state: 'hidden' });
    expect(await dialog.locator('[data-testid="ldap-import-orgs"]').textContent()).toContain(ORG.name);
    await dialog.locator('[data-testid="ldap-import-submit"]').click();
    await expect
      .poll(() => dialog.locator('[data-testid="ldap-import-result"]').textContent())
      .toBe(`Imported 1 users successfully (Organization: Default, ${ORG.name})`);
    await expect.poll(() => row.locator(`[data-testid="ldap-outcome-${uid}"]`).textContent()).toBe('Created');
    expect(admin.errors).toEqual([]);

    // The imported user signs in with the directory's password (no local one exists).
    const user = await newPage(c);
    await signIn(c, user, uid, ldapPassword(uid));
    expect(new URL(user.url()).pathname.startsWith('/ui/')).toBe(true);
  });
});
