/**
 * How a failed request is classified (docs/http.md#errors-and-what-the-console-shows). The kind decides what
 * the shell does:
 * - `login-required` (401/403 on the profile call): go to the login page at once;
 * - `session-expired` (401 elsewhere): the 'Info' re-login dialog, no toast;
 * - `bad-request` / `forbidden` / `conflict`: a fixed, translated toast (400 / 403 / 409);
 * - `server`: a toast with the server's own error/msg/detail, else the error message;
 * - `network`: no response at all; rejected with no message.
 */
export type HttpErrorKind =
  'network' | 'login-required' | 'session-expired' | 'bad-request' | 'forbidden' | 'conflict' | 'server';

export type HttpErrorPresentation = 'toast' | 'dialog' | 'redirect' | 'none';

export interface HttpErrorInit {
  kind: HttpErrorKind;
  message: string;
  url: string;
  method?: string;
  status?: number;
  /** The parsed response body (for 400: the field errors keyed by field). */
  data?: unknown;
  /** Host-namespace i18n key for the message; absent when `message` is the server's own text. */
  i18nKey?: string;
  /** The request asked for no toast. */
  silent?: boolean;
}

/** The one error type the SDK's HTTP client rejects with. Shared through the import map, so instanceof works. */
export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  readonly url: string;
  readonly method: string | undefined;
  readonly status: number | undefined;
  readonly data: unknown;
  readonly i18nKey: string | undefined;
  readonly silent: boolean;

  constructor(init: HttpErrorInit) {
    super(init.message);
    this.name = 'HttpError';
    this.kind = init.kind;
    this.url = init.url;
    this.method = init.method;
    this.status = init.status;
    this.data = init.data;
    this.i18nKey = init.i18nKey;
    this.silent = init.silent ?? false;
  }

  /** What the shell should show for this error; silent requests only keep the navigation side effects. */
  get presentation(): HttpErrorPresentation {
    switch (this.kind) {
      case 'login-required':
        return 'redirect';
      case 'session-expired':
        return 'dialog';
      case 'network':
        return 'none';
      default:
        return this.silent ? 'none' : 'toast';
    }
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}
