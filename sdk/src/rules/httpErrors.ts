import { PROFILE_URL } from '../constants';
import { HttpError } from '../http/HttpError';

/**
 * The fixed messages of docs/http.md#errors-and-what-the-console-shows, keyed by the host-namespace i18n key
 * that translates them.
 */
export const HTTP_ERROR_MESSAGES = {
  'http.badRequest': 'Request error, please check what you filled in',
  'http.forbidden': 'Request error, no permission for this operation',
  'http.conflict': 'Updating, please try again later',
  'http.sessionExpired': 'the account has ended, please log in again',
  'http.loginRequired': 'Verification failed, please Login again.',
} as const;

type MessageKey = keyof typeof HTTP_ERROR_MESSAGES;

export interface FailedRequest {
  url: string;
  method?: string;
  /** Absent when no response arrived (network error, timeout, abort). */
  status?: number;
  data?: unknown;
  /** The transport's error message (e.g. axios' "Request failed with status code 500"). */
  message: string;
  silent?: boolean;
}

export function isProfileUrl(url: string): boolean {
  return url.split('?', 1)[0]!.endsWith(PROFILE_URL);
}

/** The server's own explanation: `error`, then `msg`, then `detail`, when it is a non-empty string. */
export function serverDetail(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const body = data as Record<string, unknown>;
  for (const key of ['error', 'msg', 'detail']) {
    const value = body[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return null;
}

/**
 * Classify a failed request into an `HttpError` following the catalogue of
 * docs/http.md#errors-and-what-the-console-shows.
 */
export function classifyHttpError(req: FailedRequest): HttpError {
  const base = { url: req.url, method: req.method, status: req.status, data: req.data, silent: req.silent };
  const fixed = (kind: HttpError['kind'], key: MessageKey): HttpError =>
    new HttpError({ ...base, kind, i18nKey: key, message: HTTP_ERROR_MESSAGES[key] });

  if (req.status === undefined) return new HttpError({ ...base, kind: 'network', message: req.message });
  if (isProfileUrl(req.url) && (req.status === 401 || req.status === 403)) {
    return fixed('login-required', 'http.loginRequired');
  }
  switch (req.status) {
    case 401:
      return fixed('session-expired', 'http.sessionExpired');
    case 400:
      return fixed('bad-request', 'http.badRequest');
    case 403:
      return fixed('forbidden', 'http.forbidden');
    case 409:
      return fixed('conflict', 'http.conflict');
    default:
      return new HttpError({ ...base, kind: 'server', message: serverDetail(req.data) ?? req.message });
  }
}
