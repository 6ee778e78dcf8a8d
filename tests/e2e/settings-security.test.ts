// System settings as a person uses them (docs/settings.md): the navbar gear leads to the settings; an
// administrator tightens the password rules on the Security page (a value out of range is refused under its
// field), and a user's too-weak new password is then refused on the profile's settings page with the rule
// shown, while a compliant one is taken.
import { describe, expect, it } from 'vitest';
import { otpCodeAt } from '../../server/src/auth/totp';
import { ALICE, consoleForFile, signedInPage } from './harness';

// The profile tests sign in as their own user: the first test changes Alice's password.
const CAROL = { username: 'carol', name: 'Carol Keys', email: 'carol@example.com', password: 'Carol-Pass-1' };
const c = consoleForFile([ALICE, CAROL]);

describe('security settings', () => {
  it('an admin tightens the password rules and a too-weak new password is refused with the rule', async () => {
    const admin = await signedInPage(c);
    await admin.click('[data-testid="nav-settings"]');
    await admin.click('[data-testid="menu-settings-security"]');
    await admin.waitForURL((url) => url.pathname === '/ui/settings/security');
    const form = admin.locator('[data-testid="settings-form-security"]');
    await form.waitFor();
    // Visited pages stay alive in the tab bar: the Basic page's form is in the document too, hidden.
    const submit = form.locator('[data-testid="settings-submit"]');

    // Out of range: the server's message under the field, the typed value kept.
    const minLength = admin.locator('#setting-SECURITY_PASSWORD_MIN_LENGTH');
    await minLength.fill('3');
    await submit.click();
    await expect
      .poll(() => admin.textContent('[data-testid="setting-error-SECURITY_PASSWORD_MIN_LENGTH"]'))
      .toBe('Ensure this value is greater than or equal to 6.');
    expect(await minLength.inputValue()).toBe('3');

    await minLength.fill('10');
    await form.locator('[data-testid="setting-SECURITY_PASSWORD_NUMBER"]').click();
    await submit.click();
    await form.locator('[data-testid="settings-saved"]').waitFor();
    expect(await admin.locator('[data-testid="setting-error-SECURITY_PASSWORD_MIN_LENGTH"]').count()).toBe(0);
    expect(admin.errors).toEqual([]);

    const alice = await signedInPage(c, ALICE.username, ALICE.password);
    await alice.goto(`${c.baseUrl}/ui/profile/setting`);
    await alice.locator('[data-testid="password-change-form"]').waitFor();
    await alice.fill('#password-old_password', ALICE.password);
    await alice.fill('#password-new_password', 'weakpass');
    await alice.fill('#password-new_password_again', 'weakpass');
    await alice.click('[data-testid="password-submit"]');
    await expect
      .poll(() => alice.textContent('[data-testid="password-error-new_password"]'))
      .toBe('The password must be at least 10 characters long.; The password must contain a number.');
    // What was typed stays.
    expect(await alice.inputValue('#password-new_password')).toBe('weakpass');

    await alice.fill('#password-new_password', 'strongpass-2026');
    await alice.fill('#password-new_password_again', 'strongpass-2026');
    await alice.click('[data-testid="password-submit"]');
    await alice.locator('[data-testid="password-changed"]').waitFor();
    expect(alice.errors).toEqual([]);
  });
});

describe('profile settings', () => {
  it('a user sets an SSH public key, sees a wrong one refused, and removes it', async () => {
    const key =
      'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICY5UYGxuw820B7qgN0mDZmZO7zBd+m6SEO+4oaWcAtQ carol@laptop';
    const carol = await signedInPage(c, CAROL.username, CAROL.password);
    await carol.goto(`${c.baseUrl}/ui/profile/setting`);
    await carol.locator('[data-testid="public-key-form"]').waitFor();
    await carol.fill('[data-testid="public-key-input"]', 'ssh-rsa not-a-key');
    await carol.click('[data-testid="public-key-save"]');
    await expect
      .poll(() => carol.textContent('[data-testid="public-key-error"]'))
      .toContain('Not a valid SSH public key');
    await carol.fill('[data-testid="public-key-input"]', key);
    await carol.click('[data-testid="public-key-save"]');
    await carol.locator('[data-testid="public-key-saved"]').waitFor();
    // A fresh page shows the stored key.
    await carol.reload();
    await expect.poll(() => carol.inputValue('[data-testid="public-key-input"]')).toBe(key);
    await carol.click('[data-testid="public-key-remove"]');
    await carol.locator('[data-testid="public-key-saved"]').waitFor();
    expect(await carol.inputValue('[data-testid="public-key-input"]')).toBe('');
    expect(carol.errors).toEqual([]);
  });
});

describe('MFA on the profile', () => {
  it('a user binds an authenticator with a code computed from the shown secret, then disables it', async () => {
    const carol = await signedInPage(c, CAROL.username, CAROL.password);
    await carol.goto(`${c.baseUrl}/ui/profile/setting`);
    await carol.locator('[data-testid="mfa-form"]').waitFor();
    expect(await carol.textContent('[data-testid="mfa-state"]')).toBe('No authenticator is bound.');
    await carol.click('[data-testid="mfa-enable"]');
    await carol.locator('[data-testid="mfa-qr"]').waitFor();
    const secret = ((await carol.textContent('[data-testid="mfa-secret"]')) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await carol.fill('#mfa-code', '12345');
    await carol.click('[data-testid="mfa-confirm"]');
    await expect
      .poll(() => carol.textContent('[data-testid="mfa-error"]'))
      .toBe('Enter the 6-digit code of your authenticator.');
    await carol.fill('#mfa-code', otpCodeAt(secret));
    await carol.click('[data-testid="mfa-confirm"]');
    await expect
      .poll(() => carol.textContent('[data-testid="mfa-state"]'))
      .toBe('An authenticator is bound.');
    // A later step's code (each code is accepted once) disables it.
    await carol.fill('#mfa-code', otpCodeAt(secret, Date.now() + 30_000));
    await carol.click('[data-testid="mfa-disable"]');
    await expect
      .poll(() => carol.textContent('[data-testid="mfa-state"]'))
      .toBe('No authenticator is bound.');
    expect(carol.errors).toEqual([]);
  });
});
