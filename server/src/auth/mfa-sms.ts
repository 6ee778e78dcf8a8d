import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { incrementFailure } from '../data/stores/login-failures';
import {
  claimSmsSend,
  findPendingSmsCode,
  setPendingSmsCode,
  spendPendingSmsCode,
} from '../data/stores/login-pending';
import type { UserRecord } from '../data/stores/users';
import type { Lang } from '../http/language';
import { messageCatalogue } from '../http/message-catalogue';
import { ProviderError, providerReach } from '../im-sms/provider-request';
import { sendSmsWith } from '../im-sms/sms-clients';
import { smsInForce } from '../im-sms/sms-settings';
import { countedMfaCheck, type OtpCheck } from './mfa-verify';
import { openSecret, sealSecret } from './secret-box';

/**
 * Codes by text message at the MFA step of a sign-in (docs/auth.md#codes-by-text-message): offered when SMS
 * is in force and the user has a phone number; six random digits sent through the SMS provider's verify
 * template, kept sealed with the pending sign-in, valid five minutes and once, compared in constant time;
 * sending limited per pending sign-in (a cool-down), per user and per client address.
 */

export const SMS_CODE_TTL_MS = 300_000;
export const SMS_COOL_DOWN_MS = 60_000;
/** Sends allowed within a window that restarts with each send (as the sign-in lock-out's counters). */
export const SMS_LIMITS = {
  perUser: { count: 5, minutes: 10 },
  perAddress: { count: 20, minutes: 10 },
} as const;

export const smsMessage = messageCatalogue({
  sent: {
    en: 'A code was sent to {phone}. It is valid for 5 minutes.',
    zh: '验证码已发送至 {phone}，5 分钟内有效。',
    ja: '{phone} にコードを送信しました。5 分間有効です。',
  },
  coolDown: {
    en: 'Wait {seconds} seconds before sending another code.',
    zh: '请等待 {seconds} 秒后再发送验证码。',
    ja: '次のコードを送信するまで {seconds} 秒お待ちください。',
  },
  userLimit: {
    en: 'Too many codes were sent for this account; try again in {minutes} minutes.',
    zh: '此账号发送的验证码过多，请 {minutes} 分钟后重试。',
    ja: 'このアカウントに送信したコードが多すぎます。{minutes} 分後にもう一度お試しください。',
  },
  addressLimit: {
    en: 'Too many codes were sent from this address; try again in {minutes} minutes.',
    zh: '此地址发送的验证码过多，请 {minutes} 分钟后重试。',
    ja: 'このアドレスから送信したコードが多すぎます。{minutes} 分後にもう一度お試しください。',
  },
  sendFailed: {
    en: 'The text message could not be sent; try again later or contact the administrator.',
    zh: '短信发送失败，请稍后重试或联系管理员。',
    ja: 'SMS を送信できませんでした。後でもう一度試すか、管理者に連絡してください。',
  },
  notOffered: {
    en: 'Codes by text message are not available for this sign-in.',
    zh: '此次登录不支持短信验证码。',
    ja: 'このサインインでは SMS のコードを使用できません。',
  },
  codeInvalid: {
    en: 'The code is wrong or has expired; check it or send a new one.',
    zh: '验证码错误或已过期，请检查或重新发送。',
    ja: 'コードが正しくないか期限切れです。確認するか、新しいコードを送信してください。',
  },
  signInExpired: {
    en: 'This sign-in has expired; sign in again.',
    zh: '此次登录已过期，请重新登录。',
    ja: 'このサインインは期限切れです。もう一度サインインしてください。',
  },
});

const codeBinding = (token: string): string =>
  `login-sms:${crypto.createHash('sha256').update(token).digest('hex')}`;

/** The user's phone number as the provider takes it (spaces and dashes dropped); '' for none. */
const phoneOf = (user: UserRecord): string => (user.phone ?? '').replace(/[\s-]/g, '');

/** Whether this user may take a code by text message now: SMS in force and a phone number on his account. */
export async function smsOffered(ctx: AppContext, user: UserRecord | null): Promise<boolean> {
  return user !== null && phoneOf(user) !== '' && (await smsInForce(ctx)) !== null;
}

/** The number as the page shows it: enough to recognise, not enough to learn it (138****5678). */
export function maskedPhone(user: UserRecord): string {
  const phone = phoneOf(user);
  if (phone.length >= 11) return `${phone.slice(0, phone.length - 8)}****${phone.slice(-4)}`;
  return `${'*'.repeat(Math.max(phone.length - 2, 0))}${phone.slice(-2)}`;
}

export type SmsSendOutcome =
  | { ok: true; message: string; coolDownSeconds: number }
  | { ok: false; status: 400 | 429; error: string; coolDownSeconds?: number };

/** Sends a new code of this pending sign-in to the user's phone, within the limits. */
export async function sendSmsCode(
  ctx: AppContext,
  log: FastifyBaseLogger,
  held: { token: string; user: UserRecord; address: string },
  lang: Lang,
): Promise<SmsSendOutcome> {
  const sms = await smsInForce(ctx);
  const phone = phoneOf(held.user);
  if (sms === null || phone === '') return { ok: false, status: 400, error: smsMessage('notOffered', lang) };
  const now = Date.now();
  const waitFor = async (): Promise<SmsSendOutcome> => {
    const last = (await findPendingSmsCode(ctx.db, held.token))?.sentAt ?? now;
    const seconds = Math.max(1, Math.ceil((last + SMS_COOL_DOWN_MS - now) / 1000));
    return {
      ok: false,
      status: 429,
      error: smsMessage('coolDown', lang, { seconds }),
      coolDownSeconds: seconds,
    };
  };
  const last = (await findPendingSmsCode(ctx.db, held.token))?.sentAt ?? null;
  if (last !== null && last > now - SMS_COOL_DOWN_MS) return waitFor();

  const { perAddress, perUser } = SMS_LIMITS;
  const byAddress = await incrementFailure(ctx.db, 'sms_ip', held.address, perAddress.minutes * 60_000, now);
  if (byAddress > perAddress.count)
    return {
      ok: false,
      status: 429,
      error: smsMessage('addressLimit', lang, { minutes: perAddress.minutes }),
    };
  const byUser = await incrementFailure(ctx.db, 'sms_user', held.user.id, perUser.minutes * 60_000, now);
  if (byUser > perUser.count)
    return { ok: false, status: 429, error: smsMessage('userLimit', lang, { minutes: perUser.minutes }) };

  // Of two racing sends one takes the slot; the other waits out the cool-down like a third would.
  if (!(await claimSmsSend(ctx.db, held.token, now, now - SMS_COOL_DOWN_MS))) return waitFor();
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
  try {
    await sendSmsWith(sms.backend, sms.values, { phone, code }, { lang, reach: providerReach(ctx.config) });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // The provider's words may name keys or templates: they go to the log, the page says only that it failed.
    log.warn({ error: error.message, backend: sms.backend }, 'sign-in code by text message not sent');
    await setPendingSmsCode(ctx.db, held.token, null);
    return { ok: false, status: 400, error: smsMessage('sendFailed', lang) };
  }
  const sealed = sealSecret(ctx.config.dataDir, codeBinding(held.token), code);
  await setPendingSmsCode(ctx.db, held.token, { sealed, expiresAt: now + SMS_CODE_TTL_MS });
  return {
    ok: true,
    message: smsMessage('sent', lang, { phone: maskedPhone(held.user) }),
    coolDownSeconds: SMS_COOL_DOWN_MS / 1000,
  };
}

/**
 * Checks a code sent by text message: right when it matches the live code of this pending sign-in (compared
 * in constant time) and this call uses it up. Wrong codes count toward the MFA lock-out like an
 * authenticator's.
 */
export async function checkSmsCode(
  ctx: AppContext,
  held: { token: string; userId: string },
  code: string,
): Promise<OtpCheck> {
  const check = await countedMfaCheck(ctx, held.userId, async (now) => {
    const stored = await findPendingSmsCode(ctx.db, held.token);
    if (!stored?.sealed || stored.expiresAt <= now) return false;
    const sent = openSecret(ctx.config.dataDir, codeBinding(held.token), stored.sealed);
    if (sent === null || sent.length !== code.length) return false;
    if (!crypto.timingSafeEqual(Buffer.from(sent), Buffer.from(code))) return false;
    return spendPendingSmsCode(ctx.db, held.token, stored.sealed);
  });
  // The code is ours to decide: "unchecked" never comes from it.
  if (!check.ok && check.reason === 'unchecked') return { ok: false, reason: 'invalid', minutes: 0 };
  return check;
}
