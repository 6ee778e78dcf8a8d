// The account menu's "API Key" and "Temporary password" pages as a person uses them
// (docs/auth.md#access-keys-and-signed-requests, docs/auth.md#temporary-passwords): create a key and see its
// secret once, switch it off, delete it; generate a temporary password and sign in with it in a fresh
// browser.
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ALICE, consoleForFile, newPage } from './harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const c = consoleForFile([ALICE], { authTempToken: true });

/** GET the profile with a request signed by the key (what a script does). */
async function signedProfile(key: { id: string; secret: string }, target = '/api/v1/users/profile/') {
  const date = new Date().toUTCString();
  const text = `(request-target): get ${target}\ndate: ${date}`;
  const signature = crypto.createHmac('sha256', key.secret).update(text).digest('base64');
  const response = await fetch(c.baseUrl + target, {
    headers: {
      date,
      authorization: `Signature keyId="${key.id}",algorithm="hmac-sha256",headers="(request-target) date",signature="${signature}"`,
    },
  });
  return { status: response.status, body: (await response.json()) as { username?: string } };
}

/** Sign in at the login page as a person does (straight to the form: no wait on the console's redirect). */
async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${c.baseUrl}/core/auth/login/?next=/ui/`);
  await page.fill('#username', username);
  await page.fill('#password', password);
  await Promise.all([
    page.waitForURL((url) => url.pathname.startsWith('/ui/')),
    page.click('button[type=submit]'),
  ]);
}

/** A login in a fresh browser that the server refuses: the form comes back with its error. */
async function refusedLogin(username: string, password: string): Promise<string> {
  const page = await newPage(c);
  await page.goto(`${c.baseUrl}/core/auth/login/?next=/ui/`);
  await page.fill('#username', username);
  await page.fill('#password', password);
  await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/core/auth/login/')),
    page.click('button[type=submit]'),
  ]);
  await page.locator('[data-testid="login-error"]').waitFor();
  const error = (await page.textContent('[data-testid="login-error"]')) ?? '';
  expect(new URL(page.url()).pathname).toBe('/core/auth/login/');
  await page.context().close();
  return error;
}

async function openFromAccountMenu(page: Page, entry: string, urlPath: string): Promise<void> {
  await page.click('[data-testid="account-menu"]');
  await page.click(`[data-testid="${entry}"]`);
  await page.waitForURL((url) => url.pathname === urlPath);
}

const rows = (page: Page, list: string) =>
  page.locator(`[data-testid="${list}"] tbody tr:not(.p-datatable-emptymessage)`);

describe('API key page', () => {
  it('creates a key, shows the secret once, disables and deletes it', async () => {
    const page = await newPage(c, 'en', { permissions: ['clipboard-read', 'clipboard-write'] });
    await signIn(page, ALICE.username, ALICE.password);
    await openFromAccountMenu(page, 'account-api-key', '/ui/profile/key');
    await page.locator('[data-testid="api-key-page"]').waitFor();
    await expect.poll(() => page.title()).toContain('API Key');
    // The profile view's sidebar lists the page too.
    await page.locator('[data-testid="menu-api-key"]').waitFor();
    expect(await rows(page, 'api-key-list').count()).toBe(0);

    await page.click('[data-testid="header-create"]');
    const dialog = page.locator('[data-testid="api-key-secret"]');
    await dialog.waitFor();
    const secret = await page.inputValue('[data-testid="api-key-secret-value"]');
    const id = (await page.textContent('[data-testid="api-key-secret-id"]'))!.trim();
    expect(secret).toMatch(UUID);
    expect(id).toMatch(UUID);
    expect(await page.textContent('[data-testid="api-key-secret-warning"]')).toContain(
      'will not be shown again',
    );
    await page.click('[data-testid="api-key-secret-copy"]');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.click('[data-testid="api-key-secret-close"]');
    await dialog.waitFor({ state: 'detached' });

    // Listed without its secret, which a script can now use.
    await expect.poll(() => rows(page, 'api-key-list').count()).toBe(1);
    expect(await page.textContent('[data-testid="api-key-id"]')).toBe(id);
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await page.locator('[data-testid="api-key-id"]').waitFor();
    expect(await page.content()).not.toContain(secret);
    const signed = await signedProfile({ id, secret });
    expect(signed.status).toBe(200);
    expect(signed.body.username).toBe(ALICE.username);

    // Off: the key stops working.
    const toggle = page.locator('[data-testid="api-key-active"]');
    await expect.poll(() => toggle.locator('input').isChecked()).toBe(true);
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes(id)),
      toggle.click(),
    ]);
    await expect.poll(() => toggle.locator('input').isChecked()).toBe(false);
    expect((await signedProfile({ id, secret }, '/api/v1/users/profile/?after=off')).status).toBe(401);

    // Delete, after a confirmation.
    await page.click('[data-testid="row-delete"]');
    await page.locator('[data-testid="api-key-delete"]').waitFor();
    expect(await page.textContent('[data-testid="api-key-delete"]')).toContain(id);
    await page.click('[data-testid="api-key-delete-accept"]');
    await expect.poll(() => rows(page, 'api-key-list').count()).toBe(0);
    expect((await signedProfile({ id, secret }, '/api/v1/users/profile/?after=delete')).status).toBe(401);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('temporary password page', () => {
  it('generates a temporary password that signs in once in a fresh browser', async () => {
    const page = await newPage(c);
    await signIn(page, ALICE.username, ALICE.password);
    await openFromAccountMenu(page, 'account-temp-password', '/ui/profile/temp-password');
    await page.locator('[data-testid="temp-password-page"]').waitFor();

    await page.click('[data-testid="header-generate"]');
    await page.locator('[data-testid="temp-password-secret"]').waitFor();
    const secret = await page.inputValue('[data-testid="temp-password-secret-value"]');
    expect(secret).toMatch(/^[A-Za-z0-9]{36}$/);
    await page.click('[data-testid="temp-password-secret-close"]');
    await expect.poll(() => rows(page, 'temp-password-list').count()).toBe(1);
    expect(await rows(page, 'temp-password-list').first().locator('[data-testid="row-expire"]').count()).toBe(
      1,
    );

    // Someone else's browser: the temporary password works as the password, once.
    const fresh = await newPage(c);
    await signIn(fresh, ALICE.username, secret);
    await expect.poll(() => fresh.textContent('[data-testid="user-name"]')).toBe(ALICE.name);
    await fresh.context().close();
    expect(await refusedLogin(ALICE.username, secret)).toContain('incorrect');

    // Used: no longer valid, nothing to expire.
    await page.click('[data-testid="crud-refresh"]');
    await expect
      .poll(() => rows(page, 'temp-password-list').first().locator('[data-testid="row-expire"]').count())
      .toBe(0);

    // A second one, expired by hand, does not sign in.
    await page.click('[data-testid="header-generate"]');
    const second = await page.inputValue('[data-testid="temp-password-secret-value"]');
    await page.click('[data-testid="temp-password-secret-close"]');
    await expect.poll(() => rows(page, 'temp-password-list').count()).toBe(2);
    await rows(page, 'temp-password-list').first().locator('[data-testid="row-expire"]').click();
    await expect
      .poll(() => rows(page, 'temp-password-list').first().locator('[data-testid="row-expire"]').count())
      .toBe(0);
    expect(await refusedLogin(ALICE.username, second)).toContain('incorrect');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('has no temporary password page or menu entry while the setting is off', async () => {
    c.config.authTempToken = false;
    try {
      const page = await newPage(c);
      await signIn(page, ALICE.username, ALICE.password);
      await page.click('[data-testid="account-menu"]');
      await page.locator('[data-testid="account-api-key"]').waitFor();
      expect(await page.locator('[data-testid="account-temp-password"]').count()).toBe(0);
      await page.keyboard.press('Escape');
      await page.goto(`${c.baseUrl}/ui/profile/temp-password`);
      await page.locator('[data-testid="page-404"]').waitFor();
      await page.goto(`${c.baseUrl}/ui/profile/info`);
      await page.locator('[data-testid="menu-api-key"]').waitFor();
      expect(await page.locator('[data-testid="menu-temp-password"]').count()).toBe(0);
      await page.context().close();
    } finally {
      c.config.authTempToken = true;
    }
  });
});
