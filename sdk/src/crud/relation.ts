import type { HttpClient, Page } from '../services/http';
import { RESOURCE_CACHE_URL } from './exportOptions';
import type { RelationConfig } from './formFields';

/** Select lists load 10 options per page (docs/limits.md). */
export const SELECT_PAGE_SIZE = 10;

export interface SelectOption {
  label: string;
  value: string;
}

export function defaultOptionLabel(row: Record<string, unknown>): string {
  for (const key of ['display_name', 'name', 'username', 'hostname']) {
    const v = row[key];
    if (typeof v === 'string' && v) return v;
  }
  return String(row.id ?? '');
}

export function toOption(
  row: Record<string, unknown>,
  config: Pick<RelationConfig, 'label' | 'value'>,
): SelectOption {
  return {
    label: (config.label ?? defaultOptionLabel)(row),
    value: config.value ? config.value(row) : String(row.id ?? ''),
  };
}

/** An spm code for a list of ids (docs/http.md#lists): POST the ids, then `?spm=` on any list. */
export async function createSpm(http: HttpClient, ids: readonly string[]): Promise<string> {
  const answer = await http.post<{ spm: string }>(RESOURCE_CACHE_URL, { resources: [...ids] });
  return answer.spm;
}

/** A list answer that may be a page or a plain array (docs/crud.md#remote-selects). */
export function rowsOf<T>(answer: Page<T> | T[]): { rows: T[]; count: number; hasMore: boolean } {
  if (Array.isArray(answer)) return { rows: answer, count: answer.length, hasMore: false };
  const rows = answer.results ?? [];
  return { rows, count: answer.count ?? rows.length, hasMore: Boolean(answer.next) };
}

/**
 * One page of options: `offset`/`limit` 10, `search` as typed. Resolves `forbidden: true` on 403 so the
 * select can disable itself (docs/crud.md#remote-selects).
 */
export async function loadOptionsPage(
  http: HttpClient,
  config: RelationConfig,
  input: { offset: number; search: string; signal?: AbortSignal },
): Promise<{ options: SelectOption[]; hasMore: boolean; forbidden: boolean }> {
  try {
    const answer = await http.get<Page<Record<string, unknown>> | Record<string, unknown>[]>(config.url, {
      params: {
        ...(config.params ?? {}),
        limit: SELECT_PAGE_SIZE,
        offset: input.offset,
        search: input.search.trim() || undefined,
      },
      signal: input.signal,
      silent: true,
    });
    const { rows, count, hasMore } = rowsOf(answer);
    return {
      options: rows.map((r) => toOption(r, config)),
      hasMore: hasMore || input.offset + rows.length < count,
      forbidden: false,
    };
  } catch (error) {
    const status = (error as { status?: number })?.status;
    if (status === 403) return { options: [], hasMore: false, forbidden: true };
    throw error;
  }
}

/**
 * Labels of preset values, through spm so one request answers any number of ids
 * (docs/crud.md#remote-selects).
 */
export async function loadInitialOptions(
  http: HttpClient,
  config: RelationConfig,
  ids: readonly string[],
): Promise<SelectOption[]> {
  const wanted = ids.filter(Boolean);
  if (!wanted.length) return [];
  const spm = await createSpm(http, wanted);
  const answer = await http.get<Page<Record<string, unknown>> | Record<string, unknown>[]>(config.url, {
    params: { ...(config.params ?? {}), spm, limit: Math.max(wanted.length, SELECT_PAGE_SIZE), offset: 0 },
    silent: true,
  });
  return rowsOf(answer).rows.map((r) => toOption(r, config));
}

/** Merge option lists, first occurrence wins (preset labels stay when a page repeats them). */
export function mergeOptions(...lists: readonly (readonly SelectOption[])[]): SelectOption[] {
  const seen = new Set<string>();
  const out: SelectOption[] = [];
  for (const list of lists)
    for (const o of list) {
      if (seen.has(o.value)) continue;
      seen.add(o.value);
      out.push(o);
    }
  return out;
}
