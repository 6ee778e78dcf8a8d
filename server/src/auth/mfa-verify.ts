import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { clearFailures, findBlock, incrementFailure, setBlock } from '../data/stores/login-failures';
import { markSessionMfaVerified } from '../data/stores/sessions';
import { claimOtpStep, findSealedOtpSecret, isOtpBound, setSealedOtpSecret } from '../data/stores/user-otp';
import { ApiError, ResponseError } from '../http/api-error';
import { requestLanguage } from '../http/language';
import { credentialMessage } from './credential-messages';
import { openSecret, sealSecret } from './secret-box';
import { requireAuth, type AuthContext } from './session-auth';
import { matchOtpStep } from './totp';
import { loginLimits, otpPolicy } from '../settings/settings-values';

/**
 * The MFA gate before secrets are shown (docs/auth.md#mfa): a session that proved a one-time code less than
 * an hour ago may read secrets (asset account passwords and keys, secret exports); other sessions of a user
 * with an authenticator are asked for a code first. A user without an authenticator has nothing to prove.
 * Signed API calls carry no session, so they cannot pass the gate for a user with an authenticator.
 */
export const OTP_VERIFY_URL = '/api/v1/authentication/otp/verify/';

/** How long one proof lasts (v2.21's SECURITY_MFA_VERIFY_TTL default). */
export const MFA_VERIFY_TTL_MS = 3_600_000;

const otpBinding = (userId: string): string => `otp:${userId}`;

/** Binds an authenticator secret (base32) to the user, sealed at rest; null unbinds. */
export async function bindOtpSecret(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: string,
  secret: string | null,
): Promise<void> {
  const sealed = secret === null ? null : sealSecret(ctx.config.dataDir, otpBinding(userId), secret);
  await setSealedOtpSecret(ctx.db, userId, sealed);
}

/** The user's authenticator secret in clear, or null when none is bound (or its seal no longer opens). */
async function otpSecretOf(ctx: AppContext, userId: string): Promise<string | null> {
  const sealed = await findSealedOtpSecret(ctx.db, userId);
  return sealed === null ? null : openSecret(ctx.config.dataDir, otpBinding(userId), sealed);
}

export async function hasOtpBound(ctx: AppContext, userId: string): Promise<boolean> {
  return isOtpBound(ctx.db, userId);
}

export type OtpCheck = { ok: true } | { ok: false; reason: 'unset' | 'invalid' | 'blocked'; minutes: number };

/**
 * The counting around every MFA code check: wrong codes count per user like wrong passwords, and reaching
 * the limit blocks MFA for the user's lock time — six digits must not be guessable by trying. `matches`
 * decides the code (true right, false wrong); null means it could not be checked at all (a RADIUS server that
 * did not answer), which counts nothing.
 */
export async function countedMfaCheck(
  ctx: AppContext,
  userId: string,
  matches: (now: number) => Promise<boolean | null>,
): Promise<OtpCheck | { ok: false; reason: 'unchecked'; minutes: 0 }> {
  const { userLimitCount, userLimitMinutes } = await loginLimits(ctx.db, ctx.config);
  const now = Date.now();
  if (await findBlock(ctx.db, 'mfa', userId, now))
    return { ok: false, reason: 'blocked', minutes: userLimitMinutes };
  const verdict = await matches(now);
  if (verdict === null) return { ok: false, reason: 'unchecked', minutes: 0 };
  if (verdict) {
    await clearFailures(ctx.db, 'mfa', userId);
    return { ok: true };
  }
  const windowMs = userLimitMinutes * 60_000;
  const failures = await incrementFailure(ctx.db, 'mfa', userId, windowMs, now);
  if (failures >= userLimitCount) {
    await setBlock(ctx.db, 'mfa', userId, now + windowMs);
    await clearFailures(ctx.db, 'mfa', userId);
    return { ok: false, reason: 'blocked', minutes: userLimitMinutes };
  }
  return { ok: false, reason: 'invalid', minutes: 0 };
}

/**
 * Checks a code against the user's authenticator. Each code is accepted once (its time step is claimed);
 * wrong codes count as countedMfaCheck says.
 */
export async function checkUserOtp(ctx: AppContext, userId: string, code: string): Promise<OtpCheck> {
  const secret = await otpSecretOf(ctx, userId);
  if (secret === null) return { ok: false, reason: 'unset', minutes: 0 };
  const { window } = await otpPolicy(ctx.db, ctx.config);
  const check = await countedMfaCheck(ctx, userId, async (now) => {
    const step = matchOtpStep(secret, code, now, window);
    return step !== null && (await claimOtpStep(ctx.db, userId, step));
  });
  // The authenticator always decides: "unchecked" never comes from it.
  if (!check.ok && check.reason === 'unchecked') return { ok: false, reason: 'invalid', minutes: 0 };
  return check;
}

/** Whether the caller may see secrets now without proving MFA again. */
export async function isMfaSatisfied(ctx: AppContext, auth: AuthContext, now = Date.now()): Promise<boolean> {
  if (!(await hasOtpBound(ctx, auth.user.id))) return true;
  return auth.mfaVerifiedAt !== null && now - auth.mfaVerifiedAt < MFA_VERIFY_TTL_MS;
}

const mfaRequired = (request: FastifyRequest): ApiError =>
  new ApiError(400, credentialMessage('mfaVerifyRequired', requestLanguage(request)), 'mfa_verify_required');

/**
 * Call before answering with a secret: a 400 `mfa_verify_required` (v2.21's shape, which its MFA dialog
 * reacts to) unless the caller passed the gate within the hour.
 */
export async function requireMfaVerified(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const auth = requireAuth(request);
  if (!(await isMfaSatisfied(ctx, auth))) throw mfaRequired(request);
}

export function registerOtpVerifyRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(OTP_VERIFY_URL, async (request) => {
    await requireMfaVerified(ctx, request);
    return { code: 'valid', msg: 'verified' };
  });

  app.post(OTP_VERIFY_URL, async (request) => {
    const auth = requireAuth(request);
    const language = requestLanguage(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    if (!/^\d{6}$/.test(code))
      throw new ResponseError(400, { code: [credentialMessage('otpCodeFormat', language)] });
    if (auth.sessionId === null)
      throw new ApiError(400, credentialMessage('mfaNeedsSession', language), 'mfa_needs_session');
    const check = await checkUserOtp(ctx, auth.user.id, code);
    if (!check.ok) {
      const key =
        check.reason === 'blocked' ? 'otpBlocked' : check.reason === 'unset' ? 'otpUnset' : 'otpCodeInvalid';
      throw new ResponseError(400, { error: credentialMessage(key, language, { minutes: check.minutes }) });
    }
    await markSessionMfaVerified(ctx.db, auth.sessionId, Date.now());
    return { ok: '1' };
  });
}
