import crypto from 'node:crypto';
import type { Language } from '../engine/declaration';
import { providerJson, refused, type ProviderReach } from './provider-request';

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

/** Where the browser scans the QR code (each provider's documented web sign-in page). */
export const IM_QR_PAGE: Record<ImSource, string> = {
  wecom: 'https://open.work.weixin.qq.com/wwopen/sso/qrConnect',
  dingtalk: 'https://oapi.dingtalk.com/connect/qrconnect',
  feishu: 'https://open.feishu.cn/open-apis/authen/v1/index',
};

export interface ImCredentials {
  /** WeCom corp id, DingTalk app key, FeiShu app id. */
  id: string;
  /** WeCom and DingTalk agent id (unused by FeiShu). */
  agentId?: string;
  secret: string;
}

/** Who calls and how: the user's language for messages, the deployment's way to the provider. */
export interface ProviderAt {
  lang: Language;
  reach: ProviderReach;
}

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/** The provider's page the browser is sent to, with our callback and the flow's `state`. */
export function imQrPageUrl(
  source: ImSource,
  credentials: ImCredentials,
  redirectUri: string,
  state: string,
): string {
  const url = new URL(IM_QR_PAGE[source]);
  const params: Record<string, string> =
    source === 'wecom'
      ? { appid: credentials.id, agentid: credentials.agentId ?? '', redirect_uri: redirectUri, state }
      : source === 'dingtalk'
        ? {
            appid: credentials.id,
            response_type: 'code',
            scope: 'snsapi_login',
            redirect_uri: redirectUri,
            state,
          }
        : { app_id: credentials.id, redirect_uri: redirectUri, state };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}

/** A WeCom/DingTalk answer: `errcode` 0 or the provider's refusal. */
function checkErr(source: ImSource, body: Record<string, unknown>, lang: Language): void {
  if (body.errcode !== 0) throw refused(IM_NAMES[source], body.errmsg ?? body.errcode, lang);
}

/** A FeiShu answer: `code` 0 or the provider's refusal. */
function checkFeishu(body: Record<string, unknown>, lang: Language): void {
  if (body.code !== 0) throw refused('FeiShu', body.msg ?? body.code, lang);
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
  at: ProviderAt,
): Promise<string> {
  const provider = IM_NAMES[source];
  const base = IM_API_BASE[source];
  if (source === 'feishu') {
    const { body } = await providerJson({
      provider,
      ...at,
      url: `${base}/open-apis/auth/v3/tenant_access_token/internal`,
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ app_id: credentials.id, app_secret: credentials.secret }),
    });
    checkFeishu(body, at.lang);
    if (typeof body.tenant_access_token !== 'string') throw refused(provider, 'no token', at.lang);
    return body.tenant_access_token;
  }
  const query =
    source === 'wecom'
      ? new URLSearchParams({ corpid: credentials.id, corpsecret: credentials.secret })
      : new URLSearchParams({ appkey: credentials.id, appsecret: credentials.secret });
  const path = source === 'wecom' ? '/cgi-bin/gettoken' : '/gettoken';
  const { body } = await providerJson({ provider, ...at, url: `${base}${path}?${query.toString()}` });
  checkErr(source, body, at.lang);
  if (typeof body.access_token !== 'string') throw refused(provider, 'no token', at.lang);
  return body.access_token;
}

const nonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * The provider's user id of the person who scanned the QR code, from the one-time `code` the provider sent
 * back (docs/auth-im-sms.md#qr-sign-in-and-binding):
 *  - WeCom: GET /cgi-bin/user/getuserinfo?access_token&code → {errcode, UserId}
 *  - DingTalk: POST /sns/getuserinfo_bycode?accessKey&timestamp&signature {tmp_auth_code} → {user_info: {unionid}},
 *    the signature being HMAC-SHA256 of the timestamp under the app secret; then
 *    POST /topapi/user/getbyunionid?access_token {unionid} → {result: {userid}}
 *  - FeiShu: POST /open-apis/auth/v3/app_access_token/internal, then POST /open-apis/authen/v1/access_token
 *    {grant_type: authorization_code, code} with the app token → {data: {user_id}}
 */
export async function imUserIdByCode(
  source: ImSource,
  credentials: ImCredentials,
  code: string,
  at: ProviderAt,
): Promise<string> {
  const provider = IM_NAMES[source];
  const base = IM_API_BASE[source];
  if (source === 'wecom') {
    const token = await imAccessToken(source, credentials, at);
    const query = new URLSearchParams({ access_token: token, code });
    const { body } = await providerJson({
      provider,
      ...at,
      url: `${base}/cgi-bin/user/getuserinfo?${query}`,
    });
    checkErr(source, body, at.lang);
    if (!nonEmptyString(body.UserId)) throw refused(provider, 'not a member of the corporation', at.lang);
    return body.UserId;
  }
  if (source === 'dingtalk') {
    const timestamp = String(Date.now());
    const signature = crypto.createHmac('sha256', credentials.secret).update(timestamp).digest('base64');
    const query = new URLSearchParams({ accessKey: credentials.id, timestamp, signature });
    const { body } = await providerJson({
      provider,
      ...at,
      url: `${base}/sns/getuserinfo_bycode?${query}`,
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ tmp_auth_code: code }),
    });
    checkErr(source, body, at.lang);
    const unionid = (body.user_info as { unionid?: unknown } | undefined)?.unionid;
    if (!nonEmptyString(unionid)) throw refused(provider, 'no unionid', at.lang);
    const token = await imAccessToken(source, credentials, at);
    const found = await providerJson({
      provider,
      ...at,
      url: `${base}/topapi/user/getbyunionid?${new URLSearchParams({ access_token: token })}`,
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ unionid }),
    });
    checkErr(source, found.body, at.lang);
    const userid = (found.body.result as { userid?: unknown } | undefined)?.userid;
    if (!nonEmptyString(userid)) throw refused(provider, 'not a member of the organization', at.lang);
    return userid;
  }
  const app = await providerJson({
    provider,
    ...at,
    url: `${base}/open-apis/auth/v3/app_access_token/internal`,
    method: 'POST',
    headers: JSON_TYPE,
    body: JSON.stringify({ app_id: credentials.id, app_secret: credentials.secret }),
  });
  checkFeishu(app.body, at.lang);
  if (!nonEmptyString(app.body.app_access_token)) throw refused(provider, 'no token', at.lang);
  const { body } = await providerJson({
    provider,
    ...at,
    url: `${base}/open-apis/authen/v1/access_token`,
    method: 'POST',
    headers: { ...JSON_TYPE, authorization: `Bearer ${app.body.app_access_token}` },
    body: JSON.stringify({ grant_type: 'authorization_code', code }),
  });
  checkFeishu(body, at.lang);
  const userId = (body.data as { user_id?: unknown } | undefined)?.user_id;
  if (!nonEmptyString(userId)) throw refused(provider, 'no user_id', at.lang);
  return userId;
}

/**
 * A text message to users of the organization, by their provider user ids, through the application:
 *  - WeCom: POST /cgi-bin/message/send?access_token {touser: "a|b", msgtype: text, agentid, text: {content}}
 *  - DingTalk: POST /topapi/message/corpconversation/asyncsend_v2?access_token
 *    {agent_id, userid_list: "a,b", msg: {msgtype: text, text: {content}}}
 *  - FeiShu: POST /open-apis/message/v4/batch_send/ with the tenant token {user_ids, msg_type: text, content: {text}}
 */
export async function sendImText(
  source: ImSource,
  credentials: ImCredentials,
  imIds: readonly string[],
  text: string,
  at: ProviderAt,
): Promise<void> {
  const provider = IM_NAMES[source];
  const base = IM_API_BASE[source];
  const token = await imAccessToken(source, credentials, at);
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    providerJson({
      provider,
      ...at,
      url,
      method: 'POST',
      headers: { ...JSON_TYPE, ...headers },
      body: JSON.stringify(payload),
    });
  const withToken = (path: string) => `${base}${path}?${new URLSearchParams({ access_token: token })}`;
  if (source === 'wecom') {
    const { body } = await post(withToken('/cgi-bin/message/send'), {
      touser: imIds.join('|'),
      msgtype: 'text',
      agentid: Number(credentials.agentId),
      text: { content: text },
    });
    return checkErr(source, body, at.lang);
  }
  if (source === 'dingtalk') {
    const { body } = await post(withToken('/topapi/message/corpconversation/asyncsend_v2'), {
      agent_id: Number(credentials.agentId),
      userid_list: imIds.join(','),
      msg: { msgtype: 'text', text: { content: text } },
    });
    return checkErr(source, body, at.lang);
  }
  const { body } = await post(
    `${base}/open-apis/message/v4/batch_send/`,
    { user_ids: imIds, msg_type: 'text', content: { text } },
    { authorization: `Bearer ${token}` },
  );
  checkFeishu(body, at.lang);
}
