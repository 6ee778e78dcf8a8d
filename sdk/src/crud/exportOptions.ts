import type { QueryParams } from '../services/http';

export type ExportFormat = 'csv' | 'xlsx';
export type ExportRange = 'all' | 'selected' | 'filtered';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];
export const MFA_VERIFY_URL = '/api/v1/authentication/otp/verify/';
export const MFA_CODE_LENGTH = 6;
export const RESOURCE_CACHE_URL = '/api/v1/common/resources/cache/';

/**
 * Which ranges may be chosen (docs/crud.md#export): all only without a filter, selected only with a
 * selection, filtered only with a filter.
 */
export function exportRanges(input: { selected: number; filtered: boolean }): Record<ExportRange, boolean> {
  return { all: !input.filtered, selected: input.selected > 0, filtered: input.filtered };
}

/** The first enabled range, for the dialog's initial choice. */
export function defaultExportRange(input: { selected: number; filtered: boolean }): ExportRange {
  if (input.selected > 0) return 'selected';
  return input.filtered ? 'filtered' : 'all';
}

export function withParams(url: string, params: QueryParams): string {
  const u = new URL(url, 'http://x');
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    u.searchParams.set(k, String(v));
  }
  return `${u.pathname}${u.search}`;
}

/**
 * The download URL: the list URL with format, the current filters (not limit/offset) for `filtered`, or
 * `spm` of the selected rows for `selected`. The date range stays in the query (docs/crud.md#export).
 */
export function exportUrl(input: {
  url: string;
  format: ExportFormat;
  range: ExportRange;
  filterParams: QueryParams;
  spm?: string;
}): string {
  const params: QueryParams = { format: input.format };
  if (input.range === 'filtered') Object.assign(params, input.filterParams);
  else {
    // The date range is not a "filter"; it stays in every export.
    if (input.filterParams.date_from) params.date_from = input.filterParams.date_from;
    if (input.filterParams.date_to) params.date_to = input.filterParams.date_to;
  }
  if (input.range === 'selected' && input.spm) params.spm = input.spm;
  return withParams(input.url, params);
}

/** Import templates: `template=import&limit=1`, or `template=update` with the selection's spm. */
export function templateUrl(input: {
  url: string;
  format: ExportFormat;
  mode: 'create' | 'update';
  spm?: string;
}): string {
  const params: QueryParams = {
    format: input.format,
    template: input.mode === 'create' ? 'import' : 'update',
  };
  if (input.mode === 'update' && input.spm) params.spm = input.spm;
  else params.limit = 1;
  return withParams(input.url, params);
}
