// The complete shell (issue 5): views and their guard, the 404 page, the visited-view tab bar, the mobile
// layout at 800 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewPlugin, writeDropIn } from './fixtures';
import { ADMIN_PASSWORD, newPage, signIn, startConsole, type Console } from './harness';

let c: Console;

beforeAll(async () => {
  c = await startConsole();
  await c.createUser({
    username: 'auditor',
    name: 'Ann Auditor',
    email: 'auditor@example.com',
    password: 'Auditor-Pass-1',
    systemRoles: ['SystemAuditor'],
  });
  writeDropIn(
    c.pluginsDir,
    viewPlugin('pages', [
      { path: '/console/dash', view: 'console', text: 'Console dashboard', affix: true, helpText: 'help' },
      { path: '/console/hello', view: 'console', text: 'Hello page' },
      { path: '/console/fresh', view: 'console', text: 'Never cached', noCache: true },
      { path: '/audit/logs', view: 'audit', text: 'Audit logs' },
      { path: '/workbench/home', view: 'workbench', text: 'Workbench home' },
      { path: '/console/other', view: 'console', text: 'Another page' },
    ]),
  );
});

afterAll(async () => {
  await c?.close();
});

const path = (url: string) => new URL(url).pathname;

describe('views', () => {
  it('the switcher lists the allowed views; choosing one resets state, opens it and is remembered', async () => {
    const page = await newPage(c);
    await signIn(c, page, 'admin', ADMIN_PASSWORD);
    await page.waitForSelector('[data-testid="menu-pages-0"]');
    expect(await page.getAttribute('[data-testid="shell"]', 'data-view')).toBe('console');
    // The console sidebar lists console entries only.
    expect(await page.locator('[data-testid="menu-pages-3"]').count()).toBe(0);
    await page.click('[data-testid="view-switcher"]');
    const options = await page
      .locator('[data-testid^="view-option-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(options).toEqual([
      'view-option-console',
      'view-option-audit',
      'view-option-workbench',
      'view-option-tickets',
    ]);
    // The audit view opens on its first page: the audit dashboard (plugins/dashboard), ahead of the drop-in's.
    await page.click('[data-testid="view-option-audit"]');
    await expect.poll(() => path(page.url())).toBe('/ui/audit/dashboard');
    await page.waitForSelector('[data-testid="dashboard"]');
    expect(await page.evaluate(() => localStorage.getItem('PreView'))).toBe('audit');
    expect(await page.locator('[data-testid="menu-pages-0"]').count()).toBe(0);
    // The root opens the last view.
    await page.goto(`${c.baseUrl}/ui/`);
    await expect.poll(() => path(page.url())).toBe('/ui/audit/dashboard');
    // Page title = route title + login title.
    await expect.poll(() => page.title()).toBe('Dashboard - Bastion Console');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('a view the user may not use sends them to the first allowed view', async () => {
    const page = await newPage(c);
    await signIn(c, page, 'auditor', 'Auditor-Pass-1');
    await page.goto(`${c.baseUrl}/ui/console/hello`);
    await expect.poll(() => path(page.url())).toBe('/ui/audit/dashboard');
    await page.waitForSelector('[data-testid="dashboard"]');
    await page.click('[data-testid="view-switcher"]');
    const options = await page
      .locator('[data-testid^="view-option-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(options).toEqual(['view-option-audit', 'view-option-workbench']);
    await page.context().close();
  });

  it('unknown paths show the 404 page with a go-home link; the heading shows the help text', async () => {
    const page = await newPage(c);
    await signIn(c, page, 'admin', ADMIN_PASSWORD);
    await page.goto(`${c.baseUrl}/ui/console/no/such/page`);
    await expect.poll(() => path(page.url())).toBe('/ui/404');
    expect(await page.textContent('[data-testid="page-404"]')).toContain('Page not found');
    await page.click('[data-testid="page-404"] a');
    await page.waitForSelector('[data-testid="page-heading"]');
    await page.goto(`${c.baseUrl}/ui/console/dash`);
    await expect.poll(() => page.textContent('[data-testid="page-help"]')).toContain('pages title help (en)');
    // Old session links go to the session detail route.
    await page.goto(`${c.baseUrl}/ui/terminal/sessions/abc`);
    await expect.poll(() => path(page.url())).toBe('/ui/audit/sessions/sessions/abc');
    await page.context().close();
  });
});

describe('the visited-view tab bar', () => {
  it('one tab per path, affix tabs stay, middle click and the context menu close, pages are kept alive', async () => {
    const page = await newPage(c);
    await signIn(c, page, 'admin', ADMIN_PASSWORD);
    await page.goto(`${c.baseUrl}/ui/console/hello`);
    await page.waitForSelector('[data-testid="pages-1-page"]');
    // The console's own dashboard (plugins/dashboard) is an affix tab too; these are the drop-in's tabs.
    await expect
      .poll(() => page.locator('[data-testid="tab"][data-path="/console/dashboard"]').count())
      .toBe(1);
    const tabs = () =>
      page
        .locator('[data-testid="tab"]')
        .evaluateAll((els) =>
          els.map((e) => e.getAttribute('data-path')).filter((p) => p !== '/console/dashboard'),
        );
    // The affix dashboard tab is there without being visited, and has no close button.
    await expect.poll(tabs).toEqual(['/console/dash', '/console/hello']);
    expect(
      await page.locator('[data-testid="tab"][data-path="/console/dash"] [data-testid="tab-close"]').count(),
    ).toBe(0);

    // Kept alive: a typed value survives switching tabs; the noCache page forgets it.
    await page.fill('[data-testid="pages-1-input"]', 'kept');
    await page.click('[data-testid="menu-pages-2"]');
    await page.fill('[data-testid="pages-2-input"]', 'forgotten');
    await page.click('[data-testid="menu-pages-5"]');
    await page.click('[data-testid="menu-pages-1"]');
    expect(await page.inputValue('[data-testid="pages-1-input"]:visible')).toBe('kept');
    // Each page in its own container named by its path: the one shown visible, a kept one hidden but
    // there, a noCache one gone.
    const container = (path: string) => page.locator(`[data-testid="page"][data-path="${path}"]`);
    expect(await container('/console/hello').locator('[data-testid="pages-1-input"]').inputValue()).toBe(
      'kept',
    );
    expect(await container('/console/hello').isVisible()).toBe(true);
    expect(await container('/console/other').count()).toBe(1);
    expect(await container('/console/other').isVisible()).toBe(false);
    expect(await container('/console/fresh').count()).toBe(0);
    await page.click('[data-testid="menu-pages-2"]');
    expect(await page.inputValue('[data-testid="pages-2-input"]:visible')).toBe('');
    await page.click('[data-testid="menu-pages-1"]');
    await expect.poll(tabs).toEqual(['/console/dash', '/console/hello', '/console/fresh', '/console/other']);

    // Refresh (context menu) rebuilds the page.
    await page.click('[data-testid="tab"][data-path="/console/hello"]', { button: 'right' });
    await page.click('[data-testid="tab-ctx-refresh"]');
    await expect.poll(() => page.inputValue('[data-testid="pages-1-input"]:visible')).toBe('');

    // Middle click closes a tab.
    await page.click('[data-testid="tab"][data-path="/console/fresh"]', { button: 'middle' });
    await expect.poll(tabs).toEqual(['/console/dash', '/console/hello', '/console/other']);

    // Close Others keeps the affix tab and that one.
    await page.click('[data-testid="tab"][data-path="/console/other"]', { button: 'right' });
    await page.click('[data-testid="tab-ctx-close-others"]');
    await expect.poll(tabs).toEqual(['/console/dash', '/console/other']);
    await expect.poll(() => path(page.url())).toBe('/ui/console/other');

    // Closing the active tab goes to the last remaining one.
    await page.click('[data-testid="tab"][data-path="/console/other"] [data-testid="tab-close"]');
    await expect.poll(() => path(page.url())).toBe('/ui/console/dash');
    await expect.poll(tabs).toEqual(['/console/dash']);

    // Close All keeps the affix tab.
    await page.click('[data-testid="menu-pages-1"]');
    await page.click('[data-testid="tab"][data-path="/console/hello"]', { button: 'right' });
    await page.click('[data-testid="tab-ctx-close-all"]');
    await expect.poll(tabs).toEqual(['/console/dash']);
    await expect.poll(() => path(page.url())).toBe('/ui/console/dash');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('the mobile layout at 800 px', () => {
  it('hides the sidebar, opens it with the switcher and org place inside, and closes it after navigation', async () => {
    const page = await newPage(c, 'en', { viewport: { width: 800, height: 900 } });
    await signIn(c, page, 'admin', ADMIN_PASSWORD);
    await page.waitForSelector('[data-testid="shell"][data-device="mobile"]');
    expect(await page.locator('[data-testid="sidebar"]').count()).toBe(0);
    expect(await page.locator('[data-testid="navbar"] [data-testid="view-switcher"]').count()).toBe(0);
    expect(await page.getAttribute('[data-testid="footer"]', 'data-offset')).toBe('0');
    await page.click('[data-testid="hamburger"]');
    await page.waitForSelector('[data-testid="sidebar"]');
    expect(
      await page.locator('[data-testid="sidebar-mobile-slot"] [data-testid="view-switcher"]').count(),
    ).toBe(1);
    await page.click('[data-testid="menu-pages-1"]');
    await expect.poll(() => path(page.url())).toBe('/ui/console/hello');
    await expect.poll(() => page.locator('[data-testid="sidebar"]').count()).toBe(0);
    await page.context().close();
  });

  it('on a desktop the collapse toggle is kept in the sidebarStatus cookie', async () => {
    const page = await newPage(c);
    await signIn(c, page, 'admin', ADMIN_PASSWORD);
    await page.waitForSelector('[data-testid="sidebar"][data-collapsed="false"]');
    expect(await page.getAttribute('[data-testid="footer"]', 'data-offset')).toBe('210');
    await page.click('[data-testid="sidebar-toggle"]');
    await page.waitForSelector('[data-testid="sidebar"][data-collapsed="true"]');
    expect(await page.getAttribute('[data-testid="footer"]', 'data-offset')).toBe('54');
    const cookies = await page.context().cookies();
    expect(cookies.find((k) => k.name === 'sidebarStatus')?.value).toBe('0');
    await page.reload();
    await page.waitForSelector('[data-testid="sidebar"][data-collapsed="true"]');
    await page.context().close();
  });
});
