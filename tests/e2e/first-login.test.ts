// The first-login page (docs/profile.md#first-login): a new user whose administrator asked for a new
// password is led there on signing in, cannot finish before setting it, leaves contact details, and after
// "Finish" reaches the console — and is not led there again.
import { describe, expect, it } from 'vitest';
import { Client } from '../api/harness';
import { ADMIN_PASSWORD, apiJson, consoleForFile, newPage, signIn } from './harness';

const NEWBIE = {
  username: 'newbie',
  email: 'newbie@example.com',
  password: 'Newbie-Pass-1',
  firstLogin: true,
};
const c = consoleForFile([NEWBIE]);

describe('first-login page', () => {
  it('leads a new user to complete his account, then lets him into the console', async () => {
    const admin = new Client(c.baseUrl);
    await admin.login('admin', ADMIN_PASSWORD);
    const [user] = await apiJson<Array<{ id: string }>>(admin, 'GET', '/api/v1/users/users/?username=newbie');
    await apiJson(admin, 'PATCH', `/api/v1/users/users/${user!.id}/`, { need_update_password: true });

    const page = await newPage(c);
    await signIn(c, page, NEWBIE.username, NEWBIE.password);
    await page.waitForURL((url) => url.pathname === '/ui/profile/improvement');
    await page.locator('[data-testid="improvement-page"]').waitFor();
    expect(await page.locator('[data-testid="improvement-step-password"]').getAttribute('data-done')).toBe(
      'false',
    );
    expect(await page.isDisabled('[data-testid="improvement-finish"]')).toBe(true);

    await page.fill('#password-old_password', NEWBIE.password);
    await page.fill('#password-new_password', 'Newbie-Pass-2026');
    await page.fill('#password-new_password_again', 'Newbie-Pass-2026');
    await page.click('[data-testid="password-submit"]');
    await page.locator('[data-testid="password-changed"]').waitFor();
    await expect
      .poll(() => page.locator('[data-testid="improvement-step-password"]').getAttribute('data-done'))
      .toBe('true');

    await page.fill('#improvement-phone', '+86 138 0000 0001');
    await Promise.all([
      page.waitForURL((url) => url.pathname !== '/ui/profile/improvement'),
      page.click('[data-testid="improvement-finish"]'),
    ]);
    await page.locator('[data-testid="shell"]').waitFor();
    const profile = await page.evaluate(async () => {
      const response = await fetch('/api/v1/users/profile/');
      return (await response.json()) as {
        is_first_login: boolean;
        phone: string;
        need_update_password: boolean;
      };
    });
    expect(profile).toMatchObject({
      is_first_login: false,
      phone: '+86 138 0000 0001',
      need_update_password: false,
    });
    // A later visit to the console stays where it was asked to go.
    await page.goto(`${c.baseUrl}/ui/profile/info`);
    await page.locator('[data-testid="shell"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/ui/profile/info');
    expect(page.errors).toEqual([]);
  });
});
