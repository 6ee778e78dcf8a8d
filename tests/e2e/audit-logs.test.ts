// The audit view as an auditor uses it: the view switcher lands on the audit pages; the login log shows a
// failed and a successful sign-in of another user with their reasons; the operate log shows what an admin
// changed; a date range in the past shows nothing.
import { describe, expect, it } from 'vitest';
import { ALICE, consoleForFile, newPage, signIn, signedInPage } from './harness';

const AUDITOR = {
  username: 'audrey',
  name: 'Audrey Auditor',
  email: 'audrey@example.com',
  password: 'Audrey-Pass-1',
  orgRoles: [{ org: 'default', role: 'OrgAuditor' }],
} as const;

const c = consoleForFile([ALICE, AUDITOR]);

describe('audit logs', () => {
  it('an auditor finds a failed sign-in and an admin change in the audit view', async () => {
    // Alice mistypes her password once, then signs in.
    const alice = await newPage(c);
    await alice.goto(`${c.baseUrl}/ui/`);
    await alice.waitForURL((url) => url.pathname === '/core/auth/login/');
    await alice.fill('#username', ALICE.username);
    await alice.fill('#password', 'not-her-password');
    await alice.click('button[type=submit]');
    await alice.locator('text=/password/i').first().waitFor();
    await signIn(c, alice, ALICE.username, ALICE.password);
    await alice.context().close();

    // The admin makes a label through the API, as the console would.
    const admin = await signedInPage(c);
    const csrf = (await admin.context().cookies()).find((k) => k.name === 'jms_csrftoken')!.value;
    const created = await admin.request.post(`${c.baseUrl}/api/v1/assets/labels/`, {
      headers: { 'x-csrftoken': csrf, 'content-type': 'application/json' },
      data: { name: 'audited-env', value: 'prod' },
    });
    expect(created.status()).toBe(201);
    await admin.context().close();

    const page = await signedInPage(c, AUDITOR.username, AUDITOR.password);
    await page.goto(`${c.baseUrl}/ui/audit`);
    await page.waitForURL(/\/ui\/audit\//);
    expect(await page.getAttribute('[data-testid="shell"]', 'data-view')).toBe('audit');

    await page.click('[data-testid="menu-audit-logs"]');
    await page.click('[data-testid="menu-login-logs"]');
    const logins = page.locator('[data-testid="login-logs"]');
    await logins.locator('tbody tr', { hasText: 'Username/password check failed' }).waitFor();
    const aliceRows = logins.locator('tbody tr', { hasText: ALICE.username });
    expect(await aliceRows.count()).toBe(2);
    expect(await aliceRows.filter({ hasText: 'Success' }).count()).toBe(1);

    // The list opens on a date range (the last 7 days); a range in the past shows nothing, and the
    // "last 7 days" shortcut brings the rows back.
    const range = logins.locator('[data-testid="date-range"] input');
    expect(await range.inputValue()).not.toBe('');
    const url = new URL(page.url());
    url.searchParams.set('date_from', '2001-01-01T00:00:00.000Z');
    url.searchParams.set('date_to', '2001-01-02T00:00:00.000Z');
    await page.goto(url.toString());
    await logins.locator('tbody tr', { hasText: 'No data' }).waitFor();
    expect(await logins.locator('tbody tr', { hasText: ALICE.username }).count()).toBe(0);
    await logins.locator('[data-testid="date-range"] button', { hasText: '7 days' }).click();
    await logins.locator('tbody tr', { hasText: 'Username/password check failed' }).waitFor();

    await page.click('[data-testid="menu-operate-logs"]');
    const operations = page.locator('[data-testid="operate-logs"]');
    const row = operations.locator('tbody tr', { hasText: 'audited-env' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Create');
    expect(await row.textContent()).toContain('Administrator(admin)');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
