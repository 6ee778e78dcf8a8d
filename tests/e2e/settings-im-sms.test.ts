// The WeCom tab and the SMS page as an administrator uses them (docs/auth-im-sms.md): save, reload, see the
// values (secrets blank), and the Test button's plain answer — the providers cannot be reached from here.
import { describe, expect, it } from 'vitest';
import { consoleForFile, signedInPage } from './harness';

const c = consoleForFile();

describe('IM and SMS settings', () => {
  it('an admin saves the WeCom form, reloads it, and tests it', async () => {
    const admin = await signedInPage(c);
    await admin.goto(`${c.baseUrl}/ui/settings/auth/wecom`);
    const form = admin.locator('[data-testid="settings-form-wecom"]');
    await form.waitFor();
    // The switch cannot go on while the fields it needs are empty: the form keeps what was typed.
    await form.locator('#setting-WECOM_CORPID').fill('ww-corp-e2e');
    await form.locator('[data-testid="setting-AUTH_WECOM"]').click();
    await form.locator('[data-testid="settings-submit"]').click();
    await expect
      .poll(() => form.locator('[data-testid="setting-error-WECOM_SECRET"]').textContent())
      .toBe('Required while AUTH_WECOM is on.');
    expect(await form.locator('#setting-WECOM_CORPID').inputValue()).toBe('ww-corp-e2e');

    await form.locator('#setting-WECOM_AGENTID').fill('1000002');
    await form.locator('#setting-WECOM_SECRET').fill('wecom-e2e-secret');
    await form.locator('[data-testid="settings-submit"]').click();
    await form.locator('[data-testid="settings-saved"]').waitFor();

    await admin.reload();
    const reloaded = admin.locator('[data-testid="settings-form-wecom"]');
    await reloaded.waitFor();
    expect(await reloaded.locator('#setting-WECOM_CORPID').inputValue()).toBe('ww-corp-e2e');
    expect(await reloaded.locator('#setting-WECOM_AGENTID').inputValue()).toBe('1000002');
    expect(await reloaded.locator('#setting-WECOM_SECRET').inputValue()).toBe('');
    expect(await reloaded.locator('[data-testid="setting-AUTH_WECOM"] input').isChecked()).toBe(true);

    await reloaded.locator('[data-testid="provider-test-button-wecom"]').click();
    const result = reloaded.locator('[data-testid="provider-test-result-wecom"]');
    await result.waitFor();
    expect(await result.textContent()).toMatch(/^Cannot reach WeCom at qyapi\.weixin\.qq\.com: /);
    expect(admin.errors).toEqual([]);
  });

  it('an admin saves the SMS switch and the Alibaba keys, reloads, and tests them', async () => {
    const admin = await signedInPage(c);
    await admin.goto(`${c.baseUrl}/ui/settings/sms`);
    const alibaba = admin.locator('[data-testid="settings-form-alibaba"]');
    await alibaba.waitFor();
    await alibaba.locator('#setting-ALIBABA_ACCESS_KEY_ID').fill('LTAI-e2e');
    await alibaba.locator('#setting-ALIBABA_ACCESS_KEY_SECRET').fill('alibaba-e2e-secret');
    await alibaba.locator('#setting-ALIBABA_VERIFY_SIGN_NAME').fill('Bastion');
    await alibaba.locator('#setting-ALIBABA_VERIFY_TEMPLATE_CODE').fill('SMS_0001');
    await alibaba.locator('#setting-SMS_TEST_PHONE').fill('13800000000');
    await alibaba.locator('[data-testid="settings-submit"]').click();
    await alibaba.locator('[data-testid="settings-saved"]').waitFor();

    const sms = admin.locator('[data-testid="settings-form-sms"]');
    await sms.locator('[data-testid="setting-SMS_ENABLED"]').click();
    await sms.locator('[data-testid="settings-submit"]').click();
    await sms.locator('[data-testid="settings-saved"]').waitFor();

    await admin.reload();
    const again = admin.locator('[data-testid="settings-form-alibaba"]');
    await again.waitFor();
    expect(await again.locator('#setting-ALIBABA_ACCESS_KEY_ID').inputValue()).toBe('LTAI-e2e');
    expect(await again.locator('#setting-ALIBABA_ACCESS_KEY_SECRET').inputValue()).toBe('');
    expect(await again.locator('#setting-SMS_TEST_PHONE').inputValue()).toBe('13800000000');
    const switchOn = admin.locator(
      '[data-testid="settings-form-sms"] [data-testid="setting-SMS_ENABLED"] input',
    );
    expect(await switchOn.isChecked()).toBe(true);

    await again.locator('[data-testid="provider-test-button-alibaba"]').click();
    const result = again.locator('[data-testid="provider-test-result-alibaba"]');
    await result.waitFor();
    expect(await result.textContent()).toMatch(
      /^Cannot reach Alibaba Cloud SMS at dysmsapi\.aliyuncs\.com: /,
    );
    expect(admin.errors).toEqual([]);
  });
});
