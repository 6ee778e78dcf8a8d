import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { onUnreadChanged } from './events';
import { countUnread } from './site-message-store';

export const SITE_MESSAGE_SOCKET_PATH = '/ws/notifications/site-msg/';

/** Close codes: 4401 = not signed in, 4403 = cross-site origin (sent only when the handshake completed). */
const CLOSE_UNAUTHENTICATED = 4401;

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

/**
 * `/ws/notifications/site-msg/` (contract §8.2): the session cookie only; `{"type":"unread_count",
 * "unread_count":n}` on connect and whenever the count changes. A cross-site or anonymous upgrade is refused
 * before the handshake (403 / 401), so another site's page can never read the count with our cookie.
 */
export async function registerSiteMessageSocket(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!app.hasDecorator('websocketServer')) {
    await app.register(websocket, { options: { maxPayload: 4096 } });
  }
  app.register(async (scope) => {
    scope.addHook('preValidation', async (request, reply) => {
      if (!isSameOrigin(request)) {
        return reply.code(403).send({ detail: 'Cross-site WebSocket refused.', code: 'origin_forbidden' });
      }
      if (!request.auth) {
        return reply
          .code(401)
          .send({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
      }
    });
    scope.get(SITE_MESSAGE_SOCKET_PATH, { websocket: true }, (socket, request) => {
      const auth = request.auth;
      if (!auth) {
        socket.close(CLOSE_UNAUTHENTICATED, 'not authenticated');
        return;
      }
      const userId = auth.user.id;
      let last = -1;
      const push = (): void => {
        if (socket.readyState !== socket.OPEN) return;
        const count = countUnread(ctx.db, userId);
        if (count === last) return;
        last = count;
        socket.send(JSON.stringify({ type: 'unread_count', unread_count: count }));
      };
      const unsubscribe = onUnreadChanged(ctx.db, userId, push);
      socket.on('close', unsubscribe);
      socket.on('error', unsubscribe);
      // Client messages ({"refresh_every_seconds": n} in v2.21) carry no meaning here; they are ignored.
      socket.on('message', () => undefined);
      push();
    });
  });
}
