// The first-login redirect does not hold the console for a slow plugin (docs/shell.md): the shell opens after
// its short wait, and the first-login page's plugin redirects the user when it arrives.
import { describe, expect, it } from 'vitest';
import { writeDropIn } from './fixtures';
import { consoleForFile, newPage, signIn } from './harness';

const c = consoleForFile([
  { username: 'newcomer', email: 'newcomer@example.test', password: 'Newcomer-Pass-1', firstLogin: true },
]);

// A plugin owning the first-login page whose module finishes evaluating only when the test releases it:
// as long after the shell's wait for plugins as the test needs. It is a drop-in `profile`, which replaces the
// built-in plugin owning that page.
const definition = {
  id: 'profile',
  i18nNamespace: 'profile',
  routes: [{ path: '/profile/improvement', view: 'profile', title: 'title', hidden: true }],
  menus: [],
};

describe('first-login redirect with a slow plugin', () => {
  it('opens the shell first, then redirects to the first-login page once its plugin has loaded', async () => {
    writeDropIn(c.pluginsDir, {
      id: 'profile',
      views: ['profile'],
      execute: `var d = ${JSON.stringify(definition)};
        d.routes[0].element = jsx('h2', { 'data-testid': 'improvement-page', children: 'Complete your profile' });
        return new Promise(function (resolve) {
          window.releaseImprovement = function () { _export('default', sdk.definePlugin(d)); resolve(); };
        });`,
      manifest: { loadTimeoutMs: 120_000 },
    });
    const page = await newPage(c);
    await signIn(c, page, 'newcomer', 'Newcomer-Pass-1');
    // The shell is there while the plugin still loads: the user is not on the first-login page yet.
    await page.locator('[data-testid="shell"]').waitFor();
    await page.waitForFunction(() => 'releaseImprovement' in window);
    expect(new URL(page.url()).pathname).not.toBe('/ui/profile/improvement');
    // …and is taken there when the plugin arrives.
    await page.evaluate(() => (window as unknown as { releaseImprovement(): void }).releaseImprovement());
    await page.waitForURL((url) => url.pathname === '/ui/profile/improvement');
    await expect
      .poll(() => page.textContent('[data-testid="improvement-page"]'))
      .toBe('Complete your profile');
    await page.context().close();
  });
});
