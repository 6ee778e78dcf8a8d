// The accounts area in Chromium against a real OpenSSH host (tests/support/ssh-hosts.mjs): an admin who
// enrolled an authenticator sees an account's secret only after typing a code computed from that secret;
// gathers the users of a host from its detail page and sees them; finds the asset's accounts on its tab.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodeAt } from '../../server/src/auth/totp';
import { Client } from '../api/harness';
import { startSshHost, type SshTestHost } from '../support/ssh-hosts.mjs';
import { ADMIN_PASSWORD, apiJson, consoleForFile, newPage, openSignedIn } from './harness';

const c = consoleForFile();
const ROOT_PASSWORD = 'Acct-e2e-Root-19';
const OPS_PASSWORD = 'Ops-e2e-Secret-84';
let host: SshTestHost;
let assetId = '';

beforeAll(async () => {
  host = await startSshHost({ rootPassword: ROOT_PASSWORD });
  host.exec(`useradd -m -s /bin/bash ops && printf 'ops:%s\\n' '${OPS_PASSWORD}' | chpasswd`);
  const admin = new Client(c.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
  await apiJson(admin, 'GET', '/api/v1/assets/nodes/children/tree/');
  const root = await apiJson<{ id: string }>(admin, 'POST', '/api/v1/assets/admin-users/', {
    name: 'acct-root',
    username: 'root',
    password: ROOT_PASSWORD,
  });
  const asset = await apiJson<{ id: string }>(admin, 'POST', '/api/v1/assets/assets/', {
    hostname: 'acct-01',
    ip: host.host,
    platform: 'Linux',
    protocols: [`ssh/${host.port}`],
    admin_user: root.id,
  });
  assetId = asset.id;
  await apiJson(admin, 'POST', '/api/v1/assets/system-users/', {
    name: 'ops-e2e',
    username: 'ops',
    password: OPS_PASSWORD,
    assets: [assetId],
  });
});
afterAll(async () => {
  await host?.stop();
});

describe('asset accounts', () => {
  it("lists the asset's accounts and gathers its users from the asset detail", async () => {
    const page = await openSignedIn(c, `/ui/console/assets/assets/${assetId}`);
    await page.locator('[data-testid="detail-title"]').waitFor();
    await page.getByRole('tab', { name: 'Accounts' }).click();
    await page.locator('[data-testid="asset-accounts"] tbody tr', { hasText: 'ops' }).waitFor();

    await page.getByRole('tab', { name: 'System users' }).click();
    await page.locator('[data-testid="asset-system-users"] tbody tr', { hasText: 'ops-e2e(ops)' }).waitFor();

    await page.getByRole('tab', { name: 'Gathered users' }).click();
    const table = page.locator('[data-testid="asset-gathered-users"]');
    await table.waitFor();
    const [log] = await Promise.all([
      page.context().waitForEvent('page'),
      page.click('[data-testid="asset-gathered-users"] [data-testid="header-gather"]'),
    ]);
    await expect
      .poll(() => log.locator('[data-testid="task-log-output"]').textContent())
      .toMatch(/ok +acct-01/);
    await log.close();
    await expect
      .poll(async () => {
        await page.reload();
        await table.locator('tbody tr').first().waitFor();
        return table.locator('tbody').textContent();
      })
      .toContain('ops');
    expect(await table.locator('tbody').textContent()).toContain('root');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("shows an account's secret after the MFA code, and its test logs in to the host", async () => {
    // Enrol an authenticator as the profile page offers it (that session has just proved a code).
    const profile = await openSignedIn(c, '/ui/profile/setting');
    await profile.click('[data-testid="mfa-enable"]');
    await profile.locator('[data-testid="mfa-qr"]').waitFor();
    const secret = ((await profile.textContent('[data-testid="mfa-secret"]')) ?? '').trim();
    await profile.fill('#mfa-code', otpCodeAt(secret));
    await profile.click('[data-testid="mfa-confirm"]');
    await expect
      .poll(() => profile.textContent('[data-testid="mfa-state"]'))
      .toBe('An authenticator is bound.');
    await profile.context().close();

    // The next sign-in asks for a code (docs/auth.md#mfa-at-sign-in): the enrolment used this time step's
    // code and each is accepted once, so the next step's.
    const page = await newPage(c);
    await page.goto(`${c.baseUrl}/ui/`);
    await page.waitForURL((url) => url.pathname === '/core/auth/login/');
    await page.fill('#username', 'admin');
    await page.fill('#password', ADMIN_PASSWORD);
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/core/auth/login/mfa/'),
      page.click('button[type=submit]'),
    ]);
    await page.fill('[data-testid="mfa-code"]', otpCodeAt(secret, Date.now() + 30_000));
    await Promise.all([
      page.waitForURL((url) => url.pathname.startsWith('/ui/')),
      page.click('[data-testid="mfa-submit"]'),
    ]);
    await page.goto(`${c.baseUrl}/ui/console/accounts/authbook`);
    const row = page.locator('[data-testid="accounts-list"] tbody tr', { hasText: 'acct-01' });
    await row.waitFor();
    expect(await row.textContent()).toContain('ops');
    expect(await page.content()).not.toContain(OPS_PASSWORD);

    // The sign-in's code verified this session: the secret shows on request, and only then.
    await row.locator('[data-testid="row-more"]').click();
    await page.locator('[data-testid="row-view"]').click();
    await expect.poll(() => page.inputValue('[data-testid="account-secret-password"]')).toBe(OPS_PASSWORD);
    expect(await page.inputValue('[data-testid="account-secret-username"]')).toBe('ops');
    await page.keyboard.press('Escape');

    const [log] = await Promise.all([
      page.context().waitForEvent('page'),
      (async () => {
        await row.locator('[data-testid="row-more"]').click();
        await page.locator('[data-testid="row-test"]').click();
      })(),
    ]);
    await expect
      .poll(() => log.locator('[data-testid="task-log-output"]').textContent())
      .toMatch(/ok +acct-01\(ops\)/);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
