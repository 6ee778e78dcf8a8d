import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { registerSessionSocket } from '../http/session-socket';
import { onUnreadChanged } from './events';
import { countUnread } from '../data/stores/site-message-store';

export { isSameOrigin } from '../http/session-socket';

export const SITE_MESSAGE_SOCKET_PATH = '/ws/notifications/site-msg/';

/**
 * `/ws/notifications/site-msg/` (docs/site-messages.md#websocket): the session cookie only; `{"type":"unread_count",
 * "unread_count":n}` on connect and whenever the count changes. A cross-site or anonymous upgrade is refused
 * before the handshake (403 / 401, see http/session-socket.ts), so another site's page can never read the
 * count with our cookie; once open, the session is re-checked on every client frame and periodically, and
 * the socket closes with 4401 when it is gone.
 */
export async function registerSiteMessageSocket(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerSessionSocket(app, ctx.db, SITE_MESSAGE_SOCKET_PATH, (socket, _request, identity) => {
    const userId = identity.current().user.id;
    let last = -1;
    // Reads are asynchronous: pushes run one after another, so counts never arrive out of order.
    let pushing: Promise<void> = Promise.resolve();
    const push = (): void => {
      pushing = pushing
        .then(async () => {
          if (socket.readyState !== socket.OPEN) return;
          const count = await countUnread(ctx.db, userId);
          if (count === last || socket.readyState !== socket.OPEN) return;
          last = count;
          socket.send(JSON.stringify({ type: 'unread_count', unread_count: count }));
        })
        .catch(() => undefined);
    };
    const unsubscribe = onUnreadChanged(ctx.db, userId, push);
    socket.on('close', unsubscribe);
    socket.on('error', unsubscribe);
    // Client messages ({"refresh_every_seconds": n} in v2.21) carry no meaning here beyond proving the
    // session still holds.
    socket.on('message', () => void identity.recheck());
    push();
  });
}
