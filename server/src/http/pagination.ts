import type { FastifyRequest } from 'fastify';

/** limit/offset of a list request (docs/http.md#lists); limit null = answer a plain array. */
export interface PageRequest {
  limit: number | null;
  offset: number;
}

const MAX_PAGE_NUMBER = 1_000_000_000;

/**
 * DRF LimitOffsetPagination tolerance: a missing, zero, negative or non-numeric `limit` means "no
 * pagination"; a bad `offset` means 0. Values are capped so nothing can overflow the database driver.
 */
export function parsePageRequest(query: Record<string, unknown>): PageRequest {
  const toInt = (value: unknown): number | null => {
    const text = Array.isArray(value) ? value[0] : value;
    if (typeof text !== 'string' || !/^\d{1,15}$/.test(text.trim())) return null;
    return Math.min(Number(text.trim()), MAX_PAGE_NUMBER);
  };
  const limit = toInt(query.limit);
  return { limit: limit === null || limit === 0 ? null : limit, offset: toInt(query.offset) ?? 0 };
}

/** The request's host for absolute URLs; the Host header is used only when it looks like a host. */
export function requestOrigin(request: FastifyRequest, fallbackHost: string): string {
  const host = request.headers.host;
  const safeHost = typeof host === 'string' && /^[A-Za-z0-9.\-:[\]]{1,255}$/.test(host) ? host : fallbackHost;
  return `${request.protocol}://${safeHost}`;
}

export interface Page<T> {
  count: number;
  /** Only when true: more than `count` rows match (a list that stopped counting, docs/http.md#lists). */
  count_is_lower_bound?: true;
  next: string | null;
  previous: string | null;
  results: T[];
}

/**
 * `{count, next, previous, results}` with absolute next/previous URLs, as DRF builds them. With
 * `countIsLowerBound` more than `count` rows match (docs/http.md#lists): the answer says so beside `count`, and
 * a page ending at or before `count` has a next one.
 */
export function pageResponse<T>(
  request: FastifyRequest,
  fallbackHost: string,
  page: { limit: number; offset: number },
  count: number,
  results: T[],
  countIsLowerBound = false,
): Page<T> {
  const url = new URL(request.url, requestOrigin(request, fallbackHost));
  const withOffset = (offset: number | null): string => {
    const copy = new URL(url);
    copy.searchParams.set('limit', String(page.limit));
    if (offset === null) copy.searchParams.delete('offset');
    else copy.searchParams.set('offset', String(offset));
    return copy.toString();
  };
  const end = page.offset + page.limit;
  const next = (countIsLowerBound ? end <= count : end < count) ? withOffset(end) : null;
  const previous =
    page.offset <= 0
      ? null
      : page.offset - page.limit <= 0
        ? withOffset(null)
        : withOffset(page.offset - page.limit);
  return countIsLowerBound
    ? { count, count_is_lower_bound: true, next, previous, results }
    : { count, next, previous, results };
}

/**
 * `search` terms: split on whitespace and commas, all must match (DRF SearchFilter). Control characters
 * (NUL, …) split terms too: nobody types them, and a NUL cannot be carried by every query form the
 * storage uses (an FTS5 phrase ends at it).
 */
export function searchTerms(value: unknown): string[] {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string') return [];
  return (
    text
      // eslint-disable-next-line no-control-regex -- exactly the control characters
      .split(/[\s,\u0000-\u001f\u007f]+/)
      .filter((term) => term !== '')
      .slice(0, 10)
  );
}

/** `order=a,-b` → fields in the allowed list; unknown names are ignored silently. */
export function orderFields(
  value: unknown,
  allowed: readonly string[],
): Array<{ field: string; descending: boolean }> {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string') return [];
  return text
    .split(',')
    .map((item) => item.trim())
    .map((item) => ({ field: item.replace(/^-/, ''), descending: item.startsWith('-') }))
    .filter((item) => allowed.includes(item.field));
}
