// Message subscription as a person uses it (docs/message-subscriptions.md): an administrator subscribes a
// user to the task results over site messages on the settings page; the next task run's message then
// arrives in that user's console, and the profile shows the user's own channels.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { Client } from '../api/harness';
import { ADMIN_PASSWORD, ALICE, apiJson, consoleForFile, signedInPage } from './harness';

const c = consoleForFile([ALICE]);

/** A loopback port nobody listens on: the connectivity test fails at once with "connection refused". */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('message subscription', () => {
  it('an admin subscribes a user to task results and the next run’s message arrives', async () => {
    const admin = await signedInPage(c);
    await admin.click('[data-testid="nav-settings"]');
    await admin.click('[data-testid="menu-settings-message"]');
    await admin.waitForURL((url) => url.pathname === '/ui/settings/message');
    const row = admin.locator('[data-testid="subscription-task_result"]');
    await row.waitFor();

    await admin.click('[data-testid="subscription-task_result-site_msg"]');
    await admin.click('[data-testid="subscription-task_result-users"]');
    await admin.locator('.p-multiselect-item', { hasText: ALICE.name }).click();
    await admin.keyboard.press('Escape');
    await expect.poll(() => row.locator('.p-multiselect-token').textContent()).toContain(ALICE.name);
    // Saved on the server, not only on screen.
    await admin.reload();
    await row.waitFor();
    await expect.poll(() => row.locator('.p-multiselect-token').textContent()).toContain(ALICE.name);
    await expect
      .poll(() => admin.locator('[data-testid="subscription-task_result-site_msg"] input').isChecked())
      .toBe(true);
    expect(admin.errors).toEqual([]);

    const alice = await signedInPage(c, ALICE.username, ALICE.password);
    await alice.waitForSelector('[data-testid="nav-messages"][data-unread="0"]');

    // A task runs: a connectivity test of an asset nobody answers for.
    const api = new Client(c.baseUrl);
    api.cookies.set('django_language', 'en');
    await api.login('admin', ADMIN_PASSWORD);
    const asset = await apiJson<{ id: string }>(api, 'POST', '/api/v1/assets/assets/', {
      hostname: 'quiet-host',
      ip: '127.0.0.1',
      platform: 'Linux',
      protocols: [`ssh/${await closedPort()}`],
    });
    await apiJson(api, 'POST', `/api/v1/assets/assets/${asset.id}/tasks/`, { action: 'test' });

    await expect.poll(() => alice.textContent('[data-testid="messages-badge"]')).toBe('1');
    await alice.click('[data-testid="nav-messages"]');
    await expect
      .poll(() => alice.textContent('[data-testid="message-item"]'))
      .toContain('Task failed: Test assets connectivity: quiet-host');

    // The profile shows the user's own channels; the site message is always on.
    await alice.goto(`${c.baseUrl}/ui/profile/info`);
    const own = alice.locator('[data-testid="profile-subscription-site_msg"]');
    await own.waitFor();
    expect(await own.locator('input').isChecked()).toBe(true);
    expect(alice.errors).toEqual([]);
  });
});
