// The interface settings as a person uses them (docs/interface.md): an administrator uploads a logo and a
// title on the Interface page — an SVG is refused under its field —, then the login page shows them.
import { describe, expect, it } from 'vitest';
import { consoleForFile, newPage, signedInPage } from './harness';

const c = consoleForFile([], { license: { expiresInMs: 30 * 86_400_000 } });

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('interface settings', () => {
  it('an admin uploads a logo and sees it on the login page', async () => {
    const admin = await signedInPage(c);
    await admin.click('[data-testid="nav-settings"]');
    await admin.click('[data-testid="menu-settings-interface"]');
    await admin.waitForURL((url) => url.pathname === '/ui/settings/interface');
    await admin.locator('[data-testid="settings-form-interface"]').waitFor();

    // An SVG is refused under its field; the title typed stays.
    await admin.fill('[data-testid="interface-login_title"]', 'ACME Bastion');
    await admin.setInputFiles('[data-testid="interface-logo_index"]', {
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await admin.click('[data-testid="settings-submit"]');
    await expect
      .poll(() => admin.textContent('[data-testid="interface-error-logo_index"]'))
      .toBe('Upload a PNG, JPEG, GIF, WebP or ICO image (SVG is not accepted).');
    expect(await admin.inputValue('[data-testid="interface-login_title"]')).toBe('ACME Bastion');

    await admin.setInputFiles('[data-testid="interface-logo_index"]', {
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await admin.click('[data-testid="settings-submit"]');
    await admin.locator('[data-testid="settings-saved"]').waitFor();
    const preview = admin.locator('[data-testid="interface-preview-logo_index"]');
    await expect
      .poll(() => preview.getAttribute('src'))
      .toContain('/api/v1/xpack/interface/images/logo_index/');
    expect(admin.errors).toEqual([]);

    const visitor = await newPage(c);
    await visitor.goto(`${c.baseUrl}/core/auth/login/`);
    const logo = visitor.locator('[data-testid="login-logo"]');
    await logo.waitFor();
    // The image really loaded (a broken one has no natural width).
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    expect(await visitor.textContent('h1')).toBe('ACME Bastion');
    expect(await visitor.title()).toBe('ACME Bastion');
    expect(visitor.errors).toEqual([]);

    // Restore defaults: the login page is back to the built-in look.
    await admin.click('[data-testid="interface-restore"]');
    await expect
      .poll(() => admin.inputValue('[data-testid="interface-login_title"]'))
      .toBe('Bastion Console');
    await visitor.reload();
    await visitor.locator('h1').waitFor();
    expect(await visitor.locator('[data-testid="login-logo"]').count()).toBe(0);
  });
});
