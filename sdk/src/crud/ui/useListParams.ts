import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { queryFromSearchParams, queryToSearchParams, type ListQuery } from '../query';
import { loadPageSize, savePageSize } from '../tableConfig';

export interface ListParamsOptions {
  /** The page address owns the list state (default true); false keeps it in the component (tabs, dialogs). */
  mirror?: boolean;
  /** Start with the last `days` days as the date range when the address names none. */
  defaultDays?: number | null;
}

export interface ListParams {
  query: ListQuery;
  /** Change the list state: with `mirror`, by replacing the page address, so back/forward and links follow. */
  setQuery: (update: ListQuery | ((current: ListQuery) => ListQuery)) => void;
}

/** No page, sort, search, filter or date range in the address. */
const isBare = (q: ListQuery): boolean =>
  q.page === 1 && !q.order && !q.search.length && !Object.keys(q.filters).length && !q.dateFrom;

export function defaultDateRange(days: number): { dateFrom: string; dateTo: string } {
  const end = new Date();
  end.setHours(23, 59, 59, 0);
  const start = new Date(end.getTime() - days * 24 * 3600 * 1000);
  start.setHours(0, 0, 1, 0);
  return { dateFrom: start.toISOString(), dateTo: end.toISOString() };
}

/**
 * The state of a list — page, sort, search tags, field filters, date range — with the page address as its
 * single owner (react-admin's `useListParams`): reading it parses the address, changing it writes the
 * address. The page size is the user's, kept across lists (`tableConfig`), not in the address.
 */
export function useListParams(options: ListParamsOptions = {}): ListParams {
  const mirror = options.mirror !== false;
  const [searchParams, setSearchParams] = useSearchParams();
  const [size, setSize] = useState(loadPageSize);
  // Computed once: a default range recomputed per render would be a new query each time.
  const [defaults] = useState(() => (options.defaultDays ? defaultDateRange(options.defaultDays) : null));
  const withDefaults = useCallback(
    (q: ListQuery): ListQuery => (defaults && !q.dateFrom ? { ...q, ...defaults } : q),
    [defaults],
  );
  const [local, setLocal] = useState<ListQuery>(() =>
    withDefaults(queryFromSearchParams(new URLSearchParams(), loadPageSize())),
  );
  const parsed = useMemo(() => queryFromSearchParams(searchParams, size), [searchParams, size]);
  const fromAddress = useMemo(() => withDefaults(parsed), [parsed, withDefaults]);
  const query = mirror ? fromAddress : local;

  // The last state this list showed. Coming back to the list by a plain link (a form's "back", a menu entry)
  // brings it back, as the page kept alive in its tab showed it before the address owned the state.
  const remembered = useRef<ListQuery | null>(null);
  useEffect(() => {
    if (!mirror) return;
    if (!isBare(parsed)) {
      remembered.current = parsed;
      return;
    }
    const last = remembered.current;
    if (last && !isBare(last))
      setSearchParams((current) => queryToSearchParams(last, current), { replace: true });
  }, [mirror, parsed, setSearchParams]);

  const setQuery = useCallback(
    (update: ListQuery | ((current: ListQuery) => ListQuery)) => {
      const next = typeof update === 'function' ? update(query) : update;
      remembered.current = next;
      if (next.size !== size) {
        savePageSize(next.size);
        setSize(next.size);
      }
      if (!mirror) {
        setLocal(next);
        return;
      }
      setSearchParams((current) => queryToSearchParams(next, current), { replace: true });
    },
    [mirror, query, setSearchParams, size],
  );
  return { query, setQuery };
}
