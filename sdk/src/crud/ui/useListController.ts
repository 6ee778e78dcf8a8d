import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isHttpError } from '../../http/HttpError';
import type { Page, QueryParams } from '../../services/http';
import { loadMetadata, fieldsOf, type FieldsMeta } from '../metadata';
import { buildListParams, hasActiveFilter, type ListQuery } from '../query';
import { createSpm } from '../relation';
import {
  resourcePerms,
  tableRights,
  type ResourcePerms,
  type TableRightName,
  type TableRights,
} from '../rights';
import { detailUrl, urlPath } from '../routes';
import type { ConfirmRequest } from './Confirm';
import { useKit } from './kit';
import { useListParams } from './useListParams';
import type { Row, TableActionContext } from './types';

export interface ListControllerOptions<R extends Row = Row> {
  /** List API URL, e.g. `/api/v1/users/groups/`. */
  url: string;
  /** Extra list parameters sent with every request (and export). */
  extraQuery?: QueryParams;
  /** app/resource of the permission codes; default from the URL. */
  permissions?: Partial<ResourcePerms>;
  /** Switch rights off (never on). */
  rights?: Partial<Record<TableRightName, boolean>>;
  /** The page address owns the list state (default true). */
  mirrorQuery?: boolean;
  /** Start with the last `days` days as date range. */
  defaultDays?: number | null;
  /** The rows' label in delete confirmations. */
  rowName?: (row: R) => string;
}

export type Notify = (severity: 'success' | 'info' | 'warn' | 'error', text: string) => void;

export interface ListController<R extends Row = Row> {
  /** GET field metadata from OPTIONS; null until it arrived. */
  meta: FieldsMeta | null;
  query: ListQuery;
  setQuery: (update: ListQuery | ((current: ListQuery) => ListQuery)) => void;
  /** The current page of rows and the total count. */
  rows: R[];
  total: number;
  /**
   * `total` is a lower bound: more rows match (a list whose server stopped counting, docs/http.md#lists).
   * Such a list pages by next/previous only: its last page is not known.
   */
  totalIsLowerBound: boolean;
  /** A page follows this one (the answer's `next`). */
  hasNextPage: boolean;
  loading: boolean;
  reload: () => void;
  /** Selected rows, across pages. */
  selectedRows: R[];
  /** The selection shown on the current page; `select` replaces it (other pages keep theirs). */
  selectionOnPage: R[];
  select: (rowsOnPage: R[]) => void;
  clearSelection: () => void;
  /** What this user may do with this table (docs/permissions.md#rights-in-the-console). */
  rights: TableRights;
  perms: ResourcePerms | null;
  /** Any search, filter or date range in effect. */
  filtered: boolean;
  /** Asks for confirmation (`confirmRequest`), then deletes, reloads and notifies. */
  deleteRow: (row: R) => void;
  deleteSelected: () => void;
  /** The pending confirmation for a view to show; `dismiss` closes it. */
  confirmRequest: ConfirmRequest | null;
  dismissConfirm: () => void;
  /** What header and more-menu actions receive. */
  context: TableActionContext<R>;
}

/**
 * A request started during the first render, taken over once by the effect that needs the same key. Once
 * taken or aborted it is spent: an aborted request handed to a later effect whose query came back to the
 * first one would answer with its abort, and the list would show no rows and never ask again.
 */
class EarlyRequest<T> {
  private readonly controller = new AbortController();
  private readonly answer: Promise<T>;
  private spent = false;
  /** Resolves once the answer (or its failure) is in. */
  readonly settled: Promise<void>;

  constructor(
    private readonly key: string,
    start: (signal: AbortSignal) => Promise<T>,
  ) {
    this.answer = start(this.controller.signal);
    this.settled = this.answer.then(
      () => undefined,
      () => undefined,
    );
  }

  /** The answer when `key` is the key it was started for and it is not spent yet. */
  take(key: string): Promise<T> | undefined {
    if (this.spent || key !== this.key) return undefined;
    this.spent = true;
    return this.answer;
  }

  abort(): void {
    this.spent = true;
    this.controller.abort();
  }
}

interface ListPageState<R> {
  rows: R[];
  total: number;
  lowerBound: boolean;
  hasNext: boolean;
}
const EMPTY_PAGE = { rows: [], total: 0, lowerBound: false, hasNext: false };

/** What the table shows of a list answer: a page, or a plain array (no paging asked or offered). */
function pageState<R>(answer: Page<R> | R[]): ListPageState<R> {
  if (Array.isArray(answer)) return { rows: answer, total: answer.length, lowerBound: false, hasNext: false };
  const rows = answer.results ?? [];
  return {
    rows,
    total: answer.count ?? rows.length,
    lowerBound: answer.count_is_lower_bound === true,
    hasNext: answer.next != null,
  };
}

function defaultRowName(row: Row): string {
  for (const key of ['name', 'hostname', 'username', 'display_name']) {
    const v = row[key];
    if (typeof v === 'string' && v) return v;
  }
  return row.id;
}

/**
 * The behaviour of a resource list without its looks (react-admin's `useListController`): list state owned by
 * the page address, metadata, the page of rows, selection across pages, table rights, and the delete
 * actions with their confirmations. `ListTable` is one view on top of it; a plugin can build its own.
 */
export function useListController<R extends Row = Row>(
  options: ListControllerOptions<R>,
  notify: Notify,
): ListController<R> {
  const kit = useKit();
  const { http, t } = kit;
  const { query, setQuery } = useListParams({
    mirror: options.mirrorQuery,
    defaultDays: options.defaultDays,
  });
  const [meta, setMeta] = useState<FieldsMeta | null>(null);
  const [page, setPage] = useState<ListPageState<R>>(EMPTY_PAGE);
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const [reloadTick, setReloadTick] = useState(0);
  const [selected, setSelected] = useState<Map<string, R>>(() => new Map());
  const [confirmRequest, setConfirmRequest] = useState<ConfirmRequest | null>(null);
  const dataArrived = useRef(false);

  const extraKey = JSON.stringify(options.extraQuery ?? {});
  const requestKey = JSON.stringify([options.url, query, extraKey, reloadTick]);
  const fetchPage = (signal: AbortSignal): Promise<Page<R> | R[]> =>
    http.get<Page<R> | R[]>(options.url, {
      params: buildListParams(query, JSON.parse(extraKey) as QueryParams),
      signal,
    });
  // The metadata and the first page are asked for while the list first renders, not after the page has
  // committed and painted (docs/first-view.md#a-list-asks-for-its-data-while-it-first-renders): the effects
  // below take this request over when it is still the one they need.
  const [early] = useState(() => ({
    page: new EarlyRequest(requestKey, fetchPage),
    metadata: loadMetadata(http, options.url).catch(() => undefined),
  }));

  // Metadata (once per URL per session).
  useEffect(() => {
    let alive = true;
    // The metadata and the first page land in one render (see the page's effect below): the metadata waits
    // for the first page too (at worst until it failed).
    Promise.all([loadMetadata(http, options.url), early.page.settled])
      .then(([m]) => alive && setMeta(fieldsOf(m, 'GET')))
      .catch((error: unknown) => {
        console.warn('metadata of', options.url, 'failed', error);
        if (alive) setMeta({});
      });
    return () => {
      alive = false;
    };
  }, [http, options.url, early]);

  const loading = loadedKey !== requestKey;
  useEffect(() => {
    const controller = new AbortController();
    // The early request, once taken, is stopped with this one: an answer must not land after a newer query.
    controller.signal.addEventListener('abort', () => early.page.abort());
    const started = early.page.take(requestKey);
    if (!started) early.page.abort(); // started for another query, or already used: not this one
    (started ?? fetchPage(controller.signal))
      .then(async (answer) => {
        // The table shows rows only with the metadata (its columns) anyway: both land in one render rather
        // than a re-render of the whole table each (docs/first-view.md#a-list-asks-for-its-data-while-it-first-renders).
        await early.metadata;
        if (controller.signal.aborted) return;
        performance.mark('crud:data');
        dataArrived.current = true;
        setPage(pageState(answer));
        setLoadedKey(requestKey);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setPage(EMPTY_PAGE);
        setLoadedKey(requestKey);
      });
    return () => controller.abort();
    // requestKey stands for url, query, extra query and reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, requestKey]);

  useEffect(() => {
    if (!dataArrived.current || loading) return;
    dataArrived.current = false;
    performance.mark('crud:rendered');
    try {
      performance.measure('crud:list-render', 'crud:data', 'crud:rendered');
    } catch {
      // marks cleared by someone else
    }
  }, [page, loading]);

  const reload = useCallback(() => setReloadTick((n) => n + 1), []);
  const clearSelection = useCallback(() => setSelected(new Map()), []);
  const selectedRows = useMemo(() => [...selected.values()], [selected]);
  const select = useCallback(
    (value: R[]) =>
      setSelected((prev) => {
        const next = new Map(prev);
        for (const r of page.rows) next.delete(r.id);
        for (const r of value) next.set(r.id, r);
        return next;
      }),
    [page.rows],
  );
  const perms = resourcePerms(options.url, options.permissions);
  const rights = tableRights({ can: kit.can, perms, rootOrg: kit.rootOrg, overrides: options.rights });
  const rowName = options.rowName ?? defaultRowName;

  const deleteRow = (row: R): void => {
    setConfirmRequest({
      header: t('action.delete'),
      message: t('confirm.deleteOne', { name: rowName(row) }),
      acceptLabel: t('action.confirm'),
      rejectLabel: t('action.cancel'),
      accept: async () => {
        try {
          await http.delete(detailUrl(urlPath(options.url), row.id));
          notify('success', t('message.deleteSuccess'));
          setSelected((s) => {
            const n = new Map(s);
            n.delete(row.id);
            return n;
          });
          reload();
        } catch (error) {
          const data = isHttpError(error) ? (error.data as { msg?: string } | undefined) : undefined;
          if (!data?.msg)
            notify('error', `${t('message.deleteError')} ${error instanceof Error ? error.message : ''}`);
        }
      },
    });
  };
  const deleteSelected = (): void => {
    setConfirmRequest({
      header: t('action.deleteSelected'),
      message: t('confirm.deleteMany', { count: selectedRows.length }),
      acceptLabel: t('action.confirm'),
      rejectLabel: t('action.cancel'),
      accept: async () => {
        try {
          const spm = await createSpm(
            http,
            selectedRows.map((r) => r.id),
          );
          await http.delete(urlPath(options.url), { params: { spm } });
          notify('success', t('message.bulkDeleteSuccess'));
          clearSelection();
          reload();
        } catch (error) {
          notify('error', `${t('message.bulkDeleteError')} ${error instanceof Error ? error.message : ''}`);
        }
      },
    });
  };

  return {
    meta,
    query,
    setQuery,
    rows: page.rows,
    total: page.total,
    totalIsLowerBound: page.lowerBound,
    hasNextPage: page.hasNext,
    loading,
    reload,
    selectedRows,
    selectionOnPage: page.rows.filter((r) => selected.has(r.id)),
    select,
    clearSelection,
    rights,
    perms,
    filtered: hasActiveFilter(query),
    deleteRow,
    deleteSelected,
    confirmRequest,
    dismissConfirm: () => setConfirmRequest(null),
    context: { selected: selectedRows, reload, clearSelection, query, notify },
  };
}
