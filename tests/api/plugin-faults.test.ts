// Faults that explain themselves (PLUGINS.md "Faults"): plugin files only for the users a plugin is listed
// for, the admin list of every plugin folder with its state and reason, browser-side failures posted back
// into the server log, and Ed25519-signed drop-ins.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicKeyBase64, signPluginFolder } from '../../sdk/plugin-format/signature.mjs';
import { ADMIN_PASSWORD, Client, startTestServer, writeFixturePlugin, type TestServer } from './harness';

interface FolderState {
  id: string;
  source: string;
  state: string;
  reason: string | null;
  version: string | null;
  signedBy: string | null;
}
interface States {
  plugins: FolderState[];
  faults: Array<{ pluginId: string; kind: string; detail: string; username: string }>;
}

const trusted = crypto.generateKeyPairSync('ed25519');
const stranger = crypto.generateKeyPairSync('ed25519');

let server: TestServer;
let admin: Client;
let henry: Client;

const postFault = (client: Client, body: unknown, csrf = true): Promise<Response> =>
  client.request('/api/v1/ui/plugins/faults/', {
    method: 'POST',
    csrf,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const stateOf = async (id: string, source = 'dropin'): Promise<FolderState | undefined> =>
  (await admin.json<States>('/api/v1/ui/plugins/states/')).body.plugins.find(
    (p) => p.id === id && p.source === source,
  );

beforeAll(async () => {
  server = await startTestServer({
    pluginTrustedKeys: [publicKeyBase64(trusted.publicKey)],
    allowUnsignedPlugins: false,
  });
  await server.createUser({ username: 'henry', email: 'henry@example.com', password: 'henry-pass-1' });
  admin = new Client(server.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
  henry = new Client(server.baseUrl);
  await henry.login('henry', 'henry-pass-1');
});

afterAll(async () => {
  await server.close();
});

describe('plugin files', () => {
  it('are served only to signed-in users the plugin is listed for', async () => {
    const users = (await admin.json<Array<{ id: string; url: string }>>('/api/v1/ui/plugins/')).body.find(
      (p) => p.id === 'users',
    );
    expect((await admin.get(users!.url)).status).toBe(200);
    expect((await admin.get('/ui/plugins/users/locales/en.json')).status).toBe(200);
    // henry lacks users.view_user: the plugin is not his, neither are its files
    expect((await henry.get(users!.url)).status).toBe(404);
    expect((await henry.get('/ui/plugins/users/locales/en.json')).status).toBe(404);
    // signed out: nothing
    const anonymous = new Client(server.baseUrl);
    expect((await anonymous.get(users!.url)).status).toBe(404);
    expect((await anonymous.get('/ui/plugins/workbench/locales/en.json')).status).toBe(404);
  });
});

describe('GET /api/v1/ui/plugins/states/', () => {
  it('names every refused plugin with its reason, to admins only', async () => {
    const { status, body } = await admin.json<States>('/api/v1/ui/plugins/states/');
    expect(status).toBe(200);
    const byId = new Map(body.plugins.map((p) => [`${p.source}/${p.id}`, p]));
    expect(byId.get('builtin/users')).toMatchObject({ state: 'installed', reason: null, version: '0.1.0' });
    expect(byId.get('builtin/tampered')).toMatchObject({
      state: 'refused',
      reason: expect.stringMatching(/does not match its integrity/),
    });
    expect(byId.get('builtin/no-module')).toMatchObject({
      state: 'refused',
      reason: expect.stringMatching(/module index-\w+\.js is missing/),
    });
    expect((await henry.get('/api/v1/ui/plugins/states/')).status).toBe(403);
  });

  it('says why a folder whose name is not its id is refused, and logs it', async () => {
    writeFixturePlugin(server.pluginsDir, { id: 'named-right' });
    fs.renameSync(path.join(server.pluginsDir, 'named-right'), path.join(server.pluginsDir, 'named-wrong'));
    expect(await stateOf('named-wrong')).toMatchObject({
      state: 'refused',
      reason: expect.stringContaining('"named-right" does not match its folder "named-wrong"'),
    });
    expect(server.logLines.join('')).toContain('plugin dropin/named-wrong refused');
  });
});

describe('signed drop-ins', () => {
  it('accepts a drop-in signed by a trusted key', async () => {
    writeFixturePlugin(server.pluginsDir, { id: 'signed' });
    await signPluginFolder(path.join(server.pluginsDir, 'signed'), trusted.privateKey);
    expect(await stateOf('signed')).toMatchObject({
      state: 'installed',
      signedBy: publicKeyBase64(trusted.publicKey),
    });
    const ids = (await henry.json<Array<{ id: string }>>('/api/v1/ui/plugins/')).body.map((p) => p.id);
    expect(ids).toContain('signed');
  });

  it('refuses an unsigned drop-in, one signed by an unknown key, and one changed after signing', async () => {
    writeFixturePlugin(server.pluginsDir, { id: 'unsigned' });
    writeFixturePlugin(server.pluginsDir, { id: 'strangers' });
    await signPluginFolder(path.join(server.pluginsDir, 'strangers'), stranger.privateKey);
    writeFixturePlugin(server.pluginsDir, { id: 'edited' });
    await signPluginFolder(path.join(server.pluginsDir, 'edited'), trusted.privateKey);
    expect(await stateOf('edited')).toMatchObject({ state: 'installed' });
    fs.writeFileSync(path.join(server.pluginsDir, 'edited', 'locales', 'en.json'), '{"title": "evil"}');

    expect(await stateOf('unsigned')).toMatchObject({
      state: 'refused',
      reason: expect.stringMatching(/^unsigned/),
    });
    expect(await stateOf('strangers')).toMatchObject({
      state: 'refused',
      reason: expect.stringMatching(/^bad signature: signed by an untrusted key/),
    });
    expect(await stateOf('edited')).toMatchObject({
      state: 'refused',
      reason: 'bad signature: signature does not match the files',
    });
    const ids = (await henry.json<Array<{ id: string }>>('/api/v1/ui/plugins/')).body.map((p) => p.id);
    for (const id of ['unsigned', 'strangers', 'edited']) expect(ids).not.toContain(id);
    expect((await henry.get('/ui/plugins/edited/locales/en.json')).status).toBe(404);
    expect(server.logLines.join('')).toMatch(/plugin dropin\/edited refused: bad signature/);
  });
});

describe('POST /api/v1/ui/plugins/faults/', () => {
  const fault = { id: 'workbench', version: '0.1.0', kind: 'render', detail: 'boom\nforged line' };

  it('records a failure for a plugin listed to the user: server log and the admin page', async () => {
    const response = await postFault(henry, fault);
    expect(response.status).toBe(201);
    const line = server.logLines.find((l) => l.includes('plugin workbench 0.1.0 failed in a browser'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ plugin: 'workbench', kind: 'render', user: 'henry' });
    expect(JSON.parse(line!).msg).toContain('(render): boom forged line');
    const { body } = await admin.json<States>('/api/v1/ui/plugins/states/');
    expect(body.faults[0]).toMatchObject({ pluginId: 'workbench', kind: 'render', username: 'henry' });
  });

  it('refuses without CSRF, when signed out, for a plugin not listed to the user, and bad bodies', async () => {
    expect((await postFault(henry, fault, false)).status).toBe(403);
    expect((await postFault(new Client(server.baseUrl), fault)).status).toBe(401);
    expect((await postFault(henry, { ...fault, id: 'users' })).status).toBe(404);
    expect((await postFault(henry, { ...fault, kind: 'anything' })).status).toBe(400);
    const huge = await postFault(henry, { ...fault, detail: 'x'.repeat(8000) });
    expect(huge.status).toBe(413);
  });

  it('limits how many reports one user may post per minute', async () => {
    const reporter = new Client(server.baseUrl);
    await server.createUser({ username: 'ivy', email: 'ivy@example.com', password: 'ivy-pass-12' });
    await reporter.login('ivy', 'ivy-pass-12');
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) statuses.push((await postFault(reporter, fault)).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });
});
