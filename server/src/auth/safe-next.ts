export const DEFAULT_NEXT = '/ui/';

/**
 * Only same-site absolute paths are followed after login/logout: `/…`, not `//host` or `/\host` (browsers
 * read both as another host), no backslashes, no control characters, bounded length. v2.21 redirected to
 * an unvalidated `next` (open redirect, docs/security-history.md, entry 14). Everything else becomes /ui/.
 *
 * The answer goes into a `Location` header, which carries ASCII only: characters beyond it (`/ui/资产`)
 * are percent-encoded as UTF-8, which browsers read back as the same path; text that is not valid
 * Unicode (a lone surrogate) cannot be encoded and also becomes /ui/ (docs/security.md).
 */
export function safeNext(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return DEFAULT_NEXT;
  if (!value.startsWith('/') || value.startsWith('//')) return DEFAULT_NEXT;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f\s]/.test(value)) return DEFAULT_NEXT;
  try {
    // Runs of non-ASCII characters (the control ones are already refused above).
    return value.replace(/[^ -~]+/g, (run) => encodeURIComponent(run));
  } catch {
    return DEFAULT_NEXT;
  }
}
