import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AuthContext } from '../auth/session-auth';

/**
 * The one way this server opens a WebSocket: the session cookie only, and the page's own Origin. Both are
 * checked before the handshake (401 / 403 in the DRF shape), so an anonymous client or another site's page
 * (cross-site WebSocket hijacking with our cookie, contract §11 finding 2) never gets a socket at all.
 * Used by the site-message socket (`notifications/`) and the task-log socket (`ops/`).
 */

/** Close code for a socket whose session went away after the handshake (sent only on an open socket). */
export const CLOSE_UNAUTHENTICATED = 4401;

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

/** Cross-site WebSocket hijacking guard (contract §11 finding 2): the Origin must be our own. */
export function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  return ownOrigins(request).includes(origin.toLowerCase());
}

/** The request's signed-in user when it came from a session cookie (never another credential). */
function sessionAuth(request: FastifyRequest): AuthContext | null {
  const auth = request.auth;
  return auth && auth.sessionId ? auth : null;
}

export type SessionSocketHandler = (socket: WebSocket, request: FastifyRequest, auth: AuthContext) => void;

/** Registers `@fastify/websocket` once per server (every session socket shares it). */
async function ensureWebsocketPlugin(app: FastifyInstance): Promise<void> {
  if (!app.hasDecorator('websocketServer')) {
    await app.register(websocket, { options: { maxPayload: MAX_PAYLOAD_BYTES } });
  }
}

/**
 * A WebSocket route at `path` for signed-in users on our own origin. The handler receives the open socket
 * and the session's user; it owns the socket's timers and must release them on `close`.
 */
export async function registerSessionSocket(
  app: FastifyInstance,
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
      handler(socket, request, auth);
    });
  });
}
