import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { registerSiteMessageRoutes } from './site-message-routes';
import { registerSiteMessageSocket } from './site-message-socket';
import { registerSubscriptionRoutes } from './subscription-routes';

export { sendSiteMessage, type SiteMessageInput } from './send-site-message';
export { MessageChannels, type MessageChannel } from './channels';
export { publishSystemMessage } from './system-messages';

/**
 * Site messages: the REST API and the unread-count WebSocket (docs/site-messages.md); message
 * subscriptions and their channels (docs/message-subscriptions.md).
 */
export async function registerNotifications(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerSiteMessageRoutes(app, ctx);
  registerSubscriptionRoutes(app, ctx);
  await registerSiteMessageSocket(app, ctx);
}
