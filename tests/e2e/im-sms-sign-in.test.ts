// Signing in through WeCom's QR page and with a code by text message, as a person does in Chromium
// (docs/auth-im-sms.md#qr-sign-in-and-binding, docs/auth.md#codes-by-text-message), against the tests'
// loopback providers (tests/support/im-providers.mjs): the console reaches them through
// BASTION_PROVIDER_ORIGINS and trusts their throw-away certificate through BASTION_TLS_CA_FILE.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindOtpSecret } from '../../server/src/auth/mfa-verify';
import { newOtpSecret } from '../../server/src/auth/totp';
import { bindImId } from '../../server/src/data/stores/user-im-ids';
import { updateOwnProfile } from '../../server/src/data/stores/users';
import { Client } from '../api/harness';
import { startImProviders, type TestImProviders } from '../support/im-providers.mjs';
import { ADMIN_PASSWORD, apiJson, newPage, startConsole, type Console } from './harness';

const WENDY = { username: 'wendy', email: 'wendy@example.com', password: 'Wendy-Pass-1' };
const SAM = { username: 'sam', email: 'sam@example.com', password: 'Sam-Pass-1' };
const setting = (category: string) => `/api/v1/settings/setting/?category=${category}`;

let providers: TestImProviders;
let c: Console;

beforeAll(async () => {
  providers = await startImProviders();
  c = await startConsole({ providers: { origins: providers.origins, certificate: providers.certificate } });
  const admin = new Client(c.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
  await apiJson(admin, 'PATCH', setting('basic'), { SITE_URL: c.baseUrl });
  const { wecom } = providers.apps;
  await apiJson(admin, 'PATCH', setting('wecom'), {
    AUTH_WECOM: true,
    WECOM_CORPID: wecom.id,
    WECOM_AGENTID: wecom.agentId,
    WECOM_SECRET: wecom.secret,
  });
  await apiJson(admin, 'PATCH', setting('alibaba'), {
    ALIBABA_ACCESS_KEY_ID: providers.sms.alibaba.id,
    ALIBABA_ACCESS_KEY_SECRET: providers.sms.alibaba.secret,
    ALIBABA_VERIFY_SIGN_NAME: 'Bastion',
    ALIBABA_VERIFY_TEMPLATE_CODE: 'SMS_0001',
  });
  await apiJson(admin, 'PATCH', setting('sms'), { SMS_ENABLED: true, SMS_BACKEND: 'alibaba' });
});

afterAll(async () => {
  await c?.close();
  await providers?.close();
});

/** The username the browser's session belongs to, as the console's own profile call answers it. */
const signedInAs = (page: Awaited<ReturnType<typeof newPage>>) =>
  page.evaluate(async () => {
    const answer = await fetch('/api/v1/users/profile/');
    return answer.ok ? ((await answer.json()) as { username: string }).username : `HTTP ${answer.status}`;
  });

describe('signing in through the providers', () => {
  it('a user bound to WeCom signs in by its QR page', async () => {
    const wendy = await c.createUser(WENDY);
    expect(await bindImId(c.db, wendy.id, 'wecom', 'wendy-at-wecom')).toBe(true);
    providers.scanAs('wecom', 'wendy-at-wecom');
    // The provider's page has the tests' throw-away certificate; the console itself is plain http.
    const page = await newPage(c, 'en', { ignoreHTTPSErrors: true });
    await page.goto(`${c.baseUrl}/ui/`);
    await page.waitForURL((url) => url.pathname === '/core/auth/login/');
    const wecomButton = page.locator('[data-testid="login-source-wecom"]');
    expect(await wecomButton.textContent()).toBe('WeCom');
    await Promise.all([page.waitForURL((url) => url.pathname.startsWith('/ui/')), wecomButton.click()]);
    await page.locator('[data-testid="shell"]').waitFor();
    expect(await signedInAs(page)).toBe('wendy');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('a user takes a code by text message at the MFA step and signs in with it', async () => {
    const sam = await c.createUser(SAM);
    await bindOtpSecret(c, sam.id, newOtpSecret());
    await updateOwnProfile(c.db, sam.id, { phone: '13912345678' });
    const page = await newPage(c);
    await page.goto(`${c.baseUrl}/ui/`);
    await page.waitForURL((url) => url.pathname === '/core/auth/login/');
    await page.fill('#username', SAM.username);
    await page.fill('#password', SAM.password);
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/core/auth/login/mfa/'),
      page.click('button[type=submit]'),
    ]);
    const send = page.locator('[data-testid="mfa-send-code"]');
    expect(await send.isVisible()).toBe(false);
    await page.click('[data-testid="mfa-method-sms"]');
    expect(await page.textContent('[data-testid="mfa-sms-notice"]')).toBe(
      'A code will be sent by text message to 139****5678.',
    );
    const before = providers.received.sms.length;
    await send.click();
    // Sent: the page says so and the button waits out the cool-down.
    await expect
      .poll(() => page.textContent('[data-testid="mfa-sms-notice"]'))
      .toBe('A code was sent to 139****5678. It is valid for 5 minutes.');
    expect(await send.isDisabled()).toBe(true);
    expect(await send.textContent()).toMatch(/^Send again \(\d+ s\)$/);
    const message = providers.received.sms.slice(before).find((sms) => sms.phone === '13912345678');
    expect(message?.code).toMatch(/^\d{6}$/);

    await page.fill('[data-testid="mfa-code"]', String(message?.code));
    await Promise.all([
      page.waitForURL((url) => url.pathname.startsWith('/ui/')),
      page.click('[data-testid="mfa-submit"]'),
    ]);
    await page.locator('[data-testid="shell"]').waitFor();
    expect(await signedInAs(page)).toBe('sam');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
