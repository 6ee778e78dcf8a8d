import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { AppContext } from '../app-context';
import { credentialMessage } from '../auth/credential-messages';
import { bindOtpSecret, checkUserOtp, hasOtpBound } from '../auth/mfa-verify';
import { openSecret, sealSecret } from '../auth/secret-box';
import { requireAuth } from '../auth/session-auth';
import { matchOtpStep, newOtpSecret, otpAuthUri } from '../auth/totp';
import { otpPolicy } from '../settings/settings-values';
import { claimOtpStep } from '../data/stores/user-otp';
import { markSessionMfaVerified } from '../data/stores/sessions';
import { ApiError, ResponseError } from '../http/api-error';
import { requestLanguage, type Lang } from '../http/language';
import { messageCatalogue } from '../http/message-catalogue';

export const MFA_ENABLE_START_URL = '/api/v1/users/profile/mfa/enable/start/';
export const MFA_ENABLE_URL = '/api/v1/users/profile/mfa/enable/';
export const MFA_DISABLE_URL = '/api/v1/users/profile/mfa/disable/';

/** An enrolment started must be confirmed within this time. */
const ENROL_TTL_MS = 10 * 60_000;

const mfaMessage = messageCatalogue({
  alreadyBound: {
    en: 'An authenticator is already bound; disable it first.',
    zh: '已经绑定了验证器，请先解除。',
    ja: '認証アプリはすでに設定されています。先に解除してください。',
  },
  enrolExpired: {
    en: 'This enrolment has expired or is not yours; start again.',
    zh: '此次绑定已过期或无效，请重新开始。',
    ja: 'この登録は期限切れか無効です。最初からやり直してください。',
  },
});

/** The pending secret travels sealed to this user and session: the client can neither read nor forge it. */
const enrolBinding = (userId: string, sessionId: string) => `otp-enrol:${userId}:${sessionId}`;

function sessionOf(request: FastifyRequest, lang: Lang) {
  const auth = requireAuth(request);
  if (auth.sessionId === null)
    throw new ApiError(400, credentialMessage('mfaNeedsSession', lang), 'mfa_needs_session');
  return { ...auth, sessionId: auth.sessionId };
}

function codeOf(body: unknown, lang: Lang): string {
  const code = (body as Record<string, unknown> | null)?.code;
  const text = typeof code === 'string' ? code.trim() : '';
  if (!/^\d{6}$/.test(text))
    throw new ResponseError(400, { code: [credentialMessage('otpCodeFormat', lang)] });
  return text;
}

/**
 * The user's own authenticator (docs/profile.md#mfa): start an enrolment (a new secret, its otpauth URI and
 * QR code), confirm it with a code of the authenticator, and disable it with a code. Wrong codes when
 * disabling count toward the MFA lock-out (auth/mfa-verify.ts).
 */
export function registerProfileMfaRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(MFA_ENABLE_START_URL, async (request) => {
    const lang = requestLanguage(request);
    const auth = sessionOf(request, lang);
    if (await hasOtpBound(ctx, auth.user.id))
      throw new ResponseError(400, { error: mfaMessage('alreadyBound', lang) });
    const secret = newOtpSecret();
    const uri = otpAuthUri(secret, auth.user.username, (await otpPolicy(ctx.db, ctx.config)).issuer);
    const token = sealSecret(
      ctx.config.dataDir,
      enrolBinding(auth.user.id, auth.sessionId),
      JSON.stringify({ secret, expires: Date.now() + ENROL_TTL_MS }),
    );
    const qr = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return {
      secret,
      otpauth_uri: uri,
      qr_code: `data:image/svg+xml;base64,${Buffer.from(qr).toString('base64')}`,
      token,
    };
  });

  app.post(MFA_ENABLE_URL, async (request) => {
    const lang = requestLanguage(request);
    const auth = sessionOf(request, lang);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const code = codeOf(body, lang);
    const opened =
      typeof body.token === 'string'
        ? openSecret(ctx.config.dataDir, enrolBinding(auth.user.id, auth.sessionId), body.token)
        : null;
    let pending: { secret?: unknown; expires?: unknown } = {};
    try {
      pending = opened ? (JSON.parse(opened) as typeof pending) : {};
    } catch {
      pending = {};
    }
    if (
      typeof pending.secret !== 'string' ||
      typeof pending.expires !== 'number' ||
      pending.expires < Date.now()
    )
      throw new ResponseError(400, { error: mfaMessage('enrolExpired', lang) });
    if (await hasOtpBound(ctx, auth.user.id))
      throw new ResponseError(400, { error: mfaMessage('alreadyBound', lang) });
    const { window } = await otpPolicy(ctx.db, ctx.config);
    const step = matchOtpStep(pending.secret, code, Date.now(), window);
    if (step === null) throw new ResponseError(400, { code: [credentialMessage('otpCodeInvalid', lang)] });
    await ctx.db.transaction(async () => {
      await bindOtpSecret(ctx, auth.user.id, pending.secret as string);
      await claimOtpStep(ctx.db, auth.user.id, step);
      await markSessionMfaVerified(ctx.db, auth.sessionId, Date.now());
    });
    return { msg: 'ok', is_otp_secret_key_bound: true };
  });

  app.post(MFA_DISABLE_URL, async (request) => {
    const lang = requestLanguage(request);
    const auth = requireAuth(request);
    const code = codeOf(request.body, lang);
    const check = await checkUserOtp(ctx, auth.user.id, code);
    if (!check.ok) {
      const key =
        check.reason === 'blocked' ? 'otpBlocked' : check.reason === 'unset' ? 'otpUnset' : 'otpCodeInvalid';
      throw new ResponseError(400, { code: [credentialMessage(key, lang, { minutes: check.minutes })] });
    }
    await bindOtpSecret(ctx, auth.user.id, null);
    return { msg: 'ok', is_otp_secret_key_bound: false };
  });
}
