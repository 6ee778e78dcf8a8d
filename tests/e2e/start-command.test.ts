// What `npm start` runs after the build: the bundled server on an empty data directory prints the generated
// admin password once, and that password signs a person in.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium.mjs';
import { startServerProcess, type ServerProcess } from '../support/server-process.mjs';

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  server = await startServerProcess({ generatedPassword: true });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('the first start prints an admin password that signs in at /ui/', async () => {
  expect(server.adminPassword.length).toBeGreaterThanOrEqual(16);
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/ui/`);
  await page.fill('#username', 'admin');
  await page.fill('#password', server.adminPassword);
  await Promise.all([
    page.waitForURL((url) => url.pathname.startsWith('/ui/')),
    page.click('button[type=submit]'),
  ]);
  await page.click('[data-testid="menu-users"]');
  await page.locator('[data-testid="users-list"] tr', { hasText: 'admin' }).first().waitFor();
  expect(server.log().match(/admin password:/g)).toHaveLength(1);
});
