import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { AppContext } from '../app-context';
import {
  deleteExpiredPendingSignIns,
  deletePendingSignIn,
  findPendingSignIn,
  insertPendingSignIn,
  setPendingEnrolSecret,
  type PendingSignIn,
} from '../data/stores/login-pending';
import { claimOtpStep } from '../data/stores/user-otp';
import { findUserById, type UserRecord } from '../data/stores/users';
import { csrfFailed } from '../http/api-error';
import { clientAddress } from '../http/client-address';
import { requestLanguage, type Lang } from '../http/language';
import { BUILTIN_ROLE_IDS } from '../rbac/builtin-roles';
import { UserAccess } from '../rbac/user-permissions';
import { categoryValues, otpPolicy } from '../settings/settings-values';
import { credentialMessage } from './credential-messages';
import { recordSignIn } from './login-audit';
import { loginMessage } from './login-messages';
import { anonymousCsrf, csrfMatches, sendLoginPage } from './login-page';
import { LOGIN_MFA_PATH, LOGIN_MFA_SMS_PATH, LOGIN_PATH } from './login-paths';
import { checkSmsCode, maskedPhone, sendSmsCode, smsMessage, smsOffered } from './mfa-sms';
import { bindOtpSecret, checkUserOtp, countedMfaCheck, hasOtpBound } from './mfa-verify';
import { accessRequest, RadiusError } from '../radius/radius-client';
import { radiusSettings } from '../radius/radius-settings';
import { newSessionId } from './random-tokens';
import { safeNext } from './safe-next';
import { openSecret, sealSecret } from './secret-box';
import { startSignedInSession } from './sign-in-session';
import { matchOtpStep, newOtpSecret, OTP_CODE_PATTERN, otpAuthUri } from './totp';

/**
 * The MFA step of a sign-in (docs/auth.md#mfa-at-sign-in). It runs after every other check of a sign-in
 * door passed, as its own step: the door calls `mfaStepFor` and, when a step is due, `beginMfaStep` instead
 * of starting the session. Until the code is right the browser holds only a pending sign-in (a random token
 * in a cookie, bound to one user, 10 minutes), never a session.
 */

/** v2.21's AUTH_EXPIRED_SECONDS: the time between "password right" and "MFA right". */
const PENDING_TTL_MS = 600_000;

/**
 * What a sign-in still needs: nothing, a code of the bound authenticator, enrolment first, or (OTP_IN_RADIUS)
 * a code the RADIUS server checks (docs/auth-radius-saml.md#mfa-codes-checked-by-radius).
 */
export type MfaStep = 'none' | 'otp' | 'enrol' | 'radius';

/** SECURITY_MFA_AUTH (docs/settings.md#categories): 0 off, 1 every user, 2 administrators only. */
export const MFA_FOR_ALL = 1;
export const MFA_FOR_ADMINS = 2;

const pendingCookie = (ctx: AppContext): string => `${ctx.cookies.prefix}login_pending`;
const enrolBinding = (userId: string): string => `login-enrol:${userId}`;

/** An administrator for "MFA for administrators": SystemAdmin, or OrgAdmin of any organization. */
async function isAdministrator(ctx: AppContext, userId: string): Promise<boolean> {
  const access = await UserAccess.load(ctx.db, userId);
  return access.bindings.some(
    (b) => b.roleId === BUILTIN_ROLE_IDS.SystemAdmin || b.roleId === BUILTIN_ROLE_IDS.OrgAdmin,
  );
}

/** Whether MFA is forced on this user: by his own MFA level, or by the Security setting. */
export async function mfaForced(ctx: AppContext, user: UserRecord): Promise<boolean> {
  if (user.mfaLevel > 0) return true;
  const { SECURITY_MFA_AUTH: policy } = await categoryValues(ctx.db, ctx.config, 'security');
  if (policy === MFA_FOR_ALL) return true;
  return policy === MFA_FOR_ADMINS && (await isAdministrator(ctx, user.id));
}

/** The MFA step this user's sign-in needs: a bound authenticator is always asked for. */
export async function mfaStepFor(ctx: AppContext, user: UserRecord): Promise<MfaStep> {
  const bound = await hasOtpBound(ctx, user.id);
  if (!bound && !(await mfaForced(ctx, user))) return 'none';
  return heldStep(ctx, user.id, bound);
}

/** The step of a sign-in held for MFA: RADIUS checks every code when OTP_IN_RADIUS is on. */
async function heldStep(ctx: AppContext, userId: string, bound?: boolean): Promise<Exclude<MfaStep, 'none'>> {
  if ((await radiusSettings(ctx.db, ctx.config)).otpInRadius) return 'radius';
  return (bound ?? (await hasOtpBound(ctx, userId))) ? 'otp' : 'enrol';
}

/** A code the RADIUS server checks as the user's password; counted like authenticator codes. */
async function checkRadiusCode(ctx: AppContext, pending: PendingSignIn, code: string) {
  const settings = await radiusSettings(ctx.db, ctx.config);
  return countedMfaCheck(ctx, pending.userId, async () => {
    try {
      return (await accessRequest(settings, pending.username, code)).accepted;
    } catch (error) {
      if (error instanceof RadiusError) return null;
      throw error;
    }
  });
}

/** Forgets the browser's pending sign-in, if any: each new attempt starts from nothing. */
export async function dropPendingSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = request.cookies[pendingCookie(ctx)];
  if (!token) return;
  await deletePendingSignIn(ctx.db, token);
  reply.clearCookie(pendingCookie(ctx), { path: LOGIN_PATH, httpOnly: true, sameSite: 'lax' });
}

/** Holds the sign-in at its MFA step and sends the browser to it. */
export async function beginMfaStep(
  ctx: AppContext,
  reply: FastifyReply,
  signIn: { user: UserRecord; username: string; backend: string; next: string },
): Promise<FastifyReply> {
  const token = newSessionId();
  const now = Date.now();
  await deleteExpiredPendingSignIns(ctx.db, now);
  await insertPendingSignIn(ctx.db, token, {
    userId: signIn.user.id,
    username: signIn.username,
    backend: signIn.backend,
    next: signIn.next,
    expiresAt: now + PENDING_TTL_MS,
  });
  reply.setCookie(pendingCookie(ctx), token, {
    path: LOGIN_PATH,
    httpOnly: true,
    sameSite: 'lax',
    maxAge: PENDING_TTL_MS / 1000,
  });
  return reply.header('cache-control', 'no-store').redirect(LOGIN_MFA_PATH, 302);
}

/** The secret offered for enrolment: made once per pending sign-in, kept sealed with it. */
async function enrolSecretOf(ctx: AppContext, token: string, pending: PendingSignIn): Promise<string | null> {
  const binding = enrolBinding(pending.userId);
  if (pending.enrolSecret === null) {
    const fresh = sealSecret(ctx.config.dataDir, binding, newOtpSecret());
    await setPendingEnrolSecret(ctx.db, token, fresh);
  }
  const stored = await findPendingSignIn(ctx.db, token, Date.now());
  return stored?.enrolSecret ? openSecret(ctx.config.dataDir, binding, stored.enrolSecret) : null;
}

type CodeOutcome = { ok: true } | { ok: false; error: string; reason: string; endsSignIn: boolean };

/** Checks the code of the MFA step; enrolment binds the offered secret when its code is right. */
async function checkCode(
  ctx: AppContext,
  token: string,
  pending: PendingSignIn,
  step: Exclude<MfaStep, 'none'> | 'sms',
  code: string,
  lang: Lang,
): Promise<CodeOutcome> {
  if (step === 'sms') {
    const check = await checkSmsCode(ctx, { token, userId: pending.userId }, code);
    if (check.ok) return { ok: true };
    const blocked = check.reason === 'blocked';
    return {
      ok: false,
      error: blocked
        ? credentialMessage('otpBlocked', lang, { minutes: check.minutes })
        : smsMessage('codeInvalid', lang),
      reason: blocked ? 'user_blocked' : 'mfa_failed',
      endsSignIn: blocked,
    };
  }
  if (step === 'otp' || step === 'radius') {
    const check =
      step === 'otp'
        ? await checkUserOtp(ctx, pending.userId, code)
        : await checkRadiusCode(ctx, pending, code);
    if (check.ok) return { ok: true };
    if (check.reason === 'unchecked')
      return {
        ok: false,
        error: loginMessage('radiusUnavailable', lang),
        reason: 'mfa_failed',
        endsSignIn: false,
      };
    const blocked = check.reason === 'blocked';
    return {
      ok: false,
      error: credentialMessage(blocked ? 'otpBlocked' : 'otpCodeInvalid', lang, { minutes: check.minutes }),
      reason: blocked ? 'user_blocked' : 'mfa_failed',
      endsSignIn: blocked,
    };
  }
  const secret = await enrolSecretOf(ctx, token, pending);
  const { window } = await otpPolicy(ctx.db, ctx.config);
  const matched = secret === null ? null : matchOtpStep(secret, code, Date.now(), window);
  if (secret === null || matched === null)
    return {
      ok: false,
      error: credentialMessage('otpCodeInvalid', lang),
      reason: 'mfa_failed',
      endsSignIn: false,
    };
  await ctx.db.transaction(async () => {
    await bindOtpSecret(ctx, pending.userId, secret);
    await claimOtpStep(ctx.db, pending.userId, matched);
  });
  return { ok: true };
}

export function registerMfaLoginRoutes(app: FastifyInstance, ctx: AppContext): void {
  const pendingOf = async (request: FastifyRequest) => {
    const token = request.cookies[pendingCookie(ctx)];
    const pending = token ? await findPendingSignIn(ctx.db, token, Date.now()) : null;
    return token && pending ? { token, pending } : null;
  };

  const mfaPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    held: { token: string; pending: PendingSignIn },
    error: string,
    bySms = false,
  ): Promise<FastifyReply> => {
    const step = await heldStep(ctx, held.pending.userId);
    const user = await findUserById(ctx.db, held.pending.userId);
    const base = {
      next: held.pending.next,
      error,
      username: held.pending.username,
      csrfToken: anonymousCsrf(ctx, request, reply),
      // The choice of a code by text message (docs/auth.md#codes-by-text-message), with the number it goes to.
      ...(user && (await smsOffered(ctx, user))
        ? { smsPhone: maskedPhone(user), ...(bySms ? { mfaType: 'sms' as const } : {}) }
        : {}),
    };
    // A RADIUS-checked code is typed in the same field as an authenticator's.
    if (step !== 'enrol') return sendLoginPage(ctx, request, reply, { ...base, mfa: 'otp' });
    const secret = await enrolSecretOf(ctx, held.token, held.pending);
    if (secret === null) return reply.redirect(LOGIN_PATH, 302);
    const uri = otpAuthUri(secret, held.pending.username, (await otpPolicy(ctx.db, ctx.config)).issuer);
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return sendLoginPage(ctx, request, reply, {
      ...base,
      mfa: 'enrol',
      otpSecret: secret,
      otpQr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    });
  };

  app.get(LOGIN_MFA_PATH, async (request, reply) => {
    const held = await pendingOf(request);
    if (!held) return reply.redirect(LOGIN_PATH, 302);
    return mfaPage(request, reply, held, '');
  });

  // Under the pending sign-in cookie's path, so the cookie stays scoped to the sign-in pages
  // (docs/auth.md#codes-by-text-message).
  app.post(LOGIN_MFA_SMS_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const token = typeof body.csrfmiddlewaretoken === 'string' ? body.csrfmiddlewaretoken : '';
    if (csrfMatches(ctx, request, token) === null) throw csrfFailed();
    const lang = requestLanguage(request);
    reply.header('cache-control', 'no-store');
    const held = await pendingOf(request);
    const user = held ? await findUserById(ctx.db, held.pending.userId) : null;
    if (!held || !user) return reply.code(400).send({ error: smsMessage('signInExpired', lang) });
    const outcome = await sendSmsCode(
      ctx,
      request.log,
      { token: held.token, user, address: clientAddress(request) },
      lang,
    );
    if (outcome.ok) return { msg: outcome.message, cool_down: outcome.coolDownSeconds };
    return reply.code(outcome.status).send({
      error: outcome.error,
      ...(outcome.coolDownSeconds ? { cool_down: outcome.coolDownSeconds } : {}),
    });
  });

  app.post(LOGIN_MFA_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const text = (name: string): string => (typeof body[name] === 'string' ? (body[name] as string) : '');
    if (csrfMatches(ctx, request, text('csrfmiddlewaretoken')) === null) throw csrfFailed();
    const held = await pendingOf(request);
    if (!held) return reply.redirect(LOGIN_PATH, 302);
    const lang = requestLanguage(request);
    const code = text('code').trim();
    const bySms = text('mfa_type') === 'sms';
    if (!OTP_CODE_PATTERN.test(code))
      return mfaPage(
        request,
        reply,
        held,
        bySms ? smsMessage('codeInvalid', lang) : credentialMessage('otpCodeFormat', lang),
        bySms,
      );

    const { token, pending } = held;
    const user = await findUserById(ctx.db, pending.userId);
    if (bySms && !(await smsOffered(ctx, user)))
      return mfaPage(request, reply, held, smsMessage('notOffered', lang));
    const step = bySms ? 'sms' : await heldStep(ctx, pending.userId);
    const log = (reason: string) =>
      recordSignIn(ctx.db, request, {
        username: pending.username,
        user,
        backend: pending.backend,
        reason,
        mfa: 1,
      });
    const outcome = await checkCode(ctx, token, pending, step, code, lang);
    if (!outcome.ok) {
      await log(outcome.reason);
      if (!outcome.endsSignIn) return mfaPage(request, reply, held, outcome.error, bySms);
      await dropPendingSignIn(ctx, request, reply);
      return sendLoginPage(ctx, request, reply, {
        next: pending.next,
        error: outcome.error,
        username: pending.username,
        csrfToken: anonymousCsrf(ctx, request, reply),
      });
    }
    // One pending sign-in completes once, even when two requests race with two right codes.
    if (!(await deletePendingSignIn(ctx.db, token))) return reply.redirect(LOGIN_PATH, 302);
    reply.clearCookie(pendingCookie(ctx), { path: LOGIN_PATH, httpOnly: true, sameSite: 'lax' });
    // The account may have changed while the code was typed.
    const refusal = !user
      ? null
      : !user.isActive
        ? { reason: 'user_inactive', error: loginMessage('inactive', lang) }
        : user.dateExpired <= Date.now()
          ? { reason: 'user_expired', error: loginMessage('expired', lang) }
          : undefined;
    if (!user || refusal) {
      if (refusal) await log(refusal.reason);
      return sendLoginPage(ctx, request, reply, {
        next: pending.next,
        error: refusal?.error ?? '',
        username: pending.username,
        csrfToken: anonymousCsrf(ctx, request, reply),
      });
    }
    await startSignedInSession(ctx, request, reply, {
      user,
      username: pending.username,
      backend: pending.backend,
      mfaVerified: true,
    });
    return reply.redirect(safeNext(pending.next), 302);
  });
}
