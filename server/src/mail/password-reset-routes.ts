import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { anonymousCsrf, formCsrfMatches } from '../auth/anonymous-csrf';
import { isAdministrator, passwordProblems } from '../auth/password-policy';
import { listUserRoleBindings } from '../data/stores/role-bindings';
import { findLiveResetToken, spendResetToken } from '../data/stores/password-reset-tokens';
import { findActiveUsersByEmail, findUserById } from '../data/stores/users';
import { csrfFailed } from '../http/api-error';
import { clientAddress } from '../http/client-address';
import { requestLanguage, type Lang } from '../http/language';
import { passwordRules } from '../settings/password-rules';
import { replacePassword } from '../users/password-change';
import {
  FORGOT_PATH,
  RESET_LINK_HOURS,
  RESET_PATH,
  RESET_TOKEN_PATTERN,
  mailResetLink,
  resetTokenHash,
} from './password-reset';
import { countForgotRequest } from './forgot-limit';
import { hidden, input, link, paragraph, renderPage, resetMessage, toLogin } from './reset-pages';

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

const formField = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

/**
 * The forgotten-password form and the page of a reset link (docs/mail.md#password-reset-links): plain
 * server-rendered forms with the double-submit csrf token of the sign-in page. The forgotten-password form
 * answers the same whether the address has an account or not, so it tells nobody who has one.
 */
export function registerPasswordResetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const send = (reply: FastifyReply, html: string, status = 200) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

  const forgotForm = (lang: Lang, csrf: string, error = '', email = '') =>
    renderPage({
      lang,
      title: resetMessage('forgotTitle', lang),
      body: [
        paragraph(resetMessage('forgotHelp', lang)),
        error ? paragraph(error, 'error', 'reset-error') : '',
        `<form method="post" action="${FORGOT_PATH}" novalidate>`,
        hidden('csrfmiddlewaretoken', csrf),
        input('email', resetMessage('email', lang), 'email', email, 'email'),
        `<button type="submit">${resetMessage('send', lang)}</button></form>`,
        toLogin(lang),
      ].join(''),
    });

  app.get(FORGOT_PATH, async (request, reply) =>
    send(reply, forgotForm(requestLanguage(request), anonymousCsrf(ctx.cookies, request, reply))),
  );

  app.post(FORGOT_PATH, async (request, reply) => {
    const csrf = formField(request.body, 'csrfmiddlewaretoken');
    if (!formCsrfMatches(ctx.cookies, request, csrf)) throw csrfFailed();
    const lang = requestLanguage(request);
    const email = formField(request.body, 'email').trim();
    if (!EMAIL.test(email) || email.length > 128)
      return send(reply, forgotForm(lang, csrf, resetMessage('emailInvalid', lang), email), 400);
    const wait = await countForgotRequest(ctx.db, clientAddress(request), email);
    if (wait !== null)
      return send(
        reply,
        forgotForm(lang, csrf, resetMessage('tooMany', lang, { minutes: wait }), email),
        429,
      );
    // Directory users change their password in the directory, not here.
    for (const user of await findActiveUsersByEmail(ctx.db, email))
      if (user.source === 'local') await mailResetLink(ctx.db, ctx.config, user, 'reset_password', lang);
    return send(
      reply,
      renderPage({
        lang,
        title: resetMessage('forgotTitle', lang),
        body:
          paragraph(
            resetMessage('sentNotice', lang, { hours: RESET_LINK_HOURS.reset_password }),
            'notice',
            'reset-notice',
          ) + toLogin(lang),
      }),
    );
  });

  const invalidLink = (reply: FastifyReply, lang: Lang) =>
    send(
      reply,
      renderPage({
        lang,
        title: resetMessage('resetTitle', lang),
        body:
          paragraph(resetMessage('linkInvalid', lang), 'error', 'reset-error') +
          link(FORGOT_PATH, resetMessage('askAgain', lang)),
      }),
      400,
    );

  const resetForm = (lang: Lang, csrf: string, token: string, errors: readonly string[] = []) =>
    renderPage({
      lang,
      title: resetMessage('resetTitle', lang),
      body: [
        ...errors.map((error) => paragraph(error, 'error', 'reset-error')),
        `<form method="post" action="${RESET_PATH}" novalidate>`,
        hidden('csrfmiddlewaretoken', csrf),
        hidden('token', token),
        input('new_password', resetMessage('newPassword', lang), 'password', '', 'new-password'),
        input('confirm_password', resetMessage('confirmPassword', lang), 'password', '', 'new-password'),
        `<button type="submit">${resetMessage('save', lang)}</button></form>`,
      ].join(''),
    });

  const liveUser = async (token: string) =>
    RESET_TOKEN_PATTERN.test(token) ? findLiveResetToken(ctx.db, resetTokenHash(token)) : null;

  app.get(RESET_PATH, async (request: FastifyRequest, reply) => {
    const lang = requestLanguage(request);
    const token = formField(request.query, 'token');
    if (!(await liveUser(token))) return invalidLink(reply, lang);
    return send(reply, resetForm(lang, anonymousCsrf(ctx.cookies, request, reply), token));
  });

  app.post(RESET_PATH, async (request, reply) => {
    const csrf = formField(request.body, 'csrfmiddlewaretoken');
    if (!formCsrfMatches(ctx.cookies, request, csrf)) throw csrfFailed();
    const lang = requestLanguage(request);
    const token = formField(request.body, 'token');
    const userId = await liveUser(token);
    if (!userId) return invalidLink(reply, lang);
    const password = formField(request.body, 'new_password');
    if (password !== formField(request.body, 'confirm_password'))
      return send(reply, resetForm(lang, csrf, token, [resetMessage('mismatch', lang)]), 400);
    const bindings = await listUserRoleBindings(ctx.db, userId);
    const problems = passwordProblems(
      password,
      { administrator: isAdministrator(bindings) },
      lang,
      await passwordRules(ctx.db),
    );
    if (problems.length > 0) return send(reply, resetForm(lang, csrf, token, problems), 400);
    // Spent before the password is set: of two posts of one link, only one sets it.
    const spentBy = await spendResetToken(ctx.db, resetTokenHash(token));
    const user = spentBy ? await findUserById(ctx.db, spentBy) : null;
    if (!user || !user.isActive) return invalidLink(reply, lang);
    await replacePassword(ctx.db, user.id, password, {
      actor: { userId: user.id, sessionId: null, remoteAddr: clientAddress(request) },
      mustChange: false,
    });
    return send(
      reply,
      renderPage({
        lang,
        title: resetMessage('resetTitle', lang),
        body: paragraph(resetMessage('done', lang), 'notice', 'reset-done') + toLogin(lang),
      }),
    );
  });
}
