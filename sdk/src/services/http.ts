/** Query parameters accepted by the HTTP layer (undefined values are dropped). */
export type QueryParams = Record<string, string | number | boolean | undefined | null>;

export interface HttpRequestOptions {
  params?: QueryParams;
  headers?: Record<string, string>;
  /**
   * Suppress the automatic red error toast (docs/http.md#requests-the-console-sends: mail/LDAP tests, quiet
   * detail loads).
   */
  silent?: boolean;
  signal?: AbortSignal;
  /** Overrides the 60 s default; rarely needed. */
  timeoutMs?: number;
}

/** The full response, for callers that asked for `raw: true` (headers, status). */
export interface HttpResponse<T> {
  status: number;
  headers: Readonly<Record<string, string>>;
  data: T;
}

export type RawOption = { raw: true };

/**
 * The console's HTTP client (docs/http.md#requests-the-console-sends). Resolves with the body by default;
 * with `{ raw: true }` with the full response. Rejects with an `HttpError` (see `HttpError.kind`); error
 * presentation is the host's job.
 */
export interface HttpClient {
  get<T>(url: string, options: HttpRequestOptions & RawOption): Promise<HttpResponse<T>>;
  get<T>(url: string, options?: HttpRequestOptions): Promise<T>;
  delete<T>(url: string, options: HttpRequestOptions & RawOption): Promise<HttpResponse<T>>;
  delete<T>(url: string, options?: HttpRequestOptions): Promise<T>;
  options<T>(url: string, options?: HttpRequestOptions): Promise<T>;
  post<T>(url: string, body: unknown, options: HttpRequestOptions & RawOption): Promise<HttpResponse<T>>;
  post<T>(url: string, body?: unknown, options?: HttpRequestOptions): Promise<T>;
  put<T>(url: string, body: unknown, options: HttpRequestOptions & RawOption): Promise<HttpResponse<T>>;
  put<T>(url: string, body?: unknown, options?: HttpRequestOptions): Promise<T>;
  patch<T>(url: string, body: unknown, options: HttpRequestOptions & RawOption): Promise<HttpResponse<T>>;
  patch<T>(url: string, body?: unknown, options?: HttpRequestOptions): Promise<T>;
}

/** DRF-style list answer (limit/offset pagination). */
export interface Page<T> {
  count: number;
  /** Present (true) only when the server stopped counting: more than `count` rows match. */
  count_is_lower_bound?: boolean;
  next: string | null;
  previous: string | null;
  results: T[];
}
