// Issue 2's path end to end in Chromium: build -> import map -> SystemJS -> plugins -> SDK -> server -> a
// person signing in.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pagePlugin, writeDropIn } from './fixtures';
import { ALICE, ADMIN_PASSWORD, newPage, signIn, consoleForFile } from './harness';

const c = consoleForFile([ALICE]);

describe('signing in', () => {
  it('sends a visitor to the login page and keeps the typed username after a wrong password', async () => {
    const page = await newPage(c);
    await page.goto(`${c.baseUrl}/ui/console/users`);
    // The console boots before it redirects: room for a busy machine.
    await page.waitForURL((url) => url.pathname === '/core/auth/login/');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/ui/console/users');
    await page.fill('#username', 'alice');
    await page.fill('#password', 'wrong-password');
    await page.click('button[type=submit]');
    await expect.poll(() => page.textContent('[data-testid="login-error"]')).toMatch(/incorrect.*6 times/);
    expect(await page.inputValue('#username')).toBe('alice');
    await page.context().close();
  });
});

describe('the icon', () => {
  /** The icon the page links to, as the browser fetches it. */
  const iconOf = (page: Page) =>
    page.evaluate(async () => {
      const href = document.querySelector('link[rel="icon"]')?.getAttribute('href');
      const response = await fetch(href ?? '/favicon.ico');
      return {
        href,
        status: response.status,
        type: response.headers.get('content-type'),
        body: await response.text(),
      };
    });

  it('is ours on the login page (linked as /favicon.ico) and in the console', async () => {
    const page = await newPage(c);
    await page.goto(`${c.baseUrl}/core/auth/login/`);
    const onLogin = await iconOf(page);
    expect(onLogin.href).toBe('/favicon.ico');
    // In the console as someone signed in (a visitor's console page leaves for login at once), once booted:
    // the shell then links the icon of the public settings, ours by default.
    await signIn(c, page, ALICE.username, ALICE.password);
    await page.locator('[data-testid="nav-messages"]').waitFor();
    const inConsole = await iconOf(page);
    for (const icon of [onLogin, inConsole]) {
      expect(icon.status).toBe(200);
      expect(icon.type).toContain('image/svg+xml');
      expect(icon.body).toContain('<svg');
    }
    await page.context().close();
  });
});

describe('the admin', () => {
  it('signs in, sees both plugins and the users list from the server, and signs out', async () => {
    const page = await newPage(c);
    await signIn(c, page, 'admin', ADMIN_PASSWORD);
    await expect.poll(() => page.textContent('[data-testid="user-name"]')).toContain('Administrator');
    await page.click('[data-testid="menu-users"]');
    const row = page.locator('[data-testid="users-list"] tr', { hasText: 'Alice Ordinary' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Alice Ordinary');
    // The profile area and logout are in the account menu of the complete shell (issue 5).
    await page.click('[data-testid="account-menu"]');
    await page.click('[data-testid="account-profile"]');
    await expect.poll(() => page.textContent('[data-testid="profile-username"]')).toBe('admin');
    await page.click('[data-testid="account-menu"]');
    await page.click('[data-testid="logout"]');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/core/auth/login/');
    await page.goto(`${c.baseUrl}/ui/console/users`);
    // The console boots before it redirects: room for a busy machine.
    await page.waitForURL((url) => url.pathname === '/core/auth/login/');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('an ordinary user', () => {
  it('never downloads the users plugin and has no users menu', async () => {
    const page = await newPage(c);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await signIn(c, page, 'alice', ALICE.password);
    // An ordinary user lands in the workbench; the profile is one address away.
    await page.waitForSelector('[data-testid="menu-workbench-home"]');
    await page.goto(`${c.baseUrl}/ui/profile/info`);
    await page.waitForSelector('[data-testid="menu-profile"]');
    await page.click('[data-testid="menu-profile"]');
    await expect.poll(() => page.textContent('[data-testid="profile-username"]')).toBe('alice');
    // Opening the users page by address does not fetch the plugin either: the console is not hers, so she
    // is sent to her first view.
    await page.goto(`${c.baseUrl}/ui/console/users`);
    await page.waitForSelector('[data-testid="menu-workbench-home"]');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('[data-testid="menu-users"]').count()).toBe(0);
    expect(await page.locator('[data-testid="users-list"]').count()).toBe(0);
    expect(requested.some((p) => p.startsWith('/ui/plugins/profile/'))).toBe(true);
    expect(requested.filter((p) => p.startsWith('/ui/plugins/users/'))).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('the stylesheet', () => {
  it("holds the PrimeFlex classes the console uses; a drop-in plugin's other classes apply too", async () => {
    const page = await newPage(c);
    // All of PrimeFlex is not needed for the console's own pages: without it they are laid out the same.
    await page.route('**/ui/css/primeflex-*.css', (route) => route.abort());
    await signIn(c, page, 'admin', ADMIN_PASSWORD);
    const sidebar = page.locator('.bastion-sidebar');
    await sidebar.waitFor();
    // class="… flex flex-column …" (PrimeFlex's display:flex and flex-direction:column)
    expect(await sidebar.evaluate((el) => getComputedStyle(el).flexDirection)).toBe('column');
    expect(await sidebar.evaluate((el) => getComputedStyle(el).display)).toBe('flex');
    await page.context().close();

    // A drop-in plugin may use any PrimeFlex class (PLUGINS.md): font-italic is one the console never names.
    writeDropIn(c.pluginsDir, pagePlugin('styled', 'In italics', 'font-italic'));
    const second = await newPage(c);
    await signIn(c, second, 'admin', ADMIN_PASSWORD);
    await second.click('[data-testid="menu-styled"]');
    const heading = second.locator('[data-testid="styled-page"]');
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((el) => getComputedStyle(el).fontStyle)).toBe('italic');
    await second.context().close();
  });
});

describe('plugins that fail', () => {
  it('a drop-in plugin appears on the next page load, without a rebuild or restart', async () => {
    const page = await newPage(c);
    await signIn(c, page, 'admin', ADMIN_PASSWORD);
    // The admin lands in the console view, whose sidebar lists the console entries.
    await page.waitForSelector('[data-testid="menu-users"]');
    expect(await page.locator('[data-testid="menu-hello"]').count()).toBe(0);
    writeDropIn(c.pluginsDir, pagePlugin('hello', 'Hello from a drop-in plugin'));
    await page.reload();
    await page.click('[data-testid="menu-hello"]');
    await expect
      .poll(() => page.textContent('[data-testid="hello-page"]'))
      .toBe('Hello from a drop-in plugin');
    await page.context().close();
  });

  it('a plugin that throws while evaluating or whose module 404s is "unavailable"; the rest works', async () => {
    writeDropIn(c.pluginsDir, {
      id: 'crashes',
      title: 'Crashing plugin',
      execute: "throw new Error('boom at load');",
    });
    const missing = writeDropIn(c.pluginsDir, pagePlugin('vanishes', 'never shown'));
    const page = await newPage(c);
    // The server listed the module; between listing and loading it disappears (a half-finished deploy).
    await page.route(`**${missing.url}`, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await signIn(c, page, 'admin', ADMIN_PASSWORD);
    await page.waitForSelector('[data-testid="menu-users"]');

    await page.click('[data-testid="menu-crashes"]');
    const crashed = page.locator('[data-testid="plugin-unavailable-crashes"]');
    await crashed.waitFor();
    expect(await crashed.textContent()).toMatch(/plugin unavailable/i);
    expect(await crashed.textContent()).toContain('boom at load');

    await page.click('[data-testid="menu-vanishes"]');
    const vanished = page.locator('[data-testid="plugin-unavailable-vanishes"]');
    await vanished.waitFor();
    expect(await vanished.textContent()).toMatch(/plugin unavailable/i);

    // The shell and the healthy plugins keep working.
    await page.click('[data-testid="menu-users"]');
    await page.locator('[data-testid="users-list"] tr', { hasText: 'Alice Ordinary' }).waitFor();
    await page.click('[data-testid="menu-hello"]');
    await expect
      .poll(() => page.textContent('[data-testid="hello-page"]'))
      .toBe('Hello from a drop-in plugin');
    await page.context().close();
  });
});
