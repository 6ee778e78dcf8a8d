import type { Database } from '../data/database';
import { incrementFailure } from '../data/stores/login-failures';

/**
 * How often the forgotten-password form may be sent (docs/mail.md#password-reset-links): per client address
 * and per e-mail address, counted whether or not an account has that address, so the limit tells nobody who
 * has one. A counter's window restarts with each request, as the sign-in lock-out's does.
 */
export const FORGOT_LIMITS = {
  perAddress: { count: 10, minutes: 10 },
  perEmail: { count: 3, minutes: 10 },
} as const;

/** Counts one request; answers the minutes to wait when it goes over a limit, else null. */
export async function countForgotRequest(db: Database, ip: string, email: string): Promise<number | null> {
  const now = Date.now();
  const { perAddress, perEmail } = FORGOT_LIMITS;
  const byAddress = await incrementFailure(db, 'forgot_ip', ip, perAddress.minutes * 60_000, now);
  if (byAddress > perAddress.count) return perAddress.minutes;
  const byEmail = await incrementFailure(
    db,
    'forgot_email',
    email.toLowerCase(),
    perEmail.minutes * 60_000,
    now,
  );
  if (byEmail > perEmail.count) return perEmail.minutes;
  return null;
}
