// Mail as a person uses it (docs/mail.md), against a real SMTP server on loopback: an administrator sets the
// site URL and the SMTP server, sends a test mail, creates a user with the reset-link strategy; the user
// opens the mailed link, sets a password and signs in with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.mjs';
import { consoleForFile, newPage, saveSiteUrl, signIn, signedInPage } from './harness';

const c = consoleForFile();
let smtp: TestSmtpServer;
const ACCOUNT = { user: 'mailer@example.org', pass: 'smtp-secret-9' };

beforeAll(async () => {
  smtp = await startSmtpServer({ auth: ACCOUNT, tls: 'none' });
});
afterAll(async () => {
  await smtp?.close();
});

describe('mail settings', () => {
  it('an admin configures SMTP, tests it, and a new user sets the password from the mailed link', async () => {
    const admin = await signedInPage(c);
    await saveSiteUrl(c, admin);

    await admin.click('[data-testid="menu-settings-email"]');
    // Visited pages stay alive, hidden, in the tab bar: act inside the Email form.
    const email = admin.locator('[data-testid="settings-form-email"]');
    await email.waitFor();
    await email.locator('#setting-EMAIL_HOST').fill('127.0.0.1');
    await email.locator('#setting-EMAIL_PORT').fill(String(smtp.port));
    await email.locator('#setting-EMAIL_HOST_USER').fill(ACCOUNT.user);
    await email.locator('#setting-EMAIL_HOST_PASSWORD').fill(ACCOUNT.pass);
    await email.locator('#setting-EMAIL_FROM').fill('bastion@example.org');
    await email.locator('[data-testid="settings-submit"]').click();
    await email.locator('[data-testid="settings-saved"]').waitFor();
    // Write-only: the saved password does not come back into the form.
    expect(await email.locator('#setting-EMAIL_HOST_PASSWORD').inputValue()).toBe('');

    await admin.fill('[data-testid="mail-test-recipient"]', 'ops@example.org');
    await admin.click('[data-testid="mail-test-send"]');
    await expect
      .poll(() => admin.textContent('[data-testid="mail-test-result"]'))
      .toBe('Test mail sent to ops@example.org, please check');
    await smtp.waitForMessage((m) => m.to.includes('ops@example.org'));

    await admin.goto(`${c.baseUrl}/ui/console/users/users/create`);
    await admin.locator('[data-testid="user-form"]').waitFor();
    await admin.fill('[data-testid="field-name"]', 'Mailed Person');
    await admin.fill('[data-testid="field-username"]', 'mailed');
    await admin.fill('[data-testid="field-email"]', 'mailed@example.org');
    await admin.click('[data-testid="form-submit"]');
    await admin.waitForURL((u) => u.pathname === '/ui/console/users/users');
    expect(admin.errors).toEqual([]);

    const mail = await smtp.waitForMessage((m) => m.to.includes('mailed@example.org'));
    const link = /(http:\/\/\S+\/core\/auth\/password\/reset\/\?token=[A-Za-z0-9_-]{50})/.exec(
      mail.text,
    )?.[1];
    expect(link?.startsWith(c.baseUrl)).toBe(true);

    const user = await newPage(c);
    await user.goto(link!);
    await user.fill('#new_password', 'Mailed-Pass-2026');
    await user.fill('#confirm_password', 'Mailed-Pass-2026');
    await user.click('button[type=submit]');
    await user.locator('[data-testid="reset-done"]').waitFor();
    await signIn(c, user, 'mailed', 'Mailed-Pass-2026');
    expect(new URL(user.url()).pathname.startsWith('/ui/')).toBe(true);
  });
});
