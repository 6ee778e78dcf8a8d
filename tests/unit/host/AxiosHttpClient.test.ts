import { afterEach, describe, expect, it, vi } from 'vitest';
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { DEFAULT_ORG_ID, HttpError, type BastionEvent } from '@bastion/sdk';
import { AxiosHttpClient } from '../../../host/src/services/AxiosHttpClient';
import { RxEventBus } from '../../../host/src/services/RxEventBus';
import { fakeBrowser } from './fakes';

type Reply = { status: number; data: unknown } | 'network';

function setup(
  reply: Reply,
  init: { search?: string; currentOrgId?: string | null; xpack?: boolean; bootData?: unknown } = {},
) {
  const bus = new RxEventBus();
  const events: BastionEvent[] = [];
  bus.events$.subscribe((e) => events.push(e));
  const { env } = fakeBrowser({
    cookies: 'SESSION_COOKIE_NAME_PREFIX=jms_; jms_csrftoken=tok123',
    search: init.search,
    bootData: init.bootData,
  });
  const client = new AxiosHttpClient(bus, env, {
    currentOrgId: () => init.currentOrgId ?? null,
    xpackEnabled: () => init.xpack ?? false,
  });
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    if (reply === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    const response = {
      data: reply.data,
      status: reply.status,
      statusText: '',
      headers: new AxiosHeaders({ 'x-a': '1' }),
      config,
    };
    if (reply.status >= 400)
      throw new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
  client.axios.defaults.adapter = adapter;
  return { client, events, seen };
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { cookieStore?: unknown }).cookieStore;
});

describe('AxiosHttpClient (docs/http.md#requests-the-console-sends)', () => {
  it('answers a GET from the boot data once, only for the same organization and time zone', async () => {
    const bootData = {
      answers: [
        {
          url: '/api/v1/users/profile/',
          headers: { 'X-JMS-ORG': 'org-1', 'X-TZ': 'Asia/Tokyo' },
          body: { a: 1 },
        },
        { url: '/api/v1/ui/plugins/', headers: { 'X-JMS-ORG': 'org-2', 'X-TZ': 'Asia/Tokyo' }, body: [] },
      ],
    };
    const { client, seen, events } = setup(
      { status: 200, data: { fresh: 1 } },
      { currentOrgId: 'org-1', bootData },
    );
    await expect(client.get('/api/v1/users/profile/')).resolves.toEqual({ a: 1 });
    expect(seen).toHaveLength(0);
    expect(events).toContainEqual({ type: 'http.response', url: '/api/v1/users/profile/', status: 200 });
    // Used once: the next load of the profile asks the server.
    await expect(client.get('/api/v1/users/profile/')).resolves.toEqual({ fresh: 1 });
    // Made for another organization: not this request's answer.
    await expect(client.get('/api/v1/ui/plugins/')).resolves.toEqual({ fresh: 1 });
    // Never for a request with parameters.
    expect(seen.map((c) => c.url)).toEqual(['/api/v1/users/profile/', '/api/v1/ui/plugins/']);
  });

  it('ignores malformed boot data', async () => {
    const { client, seen } = setup(
      { status: 200, data: { fresh: 1 } },
      { bootData: { answers: [{ url: 3 }, 'x', { url: '/api/v1/x/', headers: null, body: 1 }] } },
    );
    await expect(client.get('/api/v1/x/')).resolves.toEqual({ fresh: 1 });
    expect(seen).toHaveLength(1);
  });

  it('sends csrf, organization and time-zone headers and returns the body', async () => {
    const { client, seen, events } = setup({ status: 200, data: { ok: 1 } }, { currentOrgId: 'org-1' });
    await expect(client.get('/api/v1/x/', { params: { a: 1, b: undefined } })).resolves.toEqual({ ok: 1 });
    const headers = seen[0]!.headers;
    expect(headers['X-CSRFToken']).toBe('tok123');
    expect(headers['X-JMS-ORG']).toBe('org-1');
    expect(headers['X-TZ']).toBe('Asia/Tokyo');
    expect(seen[0]!.timeout).toBe(60_000);
    expect(seen[0]!.params).toEqual({ a: 1 });
    expect(events).toContainEqual({ type: 'http.response', url: '/api/v1/x/', status: 200 });
  });

  it('prefers the oid query, and uses the default org with XPACK off', async () => {
    const a = setup({ status: 200, data: null }, { search: '?oid=from-query', currentOrgId: 'org-1' });
    await a.client.get('/api/v1/x/');
    expect(a.seen[0]!.headers['X-JMS-ORG']).toBe('from-query');
    const b = setup({ status: 200, data: null }, { xpack: false });
    await b.client.get('/api/v1/x/');
    expect(b.seen[0]!.headers['X-JMS-ORG']).toBe(DEFAULT_ORG_ID);
  });

  it('returns the full response with raw', async () => {
    const { client } = setup({ status: 201, data: { id: 1 } });
    const res = await client.post('/api/v1/x/', { a: 1 }, { raw: true });
    expect(res).toEqual({ status: 201, headers: { 'x-a': '1' }, data: { id: 1 } });
  });

  it('publishes a toast-worthy error for 403 unless silent', async () => {
    const loud = setup({ status: 403, data: { detail: 'nope' } });
    const error = await loud.client.delete('/api/v1/x/1/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).kind).toBe('forbidden');
    expect(loud.events.some((e) => e.type === 'http.error')).toBe(true);

    const quiet = setup({ status: 500, data: { error: 'x' } });
    await quiet.client.get('/api/v1/x/', { silent: true }).catch(() => undefined);
    expect(quiet.events.some((e) => e.type === 'http.error')).toBe(false);
  });

  it('401 on the profile → login-required; 401 elsewhere → session.expired; network → nothing', async () => {
    const profile = setup({ status: 401, data: {} });
    await profile.client.get('/api/v1/users/profile/').catch(() => undefined);
    expect(profile.events.map((e) => e.type)).toContain('session.login-required');

    const other = setup({ status: 401, data: {} });
    await other.client.get('/api/v1/users/users/').catch(() => undefined);
    expect(other.events.map((e) => e.type)).toContain('session.expired');
    expect(other.events.map((e) => e.type)).not.toContain('http.error');

    const net = setup('network');
    const error = await net.client.get('/api/v1/x/').catch((e: unknown) => e);
    expect((error as HttpError).kind).toBe('network');
    expect(net.events).toEqual([]);
  });
  it('sends a request at once, even where the browser has the asynchronous Cookie Store (docs/first-view.md#a-request-leaves-when-it-is-made)', () => {
    // Chromium has window.cookieStore: axios then reads its XSRF cookie through it before sending, a round
    // trip to the browser process that held every request back past the render that made it.
    const sent: string[] = [];
    class RecordingXhr {
      readyState = 0;
      status = 0;
      timeout = 0;
      withCredentials = false;
      responseType = '';
      upload = { addEventListener() {}, removeEventListener() {} };
      private url = '';
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader() {}
      addEventListener() {}
      removeEventListener() {}
      getAllResponseHeaders() {
        return '';
      }
      abort() {}
      send() {
        sent.push(this.url);
      }
    }
    vi.stubGlobal('XMLHttpRequest', RecordingXhr);
    vi.stubGlobal('cookieStore', { get: () => new Promise(() => undefined) });
    Object.defineProperty(window, 'cookieStore', {
      configurable: true,
      value: { get: () => new Promise(() => undefined) },
    });
    const { client } = setup({ status: 200, data: {} });
    client.axios.defaults.adapter = 'xhr';
    void client.get('/api/v1/users/users/', { params: { limit: 15 } }).catch(() => undefined);
    expect(sent).toEqual(['/api/v1/users/users/?limit=15']);
  });
});
