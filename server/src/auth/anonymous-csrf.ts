import type { FastifyReply, FastifyRequest } from 'fastify';
import { setCsrfCookie, type CookieNames } from './cookies';
import { CSRF_TOKEN_PATTERN, newCsrfToken } from './random-tokens';

/**
 * The csrf token of a browser that has not signed in (double-submit cookie) for the server-rendered forms
 * (sign-in, forgotten password, reset): the cookie's, or a new one set on the reply.
 */
export function anonymousCsrf(cookies: CookieNames, request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[cookies.csrf];
  if (existing && CSRF_TOKEN_PATTERN.test(existing)) return existing;
  const token = newCsrfToken();
  setCsrfCookie(reply, cookies, token);
  return token;
}

/** Whether a form post carries the csrf cookie's token (`csrfmiddlewaretoken`). */
export function formCsrfMatches(cookies: CookieNames, request: FastifyRequest, formToken: string): boolean {
  const cookieToken = request.cookies[cookies.csrf];
  return !!cookieToken && CSRF_TOKEN_PATTERN.test(cookieToken) && formToken === cookieToken;
}
