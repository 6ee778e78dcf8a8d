export const DEFAULT_NEXT = '/ui/';

/**
 * Only same-site absolute paths are followed after login/logout: `/…`, not `//host` or `/\host` (browsers
 * read both as another host), no backslashes, no control characters, bounded length. v2.21 redirected to
 * an unvalidated `next` (open redirect, contract §11). Everything else becomes /ui/.
 */
export function safeNext(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return DEFAULT_NEXT;
  if (!value.startsWith('/') || value.startsWith('//')) return DEFAULT_NEXT;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f\s]/.test(value)) return DEFAULT_NEXT;
  return value;
}
