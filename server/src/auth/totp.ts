import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords (RFC 6238) as every authenticator app computes them: SHA-1, 6 digits, 30 s
 * steps (docs/auth.md#mfa). The arithmetic is otpauth's (well kept, constant-time comparison); this module
 * only fixes the parameters and the tolerated clock drift.
 */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/**
 * One step either side by default: a phone clock 30 s off still works, a code seen on a screen lives at
 * most 90 s. The Other settings may widen it (docs/settings.md#other).
 */
const DEFAULT_WINDOW = 1;

export const OTP_CODE_PATTERN = /^\d{6}$/;

function totpOf(secretBase32: string, label = 'user', issuer = 'Bastion'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random secret (160 bits from the CSPRNG), base32 as authenticator apps take it. */
export function newOtpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI an authenticator app scans (as a QR code) to bind the secret. */
export function otpAuthUri(secretBase32: string, username: string, issuer: string): string {
  return totpOf(secretBase32, username, issuer).toString();
}

/**
 * The time step `code` belongs to when it is valid for `secretBase32` at `now`, else null. The caller
 * claims the step (data/stores/user-otp.ts) so that a code is accepted once.
 */
export function matchOtpStep(
  secretBase32: string,
  code: string,
  now = Date.now(),
  window = DEFAULT_WINDOW,
): number | null {
  if (!OTP_CODE_PATTERN.test(code)) return null;
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token: code, timestamp: now, window });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** The code of `secretBase32` at `now` (tests, and the enrolment page's own check). */
export function otpCodeAt(secretBase32: string, now = Date.now()): string {
  return totpOf(secretBase32).generate({ timestamp: now });
}
