// The Test buttons against the tests' loopback providers (tests/support/im-providers.mjs), reached through
// BASTION_PROVIDER_ORIGINS with their certificate trusted through BASTION_TLS_CA_FILE
// (docs/auth-im-sms.md#reaching-the-providers): success, the provider's refusal, signatures checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProviderOrigins } from '../../server/src/config';
import { startImProviders, type TestImProviders } from '../support/im-providers.mjs';
import { startTestServer, type Client, type TestServer } from './harness';
import { adminAndPlainUser, call } from './identity-helpers';

const testing = (category: string) => `/api/v1/settings/${category}/testing/`;

describe('IM and SMS providers reached through BASTION_PROVIDER_ORIGINS', () => {
  let providers: TestImProviders;
  let server: TestServer;
  let admin: Client;

  beforeAll(async () => {
    providers = await startImProviders();
    server = await startTestServer({ providerOrigins: providers.origins, outboundCa: providers.certificate });
    ({ admin } = await adminAndPlainUser(server));
    admin.cookies.set('django_language', 'en');
  });

  afterAll(async () => {
    await server?.close();
    await providers?.close();
  });

  it('gets a token from each IM provider with the right keys, and shows its refusal of wrong ones', async () => {
    const forms = {
      wecom: {
        WECOM_CORPID: providers.apps.wecom.id,
        WECOM_AGENTID: '1000002',
        WECOM_SECRET: 'wecom-secret',
      },
      dingtalk: {
        DINGTALK_APPKEY: providers.apps.dingtalk.id,
        DINGTALK_AGENTID: '2000003',
        DINGTALK_APPSECRET: 'dingtalk-secret',
      },
      feishu: { FEISHU_APP_ID: providers.apps.feishu.id, FEISHU_APP_SECRET: 'feishu-secret' },
    };
    for (const [source, form] of Object.entries(forms)) {
      const ok = await call<{ msg?: string; error?: string }>(admin, 'POST', testing(source), form);
      expect(ok.body).toEqual({ msg: 'Test success' });
    }
    const wrong = await call<{ error?: string }>(admin, 'POST', testing('wecom'), {
      ...forms.wecom,
      WECOM_SECRET: 'guess',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('WeCom refused the request: invalid credential');
    const feishu = await call<{ error?: string }>(admin, 'POST', testing('feishu'), {
      ...forms.feishu,
      FEISHU_APP_SECRET: 'guess',
    });
    expect(feishu.body.error).toBe('FeiShu refused the request: app secret invalid');
  });

  it('sends the test text signed as each SMS provider checks it, and shows a bad signature refused', async () => {
    const alibaba = {
      SMS_TEST_PHONE: '13800000001',
      ALIBABA_ACCESS_KEY_ID: providers.sms.alibaba.id,
      ALIBABA_ACCESS_KEY_SECRET: providers.sms.alibaba.secret,
      ALIBABA_VERIFY_SIGN_NAME: 'Bastion',
      ALIBABA_VERIFY_TEMPLATE_CODE: 'SMS_1',
    };
    expect((await call(admin, 'POST', testing('alibaba'), alibaba)).body).toEqual({ msg: 'Test success' });
    const tencent = {
      SMS_TEST_PHONE: '13800000002',
      TENCENT_SECRET_ID: providers.sms.tencent.id,
      TENCENT_SECRET_KEY: providers.sms.tencent.secret,
      TENCENT_SDKAPPID: '1400000000',
      TENCENT_VERIFY_SIGN_NAME: 'Bastion',
      TENCENT_VERIFY_TEMPLATE_CODE: '123',
    };
    expect((await call(admin, 'POST', testing('tencent'), tencent)).body).toEqual({ msg: 'Test success' });
    expect(providers.received.sms).toEqual([
      { backend: 'alibaba', phone: '13800000001', code: '666666' },
      { backend: 'tencent', phone: '13800000002', code: '666666' },
    ]);
    const badAli = await call<{ error?: string }>(admin, 'POST', testing('alibaba'), {
      ...alibaba,
      ALIBABA_ACCESS_KEY_SECRET: 'wrong',
    });
    expect(badAli.status).toBe(400);
    expect(badAli.body.error).toMatch(/^Alibaba Cloud SMS refused the request: Specified signature/);
    const badTc = await call<{ error?: string }>(admin, 'POST', testing('tencent'), {
      ...tencent,
      TENCENT_SECRET_KEY: 'wrong',
    });
    expect(badTc.body.error).toMatch(/^Tencent Cloud SMS refused the request: The provided credentials/);
    expect(providers.received.sms).toHaveLength(2);
  });

  it('takes the mapping only as https origins, each host once', () => {
    expect(
      parseProviderOrigins('qyapi.weixin.qq.com=https://127.0.0.1:8443/, open.feishu.cn=https://f.example/x'),
    ).toEqual({
      'qyapi.weixin.qq.com': 'https://127.0.0.1:8443',
      'open.feishu.cn': 'https://f.example/x',
    });
    expect(() => parseProviderOrigins('qyapi.weixin.qq.com=http://127.0.0.1:80')).toThrow(
      /BASTION_PROVIDER_ORIGINS/,
    );
    expect(() => parseProviderOrigins('a.example=https://x, a.example=https://y')).toThrow(/each host once/);
  });
});
