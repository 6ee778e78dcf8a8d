import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  Client,
  OVERRIDES_SCRIPT_URL,
  rawGet,
  startTestServer,
  type TestServer,
} from './harness';

let server: TestServer;
let client: Client;

beforeAll(async () => {
  server = await startTestServer();
  client = new Client(server.baseUrl);
});

afterAll(async () => {
  await server.close();
});

describe('security headers', () => {
  it.each([
    '/ui/',
    '/api/v1/settings/public/',
    '/api/v1/users/profile/',
    '/ui/missing.js',
    '/core/auth/login/',
    '/api/nope/',
  ])('are on %s', async (url) => {
    const response = await client.get(url);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
  });
});

describe('static console files', () => {
  it('redirects / to /ui/', async () => {
    const response = await client.get('/');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/ui/');
  });

  it('serves index.html revalidated by ETag, with the overrides placeholder removed', async () => {
    const response = await client.get('/ui/');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<div id="app">');
    expect(html).not.toContain('BASTION_DEV_OVERRIDES');
    expect(html).not.toContain('import-map-overrides');
    const etag = response.headers.get('etag') as string;
    expect(etag).toBeTruthy();
    expect((await client.get('/ui/', { 'if-none-match': etag })).status).toBe(304);
  });

  it('caches hashed files forever and revalidates json', async () => {
    const hashed = await client.get('/ui/libs/boot-7Q3XK2PA.js');
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('content-type')).toContain('javascript');
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // no Set-Cookie on a publicly cacheable file, even for a browser without cookies
    const fresh = await new Client(server.baseUrl).get('/ui/libs/boot-7Q3XK2PA.js');
    expect(fresh.headers.getSetCookie()).toEqual([]);
    const importmap = await client.get('/ui/importmap.json');
    expect(importmap.headers.get('cache-control')).toBe('no-cache');
    expect(importmap.headers.get('etag')).toBeTruthy();
    const locale = await client.get('/ui/locales/en/host.json');
    expect(locale.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends the prebuilt brotli copy, else the gzip copy, to clients that accept them, the plain file to others', async () => {
    const plain = 'console.log("plain");\n';
    const file = path.join(server.config.distDir, 'ui', 'libs', 'app-9Z8Y7X6W.js');
    fs.writeFileSync(file, plain);
    fs.writeFileSync(`${file}.gz`, gzipSync(plain));
    fs.writeFileSync(`${file}.br`, brotliCompressSync(plain));
    const brotli = await client.get('/ui/libs/app-9Z8Y7X6W.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toContain('accept-encoding');
    expect(await brotli.text()).toBe(plain); // fetch decodes it: the copy holds the same content
    const zipped = await client.get('/ui/libs/app-9Z8Y7X6W.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(await zipped.text()).toBe(plain);
    const identity = await rawGet(server.baseUrl, '/ui/libs/app-9Z8Y7X6W.js');
    expect(identity.body).toBe(plain);
  });

  it('answers a missing asset with a real 404 but an app route with index.html', async () => {
    const missing = await client.get('/ui/libs/nothing-ABCDEFGH.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('text/plain');
    const missingPlugin = await client.get('/ui/plugins/users/index-XXXXXXXX.js');
    expect(missingPlugin.status).toBe(404);
    const route = await client.get('/ui/users/users/42');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<div id="app">');
  });

  it('never serves the raw login template', async () => {
    expect((await client.get('/ui/login.html')).status).toBe(404);
  });

  it.each([
    '/ui/../package.json',
    '/ui/%2e%2e/%2e%2e/etc/passwd',
    '/ui/..%2f..%2fetc%2fpasswd',
    '/ui/libs/..%5c..%5cbuild-info.json',
    '/ui/plugins/users/..%2f..%2fbuild-info.json',
    '/ui/plugins/..%2f..%2fdata/bastion.sqlite3',
    '/ui/%00.js',
  ])('refuses path traversal %s', async (rawPath) => {
    const response = await rawGet(server.baseUrl, rawPath);
    expect([400, 404]).toContain(response.status);
    expect(response.body).not.toContain('"version"');
    expect(response.body).not.toContain('root:');
  });

  it('keeps the overrides script a 404 while BASTION_DEV_OVERRIDES is off', async () => {
    expect((await client.get(OVERRIDES_SCRIPT_URL)).status).toBe(404);
  });
});

describe('dev overrides on', () => {
  it('injects the overrides script, serves it and allows localhost script origins', async () => {
    const dev = await startTestServer({ devOverrides: true });
    try {
      const devClient = new Client(dev.baseUrl);
      const index = await devClient.get('/ui/');
      expect(await index.text()).toContain(`<script src="${OVERRIDES_SCRIPT_URL}"></script>`);
      expect(index.headers.get('content-security-policy')).toContain(
        "script-src 'self' http://localhost:* http://127.0.0.1:*",
      );
      expect((await devClient.get(OVERRIDES_SCRIPT_URL)).status).toBe(200);
    } finally {
      await dev.close();
    }
  });
});

describe('favicon', () => {
  it('sends /favicon.ico to our icon, or to the favicon the public settings publish instead', async () => {
    const img = path.join(server.config.distDir, 'ui', 'img');
    fs.mkdirSync(img, { recursive: true });
    fs.writeFileSync(path.join(img, 'bastion-favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    try {
      const ours = await client.get('/favicon.ico');
      expect(ours.status).toBe(302);
      expect(ours.headers.get('location')).toBe('/ui/img/bastion-favicon.svg');
      const icon = await client.get('/ui/img/bastion-favicon.svg');
      expect(icon.status).toBe(200);
      expect(icon.headers.get('content-type')).toContain('image/svg+xml');

      fs.writeFileSync(path.join(img, 'favicon.ico'), Buffer.from([0, 0, 1, 0, 1, 0]));
      const settings = await client.json<{ data: { LOGO_URLS: { favicon: string } } }>(
        '/api/v1/settings/public/',
      );
      expect(settings.body.data.LOGO_URLS.favicon).toBe('/ui/img/favicon.ico');
      expect((await client.get('/favicon.ico')).headers.get('location')).toBe('/ui/img/favicon.ico');
    } finally {
      fs.rmSync(img, { recursive: true, force: true });
    }
  });
});

describe('console not built', () => {
  it('answers 503 with a clear message on the login page and the console', async () => {
    const bare = await startTestServer({ withoutDist: true });
    try {
      const bareClient = new Client(bare.baseUrl);
      for (const url of ['/core/auth/login/', '/ui/']) {
        const response = await bareClient.get(url);
        expect(response.status).toBe(503);
        expect(await response.text()).toBe('console not built: run npm run build');
      }
      expect((await bareClient.json<unknown[]>('/api/health/')).status).toBe(200);
      expect((await bareClient.get('/favicon.ico')).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('health and public settings', () => {
  it('reports health without auth', async () => {
    for (const url of ['/api/health/', '/api/v1/health/']) {
      const { status, body } = await client.json<Record<string, unknown>>(url);
      expect(status).toBe(200);
      expect(body.status).toBe(true);
      expect(body.db_status).toBe(true);
      expect(typeof body.db_time).toBe('number');
      expect(Number.isInteger(body.time)).toBe(true);
    }
  });

  it('publishes the public settings without auth', async () => {
    const { status, body } = await client.json<{ data: Record<string, unknown> }>('/api/v1/settings/public/');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      XPACK_ENABLED: false,
      XPACK_LICENSE_IS_VALID: false,
      LOGIN_TITLE: 'Bastion Console',
      SECURITY_PASSWORD_EXPIRATION_TIME: 9999,
      AUTH_TEMP_TOKEN: false,
      ANNOUNCEMENT_ENABLED: false,
      SECURITY_LOGIN_LIMIT_COUNT: 7,
    });
    expect(body.data.XPACK_LICENSE_INFO).toHaveProperty('corporation');
    expect(Object.keys(body.data.LOGO_URLS as object).sort()).toEqual([
      'favicon',
      'login_image',
      'logo_index',
      'logo_logout',
    ]);
    expect(body.data.PASSWORD_RULE).toHaveProperty('SECURITY_PASSWORD_MIN_LENGTH');
  });
});

describe('errors', () => {
  it('answers unknown API routes with the DRF 404 shape', async () => {
    const response = await client.json('/api/v1/nothing/here/');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('answers 405 for a known route with another method', async () => {
    const response = await client.request('/api/v1/settings/public/', { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ code: 'method_not_allowed' });
  });

  it('turns a broken login body into a 4xx, never a 500', async () => {
    const brokenJson = await client.request('/core/auth/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(brokenJson.status).toBe(400);
    expect(await brokenJson.json()).toMatchObject({ code: 'parse_error' });
    const oddType = await client.request('/core/auth/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-unknown' },
      body: 'x',
    });
    expect(oddType.status).toBe(400);
    expect(await oddType.json()).toMatchObject({ code: 'unsupported_media_type' });
  });
});

describe('API compression', () => {
  it('compresses JSON answers with brotli or gzip for clients that accept them, and only those', async () => {
    await client.login('admin', ADMIN_PASSWORD);
    const brotli = await client.get('/api/v1/users/profile/', { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(((await brotli.json()) as { username: string }).username).toBe('admin');
    const zipped = await client.get('/api/v1/users/profile/', { 'accept-encoding': 'gzip' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const profile = (await zipped.json()) as { username: string };
    expect(profile.username).toBe('admin');
    const plain = await client.get('/api/v1/users/profile/', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { username: string }).username).toBe('admin');
  });
});
