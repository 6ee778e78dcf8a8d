import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { schedulePeriodic } from '../data/periodic-jobs';
import { sendExpiryReminders } from './expiry-reminders';
import { registerMailRoutes } from './mail-routes';
import { installMailQueue, MailQueue } from './mail-queue';
import { registerPasswordResetRoutes } from './password-reset-routes';
import { EMAIL_CHANNEL } from './email-channel';
import { MessageChannels } from '../notifications/channels';
import { publishPasswordExpiry } from '../notifications/password-expiry-messages';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One day's password-expiry reminders: the mails, and the `password_expiry` system message to its
 * subscribers for each user reminded (docs/message-subscriptions.md). The daily job runs this.
 */
export function runExpiryReminders(
  ctx: Pick<AppContext, 'db' | 'config' | 'resources'>,
  now = Date.now(),
): Promise<number> {
  const resources = ctx.resources;
  return sendExpiryReminders(ctx.db, ctx.config, now, (user, days) =>
    resources ? publishPasswordExpiry(ctx.db, resources, user, days) : Promise.resolve(),
  );
}

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
        await runExpiryReminders(ctx);
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
