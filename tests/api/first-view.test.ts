// The signed-in page carries its first view (docs/architecture.md "Boot sequence"): preloads of every module
// it will load, and the answers and translations its boot waits for — only what this user may use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client, FIXTURE_HOST, startTestServer, type TestServer } from './harness';

interface BootData {
  answers: Array<{ url: string; headers: Record<string, string>; body: unknown }>;
  locales: Record<string, Record<string, Record<string, unknown>>>;
}

let server: TestServer;
let admin: Client;
let ordinary: Client;

const preloads = (html: string): string[] =>
  [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)"/g)].map((m) => m[1] as string);

function bootData(html: string): BootData | null {
  const match = /<script type="application\/json" id="bastion-boot-data">(.*?)<\/script>/s.exec(html);
  return match ? (JSON.parse(match[1] as string) as BootData) : null;
}

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({
    username: 'henry',
    name: '</script><script>alert(1)</script>',
    email: 'henry@example.com',
    password: 'henry-pass-1',
  });
  admin = new Client(server.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
  ordinary = new Client(server.baseUrl);
  await ordinary.login('henry', 'henry-pass-1');
});

afterAll(async () => {
  await server.close();
});

describe('the console page of a signed-in user', () => {
  it('names every module of the first view and carries the boot answers, never cached', async () => {
    // The console and the login page keep the browser's time zone in this cookie.
    admin.cookies.set('X-TZ', 'Asia%2FTokyo');
    const response = await admin.get('/ui/console/users', { 'accept-language': 'en' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    const urls = preloads(html);
    // The host, what it imports (a chunk, and the group file of a shared id), then the user's plugins.
    expect(urls.slice(0, 3)).toEqual([FIXTURE_HOST.entry, FIXTURE_HOST.chunk, FIXTURE_HOST.shared]);
    expect(html).toContain(`href="${FIXTURE_HOST.entry}" integrity="${FIXTURE_HOST.integrity}"`);
    const plugins = (await admin.json<Array<{ id: string; url: string }>>('/api/v1/ui/plugins/')).body;
    for (const plugin of plugins) {
      expect(urls).toContain(plugin.url);
      expect(urls.some((u) => u.startsWith(`/ui/plugins/${plugin.id}/chunk-`))).toBe(true);
    }
    expect(new Set(urls).size).toBe(urls.length);

    const data = bootData(html) as BootData;
    expect(data.answers.map((a) => a.url).sort()).toEqual([
      '/api/v1/settings/public/',
      '/api/v1/ui/plugins/',
      '/api/v1/users/profile/',
    ]);
    const profile = data.answers.find((a) => a.url === '/api/v1/users/profile/');
    expect(profile?.body).toMatchObject({ username: 'admin' });
    // Made for the headers the console will send: its organization and its time zone (from the cookie).
    expect(profile?.headers).toEqual({
      'X-JMS-ORG': '00000000-0000-0000-0000-000000000002',
      'X-TZ': 'Asia/Tokyo',
    });
    expect(data.answers.find((a) => a.url === '/api/v1/ui/plugins/')?.body).toEqual(plugins);
    expect(data.locales.en?.host).toEqual({ hello: 'Hello' });
    expect(data.locales.en?.users).toEqual({ title: 'users' });
  });

  it("names the code of the page its URL opens, with its integrity, and only that page's", async () => {
    const plugins = (await admin.json<Array<{ id: string }>>('/api/v1/ui/plugins/')).body;
    expect(plugins.map((p) => p.id)).toContain('users');
    const pageOf = (urls: string[]): string[] => urls.filter((u) => /\/ui\/plugins\/[^/]+\/page-/.test(u));
    const list = await (await admin.get('/ui/console/users/items')).text();
    const [page] = pageOf(preloads(list));
    expect(page).toMatch(/^\/ui\/plugins\/users\/page-[0-9a-f]{12}\.js$/);
    const manifest = (await (await admin.get('/ui/plugins/users/plugin.json')).json()) as {
      chunks: Record<string, string>;
    };
    expect(list).toContain(
      `href="${page}" integrity="${manifest.chunks[(page as string).slice('/ui/plugins/users/'.length)]}"`,
    );
    // A route with a parameter opens the same page; a more specific route without a page of its own wins
    // over it; a URL no route declares names no page.
    expect(pageOf(preloads(await (await admin.get('/ui/console/users/items/42')).text()))).toEqual([page]);
    expect(pageOf(preloads(await (await admin.get('/ui/console/users/items/create')).text()))).toEqual([]);
    expect(pageOf(preloads(await (await admin.get('/ui/console/users/other')).text()))).toEqual([]);
    // Never the page of a plugin the user may not use.
    expect(pageOf(preloads(await (await ordinary.get('/ui/console/users/items')).text()))).toEqual([]);
  });

  it('never names a plugin the user may not use, and escapes what it embeds', async () => {
    const html = await (await ordinary.get('/ui/console/users')).text();
    const urls = preloads(html);
    expect(urls).toContain(FIXTURE_HOST.entry);
    expect(urls.filter((u) => u.startsWith('/ui/plugins/users/'))).toEqual([]);
    expect(Object.keys(bootData(html)?.locales.en ?? {})).not.toContain('users');
    // The user's name is in the profile: it stays inert JSON text.
    expect(html).not.toContain('</script><script>alert(1)');
    expect(
      (bootData(html)?.answers.find((a) => a.url === '/api/v1/users/profile/')?.body as { name: string })
        .name,
    ).toBe('</script><script>alert(1)</script>');
  });

  it('tells a visitor, and a session that has ended, that nobody is signed in — and nothing else', async () => {
    const hint = '<meta name="bastion-session" content="none" />';
    const visitor = await new Client(server.baseUrl).get('/ui/console/users');
    expect(visitor.headers.get('cache-control')).toBe('no-cache');
    const html = await visitor.text();
    expect(html).toContain(hint);
    expect(preloads(html)).toEqual([]);
    expect(bootData(html)).toBeNull();
    const ended = new Client(server.baseUrl);
    ended.cookies.set('jms_sessionid', '0123456789abcdef0123456789abcdef');
    const stale = await (await ended.get('/ui/console/users')).text();
    expect(stale).toContain(hint);
    expect(bootData(stale)).toBeNull();
    expect(await (await admin.get('/ui/console/users')).text()).not.toContain(hint);
  });
});

describe('the login page', () => {
  it('lists the console files to warm, never a plugin', async () => {
    const html = await (await new Client(server.baseUrl).get('/core/auth/login/')).text();
    const match = /<script type="application\/json" id="bastion-warm">(.*?)<\/script>/s.exec(html);
    const warm = JSON.parse(match?.[1] ?? 'null') as string[];
    expect(warm).toEqual([
      '/ui/libs/boot-7Q3XK2PA.js',
      '/ui/importmap.json',
      FIXTURE_HOST.entry,
      FIXTURE_HOST.chunk,
      FIXTURE_HOST.shared,
    ]);
  });
});
