// WeCom, DingTalk, FeiShu and SMS settings (docs/auth-im-sms.md): per-field validation, the switches that
// need their fields, write-only secrets, permissions, and the Test buttons' plain answer when the provider
// cannot be reached (only loopback is reachable from the test machine).
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throwAwayCertificate } from '../support/test-certificate.mjs';
import { imAccessToken } from '../../server/src/im-sms/im-clients';
import { ProviderError } from '../../server/src/im-sms/provider-request';
import { startTestServer, type Client, type TestServer } from './harness';
import { adminAndPlainUser, call } from './identity-helpers';

const url = (category: string) => `/api/v1/settings/setting/?category=${category}`;
const testing = (category: string) => `/api/v1/settings/${category}/testing/`;

describe('IM sources and SMS settings', () => {
  let server: TestServer;
  let admin: Client;
  let carol: Client;

  beforeAll(async () => {
    server = await startTestServer();
    ({ admin, carol } = await adminAndPlainUser(server));
    carol.cookies.set('django_language', 'en');
  });

  afterAll(async () => {
    await server?.close();
  });

  it('keeps every category to its permission', async () => {
    for (const category of ['wecom', 'dingtalk', 'feishu', 'sms', 'alibaba', 'tencent']) {
      expect((await call(carol, 'GET', url(category))).status).toBe(403);
      expect((await call(carol, 'PATCH', url(category), {})).status).toBe(403);
      expect((await call(admin, 'GET', url(category))).status).toBe(200);
    }
    for (const category of ['wecom', 'dingtalk', 'feishu', 'alibaba', 'tencent'])
      expect((await call(carol, 'POST', testing(category), {})).status).toBe(403);
  });

  it('refuses a switch turned on while its fields are empty, and bad values field by field', async () => {
    const on = await call<Record<string, string[]>>(admin, 'PATCH', url('wecom'), {
      AUTH_WECOM: true,
      WECOM_CORPID: 'ww-corp',
    });
    expect(on.status).toBe(400);
    expect(on.body).toEqual({
      WECOM_AGENTID: ['Required while AUTH_WECOM is on.'],
      WECOM_SECRET: ['Required while AUTH_WECOM is on.'],
    });
    // Nothing of the refused request was saved.
    expect((await call<Record<string, unknown>>(admin, 'GET', url('wecom'))).body).toMatchObject({
      AUTH_WECOM: false,
      WECOM_CORPID: '',
    });
    const bad = await call<Record<string, string[]>>(admin, 'PATCH', url('feishu'), {
      AUTH_FEISHU: 'yes',
      FEISHU_APP_ID: 'x'.repeat(300),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['AUTH_FEISHU', 'FEISHU_APP_ID']);
    const backend = await call<Record<string, string[]>>(admin, 'PATCH', url('sms'), {
      SMS_BACKEND: 'carrier-pigeon',
    });
    expect(backend.status).toBe(400);
    expect(backend.body.SMS_BACKEND?.[0]).toContain('carrier-pigeon');
    expect((await call(admin, 'PUT', url('dingtalk'), { AUTH_DINGTALK: false })).status).toBe(400);
  });

  it('saves the ids, never answers the secret, and keeps it when the form sends a blank', async () => {
    const saved = await call<Record<string, unknown>>(admin, 'PATCH', url('wecom'), {
      AUTH_WECOM: true,
      WECOM_CORPID: 'ww-corp',
      WECOM_AGENTID: '1000002',
      WECOM_SECRET: 'wecom-very-secret',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ AUTH_WECOM: true, WECOM_CORPID: 'ww-corp', WECOM_AGENTID: '1000002' });
    // The switch stays on with a blank secret in the form: the saved one counts.
    expect((await call(admin, 'PATCH', url('wecom'), { AUTH_WECOM: true, WECOM_SECRET: '' })).status).toBe(
      200,
    );
    const again = await call(admin, 'GET', url('wecom'));
    expect(JSON.stringify(again.body)).not.toContain('wecom-very-secret');
    const sms = await call<Record<string, unknown>>(admin, 'PATCH', url('tencent'), {
      SMS_TEST_PHONE: '13800000000',
      TENCENT_SECRET_ID: 'AKID-test',
      TENCENT_SECRET_KEY: 'tencent-very-secret',
      TENCENT_SDKAPPID: '1400000000',
      TENCENT_VERIFY_SIGN_NAME: 'Bastion',
      TENCENT_VERIFY_TEMPLATE_CODE: '123456',
    });
    expect(sms.status).toBe(200);
    expect(sms.body).not.toHaveProperty('TENCENT_SECRET_KEY');
    // SMS goes on only once the chosen provider's keys are saved: Alibaba's are not.
    const noKeys = await call<Record<string, string[]>>(admin, 'PATCH', url('sms'), {
      SMS_ENABLED: true,
      SMS_BACKEND: 'alibaba',
    });
    expect(noKeys.status).toBe(400);
    expect(noKeys.body.ALIBABA_ACCESS_KEY_ID).toEqual(['Required while SMS_ENABLED is on.']);
    expect(
      (await call(admin, 'PATCH', url('sms'), { SMS_ENABLED: true, SMS_BACKEND: 'tencent' })).status,
    ).toBe(200);
    expect(server.logLines.join('\n')).not.toContain('very-secret');
  });

  it('tests each source against its real endpoint and says plainly that it cannot be reached', async () => {
    const answers = await Promise.all(
      ['wecom', 'tencent'].map((category) =>
        call<{ error?: string; msg?: string }>(admin, 'POST', testing(category), {}),
      ),
    );
    const [wecom, tencent] = answers;
    expect(wecom?.status).toBe(400);
    expect(wecom?.body.error).toMatch(/^Cannot reach WeCom at qyapi\.weixin\.qq\.com: /);
    expect(tencent?.status).toBe(400);
    expect(tencent?.body.error).toMatch(/^Cannot reach Tencent Cloud SMS at sms\.tencentcloudapi\.com: /);
    // What is missing is named before any call; the form's values count over the saved ones.
    const dingtalk = await call<{ error?: string }>(admin, 'POST', testing('dingtalk'), {
      DINGTALK_APPKEY: 'key',
    });
    expect(dingtalk.status).toBe(400);
    expect(dingtalk.body.error).toBe('Fill in DINGTALK_AGENTID, DINGTALK_APPSECRET first.');
    const alibaba = await call<{ error?: string }>(admin, 'POST', testing('alibaba'), { SMS_TEST_PHONE: '' });
    expect(alibaba.body.error).toBe('Enter the phone number to send the test message to.');
    const feishu = await call<{ error?: string }>(admin, 'POST', testing('feishu'), {
      FEISHU_APP_ID: 'cli_x',
      FEISHU_APP_SECRET: 'x',
    });
    expect(feishu.status).toBe(400);
    expect(feishu.body.error).toMatch(/^Cannot reach FeiShu at open\.feishu\.cn: /);
  });

  it('refuses a provider whose TLS certificate is not trusted (no way to turn verification off)', async () => {
    const { key, cert } = throwAwayCertificate();
    let called = false;
    const fake = https.createServer({ key, cert }, (_request, response) => {
      called = true;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ errcode: 0, access_token: 'stolen' }));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    try {
      const base = `https://127.0.0.1:${(fake.address() as AddressInfo).port}`;
      const reach = { origins: { 'qyapi.weixin.qq.com': base }, ca: null };
      const failure = await imAccessToken('wecom', { id: 'ww', secret: 's' }, { lang: 'en', reach }).catch(
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(ProviderError);
      expect(String((failure as Error).message)).toMatch(
        /^Cannot reach WeCom at 127\.0\.0\.1:\d+: .*(certificate|CERT)/i,
      );
      expect(called).toBe(false);
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
  });

  it('does not let a user claim an IM identity through the profile', async () => {
    const patched = await call<Record<string, unknown>>(carol, 'PATCH', '/api/v1/users/profile/', {
      wecom_id: 'boss',
      dingtalk_id: 'boss',
      feishu_id: 'boss',
    });
    expect(patched.status).toBeLessThan(500);
    const profile = await call<Record<string, unknown>>(carol, 'GET', '/api/v1/users/profile/');
    expect(profile.body).toMatchObject({ wecom_id: null, dingtalk_id: null, feishu_id: null });
  });
});
