// Issue 16 item 8: bad input answers 4xx, never 5xx. The attack found 500s for a NUL byte in `search` on 17
// lists (an FTS5 phrase cut at the NUL), a `*` in an unmatched path (the 404 handler fed the raw path to
// the router as a pattern), and a login `next` with characters above U+00FF (a header that cannot carry
// them). This test sends such inputs — NUL and other control characters, broken UTF-8, lone surrogates,
// very long strings, router syntax, bad percent-encoding, huge numbers, arrays where scalars are expected —
// to every registered GET route (lists, details, extra actions; signed in as SystemAdmin with the demo data
// loaded, and anonymously), to every resource's create and update, and to the login endpoints.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/src/seed/seed-demo';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';
import { WAIT_MS } from '../support/wait.mjs';
import { ADMIN_PASSWORD, Client, startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: Client;

/** Query and path values, already percent-encoded (lone surrogates and broken UTF-8 as raw bytes). */
const VALUES = [
  '%00',
  'ab%00cd',
  'abc%00',
  '%01%02%1F%7F',
  'x%09y%0Dz%0A',
  '%ED%A0%80abc', // a lone surrogate as UTF-8 bytes
  '%C3%28%FF', // not UTF-8 at all
  '%', // bad percent-encoding
  '%zz',
  '%25%00',
  '*',
  '*x',
  ':id',
  '(a)',
  '..%2F..%2Fetc%2Fpasswd',
  '%22%27%5C',
  'NEAR(a%20b)',
  '-1',
  '1e309',
  '99999999999999999999999999999',
  'NaN',
  'x'.repeat(8_000),
  '%E8%B5%84%E4%BA%A7'.repeat(200),
] as const;

/** The values that broke or could break parsing: every parameter gets these (`search` gets them all). */
const SHARP = ['ab%00cd', '%01%1F%7F', '%ED%A0%80abc', '%zz', '*x', '99999999999999999999999999999'] as const;

/**
 * Query strings for one GET route. Lists: `search` alone with every value (a search must reach the
 * full-text index, so nothing else may narrow the rows first), then per sharp value one request with
 * every other list parameter and filter field set to it. Other routes: per sharp value one request with
 * the parameters extra actions read. Plus shapes where a scalar is expected (repeated keys, `[]` keys).
 */
function queries(filterFields: readonly string[] | null): string[] {
  const params = filterFields
    ? ['limit', 'offset', 'order', 'ids', 'spm', 'date_from', 'date_to', 'fields', ...filterFields]
    : ['search', 'limit', 'offset', 'id', 'key', 'all', 'type', 'oid'];
  const out: string[] = [];
  if (filterFields) for (const value of VALUES) out.push(`search=${value}`);
  for (const value of SHARP) out.push(params.map((name) => `${name}=${value}`).join('&'));
  out.push('search=a&search=b&limit[]=1&offset[]=2', 'limit=1&limit=x&offset=99999999999999999999');
  if (filterFields) out.push('format=csv&search=ab%00cd', 'format=xlsx&search=%ED%A0%80abc');
  return out;
}

interface Answer {
  status: number;
  body: string;
}

/**
 * A request with the path and query sent byte for byte (fetch would refuse or normalise some). No answer
 * (a dropped connection) counts as 599, no answer within 30 s as 598: both are failures.
 */
function rawRequest(
  method: string,
  rawPath: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  const url = new URL(server.baseUrl);
  return new Promise<Answer>((resolve) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: rawPath, method, headers },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, body: text });
        });
      },
    );
    // An answer that never ends (a stream that failed after its headers) is a server error too.
    const timer = setTimeout(() => {
      request.destroy();
      resolve({ status: 598, body: `no complete answer within ${WAIT_MS / 1000} s` });
    }, WAIT_MS);
    request.on('error', (error) => {
      clearTimeout(timer);
      resolve({ status: 599, body: `no answer: ${String(error)}` });
    });
    if (body !== undefined) request.write(body);
    request.end();
  });
}

function headersOf(client: Client | null, extra: Record<string, string> = {}): Record<string, string> {
  if (!client) return extra;
  return {
    cookie: client.cookieHeader(),
    'x-csrftoken': client.cookies.get('jms_csrftoken') ?? '',
    'x-jms-org': DEFAULT_ORG_ID,
    ...extra,
  };
}

/** Runs the requests a few at a time; returns the ones answered 5xx (with a bit of their body). */
async function serverErrors(
  requests: ReadonlyArray<() => Promise<Answer>>,
  labels: readonly string[],
): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;

  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < requests.length) {
        const index = next++;
        const answer = await (requests[index] as () => Promise<Answer>)();
        if (answer.status >= 500)
          failures.push(`${labels[index]?.slice(0, 160)} → ${answer.status} ${answer.body.slice(0, 120)}`);
      }
    }),
  );
  return failures;
}

/** GET routes the signed-in fuzzing visits: all but logout (it would end the session; tested below). */
function signedInGetRoutes(): Array<{ method: string; url: string }> {
  return server.app.routeTable
    .routes()
    .filter(
      (route) =>
        route.method === 'GET' && route.url !== '/core/auth/logout/' && !route.url.startsWith('/ws/'),
    );
}

/**
 * Every GET route as concrete paths: `:params` and wildcards filled with `fill`. A long value fills only the
 * first parameter (the others get `x`): two 8,000-character segments would pass Node's 16 KB limit of the
 * request head, which the HTTP server refuses before any route runs.
 */
function getPaths(fill: string): string[] {
  const paths = new Set<string>();
  for (const route of signedInGetRoutes()) {
    let filled = 0;
    const next = () => (filled++ === 0 || fill.length < 1000 ? fill : 'x');
    paths.add(route.url.replace(/:[A-Za-z_]+/g, next).replace(/\*$/, next));
  }
  return [...paths];
}

/** The fuzzing really ran signed in (a lost session would have turned every answer into a 401). */
async function expectStillSignedIn(): Promise<void> {
  expect((await rawRequest('GET', '/api/v1/users/profile/', headersOf(admin))).status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer();
  // Rows in every list, so that searches really reach the full-text indexes.
  await seedDemo({ db: server.app.db, resources: server.app.engine.registry }, 'Demo-Fuzz-Pass-1!');
  admin = new Client(server.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
}, 120_000);

afterAll(async () => {
  await server.close();
});

describe('fuzzed requests never answer 5xx', () => {
  it('every list, detail and extra GET route, with every fuzzed query parameter', async () => {
    const filterFieldsOf = new Map(
      server.app.engine.registry
        .all()
        .map((resource) => [resource.declaration.url, resource.declaration.filterFields]),
    );
    const sampleIds = new Map<string, string>();
    for (const resource of server.app.engine.registry.all()) {
      const [row] = await resource.select({ where: null, order: [], limit: 1, offset: 0 });
      sampleIds.set(resource.declaration.url, row ? encodeURIComponent(String(row.id)) : 'x');
    }
    const sampleId = (url: string): string => {
      const resource = server.app.engine.registry.all().find((r) => url.startsWith(r.declaration.url));
      return (resource && sampleIds.get(resource.declaration.url)) ?? 'x';
    };
    const requests: Array<() => Promise<Answer>> = [];
    const labels: string[] = [];
    for (const route of signedInGetRoutes()) {
      const path = route.url.replace(/:[A-Za-z_]+/g, sampleId(route.url)).replace(/\*$/, 'x');
      for (const query of queries(filterFieldsOf.get(path) ?? null)) {
        requests.push(() => rawRequest('GET', `${path}?${query}`, headersOf(admin)));
        labels.push(`GET ${path}?${query}`);
      }
    }
    expect(requests.length).toBeGreaterThan(1000);
    expect(await serverErrors(requests, labels)).toEqual([]);
    await expectStillSignedIn();
  }, 300_000);

  it('every GET route with fuzzed path segments, signed in and anonymous, and router syntax in paths', async () => {
    const paths = new Set<string>();
    for (const value of VALUES) for (const path of getPaths(value)) paths.add(path);
    for (const extra of [
      '/core/auth/login/*x',
      '/core/auth/login/*',
      '/api/v1/*',
      '/api/v1/users/users/*/',
      '/api/v1/users/users/:id/x/',
      '/x(y)/',
      '/%00',
      '/%zz',
      '/ui/%00',
      '/ui/*x',
      '/api/v1/assets/assets/%ZZ/',
      '/api/v1/users/users/%ED%A0%80/',
      `/api/v1/assets/assets/${'z'.repeat(5000)}/`,
    ])
      paths.add(extra);
    const requests: Array<() => Promise<Answer>> = [];
    const labels: string[] = [];
    for (const path of paths)
      for (const [who, client] of [
        ['admin', admin],
        ['anonymous', null],
      ] as const)
        for (const method of ['GET', 'DELETE', 'PATCH']) {
          // Deletes of real rows are not the point: fuzzed ids only.
          requests.push(() => rawRequest(method, path, headersOf(client)));
          labels.push(`${who} ${method} ${path}`);
        }
    expect(await serverErrors(requests, labels)).toEqual([]);
    await expectStillSignedIn();
    // The path that answered 500 before: a plain 404 now, for anyone.
    expect((await rawRequest('GET', '/core/auth/login/*x')).status).toBe(404);
    expect((await rawRequest('GET', '/api/v1/*x', headersOf(admin))).status).toBe(404);
    // A known path with a method it does not take still answers 405 with Allow.
    const notAllowed = await rawRequest('PUT', '/api/v1/users/profile/x/', headersOf(admin));
    expect([404, 405]).toContain(notAllowed.status);
  }, 300_000);

  it('every resource create and update, with fuzzed values in every writable field', async () => {
    const fieldValues: unknown[] = [
      '\u0000',
      'ab\u0000cd',
      '\u0001\u001f\u007f',
      '\ud800',
      'x\udfffy',
      'x'.repeat(200_000),
      '*',
      '=cmd|/c calc!A1',
      ['array', 'where', 'a', 'scalar', 'is', 'expected'],
      [[['nested']]],
      { object: { deep: [1, 2] } },
      1e308,
      -1e308,
      Number.MAX_SAFE_INTEGER,
      true,
      null,
    ];
    const requests: Array<() => Promise<Answer>> = [];
    const labels: string[] = [];
    for (const resource of server.app.engine.registry.all()) {
      const url = resource.declaration.url;
      const fields = [...resource.compiled.fields.keys()].filter((name) => name !== 'org_id');
      const [row] = await resource.select({ where: null, order: [], limit: 1, offset: 0 });
      for (const value of fieldValues) {
        const body = JSON.stringify(Object.fromEntries(fields.map((name) => [name, value])));
        requests.push(() =>
          rawRequest('POST', url, headersOf(admin, { 'content-type': 'application/json' }), body),
        );
        labels.push(`POST ${url} all fields = ${JSON.stringify(value).slice(0, 40)}`);
        requests.push(() =>
          rawRequest('POST', url, headersOf(admin, { 'content-type': 'application/json' }), `[${body}]`),
        );
        labels.push(`POST ${url} [all fields = ${JSON.stringify(value).slice(0, 40)}]`);
        if (row) {
          const detail = `${url}${encodeURIComponent(String(row.id))}/`;
          requests.push(() =>
            rawRequest('PATCH', detail, headersOf(admin, { 'content-type': 'application/json' }), body),
          );
          labels.push(`PATCH ${detail} all fields = ${JSON.stringify(value).slice(0, 40)}`);
        }
      }
      for (const body of ['[1, "x", null, []]', '"text"', '12', '{"id": {"$gt": ""}}', '[{"id": []}]']) {
        for (const method of ['POST', 'PATCH', 'PUT']) {
          requests.push(() =>
            rawRequest(method, url, headersOf(admin, { 'content-type': 'application/json' }), body),
          );
          labels.push(`${method} ${url} ${body}`);
        }
      }
    }
    expect(await serverErrors(requests, labels)).toEqual([]);
  }, 300_000);

  it('the login endpoints, before and after the password check', async () => {
    const nexts = [
      '/ui/\u0100',
      '/ui/资产?x=1',
      '/ui/\ud800',
      '/ui/\u0000',
      '/ui/%00',
      '/ui/%zz',
      '/ui/' + 'ü'.repeat(3000),
      '//evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
      '*',
    ];
    const failures: string[] = [];
    for (const next of nexts) {
      // The password is right: the redirect is built from `next`.
      const client = new Client(server.baseUrl);
      const signedIn = await client.submitLogin('admin', ADMIN_PASSWORD, { next });
      if (signedIn.status >= 500) failures.push(`login next=${JSON.stringify(next)} → ${signedIn.status}`);
      else {
        expect(signedIn.status).toBe(302);
        const location = signedIn.headers.get('location') ?? '';
        expect(location.startsWith('/') && !location.startsWith('//')).toBe(true);
      }
      const wrong = await new Client(server.baseUrl).submitLogin('admin', 'wrong', { next });
      if (wrong.status >= 500) failures.push(`wrong password next=${JSON.stringify(next)} → ${wrong.status}`);
      // Already signed in: the login page redirects to `next` at once; logout sends it on.
      // (Within the request-line limit of Node's HTTP parser: longer lines never reach the server's code.)
      const encoded = encodeURIComponent(next.replace(/[\ud800-\udfff]/g, '')).slice(0, 4000);
      for (const path of [`/core/auth/login/?next=${encoded}`, `/core/auth/logout/?next=${encoded}`]) {
        const answer = await rawRequest('GET', path, headersOf(client));
        if (answer.status >= 500)
          failures.push(`GET ${path.slice(0, 80)} → ${answer.status} ${answer.body.slice(0, 80)}`);
      }
    }
    // A non-ASCII target is followed, percent-encoded (the header carries ASCII only).
    const ascii = await new Client(server.baseUrl).submitLogin('admin', ADMIN_PASSWORD, { next: '/ui/资产' });
    expect(ascii.headers.get('location')).toBe('/ui/%E8%B5%84%E4%BA%A7');
    // Fields of the wrong shape, raw bytes and oversized forms.
    const page = new Client(server.baseUrl);
    await page.get('/core/auth/login/');
    const csrf = page.cookies.get('jms_csrftoken') ?? '';
    for (const form of [
      `username=admin&username=x&password=${ADMIN_PASSWORD}&csrfmiddlewaretoken=${csrf}`,
      `username[]=admin&password[]=x&csrfmiddlewaretoken=${csrf}`,
      `username=%00&password=%00&csrfmiddlewaretoken=${csrf}`,
      `username=%ED%A0%80&password=%zz&csrfmiddlewaretoken=${csrf}&next=%ED%A0%80`,
      `username=${'a'.repeat(70_000)}&csrfmiddlewaretoken=${csrf}`,
      `%%%=&&&=%zz`,
    ]) {
      const answer = await rawRequest(
        'POST',
        '/core/auth/login/',
        {
          cookie: page.cookieHeader(),
          'content-type': 'application/x-www-form-urlencoded',
        },
        form,
      );
      if (answer.status >= 500)
        failures.push(`POST login ${form.slice(0, 60)} → ${answer.status} ${answer.body.slice(0, 80)}`);
    }
    const json = await rawRequest(
      'POST',
      '/api/v1/authentication/auth/',
      { 'content-type': 'application/json' },
      JSON.stringify({ username: ['admin'], password: { a: 1 } }),
    );
    if (json.status >= 500) failures.push(`POST authentication/auth → ${json.status}`);
    expect(failures).toEqual([]);
  }, 120_000);
});
