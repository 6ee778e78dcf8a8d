import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client, startTestServer, writeFixturePlugin, type TestServer } from './harness';

interface PluginEntry {
  id: string;
  version: string;
  url: string;
  integrity: string;
  source: 'builtin' | 'dropin';
  manifest: { id: string; module: string; permissions: string[] };
}

let server: TestServer;
let admin: Client;
let ordinary: Client;

const ids = async (client: Client): Promise<string[]> =>
  (await client.json<PluginEntry[]>('/api/v1/ui/plugins/')).body.map((plugin) => plugin.id);

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ username: 'henry', email: 'henry@example.com', password: 'henry-pass-1' });
  admin = new Client(server.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
  ordinary = new Client(server.baseUrl);
  await ordinary.login('henry', 'henry-pass-1');
});

afterAll(async () => {
  await server.close();
});

describe('GET /api/v1/ui/plugins/', () => {
  it('lists valid built-in plugins with url, integrity and manifest', async () => {
    const response = await admin.get('/api/v1/ui/plugins/');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const plugins = (await response.json()) as PluginEntry[];
    const users = plugins.find((plugin) => plugin.id === 'users') as PluginEntry;
    expect(users).toMatchObject({ version: '0.1.0', source: 'builtin' });
    expect(users.url).toBe(`/ui/plugins/users/${users.manifest.module}`);
    expect(users.integrity).toMatch(/^sha384-/);
    expect(users.manifest.permissions).toEqual(['users.view_user']);
    // the module behind the url is served, immutable, and matches the advertised integrity
    const module = await admin.get(users.url);
    expect(module.status).toBe(200);
    expect(module.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
  });

  it('filters by permission in the current org', async () => {
    expect(await ids(admin)).toEqual(['either', 'users', 'workbench']);
    expect(await ids(ordinary)).toEqual(['either', 'workbench']);
  });

  it('leaves out plugins that need a licence, fail their integrity or miss their module', async () => {
    const all = await ids(admin);
    expect(all).not.toContain('licensed');
    expect(all).not.toContain('tampered');
    expect(all).not.toContain('no-module');
  });

  it('shows a plugin copied into the drop-in folder on the next request, without restart', async () => {
    expect(await ids(ordinary)).not.toContain('reports');
    const { url } = writeFixturePlugin(server.pluginsDir, {
      id: 'reports',
      permissions: ['rbac.view_workbench'],
    });
    const plugins = (await ordinary.json<PluginEntry[]>('/api/v1/ui/plugins/')).body;
    const reports = plugins.find((plugin) => plugin.id === 'reports');
    expect(reports).toMatchObject({ source: 'dropin', url });
    const module = await ordinary.get(url);
    expect(module.status).toBe(200);
    expect(await module.text()).toContain("id: 'reports'");
    const locale = await ordinary.get('/ui/plugins/reports/locales/en.json');
    expect(locale.status).toBe(200);
    expect(locale.headers.get('cache-control')).toBe('private, no-cache');
    // and disappears again when removed
    fs.rmSync(path.join(server.pluginsDir, 'reports'), { recursive: true });
    expect(await ids(ordinary)).not.toContain('reports');
  });

  it('lets a drop-in replace the built-in of the same id', async () => {
    writeFixturePlugin(server.pluginsDir, { id: 'workbench', version: '2.0.0', permissions: [] });
    const plugins = (await ordinary.json<PluginEntry[]>('/api/v1/ui/plugins/')).body;
    expect(plugins.find((plugin) => plugin.id === 'workbench')).toMatchObject({
      source: 'dropin',
      version: '2.0.0',
    });
    fs.rmSync(path.join(server.pluginsDir, 'workbench'), { recursive: true });
  });

  it('excludes a drop-in whose module was changed after its manifest was written', async () => {
    const { url } = writeFixturePlugin(server.pluginsDir, { id: 'mutant' });
    expect(await ids(ordinary)).toContain('mutant');
    const file = path.join(server.pluginsDir, 'mutant', path.basename(url));
    fs.appendFileSync(file, '/* injected */\n');
    expect(await ids(ordinary)).not.toContain('mutant');
  });

  it('ignores manifests with a bad id, version, module path or module graph', async () => {
    for (const [id, patch] of [
      ['bad-version', { version: 'latest' }],
      ['bad-module', { module: '../../../etc/passwd.js' }],
      ['bad-perms', { permissions: ['<script>'] }],
      ['bad-graph', { depcache: { 'index-1.js': ['../../escape.js'] } }],
      ['bad-chunks', { chunks: { '../x.js': 'sha384-x' } }],
    ] as const) {
      writeFixturePlugin(server.pluginsDir, { id });
      const file = path.join(server.pluginsDir, id, 'plugin.json');
      fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), ...patch }));
    }
    fs.mkdirSync(path.join(server.pluginsDir, 'mismatch'));
    fs.writeFileSync(
      path.join(server.pluginsDir, 'mismatch', 'plugin.json'),
      JSON.stringify({ id: 'other' }),
    );
    const all = await ids(admin);
    for (const id of ['bad-version', 'bad-module', 'bad-perms', 'bad-graph', 'bad-chunks', 'mismatch'])
      expect(all).not.toContain(id);
  });
});
