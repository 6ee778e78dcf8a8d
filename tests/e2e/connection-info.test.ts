// Connection info as a user meets it (docs/connection-info.md): on the demo data chenjie (group Ops, every
// Default host) opens it from a row of My assets and sees the host and port the demo's endpoint rule picks
// for a Shanghai host, and the SSH command to copy; an admin finds the same on the asset detail.
import { describe, expect, it } from 'vitest';
import { findUserCredentials, updateOwnProfile } from '../../server/src/data/stores/users';
import { consoleForFile, DEMO_PASSWORD, openSignedIn, signedInPage } from './harness';

const c = consoleForFile([], { demo: true });
const HOST = 'bastion-sh.demo.example.com';

describe('connection info', () => {
  it('a user opens it for a granted asset and sees the rule’s host, port and SSH command', async () => {
    const chenjie = await findUserCredentials(c.db, 'chenjie');
    await updateOwnProfile(c.db, chenjie!.user.id, { isFirstLogin: false });
    const page = await signedInPage(c, 'chenjie', DEMO_PASSWORD);
    await page.goto(`${c.baseUrl}/ui/workbench/assets?search=sh-prod-web-01`);
    const row = page.locator('[data-testid="my-assets-list"] tbody tr', { hasText: 'sh-prod-web-01' });
    await row.locator('[data-testid="row-connection-info"]').click();
    const dialog = page.locator('[data-testid="connection-info"]');
    const ssh = dialog.locator('[data-testid="connection-row-ssh"] [data-testid="connection-host"]');
    await expect.poll(() => ssh.textContent()).toBe(HOST);
    expect(
      await dialog
        .locator('[data-testid="connection-row-ssh"] [data-testid="connection-port"]')
        .textContent(),
    ).toBe('2223');
    await expect
      .poll(() => dialog.locator('input[data-testid="connection-ssh"]').inputValue())
      .toBe(`ssh chenjie@sh-prod-web-01@${HOST} -p 2223`);
    // The system user that logs in: the demo's ops account, chosen by priority.
    expect(await dialog.locator('[data-testid="connection-system-user"]').textContent()).toContain('ops');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('an admin opens it from the asset detail; a Beijing host gets the default endpoint', async () => {
    const page = await openSignedIn(c, '/ui/console/assets/assets?search=bj-prod-web-01');
    const row = page.locator('[data-testid="assets-list"] tbody tr', { hasText: 'bj-prod-web-01' });
    await row.locator('[data-testid="row-link"]').click();
    await page.locator('[data-testid="quick-connection"]').click();
    const dialog = page.locator('[data-testid="connection-info"]');
    const command = dialog.locator('input[data-testid="connection-ssh"]');
    // No rule for 10.0.x.x: the Default endpoint, whose blank host is the address the console was reached by.
    await expect.poll(() => command.inputValue()).toBe('ssh admin@bj-prod-web-01@127.0.0.1 -p 2222');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
