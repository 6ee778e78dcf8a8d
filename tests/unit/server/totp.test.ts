// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { matchOtpStep, newOtpSecret, otpAuthUri, otpCodeAt } from '../../../server/src/auth/totp';

// RFC 6238 appendix B: the SHA-1 secret "12345678901234567890", whose 8-digit codes end in these 6 digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('totp', () => {
  it('computes the RFC 6238 test vectors', () => {
    expect(otpCodeAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(otpCodeAt(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(otpCodeAt(RFC_SECRET, 2_000_000_000_000)).toBe('279037');
  });

  it('accepts a code one step either side and names its step, refuses older or malformed codes', () => {
    const secret = newOtpSecret();
    const now = 1_700_000_015_000;
    const step = Math.floor(now / 30_000);
    expect(matchOtpStep(secret, otpCodeAt(secret, now), now)).toBe(step);
    expect(matchOtpStep(secret, otpCodeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchOtpStep(secret, otpCodeAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchOtpStep(secret, otpCodeAt(secret, now - 90_000), now)).toBeNull();
    expect(matchOtpStep(secret, '12345', now)).toBeNull();
    expect(matchOtpStep(secret, 'abcdef', now)).toBeNull();
  });

  it('makes distinct secrets and a URI an authenticator app can scan', () => {
    const a = newOtpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newOtpSecret()).not.toBe(a);
    const uri = otpAuthUri(a, 'alice', 'Bastion');
    expect(uri).toContain('otpauth://totp/Bastion:alice?');
    expect(uri).toContain(`secret=${a}`);
  });
});
