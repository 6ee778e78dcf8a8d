import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { sessionIdentity, type AuthContext } from '../auth/session-auth';
import type { Database } from '../data/database';

/**
 * The one way this server opens a WebSocket: the session cookie only, and the page's own Origin. Both are
 * checked before the handshake (401 / 403 in the DRF shape), so an anonymous client or another site's page
 * (cross-site WebSocket hijacking with our cookie, docs/security-history.md, design weakness 2) never gets a
 * socket at all. Used by the site-message socket (`notifications/`) and the task-log socket (`ops/`). After
 * the handshake the identity keeps being checked (`SocketIdentity`): a socket never outlives its session.
 */

/** Close code for a socket whose session went away after the handshake (sent only on an open socket). */
export const CLOSE_UNAUTHENTICATED = 4401;

/**
 * How often an open socket re-reads its session, user and permissions (docs/security.md "WebSockets"):
 * logout, a password change, a disabled user or a demotion takes effect within this time.
 */
export const SOCKET_RECHECK_MS = 2000;

/** Incoming frames are small JSON commands; anything larger closes the socket (ws `maxPayload`). */
const MAX_PAYLOAD_BYTES = 4096;

/**
 * The request's own origin, from the Host header and the connection's scheme. The console's page and its
 * socket share it; anything else is another site.
 */
function ownOrigins(request: FastifyRequest): string[] {
  const host = request.headers.host;
  if (typeof host !== 'string' || !/^[A-Za-z0-9.\-:[\]]{1,255}$/.test(host)) return [];
  return [`${request.protocol}://${host}`.toLowerCase()];
}

/**
 * Cross-site WebSocket hijacking guard (docs/security-history.md, design weakness 2): the Origin must be our
 * own.
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  return ownOrigins(request).includes(origin.toLowerCase());
}

/** The request's signed-in user when it came from a session cookie (never another credential). */
function sessionAuth(request: FastifyRequest): (AuthContext & { sessionId: string }) | null {
  const auth = request.auth;
  return auth && auth.sessionId ? { ...auth, sessionId: auth.sessionId } : null;
}

/**
 * The identity behind an open socket. The handshake's identity is only the first one: it is re-read from
 * the session on every client frame (`recheck()`) and every `SOCKET_RECHECK_MS`, and the socket closes
 * with 4401 as soon as the session or its user is gone.
 */
export interface SocketIdentity {
  /** The identity of the latest check (at most `SOCKET_RECHECK_MS` old). */
  current(): AuthContext;
  /** Re-reads the session now: the fresh identity, or null once the socket has been closed with 4401. */
  recheck(): Promise<AuthContext | null>;
  /** Called with the fresh identity after every periodic check, for the handler's own permission checks. */
  onRecheck(listener: (auth: AuthContext) => void): void;
}

export type SessionSocketHandler = (
  socket: WebSocket,
  request: FastifyRequest,
  identity: SocketIdentity,
) => void;

/** Registers `@fastify/websocket` once per server (every session socket shares it). */
async function ensureWebsocketPlugin(app: FastifyInstance): Promise<void> {
  if (!app.hasDecorator('websocketServer')) {
    await app.register(websocket, { options: { maxPayload: MAX_PAYLOAD_BYTES } });
  }
}

/** Keeps `first` fresh for the socket's lifetime; the timer stops when the socket closes. */
function watchIdentity(
  db: Database,
  socket: WebSocket,
  first: AuthContext & { sessionId: string },
): SocketIdentity {
  let current: AuthContext = first;
  let pending: Promise<AuthContext | null> | null = null;
  const listeners: Array<(auth: AuthContext) => void> = [];
  const read = async (): Promise<AuthContext | null> => {
    if (socket.readyState !== socket.OPEN) return null;
    const found = await sessionIdentity(db, first.sessionId, Date.now());
    if (!found) {
      socket.close(CLOSE_UNAUTHENTICATED, 'session ended');
      return null;
    }
    current = { ...current, user: found.user, access: found.access, csrfToken: found.session.csrfToken };
    return current;
  };
  const recheck = (): Promise<AuthContext | null> => {
    // Checks asked while one runs share it.
    pending ??= read().finally(() => (pending = null));
    return pending;
  };
  const timer = setInterval(() => {
    void recheck().then((auth) => {
      if (auth) for (const listener of listeners) listener(auth);
    });
  }, SOCKET_RECHECK_MS);
  timer.unref();
  socket.on('close', () => clearInterval(timer));
  return { current: () => current, recheck, onRecheck: (listener) => listeners.push(listener) };
}

/**
 * A WebSocket route at `path` for signed-in users on our own origin. The handler receives the open socket
 * and its identity (kept fresh, see `SocketIdentity`); it owns the socket's timers and must release them
 * on `close`.
 */
export async function registerSessionSocket(
  app: FastifyInstance,
  db: Database,
  path: string,
  handler: SessionSocketHandler,
): Promise<void> {
  await ensureWebsocketPlugin(app);
  app.register(async (scope) => {
    scope.addHook('preValidation', async (request, reply) => {
      if (!isSameOrigin(request)) {
        return reply.code(403).send({ detail: 'Cross-site WebSocket refused.', code: 'origin_forbidden' });
      }
      if (!sessionAuth(request)) {
        return reply
          .code(401)
          .send({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
      }
    });
    scope.get(path, { websocket: true }, (socket, request) => {
      const auth = sessionAuth(request);
      if (!auth) {
        socket.close(CLOSE_UNAUTHENTICATED, 'not authenticated');
        return;
      }
      handler(socket, request, watchIdentity(db, socket, auth));
    });
  });
}
