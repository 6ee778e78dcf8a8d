import crypto from 'node:crypto';
import type { SMS_BACKENDS } from '../settings/settings-catalogue';
import type { ProviderAt } from './im-clients';
import { providerJson, providerUrl, refused } from './provider-request';

export type SmsBackend = (typeof SMS_BACKENDS)[number];

export interface SmsMessage {
  phone: string;
  /** The verification code the template shows. */
  code: string;
}

export interface AlibabaSms {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
}

export interface TencentSms {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateCode: string;
}

export const SMS_API_BASE: Record<SmsBackend, string> = {
  alibaba: 'https://dysmsapi.aliyuncs.com',
  tencent: 'https://sms.tencentcloudapi.com',
};

/** RFC 3986 encoding as Alibaba Cloud's RPC signature wants it (encodeURIComponent leaves !'()* alone). */
const percent = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Alibaba Cloud SMS `SendSms` (API version 2017-05-25), signed with the documented RPC signature:
 * HMAC-SHA1 over `GET&%2F&<sorted, encoded query>` keyed by `<secret>&`. Answer `{Code: "OK", …}`.
 */
export async function sendAlibabaSms(keys: AlibabaSms, message: SmsMessage, at: ProviderAt): Promise<void> {
  const base = SMS_API_BASE.alibaba;
  const params: Record<string, string> = {
    AccessKeyId: keys.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: message.phone,
    RegionId: 'cn-hangzhou',
    SignName: keys.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: crypto.randomUUID(),
    SignatureVersion: '1.0',
    TemplateCode: keys.templateCode,
    TemplateParam: JSON.stringify({ code: message.code }),
    Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
  };
  const query = Object.keys(params)
    .sort()
    .map((key) => `${percent(key)}=${percent(params[key] ?? '')}`)
    .join('&');
  const signature = crypto
    .createHmac('sha1', `${keys.accessKeySecret}&`)
    .update(`GET&${percent('/')}&${percent(query)}`)
    .digest('base64');
  const { body } = await providerJson({
    provider: 'Alibaba Cloud SMS',
    ...at,
    url: `${base}/?Signature=${percent(signature)}&${query}`,
  });
  if (body.Code !== 'OK') throw refused('Alibaba Cloud SMS', body.Message ?? body.Code, at.lang);
}

const sha256 = (text: string): string => crypto.createHash('sha256').update(text).digest('hex');
const hmac = (key: crypto.BinaryLike, text: string): Buffer =>
  crypto.createHmac('sha256', key).update(text).digest();

/**
 * Tencent Cloud SMS `SendSms` (API version 2021-01-11), signed with TC3-HMAC-SHA256 as documented: a
 * canonical request of the POST, its content-type and host, hashed into a string to sign under a key
 * derived from the secret, the date and the service. Answer `{Response: {SendStatusSet: [{Code: "Ok"}]}}`.
 */
export async function sendTencentSms(keys: TencentSms, message: SmsMessage, at: ProviderAt): Promise<void> {
  const base = SMS_API_BASE.tencent;
  // Signed as the Host header the receiver sees: the replaced origin's when the deployment maps one.
  const host = new URL(providerUrl(base, at.reach)).host;
  const payload = JSON.stringify({
    PhoneNumberSet: [message.phone.startsWith('+') ? message.phone : `+86${message.phone}`],
    SmsSdkAppId: keys.sdkAppId,
    SignName: keys.signName,
    TemplateId: keys.templateCode,
    TemplateParamSet: [message.code],
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const contentType = 'application/json; charset=utf-8';
  const canonical = [
    'POST',
    '/',
    '',
    `content-type:${contentType}`,
    `host:${host}`,
    '',
    'content-type;host',
    sha256(payload),
  ].join('\n');
  const scope = `${date}/sms/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(timestamp), scope, sha256(canonical)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${keys.secretKey}`, date), 'sms'), 'tc3_request');
  const signature = crypto.createHmac('sha256', signingKey).update(toSign).digest('hex');
  const { body } = await providerJson({
    provider: 'Tencent Cloud SMS',
    ...at,
    url: `${base}/`,
    method: 'POST',
    headers: {
      authorization: `TC3-HMAC-SHA256 Credential=${keys.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`,
      'content-type': contentType,
      'x-tc-action': 'SendSms',
      'x-tc-timestamp': String(timestamp),
      'x-tc-version': '2021-01-11',
      'x-tc-region': 'ap-guangzhou',
    },
    body: payload,
  });
  const answer = (body.Response ?? {}) as {
    Error?: { Code?: string; Message?: string };
    SendStatusSet?: { Code?: string; Message?: string }[];
  };
  if (answer.Error) throw refused('Tencent Cloud SMS', answer.Error.Message ?? answer.Error.Code, at.lang);
  const status = answer.SendStatusSet?.[0];
  if (status?.Code !== 'Ok')
    throw refused('Tencent Cloud SMS', status?.Message ?? status?.Code ?? '?', at.lang);
}

/** A text message through `backend`, with the keys named as the settings name them (docs/auth-im-sms.md#settings). */
export function sendSmsWith(
  backend: SmsBackend,
  v: Readonly<Record<string, string | undefined>>,
  message: SmsMessage,
  at: ProviderAt,
): Promise<void> {
  if (backend === 'alibaba')
    return sendAlibabaSms(
      {
        accessKeyId: v.ALIBABA_ACCESS_KEY_ID ?? '',
        accessKeySecret: v.ALIBABA_ACCESS_KEY_SECRET ?? '',
        signName: v.ALIBABA_VERIFY_SIGN_NAME ?? '',
        templateCode: v.ALIBABA_VERIFY_TEMPLATE_CODE ?? '',
      },
      message,
      at,
    );
  return sendTencentSms(
    {
      secretId: v.TENCENT_SECRET_ID ?? '',
      secretKey: v.TENCENT_SECRET_KEY ?? '',
      sdkAppId: v.TENCENT_SDKAPPID ?? '',
      signName: v.TENCENT_VERIFY_SIGN_NAME ?? '',
      templateCode: v.TENCENT_VERIFY_TEMPLATE_CODE ?? '',
    },
    message,
    at,
  );
}
