// MFA at sign-in as a person meets it (docs/auth.md#mfa-at-sign-in): a user binds an authenticator on the
// profile page with a code computed from the shown secret, and from then on signs in with a code; when an
// administrator forces MFA for everyone, a user without an authenticator sets one up on the sign-in page.
import { describe, expect, it } from 'vitest';
import { otpCodeAt } from '../../server/src/auth/totp';
import { ALICE, consoleForFile, newPage, signedInPage } from './harness';

const BOB = { username: 'bob', email: 'bob@example.com', password: 'Bob-Pass-1' };
const c = consoleForFile([ALICE, BOB]);

/** The password step through the login page; the browser is then on the MFA step. */
async function passwordStep(page: Awaited<ReturnType<typeof newPage>>, username: string, password: string) {
  await page.goto(`${c.baseUrl}/ui/`);
  await page.waitForURL((url) => url.pathname === '/core/auth/login/');
  await page.fill('#username', username);
  await page.fill('#password', password);
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/core/auth/login/mfa/'),
    page.click('button[type=submit]'),
  ]);
}

describe('MFA at sign-in', () => {
  it('a user enrols an authenticator, then signs in with its code', async () => {
    const alice = await signedInPage(c, ALICE.username, ALICE.password);
    await alice.goto(`${c.baseUrl}/ui/profile/setting`);
    await alice.click('[data-testid="mfa-enable"]');
    await alice.locator('[data-testid="mfa-qr"]').waitFor();
    const secret = ((await alice.textContent('[data-testid="mfa-secret"]')) ?? '').trim();
    await alice.fill('#mfa-code', otpCodeAt(secret));
    await alice.click('[data-testid="mfa-confirm"]');
    await expect
      .poll(() => alice.textContent('[data-testid="mfa-state"]'))
      .not.toBe('No authenticator is bound.');
    await alice.context().close();

    const page = await newPage(c);
    await passwordStep(page, ALICE.username, ALICE.password);
    await page.locator('[data-testid="mfa-code"]').waitFor();
    // A code that is not six digits is refused before posting; a wrong one by the server.
    await page.fill('[data-testid="mfa-code"]', '12');
    await page.click('[data-testid="mfa-submit"]');
    expect(await page.textContent('[data-testid="login-error"]')).toBe(
      'Enter the 6-digit code of your authenticator',
    );
    const valid = new Set([-1, 0, 1, 2].map((step) => otpCodeAt(secret, Date.now() + step * 30_000)));
    const wrong = ['000000', '111111', '222222', '333333', '444444'].find((code) => !valid.has(code))!;
    await page.fill('[data-testid="mfa-code"]', wrong);
    await Promise.all([page.waitForLoadState('load'), page.click('[data-testid="mfa-submit"]')]);
    await expect.poll(() => page.textContent('[data-testid="login-error"]')).toMatch(/^Code is invalid/);
    // The code of the next time step (the enrolment used the current one).
    await page.fill('[data-testid="mfa-code"]', otpCodeAt(secret, Date.now() + 30_000));
    await Promise.all([
      page.waitForURL((url) => url.pathname.startsWith('/ui/')),
      page.click('[data-testid="mfa-submit"]'),
    ]);
    await page.locator('[data-testid="shell"]').waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('MFA forced for everyone: a user without an authenticator sets one up while signing in', async () => {
    const admin = await signedInPage(c);
    await admin.goto(`${c.baseUrl}/ui/settings/security`);
    await admin.locator('[data-testid="settings-form-security"]').waitFor();
    await admin.click('[data-testid="setting-SECURITY_MFA_AUTH"]');
    await admin.click('li[role="option"]:has-text("Every user")');
    await admin.click('[data-testid="settings-submit"]');
    await admin.locator('[data-testid="settings-saved"]').waitFor();

    const bob = await newPage(c);
    await passwordStep(bob, BOB.username, BOB.password);
    await bob.locator('[data-testid="mfa-secret"]').waitFor();
    expect(await bob.locator('img.login-qr').count()).toBe(1);
    const secret = ((await bob.textContent('[data-testid="mfa-secret"]')) ?? '').trim();
    await bob.fill('[data-testid="mfa-code"]', otpCodeAt(secret));
    await Promise.all([
      bob.waitForURL((url) => url.pathname.startsWith('/ui/')),
      bob.click('[data-testid="mfa-submit"]'),
    ]);
    await bob.locator('[data-testid="shell"]').waitFor();
    expect(bob.errors).toEqual([]);
    await bob.context().close();
    await admin.context().close();
  });
});
