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
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  const text =
    typeof cause?.message === 'string'
      ? cause.message
      : error instanceof Error
        ? error.message
        : String(error);
  return code && !text.includes(code) ? `${code} ${text}` : text;
}

export interface ProviderCall {
  provider: string;
  url: string;
  init?: RequestInit;
  lang: Language;
  timeoutMs?: number;
}

/**
 * One HTTPS call to a provider and its JSON answer. Node's fetch verifies the server's certificate against
 * the system's authorities and there is no switch to turn that off (an SMS code read by a man in the middle
 * is a sign-in stolen); it gives up after the time-out. Every failure is a ProviderError naming the host.
 */
export async function providerJson(
  call: ProviderCall,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const timeoutMs = call.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const host = new URL(call.url).host;
  let response: Response;
  try {
    response = await fetch(call.url, {
      ...call.init,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
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
    body = await response.json();
  } catch {
    body = null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ProviderError(
      providerMessage('badAnswer', call.lang, { provider: call.provider, status: response.status }),
    );
  return { status: response.status, body: body as Record<string, unknown> };
}

/** The provider's own refusal as a ProviderError. */
export const refused = (provider: string, error: unknown, lang: Language): ProviderError =>
  new ProviderError(providerMessage('refused', lang, { provider, error: String(error) }));
