import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { registerSiteMessageRoutes } from './site-message-routes';
import { registerSiteMessageSocket } from './site-message-socket';

export { sendSiteMessage, type SiteMessageInput } from './send-site-message';

/** Site messages: the REST API and the unread-count WebSocket (docs/site-messages.md). */
export async function registerNotifications(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerSiteMessageRoutes(app, ctx);
  await registerSiteMessageSocket(app, ctx);
}
