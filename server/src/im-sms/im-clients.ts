import type { Language } from '../engine/declaration';
import { providerJson, refused } from './provider-request';

/** The three instant-messaging sources (docs/auth-im-sms.md). */
export const IM_SOURCES = ['wecom', 'dingtalk', 'feishu'] as const;
export type ImSource = (typeof IM_SOURCES)[number];

export const IM_NAMES: Record<ImSource, string> = { wecom: 'WeCom', dingtalk: 'DingTalk', feishu: 'FeiShu' };

/** The providers' documented API hosts (HTTPS only). */
export const IM_API_BASE: Record<ImSource, string> = {
  wecom: 'https://qyapi.weixin.qq.com',
  dingtalk: 'https://oapi.dingtalk.com',
  feishu: 'https://open.feishu.cn',
};

export interface ImCredentials {
  /** WeCom corp id, DingTalk app key, FeiShu app id. */
  id: string;
  secret: string;
}

/**
 * An access token of the application, as each provider documents it; the Test button asks for one, since
 * a token is issued only to the right id and secret. Resolves to the token or throws a ProviderError.
 *  - WeCom: GET /cgi-bin/gettoken?corpid&corpsecret → {errcode, errmsg, access_token}
 *  - DingTalk: GET /gettoken?appkey&appsecret → {errcode, errmsg, access_token}
 *  - FeiShu: POST /open-apis/auth/v3/tenant_access_token/internal {app_id, app_secret} → {code, msg, tenant_access_token}
 */
export async function imAccessToken(
  source: ImSource,
  credentials: ImCredentials,
  lang: Language,
  base: string = IM_API_BASE[source],
): Promise<string> {
  const provider = IM_NAMES[source];
  if (source === 'feishu') {
    const { body } = await providerJson({
      provider,
      lang,
      url: `${base}/open-apis/auth/v3/tenant_access_token/internal`,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ app_id: credentials.id, app_secret: credentials.secret }),
      },
    });
    if (body.code !== 0 || typeof body.tenant_access_token !== 'string')
      throw refused(provider, body.msg ?? body.code, lang);
    return body.tenant_access_token;
  }
  const query =
    source === 'wecom'
      ? new URLSearchParams({ corpid: credentials.id, corpsecret: credentials.secret })
      : new URLSearchParams({ appkey: credentials.id, appsecret: credentials.secret });
  const path = source === 'wecom' ? '/cgi-bin/gettoken' : '/gettoken';
  const { body } = await providerJson({ provider, lang, url: `${base}${path}?${query.toString()}` });
  if (body.errcode !== 0 || typeof body.access_token !== 'string')
    throw refused(provider, body.errmsg ?? body.errcode, lang);
  return body.access_token;
}
