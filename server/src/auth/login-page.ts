import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { requestLanguage } from '../http/language';
import { categoryValues } from '../settings/settings-values';
import { publishedImageUrls } from '../xpack/interface-images';
import { NOT_BUILT_MESSAGE, renderLoginPage, type LoginPageData } from '../ui/html-pages';
import { loginPageExtras } from '../sso/login-sources';
import { anonymousCsrf as anonymousCsrfToken, formCsrfMatches } from './anonymous-csrf';

/** What one rendering of the sign-in page shows: the form, or one of its MFA steps. */
export type LoginPageView = Omit<
  LoginPageData,
  'loginTitle' | 'loginLogo' | 'loginImage' | 'lang' | 'sources' | 'forgotPasswordUrl'
>;

/** The anonymous csrf token of the browser (double-submit cookie), created when missing or malformed. */
export function anonymousCsrf(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): string {
  return anonymousCsrfToken(ctx.cookies, request, reply);
}

/** Whether a form post carries the browser's csrf cookie as its `csrfmiddlewaretoken` (double submit). */
export function csrfMatches(ctx: AppContext, request: FastifyRequest, formToken: string): string | null {
  return formCsrfMatches(ctx.cookies, request, formToken)
    ? (request.cookies[ctx.cookies.csrf] ?? null)
    : null;
}

/** The sign-in page (login.html) with its page data; 503 while the console is not built. */
export async function sendLoginPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  view: LoginPageView,
): Promise<FastifyReply> {
  // The Interface settings' title, logo and picture (docs/interface.md).
  const images = await publishedImageUrls(ctx.db, ctx.uiDir);
  const html = await renderLoginPage(ctx.uiDir, {
    ...view,
    // The outside sign-in sources' buttons and the forgot-password link (docs/auth-sources.md).
    ...(await loginPageExtras(ctx)),
    loginTitle: String((await categoryValues(ctx.db, ctx.config, 'interface')).LOGIN_TITLE),
    loginLogo: images.logo_index,
    loginImage: images.login_image,
    lang: requestLanguage(request),
  });
  if (html === null) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
  // The page carries a csrf token (and may carry an enrolment secret): never cache it anywhere.
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
