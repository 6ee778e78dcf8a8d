// Languages and the session (issue 5 items 7, 8): the language from the cookie, then the browser; the switch
// in the account menu; the 'Info' re-login dialog after the session is cut.
import { describe, expect, it } from 'vitest';
import { Client } from '../api/harness';
import { ADMIN_PASSWORD, apiJson, newPage, signIn, consoleForFile } from './harness';

const c = consoleForFile();

describe('languages', () => {
  it('the language cookie wins over the browser', async () => {
    const page = await newPage(c, 'en');
    await page.context().addCookies([{ name: 'django_language', value: 'ja', url: c.baseUrl }]);
    await signIn(c, page, 'admin', ADMIN_PASSWORD);
    await expect.poll(() => page.textContent('[data-testid="current-view"]')).toBe('コンソール');
    expect(await page.getAttribute('[data-testid="nav-messages"]', 'title')).toBe('サイトメッセージ');
    expect(await page.textContent('[data-testid="footer"]')).toContain('バージョン');
    await page.context().close();
  });

  it('without a cookie the browser language is used, then Chinese', async () => {
    const ja = await newPage(c, 'ja');
    await signIn(c, ja, 'admin', ADMIN_PASSWORD);
    await expect.poll(() => ja.textContent('[data-testid="current-view"]')).toBe('コンソール');
    await ja.context().close();
    const fr = await newPage(c, 'fr-FR');
    await signIn(c, fr, 'admin', ADMIN_PASSWORD);
    await expect.poll(() => fr.textContent('[data-testid="current-view"]')).toBe('控制台');
    await fr.context().close();
  });

  it('the account menu switches the language through the cookie', async () => {
    const page = await newPage(c, 'en');
    await signIn(c, page, 'admin', ADMIN_PASSWORD);
    await expect.poll(() => page.textContent('[data-testid="current-view"]')).toBe('Console');
    await page.click('[data-testid="account-menu"]');
    await Promise.all([page.waitForEvent('framenavigated'), page.click('[data-testid="language-zh"]')]);
    await expect.poll(() => page.textContent('[data-testid="current-view"]')).toBe('控制台');
    expect((await page.context().cookies()).find((k) => k.name === 'django_language')?.value).toBe('zh-hans');
    await page.context().close();
  });
});

describe('the session', () => {
  it('after the session is cut, the next request opens the Info dialog whose button leads to login', async () => {
    const page = await newPage(c);
    await signIn(c, page, 'admin', ADMIN_PASSWORD);
    await page.waitForSelector('[data-testid="menu-users"]');
    // The landing page's own requests first: on a busy machine they could otherwise be the ones to meet
    // the cut session and open the dialog before the click.
    await page.waitForLoadState('networkidle');
    await page.context().clearCookies({ name: 'jms_sessionid' });
    const dialog = page.locator('[data-testid="relogin-dialog"]');
    // The click's request meets the cut session, unless one the page makes by itself (the navbar's
    // periodic checks) met it first: then the dialog's mask takes the click, and the dialog is open anyway.
    void page.click('[data-testid="nav-messages"]').catch(() => undefined);
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Info');
    expect(await dialog.textContent()).toContain('the account has ended, please log in again');
    await dialog.locator('button', { hasText: 'Re-Login' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/core/auth/login/');
    await page.context().close();
  });

  it('when an administrator resets the password, the idle console goes to the login page by itself', async () => {
    const sally = await c.createUser({
      username: 'sally',
      email: 'sally@example.com',
      password: 'Sally-Pass-1',
    });
    const page = await newPage(c);
    await signIn(c, page, 'sally', 'Sally-Pass-1');
    await page.waitForSelector('[data-testid="nav-messages"]');
    const admin = new Client(c.baseUrl);
    await admin.login('admin', ADMIN_PASSWORD);
    await apiJson(admin, 'PUT', `/api/v1/users/users/${sally.id}/password/reset/`);
    // No click: the server closes the site-message socket (4401), the console asks for the profile and is
    // sent to login — well before the 30-second session check would notice.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/core/auth/login/');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('logout from the account menu clears the organization memory', async () => {
    const page = await newPage(c);
    await signIn(c, page, 'admin', ADMIN_PASSWORD);
    await page.waitForSelector('[data-testid="menu-users"]');
    await page.evaluate(() => localStorage.setItem('jms_current_org_admin', '{"id":"x","name":"x"}'));
    await page.click('[data-testid="account-menu"]');
    await page.click('[data-testid="logout"]');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/core/auth/login/');
    expect(await page.evaluate(() => localStorage.getItem('jms_current_org_admin'))).toBeNull();
    await page.context().close();
  });
});
