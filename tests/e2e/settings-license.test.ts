// The licence page as an administrator uses it (docs/licence.md): a community-edition console; a tampered
// licence file is refused with the server's message and changes nothing; the signed file is imported, the
// page shows its corporation and expiry, and after the reload the console is the extended edition.
import { describe, expect, it } from 'vitest';
import { signedTestLicence } from '../support/licence.mjs';
import { consoleForFile, signedInPage } from './harness';

const c = consoleForFile([]);

const LICENCE = signedTestLicence({
  corporation: 'ACME Ltd',
  edition: 'Enterprise',
  date_expired: '2031-06-30',
  subscription_id: 'sub-42',
  asset_count: 500,
});

describe('licence page', () => {
  it('an admin imports a signed licence file; a tampered one is refused', async () => {
    const admin = await signedInPage(c);
    await admin.click('[data-testid="nav-settings"]');
    await admin.click('[data-testid="menu-settings-license"]');
    await admin.waitForURL((url) => url.pathname === '/ui/settings/license');
    const page = admin.locator('[data-testid="settings-license"]');
    await expect
      .poll(() => page.locator('[data-testid="license-state"]').textContent())
      .toBe('No licence (community edition)');
    expect(await page.locator('[data-testid="license-edition"]').textContent()).toBe('Community edition');
    expect(await admin.locator('[data-testid="footer-gpl"]').count()).toBe(1);

    await page.locator('[data-testid="license-file"]').setInputFiles({
      name: 'license.json',
      mimeType: 'application/json',
      buffer: Buffer.from(LICENCE.replace('"asset_count": 500', '"asset_count": 99999')),
    });
    await expect
      .poll(() => page.locator('[data-testid="license-error"]').textContent())
      .toBe(
        'The licence signature is not valid: the file was changed or was not issued for this installation.',
      );
    expect(await page.locator('[data-testid="license-corporation"]').textContent()).toBe('—');

    await page.locator('[data-testid="license-file"]').setInputFiles({
      name: 'license.json',
      mimeType: 'application/json',
      buffer: Buffer.from(LICENCE),
    });
    await expect
      .poll(() => page.locator('[data-testid="license-imported"]').textContent())
      .toBe('Licence imported (ACME Ltd).');
    await expect
      .poll(() => page.locator('[data-testid="license-corporation"]').textContent())
      .toBe('ACME Ltd');
    expect(await page.locator('[data-testid="license-date_expired"]').textContent()).toMatch(/^2031\/06\/30/);
    expect(await page.locator('[data-testid="license-asset_count"]').textContent()).toBe('500');
    expect(await page.locator('[data-testid="license-state"]').textContent()).toBe('Valid');
    expect(await page.locator('[data-testid="license-error"]').count()).toBe(0);

    // Reloaded, the console is the extended edition: the footer names the corporation, no GPL note.
    await page.locator('[data-testid="license-reload"]').click();
    await expect
      .poll(() => admin.locator('[data-testid="footer-corporation"]').textContent())
      .toBe('ACME Ltd');
    expect(await admin.locator('[data-testid="footer-gpl"]').count()).toBe(0);
    expect(admin.errors).toEqual([]);
  });
});
