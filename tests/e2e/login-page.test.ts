// The login page as a person meets it: a page of its own (no React, no SystemJS), in the browser's language,
// both fields the same width, the password shown on demand; once it is idle it warms the console's files —
// never a plugin's — and signing in then lands on a page that needs no request for its boot data.
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, consoleForFile, newPage } from './harness';

const c = consoleForFile();

describe('the login page', () => {
  it('is a small page of its own, speaks the browser language and has fields of one width', async () => {
    for (const [language, label, submit] of [
      ['en', 'Username', 'Sign in'],
      ['zh', '用户名', '登录'],
      ['ja', 'ユーザー名', 'ログイン'],
    ] as const) {
      const page = await newPage(c, language);
      // What the page itself loads (the console's files it warms later are prefetches, of type "other").
      const requested: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() !== 'other') requested.push(new URL(request.url()).pathname);
      });
      await page.goto(`${c.baseUrl}/core/auth/login/`);
      await page.waitForSelector('#username');
      expect(await page.textContent('label[for=username]')).toBe(label);
      expect(await page.textContent('button[type=submit]')).toBe(submit);
      // The page, its stylesheet and its script: nothing of the console's stack.
      const own = requested.filter((p) => p !== '/favicon.ico');
      expect(own.length).toBeLessThanOrEqual(6);
      expect(own.filter((p) => /\/(vendor|modules|plugins)\//.test(p))).toEqual([]);
      const username = await page.locator('#username').boundingBox();
      const password = await page.locator('#password').boundingBox();
      expect(Math.abs((username?.width ?? 0) - (password?.width ?? -1))).toBeLessThanOrEqual(1);
      expect(page.errors).toEqual([]);
      await page.context().close();
    }
  });

  it('shows the password on demand, warms the console but no plugin, and signs in to a ready page', async () => {
    const page = await newPage(c);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${c.baseUrl}/core/auth/login/?next=/ui/console/users`);
    await page.fill('#password', 'typed-secret');
    await page.click('[data-testid="password-toggle"]');
    expect(await page.getAttribute('#password', 'type')).toBe('text');
    await page.click('[data-testid="password-toggle"]');
    expect(await page.getAttribute('#password', 'type')).toBe('password');
    // Warmed in the background once the page is idle: the shared modules and the host, no plugin.
    await expect.poll(() => requested.some((p) => p.startsWith('/ui/vendor/'))).toBe(true);
    expect(requested.filter((p) => p.startsWith('/ui/plugins/'))).toEqual([]);

    requested.length = 0;
    await page.fill('#username', 'admin');
    await page.fill('#password', ADMIN_PASSWORD);
    await Promise.all([
      page.waitForURL((u) => u.pathname === '/ui/console/users'),
      page.click('button[type=submit]'),
    ]);
    await page.locator('[data-testid="users-list"] [data-testid="row-link"]').first().waitFor();
    // The page brought the settings, the profile, the plugin list and the translations with it.
    const asked = requested.filter((p) =>
      /^\/api\/v1\/(settings\/public|users\/profile|ui\/plugins)\/$/.test(p),
    );
    expect(asked).toEqual([]);
    expect(requested.filter((p) => p.includes('/locales/'))).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
