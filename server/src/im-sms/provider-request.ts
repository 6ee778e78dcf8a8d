import https from 'node:https';
import tls from 'node:tls';
import type { ServerConfig } from '../config';
import type { Language } from '../engine/declaration';
import { messageCatalogue } from '../http/message-catalogue';

export const providerMessage = messageCatalogue({
  unreachable: {
    en: 'Cannot reach {provider} at {host}: {error}',
    zh: '无法连接 {provider}（{host}）：{error}',
    ja: '{provider}（{host}）に接続できません: {error}',
  },
  refused: {
    en: '{provider} refused the request: {error}',
    zh: '{provider} 拒绝了请求：{error}',
    ja: '{provider} が要求を拒否しました: {error}',
  },
  badAnswer: {
    en: '{provider} answered something this server does not understand (HTTP {status}).',
    zh: '{provider} 返回了无法识别的应答（HTTP {status}）。',
    ja: '{provider} から理解できない応答がありました（HTTP {status}）。',
  },
  timedOut: {
    en: 'no answer within {seconds} s',
    zh: '{seconds} 秒内无应答',
    ja: '{seconds} 秒以内に応答がありません',
  },
  notConfigured: {
    en: 'Fill in {fields} first.',
    zh: '请先填写 {fields}。',
    ja: '先に {fields} を入力してください。',
  },
  testSuccess: { en: 'Test success', zh: '测试成功', ja: 'テスト成功' },
  phoneRequired: {
    en: 'Enter the phone number to send the test message to.',
    zh: '请输入接收测试短信的手机号。',
    ja: 'テストメッセージの送信先電話番号を入力してください。',
  },
});

/** A provider's failure, already in the user's language: the routes answer it as a 400, never a 500. */
export class ProviderError extends Error {}

/** How long a provider may take before the call is given up (docs/auth-im-sms.md#reaching-the-providers). */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** The network error's own words: its code (ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED…) and message. */
function describeNetworkError(error: unknown, lang: Language, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return providerMessage('timedOut', lang, { seconds: Math.round(timeoutMs / 1000) });
  const code =
    typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : '';
  const text = error instanceof Error ? error.message : String(error);
  return code && !text.includes(code) ? `${code} ${text}` : text;
}

/**
 * How this deployment reaches the providers (docs/auth-im-sms.md#reaching-the-providers): the origins
 * BASTION_PROVIDER_ORIGINS puts in place of a provider's public host, and BASTION_TLS_CA_FILE's authorities
 * trusted beside the system's.
 */
export interface ProviderReach {
  origins: Readonly<Record<string, string>>;
  ca: string | null;
}

export const providerReach = (config: ServerConfig): ProviderReach => ({
  origins: config.providerOrigins ?? {},
  ca: config.outboundCa ?? null,
});

/** The public internet as it is: no replaced origin, the system's authorities. */
export const DIRECT_REACH: ProviderReach = { origins: {}, ca: null };

/** A provider URL as this deployment reaches it: its origin replaced when BASTION_PROVIDER_ORIGINS names the host. */
export function providerUrl(url: string, reach: ProviderReach): string {
  const parsed = new URL(url);
  const target = reach.origins[parsed.hostname.toLowerCase()];
  return target === undefined ? url : `${target}${parsed.pathname}${parsed.search}`;
}

export interface ProviderCall {
  provider: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  lang: Language;
  reach: ProviderReach;
  timeoutMs?: number;
}

/** One HTTPS exchange; resolves with the status and the text of the answer (redirects are not followed). */
function httpsExchange(
  url: string,
  call: ProviderCall,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: call.method ?? 'GET',
        headers: { accept: 'application/json', ...call.headers },
        // Beside the system's authorities, never instead of verification (there is no switch to turn it off).
        ...(call.reach.ca ? { ca: [...tls.rootCertificates, call.reach.ca] } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(call.body);
  });
}

/**
 * One HTTPS call to a provider and its JSON answer. The server's certificate is verified against the
 * system's authorities (and BASTION_TLS_CA_FILE's) and there is no switch to turn that off (an SMS code
 * read by a man in the middle is a sign-in stolen); it gives up after the time-out. Every failure is a
 * ProviderError naming the host.
 */
export async function providerJson(
  call: ProviderCall,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const timeoutMs = call.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const url = providerUrl(call.url, call.reach);
  const host = new URL(url).host;
  let answer: { status: number; text: string };
  try {
    if (!url.startsWith('https:')) throw new Error('HTTPS only');
    answer = await httpsExchange(url, call, timeoutMs);
  } catch (error) {
    throw new ProviderError(
      providerMessage('unreachable', call.lang, {
        provider: call.provider,
        host,
        error: describeNetworkError(error, call.lang, timeoutMs),
      }),
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    body = null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ProviderError(
      providerMessage('badAnswer', call.lang, { provider: call.provider, status: answer.status }),
    );
  return { status: answer.status, body: body as Record<string, unknown> };
}

/** The provider's own refusal as a ProviderError. */
export const refused = (provider: string, error: unknown, lang: Language): ProviderError =>
  new ProviderError(providerMessage('refused', lang, { provider, error: String(error) }));
