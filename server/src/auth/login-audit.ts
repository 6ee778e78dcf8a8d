import type { FastifyRequest } from 'fastify';
import type { Database } from '../data/database';
import { insertLoginLog } from '../data/stores/audit-logs';
import type { UserRecord } from '../data/stores/users';
import { clientAddress } from '../http/client-address';

/** The doors a sign-in comes through, stored as v2.21 stores them (English) and shown translated. */
export const LOGIN_BACKENDS = { password: 'Password', tempToken: 'Temporary token' } as const;

/** What one sign-in attempt came to: success, or the reason code of its failure (docs/audit.md#login-logs). */
export interface SignInOutcome {
  username: string;
  user: UserRecord | null;
  backend: string;
  /** '' on success. */
  reason: string;
  /** The login log's MFA column (0 off, 1 on, 2 unknown) when the attempt knows it; else the user's level. */
  mfa?: 0 | 1 | 2;
}

/**
 * Writes the login log of one attempt at a sign-in door: who, from where (the address the server trusts,
 * never a client header: http/client-address.ts), with which browser, how, and how it ended.
 */
export async function recordSignIn(
  db: Database,
  request: FastifyRequest,
  outcome: SignInOutcome,
): Promise<void> {
  const agent = request.headers['user-agent'];
  await insertLoginLog(db, {
    username: outcome.username,
    userId: outcome.user?.id ?? null,
    type: 'W',
    ip: clientAddress(request),
    userAgent: typeof agent === 'string' ? agent : null,
    mfa: outcome.mfa ?? (outcome.user ? (outcome.user.mfaLevel > 0 ? 1 : 0) : 2),
    reason: outcome.reason,
    backend: outcome.backend,
    status: outcome.reason === '',
    datetime: Date.now(),
  });
}
