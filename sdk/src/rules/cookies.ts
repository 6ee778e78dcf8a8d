import { CSRF_PREFIX_COOKIE } from '../constants';

/** Read one cookie from a `document.cookie`-style string; values are URI-decoded and unquoted. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/**
 * The csrf cookie's name carries the deployment's prefix, which the server announces in the
 * SESSION_COOKIE_NAME_PREFIX cookie (docs/auth.md#cookies-and-csrf), e.g. `jms_` → `jms_csrftoken`.
 */
export function csrfCookieName(cookieString: string): string {
  const prefix = readCookie(cookieString, CSRF_PREFIX_COOKIE) ?? '';
  return `${prefix}csrftoken`;
}

export function readCsrfToken(cookieString: string): string | null {
  return readCookie(cookieString, csrfCookieName(cookieString)) || null;
}
