import axios, { type AxiosInstance, type AxiosResponse, type Method } from 'axios';
import { inject, injectable } from 'inversify';
import {
  EventBus,
  HTTP_TIMEOUT_MS,
  classifyHttpError,
  defineToken,
  readCsrfToken,
  resolveOrgHeader,
  type EventBusService,
  type HttpClient,
  type HttpRequestOptions,
  type HttpResponse,
  type QueryParams,
} from '@bastion/sdk';
import { BootAnswers } from './bootData';
import { Browser, type BrowserEnv } from './browser';

/**
 * What a request needs to know about the session at the moment it is sent. Read lazily (functions, not
 * values) because the org and settings services themselves talk HTTP: resolving them eagerly would be a cycle.
 */
export interface HttpRequestContext {
  currentOrgId(): string | null;
  xpackEnabled(): boolean;
}
export const HttpContext = defineToken<HttpRequestContext>('host.httpContext');

type Options = HttpRequestOptions & { raw?: boolean };

function cleanParams(params: QueryParams | undefined): Record<string, string | number | boolean> | undefined {
  if (!params) return undefined;
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null) out[key] = value;
  return out;
}

function flatHeaders(res: AxiosResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(res.headers ?? {}))
    if (typeof value === 'string') out[key] = value;
  return out;
}

/**
 * The HTTP layer of docs/http.md#requests-the-console-sends on axios: empty base URL, 60 s timeout, no
 * retries; csrf, organization and time-zone headers; body by default, full response with `raw`. Failures
 * become typed `HttpError`s and are published on the event bus so the shell presents them (toast, re-login
 * dialog, login redirect).
 */
@injectable()
export class AxiosHttpClient implements HttpClient {
  /** Exposed for tests (custom adapter); not part of the SDK contract. */
  readonly axios: AxiosInstance;
  /** Answers the server sent with the page, each standing in once for the same request. */
  private readonly bootAnswers: BootAnswers;

  constructor(
    @inject(EventBus) private readonly bus: EventBusService,
    @inject(Browser) private readonly browser: BrowserEnv,
    @inject(HttpContext) private readonly context: HttpRequestContext,
  ) {
    // DRF expects repeated keys for lists (a=1&a=2), not axios' default a[]=1.
    // withXSRFToken false: axios' own XSRF-TOKEN cookie is not ours (the csrf header is set in headers()),
    // and reading it in Chromium goes through the asynchronous Cookie Store, which held every request back
    // by a round trip to the browser process — sent after the render that asked for it instead of during it
    // (docs/first-view.md#a-request-leaves-when-it-is-made).
    this.axios = axios.create({
      baseURL: '',
      timeout: HTTP_TIMEOUT_MS,
      paramsSerializer: { indexes: null },
      withXSRFToken: false,
    });
    this.bootAnswers = new BootAnswers(browser.bootData());
  }

  /** Headers every request carries (docs/http.md#requests-the-console-sends). */
  headers(): Record<string, string> {
    const headers: Record<string, string> = {};
    const csrf = readCsrfToken(this.browser.cookies());
    if (csrf) headers['X-CSRFToken'] = csrf;
    const org = resolveOrgHeader({
      oidQuery: new URLSearchParams(this.browser.location().search).get('oid'),
      currentOrgId: this.context.currentOrgId(),
      xpackEnabled: this.context.xpackEnabled(),
    });
    if (org) headers['X-JMS-ORG'] = org;
    const tz = this.browser.timeZone();
    if (tz) headers['X-TZ'] = tz;
    return headers;
  }

  private async request<T>(
    method: Method,
    url: string,
    body: unknown,
    options: Options = {},
  ): Promise<unknown> {
    if (method === 'get' && !options.params && !options.raw && !options.headers) {
      const answered = this.bootAnswers.take(url, this.headers());
      if (answered) {
        this.bus.publish({ type: 'http.response', url, status: 200 });
        return answered.body;
      }
    }
    let response: AxiosResponse<T>;
    try {
      response = await this.axios.request<T>({
        method,
        url,
        data: body,
        params: cleanParams(options.params),
        headers: { ...this.headers(), ...options.headers },
        signal: options.signal,
        timeout: options.timeoutMs ?? HTTP_TIMEOUT_MS,
      });
    } catch (cause) {
      const res = axios.isAxiosError(cause) ? cause.response : undefined;
      if (res) this.bus.publish({ type: 'http.response', url, status: res.status });
      const error = classifyHttpError({
        url,
        method: method.toUpperCase(),
        status: res?.status,
        data: res?.data,
        message: cause instanceof Error ? cause.message : String(cause),
        silent: options.silent,
      });
      if (error.kind === 'login-required') this.bus.publish({ type: 'session.login-required' });
      else if (error.kind === 'session-expired') this.bus.publish({ type: 'session.expired' });
      else if (error.presentation === 'toast') this.bus.publish({ type: 'http.error', error });
      throw error;
    }
    this.bus.publish({ type: 'http.response', url, status: response.status });
    if (options.raw) return { status: response.status, headers: flatHeaders(response), data: response.data };
    return response.data;
  }

  // The overloads of HttpClient collapse onto one implementation; the casts only restate the overload result.
  get<T>(url: string, options: Options & { raw: true }): Promise<HttpResponse<T>>;
  get<T>(url: string, options?: Options): Promise<T>;
  get<T>(url: string, options?: Options): Promise<T | HttpResponse<T>> {
    return this.request<T>('get', url, undefined, options) as Promise<T | HttpResponse<T>>;
  }

  delete<T>(url: string, options: Options & { raw: true }): Promise<HttpResponse<T>>;
  delete<T>(url: string, options?: Options): Promise<T>;
  delete<T>(url: string, options?: Options): Promise<T | HttpResponse<T>> {
    return this.request<T>('delete', url, undefined, options) as Promise<T | HttpResponse<T>>;
  }

  options<T>(url: string, options?: HttpRequestOptions): Promise<T> {
    return this.request<T>('options', url, undefined, options) as Promise<T>;
  }

  post<T>(url: string, body: unknown, options: Options & { raw: true }): Promise<HttpResponse<T>>;
  post<T>(url: string, body?: unknown, options?: Options): Promise<T>;
  post<T>(url: string, body?: unknown, options?: Options): Promise<T | HttpResponse<T>> {
    return this.request<T>('post', url, body, options) as Promise<T | HttpResponse<T>>;
  }

  put<T>(url: string, body: unknown, options: Options & { raw: true }): Promise<HttpResponse<T>>;
  put<T>(url: string, body?: unknown, options?: Options): Promise<T>;
  put<T>(url: string, body?: unknown, options?: Options): Promise<T | HttpResponse<T>> {
    return this.request<T>('put', url, body, options) as Promise<T | HttpResponse<T>>;
  }

  patch<T>(url: string, body: unknown, options: Options & { raw: true }): Promise<HttpResponse<T>>;
  patch<T>(url: string, body?: unknown, options?: Options): Promise<T>;
  patch<T>(url: string, body?: unknown, options?: Options): Promise<T | HttpResponse<T>> {
    return this.request<T>('patch', url, body, options) as Promise<T | HttpResponse<T>>;
  }
}
