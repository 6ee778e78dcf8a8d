// Domains with their gateways (tested over SSH against a real OpenSSH host), system users created from the
// protocol menu, command filters with their rules, as an administrator meets them in Chromium. No secret
// typed in a form shows up on a page afterwards.
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../api/harness';
import { ADMIN_PASSWORD, apiJson, consoleForFile, openSignedIn } from './harness';
import { apiGet } from './users-support';
import { startSshHost, type SshTestHost } from '../support/ssh-hosts.mjs';

const c = consoleForFile();
const GATEWAY_PASSWORD = 'Gw-Secret-e2e-71';
let host: SshTestHost;

beforeAll(async () => {
  host = await startSshHost({ rootPassword: GATEWAY_PASSWORD });
});
afterAll(async () => {
  await host?.stop();
});

describe('domains and gateways', () => {
  it('creates a domain and a gateway, then tests the gateway over SSH: ok, then a clear failure', async () => {
    const page = await openSignedIn(c, '/ui/console/assets/domains');
    await page.click('[data-testid="domains-list"] [data-testid="crud-create"]');
    await page.waitForURL(/\/console\/assets\/domains\/create/);
    await page.fill('[data-testid="field-name"]', 'Zone A');
    await page.click('[data-testid="form-submit"]');
    await page.waitForURL(/\/console\/assets\/domains$/);
    await page
      .locator('[data-testid="domains-list"] tbody tr', { hasText: 'Zone A' })
      .locator('[data-testid="row-link"]')
      .click();
    await page.locator('[data-testid="detail-title"]').waitFor();
    await page.getByRole('tab', { name: 'Gateway' }).click();
    await page.click('[data-testid="domain-gateways"] [data-testid="crud-create"]');
    await page.waitForURL(/\/console\/assets\/gateways\/create\?domain=/);
    await page.fill('[data-testid="field-name"]', 'gw-1');
    await page.fill('[data-testid="field-ip"]', host.host);
    await page
      .locator('input[data-testid="field-port"], [data-testid="field-port"] input')
      .first()
      .fill(String(host.port));
    await page.fill('[data-testid="field-username"]', 'root');
    await page
      .locator('[data-testid="field-password"] input, input[data-testid="field-password"]')
      .first()
      .fill(GATEWAY_PASSWORD);
    await page.click('[data-testid="form-submit"]');
    await page.waitForURL(/\/console\/assets\/domains\/[0-9a-f-]{36}\?activeTab=gateways/);
    const row = page.locator('[data-testid="domain-gateways"] tbody tr', { hasText: 'gw-1' });
    await row.waitFor();
    expect(await page.content()).not.toContain(GATEWAY_PASSWORD);

    page.on('dialog', (dialog) => void dialog.accept(String(host.port)));
    await row.locator('[data-testid="row-more"]').click();
    await page.locator('[data-testid="row-test"]').click();
    await page.locator('.p-toast-message-success', { hasText: 'Can be connected' }).waitFor();

    // A wrong password: the per-host reason, in the user's language.
    const [gateway] = await apiGet<{ id: string }[]>(page, '/api/v1/assets/gateways/?name=gw-1');
    const admin = new Client(c.baseUrl);
    await admin.login('admin', ADMIN_PASSWORD);
    await apiJson(admin, 'PATCH', `/api/v1/assets/gateways/${gateway!.id}/`, { password: 'not-it' });
    await row.locator('[data-testid="row-more"]').click();
    await page.locator('[data-testid="row-test"]').click();
    await page.locator('.p-toast-message-error', { hasText: 'Authentication failed' }).waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('system users', () => {
  it('creates an SSH system user from the protocol menu; the list and detail never show its password', async () => {
    const page = await openSignedIn(c, '/ui/console/assets/system-users');
    await page.click('[data-testid="system-user-create"]');
    await page.click('[data-testid="create-ssh"]');
    await page.waitForURL(/\/console\/assets\/system-users\/create\?protocol=ssh/);
    await page.fill('[data-testid="field-name"]', 'web-ops');
    await page.fill('[data-testid="field-username"]', 'webops');
    await page
      .locator('[data-testid="field-password"] input, input[data-testid="field-password"]')
      .first()
      .fill('Su-Secret-e2e-55');
    await page.click('[data-testid="form-submit"]');
    await page.waitForURL(/\/console\/assets\/system-users\?activeTab=common/);
    const row = page.locator('[data-testid="system-users-common"] tbody tr', { hasText: 'web-ops' });
    await row.waitFor();
    expect(await row.textContent()).toContain('SSH');
    await row.locator('[data-testid="row-link"]').click();
    await page.locator('[data-testid="detail-title"]').waitFor();
    await expect.poll(() => page.locator('main, body').first().textContent()).toContain('webops');
    expect(await page.content()).not.toContain('Su-Secret-e2e-55');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('command filters', () => {
  it('adds a rule to a filter from its Rules tab and shows the pattern used', async () => {
    const page = await openSignedIn(c, '/ui/console/assets/cmd-filters');
    await page.click('[data-testid="cmd-filters-list"] [data-testid="crud-create"]');
    await page.fill('[data-testid="field-name"]', 'No shutdown');
    await page.click('[data-testid="form-submit"]');
    await page.waitForURL(/\/console\/assets\/cmd-filters$/);
    await page
      .locator('[data-testid="cmd-filters-list"] tbody tr', { hasText: 'No shutdown' })
      .locator('[data-testid="row-link"]')
      .click();
    await page.getByRole('tab', { name: 'Rules' }).click();
    await page.click('[data-testid="cmd-filter-rules"] [data-testid="crud-create"]');
    await page.waitForURL(/\/command-filter-rules\/create\?filter=/);
    await page.fill('[data-testid="field-content"]', 'shutdown\nreboot');
    await page.click('[data-testid="form-submit"]');
    await page.waitForURL(/\/console\/assets\/cmd-filters\/[0-9a-f-]{36}\?activeTab=rules/);
    const rule = page.locator('[data-testid="cmd-filter-rules"] tbody tr', { hasText: 'reboot' });
    await rule.waitFor();
    expect(await rule.textContent()).toContain('\\b(shutdown|reboot)\\b');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('asset hardware over SSH', () => {
  it('refreshes hardware from the asset detail, shows the values read from the host, tests the asset, pushes a system user', async () => {
    const admin = new Client(c.baseUrl);
    await admin.login('admin', ADMIN_PASSWORD);
    await apiJson(admin, 'GET', '/api/v1/assets/nodes/children/tree/');
    const user = await apiJson<{ id: string }>(admin, 'POST', '/api/v1/assets/admin-users/', {
      name: 'hw-admin',
      username: 'root',
      password: GATEWAY_PASSWORD,
    });
    const asset = await apiJson<{ id: string }>(admin, 'POST', '/api/v1/assets/assets/', {
      hostname: 'hw-01',
      ip: host.host,
      platform: 'Linux',
      protocols: [`ssh/${host.port}`],
      admin_user: user.id,
    });
    const page = await openSignedIn(c, `/ui/console/assets/assets/${asset.id}`);
    await page.locator('[data-testid="detail-title"]').waitFor();
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.locator('[data-testid="quick-refresh"]').click(),
    ]);
    const output = popup.locator('[data-testid="task-log-output"]');
    await expect.poll(() => output.textContent()).toMatch(/ok +hw-01/);
    // The host's memory as the server formats it (MemTotal, in GiB with two decimals).
    const memory = `${(os.totalmem() / 1024 ** 3).toFixed(2)} G`;
    await expect
      .poll(async () => {
        await page.reload();
        await page.locator('[data-testid="detail-title"]').waitFor();
        return page.locator('body').textContent();
      })
      .toContain(memory);
    const text = await page.locator('body').textContent();
    if (process.arch === 'x64') expect(text).toContain('x86_64');

    // The connectivity test logs in as the admin user and says so per host.
    const [testLog] = await Promise.all([
      page.context().waitForEvent('page'),
      page.locator('[data-testid="quick-test"]').click(),
    ]);
    await expect
      .poll(() => testLog.locator('[data-testid="task-log-output"]').textContent())
      .toMatch(/ok +hw-01/);

    // Push a system user to the asset from its detail; the account then exists on the host.
    const pushed = await apiJson<{ id: string }>(admin, 'POST', '/api/v1/assets/system-users/', {
      name: 'e2e-pushed',
      username: 'e2epushed',
      password: 'Pushed-e2e-Pass-4',
      assets: [asset.id],
    });
    await page.goto(`${c.baseUrl}/ui/console/assets/system-users/${pushed.id}`);
    await page.locator('[data-testid="detail-title"]').waitFor();
    const [pushLog] = await Promise.all([
      page.context().waitForEvent('page'),
      page.locator('[data-testid="quick-push"]').click(),
    ]);
    await expect
      .poll(() => pushLog.locator('[data-testid="task-log-output"]').textContent())
      .toMatch(/ok +hw-01/);
    expect(host.exec('getent passwd e2epushed | cut -d: -f1').trim()).toBe('e2epushed');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
