/**
 * Why a plugin is not in the console. The first kinds are shown to the user as "plugin unavailable: <reason>";
 * `not-permitted` and `license-required` mean the plugin is simply not for this user and stays invisible.
 */
export type PluginFailureKind =
  | 'not-found'
  | 'network'
  | 'integrity'
  | 'evaluation'
  | 'invalid-module'
  | 'incompatible'
  | 'timeout'
  | 'render'
  | 'not-permitted'
  | 'license-required'
  /** not a failure: still loading after the shell was shown; replaced by its result when it settles */
  | 'loading';

export interface PluginFailure {
  kind: PluginFailureKind;
  /** Technical detail (English, from the error); shown after the translated reason. */
  detail: string;
}

/** Failures the server hears about (`POST /api/v1/ui/plugins/faults/`). */
export function isReportedFailure(failure: PluginFailure): boolean {
  return isVisibleFailure(failure) && failure.kind !== 'loading';
}

/** Failures the user must see (a panel in the plugin's place) rather than a silently missing plugin. */
export function isVisibleFailure(failure: PluginFailure): boolean {
  return failure.kind !== 'not-permitted' && failure.kind !== 'license-required';
}

/** SystemJS reports a failed script/fetch with error #3 ("Error loading …"), #7 (HTTP status) or #4 (HTML). */
const LOAD_ERROR = /SystemJS Error#(3|4|7)\b|Error loading |, loading /;
const UNRESOLVED = /SystemJS Error#8\b|Unable to resolve bare specifier/;

/**
 * Classify an error thrown by `System.import`. Script-tag loading cannot see the HTTP status, so for load
 * errors the loader probes the URL; `status` is that probe's answer (null: no answer at all).
 */
export function classifyImportError(error: unknown, status?: number | null): PluginFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (UNRESOLVED.test(message)) return { kind: 'not-found', detail: message };
  if (LOAD_ERROR.test(message) || /\b404\b/.test(message)) {
    if (status === 404 || /\b404\b/.test(message)) return { kind: 'not-found', detail: message };
    if (status === null || status === undefined) return { kind: 'network', detail: message };
    // The file is there but the script failed to load: integrity mismatch or an interrupted transfer.
    return { kind: 'network', detail: `HTTP ${status}: ${message}` };
  }
  return { kind: 'evaluation', detail: message };
}
