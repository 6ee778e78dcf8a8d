import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { requireSettingsPerms } from '../api/settings-permission';
import { ResponseError } from '../http/api-error';
import { requestLanguage } from '../http/language';
import { message } from '../engine/messages';
import { MAIL_KINDS, renderMail, type MailKind } from './mail-contents';
import { mailMessage } from './mail-messages';
import { describeMailError, prefixedSubject, senderOf, smtpSettings, smtpTransport } from './mail-transport';
import { RESET_LINK_HOURS, siteUrl } from './password-reset';

const CHANGE_EMAIL = ['settings.change_email'];
const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/**
 * The Email tabs' calls (docs/mail.md#the-test): the test mail, sent at once with the saved settings so
 * that the answer is the mail server's own, and the preview of the contents. Both answer 400 with a
 * message, never a 500, whatever the server does.
 */
export function registerMailRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v1/settings/mail/testing/', async (request, reply) => {
    await requireSettingsPerms(ctx, request, CHANGE_EMAIL);
    const lang = requestLanguage(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const settings = await smtpSettings(ctx.db, ctx.config);
    const to = typeof body.EMAIL_RECIPIENT === 'string' ? body.EMAIL_RECIPIENT.trim() : '';
    if (!EMAIL.test(to)) return reply.code(400).send({ error: mailMessage('recipientRequired', lang) });
    if (settings.host === '') return reply.code(400).send({ error: mailMessage('notConfigured', lang) });
    const from = typeof body.EMAIL_FROM === 'string' && EMAIL.test(body.EMAIL_FROM) ? body.EMAIL_FROM : '';
    const transport = smtpTransport(settings, ctx.config);
    try {
      await transport.sendMail({
        from: from || senderOf(settings),
        to,
        subject: prefixedSubject(settings, 'Test mail'),
        text: `This is a test mail from ${await siteUrl(ctx.db, ctx.config)}.`,
      });
    } catch (error) {
      request.log.info({ error: describeMailError(error, settings, 'en') }, 'test mail failed');
      return reply.code(400).send({ error: describeMailError(error, settings, lang) });
    } finally {
      transport.close();
    }
    return { msg: mailMessage('sent', lang, { to }) };
  });

  // The contents as they would be sent to the signed-in administrator, with the fields being edited.
  app.post('/api/v1/settings/mail/preview/', async (request) => {
    const auth = await requireSettingsPerms(ctx, request, CHANGE_EMAIL);
    const lang = requestLanguage(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const kind = body.kind as MailKind;
    if (!MAIL_KINDS.includes(kind))
      throw new ResponseError(400, { kind: [message('invalidChoice', lang, { value: String(body.kind) })] });
    const custom = { ...body };
    const user = auth.user;
    const link =
      kind === 'password_expiry'
        ? `${await siteUrl(ctx.db, ctx.config)}/ui/profile/password`
        : `${await siteUrl(ctx.db, ctx.config)}/core/auth/password/reset/?token=${'x'.repeat(50)}`;
    return renderMail(
      kind,
      {
        username: user.username,
        name: user.name || user.username,
        email: user.email,
        link,
        days: 5,
        hours: kind === 'password_expiry' ? undefined : RESET_LINK_HOURS[kind],
      },
      custom,
      lang,
    );
  });
}
