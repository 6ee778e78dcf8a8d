import { importErrorLines } from './errors';

/** Import preview page size and pause between rows (docs/limits.md). */
export const IMPORT_PAGE_SIZE = 10;
export const IMPORT_ROW_PAUSE_MS = 100;
/** Client-side file limit (docs/crud.md#import: the check uses 30 MB; the help text says 10M). */
export const IMPORT_MAX_BYTES = 30 * 1024 * 1024;

export type ImportMode = 'create' | 'update';
export type RowStatus = { state: 'pending' } | { state: 'ok' } | { state: 'error'; lines: string[] };
export type ImportTaskState = 'pending' | 'started' | 'stopped' | 'done';
export type ImportFilter = 'all' | 'success' | 'failed' | 'pending';
export type ImportButton = 'import' | 'stop' | 'continue' | 'finished';

export interface ImportRow {
  key: number;
  data: Record<string, unknown>;
  status: RowStatus;
}

export interface ImportState {
  task: ImportTaskState;
  /** `[label, field]` pairs from render-to-json. */
  titles: readonly (readonly [string, string])[];
  rows: readonly ImportRow[];
}

export type ImportAction =
  | { type: 'load'; titles: readonly (readonly [string, string])[]; data: readonly Record<string, unknown>[] }
  | { type: 'start' }
  | { type: 'stop' }
  | { type: 'done' }
  | { type: 'rowOk'; key: number }
  | { type: 'rowError'; key: number; body: unknown }
  | { type: 'edit'; key: number; field: string; value: unknown }
  | { type: 'reset' };

export const initialImportState: ImportState = { task: 'pending', titles: [], rows: [] };

/**
 * The import task of docs/crud.md#import: pending → started → (stopped | done). Continue after done puts
 * failed rows back to pending; editing a cell puts its row back to pending.
 */
export function importReducer(state: ImportState, action: ImportAction): ImportState {
  switch (action.type) {
    case 'load':
      return {
        task: 'pending',
        titles: action.titles,
        rows: action.data.map((data, key) => ({ key, data: { ...data }, status: { state: 'pending' } })),
      };
    case 'start': {
      const rows =
        state.task === 'done'
          ? state.rows.map((r) =>
              r.status.state === 'error' ? { ...r, status: { state: 'pending' } as const } : r,
            )
          : state.rows;
      return { ...state, task: 'started', rows };
    }
    case 'stop':
      return state.task === 'started' ? { ...state, task: 'stopped' } : state;
    case 'done':
      return { ...state, task: 'done' };
    case 'rowOk':
      return { ...state, rows: setStatus(state.rows, action.key, { state: 'ok' }) };
    case 'rowError':
      return {
        ...state,
        rows: setStatus(state.rows, action.key, {
          state: 'error',
          lines: importErrorLines(action.body, state.titles),
        }),
      };
    case 'edit':
      return {
        ...state,
        rows: state.rows.map((r) =>
          r.key === action.key
            ? { ...r, data: { ...r.data, [action.field]: action.value }, status: { state: 'pending' } }
            : r,
        ),
      };
    case 'reset':
      return initialImportState;
  }
}

function setStatus(rows: readonly ImportRow[], key: number, status: RowStatus): ImportRow[] {
  return rows.map((r) => (r.key === key ? { ...r, status } : r));
}

export interface ImportCounts {
  total: number;
  ok: number;
  failed: number;
  pending: number;
}

export function importCounts(rows: readonly ImportRow[]): ImportCounts {
  let ok = 0;
  let failed = 0;
  for (const r of rows) {
    if (r.status.state === 'ok') ok += 1;
    else if (r.status.state === 'error') failed += 1;
  }
  return { total: rows.length, ok, failed, pending: rows.length - ok - failed };
}

/** Per cent of rows that have an answer. */
export function importProgress(rows: readonly ImportRow[]): number {
  const c = importCounts(rows);
  return c.total ? Math.round(((c.ok + c.failed) / c.total) * 100) : 0;
}

/** Import when pending, Stop while started, Finished when every row succeeded, else Continue. */
export function importButton(state: ImportState): ImportButton {
  if (state.task === 'started') return 'stop';
  const c = importCounts(state.rows);
  if (c.total > 0 && c.ok === c.total) return 'finished';
  if (state.task === 'pending') return 'import';
  return 'continue';
}

export function filterImportRows(rows: readonly ImportRow[], filter: ImportFilter): ImportRow[] {
  switch (filter) {
    case 'success':
      return rows.filter((r) => r.status.state === 'ok');
    case 'failed':
      return rows.filter((r) => r.status.state === 'error');
    case 'pending':
      return rows.filter((r) => r.status.state === 'pending');
    default:
      return [...rows];
  }
}

/** An edited cell: JSON when it parses, else the text (docs/crud.md#import). */
export function parseCellInput(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed) return text;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return text;
  }
}

/** A cell value as editable text (objects and lists as JSON). */
export function cellInputText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** 10 px per character of the longest of title and values, clamped to 100–180 px (docs/crud.md#import). */
export function importColumnWidth(title: string, values: readonly unknown[]): number {
  const longest = Math.max(title.length, ...values.map((v) => cellInputText(v).length));
  return Math.min(180, Math.max(100, longest * 10));
}

/** Columns of the preview: the titles that have data in some row. */
export function importColumns(state: ImportState): (readonly [string, string])[] {
  return state.titles.filter(([, field]) => state.rows.some((r) => r.data[field] !== undefined));
}

/** Is a file acceptable (one .csv/.xlsx under 30 MB)? */
export function checkImportFile(file: { name: string; size: number }): 'ok' | 'type' | 'size' {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return 'type';
  if (file.size >= IMPORT_MAX_BYTES) return 'size';
  return 'ok';
}

/**
 * render-to-json content type: `text/csv` or `text/xlsx` (docs/http.md#lists, not the real xlsx MIME type).
 */
export function importContentType(fileName: string): string {
  return /\.xlsx$/i.test(fileName) ? 'text/xlsx' : 'text/csv';
}

/**
 * Send the pending rows one by one, page by page, pausing between rows and between pages; `stopped()` is
 * checked between rows. The driver reads fresh state through `getState` because the user may edit rows
 * and stop while it runs.
 */
export async function runImport(input: {
  getState: () => ImportState;
  dispatch: (action: ImportAction) => void;
  send: (row: ImportRow) => Promise<void>;
  sleep?: (ms: number) => Promise<void>;
  pageSize?: number;
  pauseMs?: number;
  /** Called with the page index before its rows are sent (the preview follows along). */
  onPage?: (page: number) => void;
}): Promise<'done' | 'stopped'> {
  const sleep = input.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const pageSize = input.pageSize ?? IMPORT_PAGE_SIZE;
  const pause = input.pauseMs ?? IMPORT_ROW_PAUSE_MS;
  const keys = input.getState().rows.map((r) => r.key);
  const pages = Math.ceil(keys.length / pageSize);
  for (let p = 0; p < pages; p += 1) {
    const pageKeys = keys.slice(p * pageSize, (p + 1) * pageSize);
    const pendingOnPage = pageKeys.some(
      (k) => input.getState().rows.find((r) => r.key === k)?.status.state === 'pending',
    );
    if (!pendingOnPage) continue;
    input.onPage?.(p);
    for (const key of pageKeys) {
      if (input.getState().task !== 'started') return 'stopped';
      const row = input.getState().rows.find((r) => r.key === key);
      if (!row || row.status.state !== 'pending') continue;
      try {
        await input.send(row);
        input.dispatch({ type: 'rowOk', key });
      } catch (error) {
        input.dispatch({ type: 'rowError', key, body: errorBody(error) });
      }
      await sleep(pause);
    }
    await sleep(pause);
  }
  if (input.getState().task !== 'started') return 'stopped';
  input.dispatch({ type: 'done' });
  return 'done';
}

function errorBody(error: unknown): unknown {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (data !== undefined && data !== null && data !== '') return data;
  }
  return error instanceof Error ? error.message : String(error);
}
