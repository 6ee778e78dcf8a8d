import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { csrfFailed, notAuthenticated } from '../http/api-error';
import { LOGIN_PATH } from './login-paths';
import { UserAccess } from '../rbac/user-permissions';
import { authenticateSignature, installSignedBodyCheck } from './signature-auth';
import { deleteSession, extendSession, findSession, type SessionRecord } from '../data/stores/sessions';
import { findUserById, type UserRecord } from '../data/stores/users';
import { sessionPolicy } from '../settings/settings-values';
import { WriteVersions } from '../data/write-versions';

/** Every table a session's identity is read from: its cached identity lives while none is written. */
const IDENTITY_TABLES: ReadonlySet<string> = new Set([
  'sessions',
  'users',
  'role_bindings',
  'roles',
  'role_permissions',
]);

/** The signed-in user of a request: from the session cookie, or from an access key's HTTP signature. */
export interface AuthContext {
  via: 'session' | 'signature';
  /** null for signed requests (signature-auth.ts), which have no session and need no csrf token. */
  sessionId: string | null;
  csrfToken: string | null;
  /** When the session last proved MFA (auth/mfa-verify.ts); always null for signed requests. */
  mfaVerifiedAt: number | null;
  user: UserRecord;
  access: UserAccess;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Sliding expiry is written at most once a minute per session (less for short idle times), not on every
 * request.
 */
const EXTEND_AFTER_MS = 60_000;

export function isUserUsable(user: UserRecord, now: number): boolean {
  return user.isActive && user.dateExpired > now;
}

/**
 * The live session's record, user and permissions; null when the session is unknown or expired, or its
 * user is gone, inactive or expired (such a session is deleted on sight). Every request and every open
 * WebSocket (http/session-socket.ts, periodically) asks this, so a revoked session stops everywhere.
 */
export async function sessionIdentity(
  db: AppContext['db'],
  sessionId: string,
  now: number,
): Promise<{ session: SessionRecord; user: UserRecord; access: UserAccess } | null> {
  // Read once per change of those tables (WriteVersions: exact on every instance), so a revocation, a
  // disabled user or a changed role binding counts on the next request anywhere. Expiry is checked here.
  const stored = await WriteVersions.of(db).cached(
    `identity\u0000${crypto.createHash('sha256').update(sessionId).digest('base64')}`,
    IDENTITY_TABLES,
    async () => {
      // Any stored session (0: not yet deleted), its expiry is compared with `now` below.
      const session = await findSession(db, sessionId, 0);
      if (!session) return null;
      const user = await findUserById(db, session.userId);
      return { session, user, access: user ? await UserAccess.load(db, user.id) : null };
    },
    // Unknown session ids (any cookie a client makes up) are not kept.
    (identity) => (identity ? 1 : Infinity),
  );
  if (!stored || stored.session.expiresAt <= now) return null;
  const { session, user, access } = stored;
  if (!user || !access || !isUserUsable(user, now)) {
    await deleteSession(db, sessionId);
    return null;
  }
  return { session, user, access };
}

/**
 * Resolves the session on every request, and enforces CSRF for unsafe API calls made with it: the
 * X-CSRFToken header must equal both the csrf cookie and the session's token. Unlike v2.21 (design
 * finding 6) a failure is a 403, not a silent fall-back to anonymous.
 */
export function installSessionAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null);
  installSignedBodyCheck(app);
  app.addHook('onRequest', async (request, reply) => {
    // Static console files are public and need no identity: skip the session lookup for them. Plugin files
    // are served only to the users the plugin is listed for (docs/security.md "Plugins").
    if (request.url.startsWith('/ui/') && !request.url.startsWith('/ui/plugins/')) return;
    // `Authorization: Signature …` on /api/: the access key alone decides, never the cookies (no csrf).
    const signed = await authenticateSignature(ctx, request, reply);
    if (signed) {
      request.auth = signed;
      return;
    }
    const sessionId = request.cookies[ctx.cookies.session];
    if (!sessionId || sessionId.length > 128) return;
    const now = Date.now();
    const identity = await sessionIdentity(ctx.db, sessionId, now);
    if (!identity) return;
    const { session, user, access } = identity;
    // The idle time of the security settings is the sliding window (docs/settings.md#categories); a lowered
    // one shortens a session on its next request.
    const { idleMs } = await sessionPolicy(ctx.db, ctx.config);
    const remaining = session.expiresAt - now;
    if (remaining < idleMs - Math.min(EXTEND_AFTER_MS, idleMs / 4) || remaining > idleMs)
      await extendSession(ctx.db, sessionId, now + idleMs);
    request.auth = {
      via: 'session',
      sessionId,
      csrfToken: session.csrfToken,
      mfaVerifiedAt: session.mfaVerifiedAt,
      user,
      access,
    };

    // Every unsafe request on a session, not only /api/: the login form is the one exception, as it
    // checks its own csrfmiddlewaretoken field.
    if (UNSAFE_METHODS.has(request.method) && !request.url.startsWith(LOGIN_PATH)) {
      const header = request.headers['x-csrftoken'];
      const cookie = request.cookies[ctx.cookies.csrf];
      if (typeof header !== 'string' || header !== cookie || header !== session.csrfToken) throw csrfFailed();
    }
  });
}

/** The signed-in user, or a 401 in the DRF shape. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw notAuthenticated();
  return request.auth;
}
