// Site messages (docs/site-messages.md), their WebSocket and the licence detail (docs/settings.md#licence).
import fs from 'node:fs';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSiteMessage } from '../../server/src/notifications';
import { CLOSE_UNAUTHENTICATED, SOCKET_RECHECK_MS } from '../../server/src/http/session-socket';
import { ADMIN_PASSWORD, Client, startTestServer, type TestServer } from './harness';
import { signedTestLicence } from '../support/licence.mjs';

let server: TestServer;
let aliceId: string;
let bobId: string;

beforeAll(async () => {
  server = await startTestServer();
  aliceId = (
    await server.createUser({ username: 'alice', email: 'alice@example.com', password: 'Alice-Pass-1' })
  ).id;
  bobId = (await server.createUser({ username: 'bob', email: 'bob@example.com', password: 'Bob-Pass-1' })).id;
});

afterAll(async () => {
  await server?.close();
});

interface Msg {
  id: string;
  subject: string;
  message: string;
  has_read: boolean;
  read_at: string | null;
  date_created: string;
  sender: string;
}

/** Opens the socket like the console does and collects every unread_count it is told. */
function openSocket(
  client: Client | null,
  origin: string | null,
): Promise<{ ws: WebSocket; counts: number[]; status?: number }> {
  const url = `${server.baseUrl.replace('http', 'ws')}/ws/notifications/site-msg/`;
  const headers: Record<string, string> = {};
  if (client) headers.cookie = client.cookieHeader();
  if (origin) headers.origin = origin;
  const ws = new WebSocket(url, { headers });
  const counts: number[] = [];
  ws.on('message', (data) => counts.push(JSON.parse(String(data)).unread_count));
  return new Promise((resolve) => {
    ws.on('open', () => resolve({ ws, counts }));
    ws.on('unexpected-response', (_req, res) => resolve({ ws, counts, status: res.statusCode }));
    ws.on('error', () => undefined);
  });
}

describe('site messages', () => {
  it('a user lists only their own messages, filters by has_read and pages with limit/offset', async () => {
    for (let i = 1; i <= 3; i++)
      await sendSiteMessage(server.app.db, { userIds: [aliceId], subject: `A${i}`, message: `<b>${i}</b>` });
    await sendSiteMessage(server.app.db, { userIds: [bobId], subject: 'for bob', message: 'x' });
    const alice = new Client(server.baseUrl);
    await alice.login('alice', 'Alice-Pass-1');
    const all = await alice.json<Msg[]>('/api/v1/notifications/site-message/');
    expect(all.body.map((m) => m.subject).sort()).toEqual(['A1', 'A2', 'A3']);
    expect(all.body[0]).toMatchObject({ has_read: false, read_at: null, sender: '' });
    const page = await alice.json<{ count: number; results: Msg[]; next: string | null }>(
      '/api/v1/notifications/site-message/?offset=0&limit=2&has_read=false',
    );
    expect(page.body.count).toBe(3);
    expect(page.body.results).toHaveLength(2);
    expect(page.body.next).toContain('offset=2');
    const bobsId = (await (async () => {
      const bob = new Client(server.baseUrl);
      await bob.login('bob', 'Bob-Pass-1');
      return (await bob.json<Msg[]>('/api/v1/notifications/site-message/')).body[0]!.id;
    })())!;
    expect((await alice.json(`/api/v1/notifications/site-message/${bobsId}/`)).status).toBe(404);
  });

  it("marks one, several or all read; only the caller's own rows change", async () => {
    const alice = new Client(server.baseUrl);
    await alice.login('alice', 'Alice-Pass-1');
    const unread = (await alice.json<Msg[]>('/api/v1/notifications/site-message/?has_read=false')).body;
    const bob = new Client(server.baseUrl);
    await bob.login('bob', 'Bob-Pass-1');
    const bobMsg = (await bob.json<Msg[]>('/api/v1/notifications/site-message/')).body[0]!;
    const res = await alice.request('/api/v1/notifications/site-message/mark-as-read/', {
      method: 'PATCH',
      csrf: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [unread[0]!.id, bobMsg.id] }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ detail: 'ok' });
    expect(
      (await alice.json<{ total: number }>('/api/v1/notifications/site-message/unread-total/')).body.total,
    ).toBe(2);
    expect(
      (await bob.json<{ total: number }>('/api/v1/notifications/site-message/unread-total/')).body.total,
    ).toBe(1);
    const bad = await alice.request('/api/v1/notifications/site-message/mark-as-read/', {
      method: 'PATCH',
      csrf: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({}),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ ids: ['This field is required.'] });
    const all = await alice.request('/api/v1/notifications/site-message/mark-as-read-all/', {
      method: 'PATCH',
      csrf: true,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(all.status).toBe(200);
    const read = (await alice.json<Msg[]>('/api/v1/notifications/site-message/?has_read=true')).body;
    expect(read).toHaveLength(3);
    expect(read[0]!.read_at).toMatch(/^\d{4}\/\d\d\/\d\d /);
    expect(
      (await bob.json<{ total: number }>('/api/v1/notifications/site-message/unread-total/')).body.total,
    ).toBe(1);
  });

  it('needs a signed-in user and the csrf header', async () => {
    const anonymous = new Client(server.baseUrl);
    expect((await anonymous.json('/api/v1/notifications/site-message/')).status).toBe(401);
    const alice = new Client(server.baseUrl);
    await alice.login('alice', 'Alice-Pass-1');
    const res = await alice.request('/api/v1/notifications/site-message/mark-as-read-all/', {
      method: 'PATCH',
    });
    expect(res.status).toBe(403);
  });
});

describe('the site-message WebSocket', () => {
  it('pushes the unread count on connect and whenever it changes', async () => {
    const bob = new Client(server.baseUrl);
    await bob.login('bob', 'Bob-Pass-1');
    const { ws, counts, status } = await openSocket(bob, server.baseUrl);
    expect(status).toBeUndefined();
    await expect.poll(() => counts).toEqual([1]);
    await sendSiteMessage(server.app.db, { userIds: [bobId, aliceId], subject: 'both', message: 'hi' });
    await expect.poll(() => counts).toEqual([1, 2]);
    await bob.request('/api/v1/notifications/site-message/mark-as-read-all/', {
      method: 'PATCH',
      csrf: true,
    });
    await expect.poll(() => counts).toEqual([1, 2, 0]);
    ws.close();
  });

  it('refuses anonymous and cross-site connections before the handshake', async () => {
    const anonymous = await openSocket(null, server.baseUrl);
    expect(anonymous.status).toBe(401);
    const bob = new Client(server.baseUrl);
    await bob.login('bob', 'Bob-Pass-1');
    expect((await openSocket(bob, 'https://evil.example')).status).toBe(403);
    expect((await openSocket(bob, null)).status).toBe(403);
  });

  it('closes with 4401 once the session is gone: logout, or the user disabled', async () => {
    const soon = { timeout: 5 * SOCKET_RECHECK_MS, interval: 50 };
    const closeCode = (ws: WebSocket) => {
      let code: number | null = null;
      ws.on('close', (value) => (code = value));
      return () => code;
    };
    const carol = await server.createUser({
      username: 'carol',
      email: 'carol@example.com',
      password: 'Carol-Pass-1',
    });
    const browser = new Client(server.baseUrl);
    await browser.login('carol', 'Carol-Pass-1');
    const first = await openSocket(browser, server.baseUrl);
    const firstClosed = closeCode(first.ws);
    await expect.poll(() => first.counts).toEqual([0]);
    await browser.get('/core/auth/logout/');
    await expect.poll(firstClosed, soon).toBe(CLOSE_UNAUTHENTICATED);
    await sendSiteMessage(server.app.db, { userIds: [carol.id], subject: 'after logout', message: 'x' });

    await browser.login('carol', 'Carol-Pass-1');
    const second = await openSocket(browser, server.baseUrl);
    const secondClosed = closeCode(second.ws);
    await expect.poll(() => second.counts).toEqual([1]);
    const admin = new Client(server.baseUrl);
    await admin.login('admin', ADMIN_PASSWORD);
    const disabled = await admin.request(`/api/v1/users/users/${carol.id}/`, {
      method: 'PATCH',
      csrf: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ is_active: false }),
    });
    expect(disabled.status).toBe(200);
    await expect.poll(secondClosed, soon).toBe(CLOSE_UNAUTHENTICATED);
  });
});

describe('licence detail', () => {
  it('without a licence: community edition, nothing valid; public settings say XPACK off', async () => {
    const admin = new Client(server.baseUrl);
    await admin.login('admin', ADMIN_PASSWORD);
    const detail = await admin.json<Record<string, unknown>>('/api/v1/xpack/license/detail');
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ date_expired: null, edition: 'Community edition', is_valid: false });
    const alice = new Client(server.baseUrl);
    await alice.login('alice', 'Alice-Pass-1');
    expect((await alice.json('/api/v1/xpack/license/detail')).status).toBe(403);
    const settings = await admin.json<{ data: Record<string, unknown> }>('/api/v1/settings/public/');
    expect(settings.body.data).toMatchObject({ XPACK_ENABLED: false, XPACK_LICENSE_IS_VALID: false });
  });

  it('with BASTION_LICENSE_FILE: XPACK on, valid until date_expired', async () => {
    const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
    const licensed = await startTestServer({
      license: { corporation: 'ACME Ltd', date_expired: inDays(3), edition: 'Enterprise' },
    });
    const file = licensed.config.licenseFile as string;
    try {
      const admin = new Client(licensed.baseUrl);
      await admin.login('admin', ADMIN_PASSWORD);
      const settings = await admin.json<{ data: Record<string, unknown> }>('/api/v1/settings/public/');
      expect(settings.body.data).toMatchObject({
        XPACK_ENABLED: true,
        XPACK_LICENSE_IS_VALID: true,
        XPACK_LICENSE_INFO: { corporation: 'ACME Ltd' },
      });
      const detail = await admin.json<Record<string, unknown>>('/api/v1/xpack/license/detail');
      expect(detail.body).toMatchObject({ corporation: 'ACME Ltd', edition: 'Enterprise', is_valid: true });
      fs.writeFileSync(file, signedTestLicence({ corporation: 'ACME Ltd', date_expired: inDays(-1) }));
      fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
      const expired = await admin.json<{ data: Record<string, unknown> }>('/api/v1/settings/public/');
      expect(expired.body.data).toMatchObject({ XPACK_ENABLED: true, XPACK_LICENSE_IS_VALID: false });
    } finally {
      await licensed.close();
    }
  });
});
