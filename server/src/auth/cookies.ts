import type { FastifyReply, FastifyRequest } from 'fastify';

/** Cookie names derived from the configured prefix (docs/auth.md#cookies-and-csrf). */
export interface CookieNames {
  prefix: string;
  session: string;
  csrf: string;
}

export const PREFIX_COOKIE = 'SESSION_COOKIE_NAME_PREFIX';

export const cookieNames = (prefix: string): CookieNames => ({
  prefix,
  session: `${prefix}sessionid`,
  csrf: `${prefix}csrftoken`,
});

/**
 * `maxAgeSeconds` null: a browser-session cookie, gone when the browser closes (the security setting
 * SESSION_EXPIRE_AT_BROWSER_CLOSE, docs/settings.md#categories); the server-side session also ends after the
 * idle time either way.
 */
export function setSessionCookie(
  reply: FastifyReply,
  names: CookieNames,
  sessionId: string,
  maxAgeSeconds: number | null,
): void {
  reply.setCookie(names.session, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    ...(maxAgeSeconds === null ? {} : { maxAge: maxAgeSeconds }),
  });
}

/** Readable by the front end, which copies it into X-CSRFToken. */
export function setCsrfCookie(reply: FastifyReply, names: CookieNames, token: string): void {
  reply.setCookie(names.csrf, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    maxAge: 365 * 24 * 60 * 60,
  });
}

export function clearAuthCookies(reply: FastifyReply, names: CookieNames): void {
  reply.clearCookie(names.session, { path: '/', httpOnly: true, sameSite: 'lax' });
  reply.clearCookie(names.csrf, { path: '/', sameSite: 'lax' });
}

/**
 * Tells the front end the prefix (set once per browser, like SessionCookieMiddleware). Static files under
 * /ui/ other than pages are skipped: a Set-Cookie would make publicly cached assets user-specific.
 */
export function ensurePrefixCookie(request: FastifyRequest, reply: FastifyReply, names: CookieNames): void {
  if (request.cookies[PREFIX_COOKIE] === names.prefix) return;
  const urlPath = request.url.split('?', 1)[0] ?? '';
  if (urlPath.startsWith('/ui/') && /\.[A-Za-z0-9]+$/.test(urlPath) && !urlPath.endsWith('.html')) return;
  reply.setCookie(PREFIX_COOKIE, names.prefix, { path: '/', httpOnly: false, sameSite: 'lax' });
}
