// What `npm start` runs after the build, as a new user meets it: the bundled server on an empty data
// directory prints the generated admin password once, and that password signs a person in; a port already
// taken stops the start before anything is created; `npm run admin -- reset-password` is the way back in.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium.mjs';
import { runMain, startServerProcess, type ServerProcess } from '../support/server-process.mjs';
import { WAIT_MS } from '../support/wait.mjs';

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

/** Signs in at /ui/ in a fresh browser; resolves with the page, on the console or back on the login form. */
async function signIn(password: string): Promise<Page> {
  const page = await browser.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await page.goto(`${server.baseUrl}/ui/`);
  await page.waitForURL((url) => url.pathname === '/core/auth/login/');
  await page.fill('#username', 'admin');
  await page.fill('#password', password);
  await page.click('button[type=submit]');
  const landed = page
    .locator('[data-testid="login-error"], [data-testid="menu-users"], [data-testid="improvement-finish"]')
    .first();
  await landed.waitFor();
  // The first sign-in of the generated admin opens the first-login page (docs/profile.md#first-login).
  if ((await landed.getAttribute('data-testid')) === 'improvement-finish') {
    await landed.click();
    await page.locator('[data-testid="menu-users"]').waitFor();
  }
  return page;
}

describe('the first start', () => {
  it('prints an admin password, after the address, that signs in at /ui/', async () => {
    expect(server.adminPassword.length).toBeGreaterThanOrEqual(16);
    const log = server.log();
    expect(log.match(/admin password:/g)).toHaveLength(1);
    expect(log.indexOf('admin password:')).toBeGreaterThan(log.indexOf('listening on http://127.0.0.1:'));
    expect(log).toContain('npm run admin -- reset-password');
    const page = await signIn(server.adminPassword);
    await page.click('[data-testid="menu-users"]');
    await page.locator('[data-testid="users-list"] tr', { hasText: 'admin' }).first().waitFor();
    await page.context().close();
  });

  it('stops on a port already taken, naming BASTION_PORT, before creating anything', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as net.AddressInfo;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-busy-'));
    try {
      const env = { BASTION_HOST: '127.0.0.1', BASTION_PORT: String(port), BASTION_DATA_DIR: dataDir };
      const result = await runMain([], { ...env, BASTION_ADMIN_PASSWORD: '' });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect(result.stderr).toContain('BASTION_PORT=');
      expect(result.stderr).not.toMatch(/EADDRINUSE|\n\s+at /);
      expect(result.stdout).not.toContain('admin password');
      // No database, no admin: the next start on a free port is still the first one.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      holder.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('npm run admin -- reset-password', () => {
  it('prints a new password that signs in while the old one no longer does, the server still running', async () => {
    const result = await runMain(['admin', 'reset-password'], { BASTION_DATA_DIR: server.dataDir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const fresh = /admin password: (\S+)/.exec(result.stdout)?.[1] ?? '';
    expect(fresh.length).toBeGreaterThanOrEqual(16);
    expect(fresh).not.toBe(server.adminPassword);

    const refused = await signIn(server.adminPassword);
    expect(await refused.locator('[data-testid="login-error"]').count()).toBe(1);
    await refused.context().close();
    const page = await signIn(fresh);
    expect(await page.locator('[data-testid="menu-users"]').count()).toBe(1);
    await page.context().close();
  });

  it('names the user it cannot find, and changes nothing', async () => {
    const result = await runMain(['admin', 'reset-password', 'nobody'], { BASTION_DATA_DIR: server.dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('There is no user "nobody"');
    expect(result.stdout).not.toContain('password:');
  });
});
