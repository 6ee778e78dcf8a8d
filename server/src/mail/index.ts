import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { schedulePeriodic } from '../data/periodic-jobs';
import { sendExpiryReminders } from './expiry-reminders';
import { registerMailRoutes } from './mail-routes';
import { installMailQueue, MailQueue } from './mail-queue';
import { registerPasswordResetRoutes } from './password-reset-routes';
import { EMAIL_CHANNEL } from './email-channel';
import { MessageChannels } from '../notifications/channels';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Mail (docs/mail.md): this instance's worker of the mail queue, the Email tabs' calls, the password reset
 * pages and the daily password-expiry reminders (once a day across every instance).
 */
export function registerMail(app: FastifyInstance, ctx: AppContext): MailQueue {
  const queue = new MailQueue(ctx.db, ctx.config, {
    info: (fields, message) => app.log.info(fields, message),
    warn: (fields, message) => app.log.warn(fields, message),
  });
  installMailQueue(ctx.db, queue);
  MessageChannels.of(ctx.db).add(EMAIL_CHANNEL);
  queue.start();
  registerMailRoutes(app, ctx);
  registerPasswordResetRoutes(app, ctx);
  const stopReminders = schedulePeriodic(
    ctx.db,
    {
      name: 'password-expiry-reminders',
      everyMs: DAY_MS,
      firstAfterMs: 60_000,
      work: async () => {
        await sendExpiryReminders(ctx.db, ctx.config);
      },
    },
    (message) => app.log.warn(message),
  );
  app.addHook('preClose', async () => {
    stopReminders();
    await queue.stop();
  });
  return queue;
}
