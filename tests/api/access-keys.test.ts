// Access keys and the HTTP Signature scheme (docs/auth.md#access-keys-and-signed-requests;
// docs/security-history.md, design weaknesses 10 and 12).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureOrg } from '../../server/src/data/stores/orgs';
import { Client, startTestServer, type TestServer } from './harness';
import { DEFAULT_ORG, call } from './identity-helpers';

const KEYS = '/api/v1/authentication/access-keys/';
const OTHER_ORG = '6a0b1c2d-0000-4000-8000-00000000a001';
const STRANGE_ORG = '6a0b1c2d-0000-4000-8000-00000000a002';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: TestServer;
let alice: Client;
let bob: Client;

interface CreatedKey {
  id: string;
  secret: string;
  is_active: boolean;
  date_created: string;
}

/** An independent client-side implementation of the draft-cavage signature (what httpsig sends). */
function signature(input: {
  keyId: string;
  secret: string;
  method: string;
  target: string;
  date: string;
  headers?: string;
  algorithm?: string;
  values?: Record<string, string>;
}): string {
  const headers = input.headers ?? '(request-target) date';
  const lines = headers.split(' ').map((name) => {
    if (name === '(request-target)') return `(request-target): ${input.method.toLowerCase()} ${input.target}`;
    if (name === 'date') return `date: ${input.date}`;
    const value = input.values?.[name];
    if (value === undefined) throw new Error(`test signer has no value for ${name}`);
    return `${name}: ${value}`;
  });
  const mac = crypto.createHmac('sha256', input.secret).update(lines.join('\n')).digest('base64');
  return `Signature keyId="${input.keyId}",algorithm="${input.algorithm ?? 'hmac-sha256'}",headers="${headers}",signature="${mac}"`;
}

interface Signed {
  status: number;
  body: unknown;
  headers: Headers;
}

/** A signed request from a script: no cookies, no csrf, a fresh Date unless given. */
async function signedCall(
  key: { id: string; secret: string },
  method: string,
  target: string,
  options: {
    date?: Date;
    headers?: Record<string, string>;
    signedTarget?: string;
    signedHeaders?: string;
    authorization?: string;
    body?: unknown;
  } = {},
): Promise<Signed & { authorization: string; date: string }> {
  const date = (options.date ?? new Date()).toUTCString();
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  // A body travels with its SHA-256 in a signed Digest header, as httpsig clients send it.
  const digest: Record<string, string> =
    body === undefined
      ? {}
      : { digest: `SHA-256=${crypto.createHash('sha256').update(body).digest('base64')}` };
  const values = { ...digest, ...options.headers };
  const authorization =
    options.authorization ??
    signature({
      keyId: key.id,
      secret: key.secret,
      method,
      target: options.signedTarget ?? target,
      date,
      headers: options.signedHeaders ?? (body === undefined ? undefined : '(request-target) date digest'),
      values,
    });
  const headers: Record<string, string> = { date, authorization, ...values };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(server.baseUrl + target, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  return {
    status: response.status,
    body:
      text === '' ? null : response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
    headers: response.headers,
    authorization,
    date,
  };
}

async function createKey(client: Client): Promise<CreatedKey> {
  const created = await call<CreatedKey>(client, 'POST', KEYS);
  expect(created.status).toBe(201);
  return created.body;
}

const ORG_SIGNED = '(request-target) date x-jms-org';
const invalid = { detail: 'Invalid signature.', code: 'authentication_failed' };

let userCount = 0;

/** A new signed-in ordinary user (each test stays far from the per-user key limit). */
async function freshUser(): Promise<{ client: Client; id: string; username: string }> {
  userCount += 1;
  const username = `user${userCount}`;
  const user = await server.createUser({
    username,
    email: `${username}@example.com`,
    password: `${username}-pass-1`,
  });
  const client = new Client(server.baseUrl);
  await client.login(username, `${username}-pass-1`);
  return { client, id: user.id, username };
}

beforeAll(async () => {
  server = await startTestServer();
  await ensureOrg(server.app.db, { id: OTHER_ORG, name: 'Other', comment: '' });
  await ensureOrg(server.app.db, { id: STRANGE_ORG, name: 'Strange', comment: '' });
  await server.createUser({ username: 'alice', email: 'alice@example.com', password: 'alice-pass-1' });
  await server.createUser({ username: 'bob', email: 'bob@example.com', password: 'bob-pass-1' });
  await server.createUser({
    username: 'carol',
    email: 'carol@example.com',
    password: 'carol-pass-1',
    orgRoles: [
      { org: DEFAULT_ORG, role: 'OrgUser' },
      { org: OTHER_ORG, role: 'OrgAdmin' },
    ],
  });
  await server.createUser({
    username: 'nokeys',
    email: 'nokeys@example.com',
    password: 'nokeys-pass-1',
    systemRoles: [],
  });
  alice = new Client(server.baseUrl);
  await alice.login('alice', 'alice-pass-1');
  bob = new Client(server.baseUrl);
  await bob.login('bob', 'bob-pass-1');
});

afterAll(async () => {
  await server.close();
});

describe('managing access keys', () => {
  it('creates a key whose secret is in the create answer only', async () => {
    const created = await call<CreatedKey>(alice, 'POST', KEYS, { secret: 'chosen', id: 'chosen' });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(['date_created', 'id', 'is_active', 'secret']);
    expect(created.body.id).toMatch(UUID);
    expect(created.body.secret).toMatch(UUID);
    expect(created.body.secret).not.toBe(created.body.id);
    expect(created.body.is_active).toBe(true);
    expect(created.body.date_created).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} [+-]\d{4}$/);
    expect(created.headers.get('cache-control')).toBe('no-store');

    const list = await alice.get(KEYS);
    const listText = await list.text();
    expect(list.status).toBe(200);
    expect(listText).not.toContain(created.body.secret);
    const rows = JSON.parse(listText) as Array<Record<string, unknown>>;
    const row = rows.find((r) => r.id === created.body.id);
    expect(row).toEqual({ id: created.body.id, is_active: true, date_created: created.body.date_created });

    const detail = await call<Record<string, unknown>>(alice, 'GET', `${KEYS}${created.body.id}/`);
    expect(detail.status).toBe(200);
    expect(detail.body).not.toHaveProperty('secret');
    expect(JSON.stringify(detail.body)).not.toContain(created.body.secret);
  });

  it('shows, changes and deletes only the caller own keys', async () => {
    const key = await createKey(alice);
    const bobList = await call<unknown[]>(bob, 'GET', KEYS);
    expect(bobList.status).toBe(200);
    expect(bobList.body).toEqual([]);
    expect((await call(bob, 'GET', `${KEYS}${key.id}/`)).status).toBe(404);
    expect((await call(bob, 'PATCH', `${KEYS}${key.id}/`, { is_active: false })).status).toBe(404);
    expect((await call(bob, 'DELETE', `${KEYS}${key.id}/`)).status).toBe(404);
    expect((await call<{ is_active: boolean }>(alice, 'GET', `${KEYS}${key.id}/`)).body.is_active).toBe(true);

    const off = await call<{ is_active: boolean }>(alice, 'PATCH', `${KEYS}${key.id}/`, { is_active: false });
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    const filtered = await call<Array<{ id: string }>>(alice, 'GET', `${KEYS}?is_active=false`);
    expect(filtered.body.map((r) => r.id)).toContain(key.id);
    const bad = await call(
      alice,
      'PATCH',
      `${KEYS}${key.id}/`,
      { is_active: 'maybe' },
      { 'accept-language': 'en' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ is_active: ['Must be a valid boolean.'] });

    const paged = await call<{ count: number; results: unknown[] }>(alice, 'GET', `${KEYS}?limit=1&offset=0`);
    expect(paged.body.count).toBeGreaterThanOrEqual(2);
    expect(paged.body.results).toHaveLength(1);
    const searched = await call<Array<{ id: string }>>(alice, 'GET', `${KEYS}?search=${key.id.slice(0, 8)}`);
    expect(searched.body.map((r) => r.id)).toEqual([key.id]);

    expect((await call(alice, 'DELETE', `${KEYS}${key.id}/`)).status).toBe(204);
    expect((await call(alice, 'GET', `${KEYS}${key.id}/`)).status).toBe(404);
    expect((await call(alice, 'GET', `${KEYS}not-a-uuid/`)).status).toBe(404);
  });

  it('needs the accesskey permissions, a session csrf token, and a signed-in user', async () => {
    const nokeys = new Client(server.baseUrl);
    await nokeys.login('nokeys', 'nokeys-pass-1');
    expect((await call(nokeys, 'GET', KEYS)).status).toBe(403);
    expect((await call(nokeys, 'POST', KEYS)).status).toBe(403);
    expect((await new Client(server.baseUrl).get(KEYS)).status).toBe(401);
    const noCsrf = await alice.request(KEYS, { method: 'POST' });
    expect(noCsrf.status).toBe(403);
  });

  it('answers OPTIONS with translated column labels', async () => {
    const meta = await call<{ actions: { GET: Record<string, { label: string; type: string }> } }>(
      alice,
      'OPTIONS',
      KEYS,
      undefined,
      { 'accept-language': 'en' },
    );
    expect(meta.status).toBe(200);
    expect(Object.keys(meta.body.actions.GET)).toEqual(['id', 'is_active', 'date_created']);
    expect(meta.body.actions.GET.is_active).toMatchObject({ type: 'boolean', label: 'Active' });
  });

  it('caps the number of keys per user with a translated 400', async () => {
    const dave = await server.createUser({
      username: 'dave',
      email: 'dave@example.com',
      password: 'dave-pass-1',
    });
    const client = new Client(server.baseUrl);
    await client.login('dave', 'dave-pass-1');
    for (let i = 0; i < 10; i += 1) await createKey(client);
    const refused = await call<{ detail: string }>(client, 'POST', KEYS, undefined, {
      'accept-language': 'en',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain('at most 10 API keys');
    const zh = await call<{ detail: string }>(client, 'POST', KEYS, undefined, {
      'accept-language': 'zh-CN',
    });
    expect(zh.body.detail).toContain('最多只能拥有 10 个');
    expect(dave.id).toMatch(UUID);
  });

  it('keeps no usable secret in the database', async () => {
    const key = await createKey(alice);
    const row = await server.app.db.get('SELECT * FROM access_keys WHERE id = ?', [key.id]);
    expect(JSON.stringify(row)).not.toContain(key.secret);
    const keyFile = path.join(server.config.dataDir, 'credentials.key');
    expect(fs.existsSync(keyFile)).toBe(true);
    if (process.platform !== 'win32') expect(fs.statSync(keyFile).mode & 0o077).toBe(0);
  });
});

describe('the HTTP Signature scheme', () => {
  it('a signed request reaches the profile as the key user, with no cookie and no csrf', async () => {
    const owner = await freshUser();
    const key = await createKey(owner.client);
    const profile = await signedCall(key, 'GET', '/api/v1/users/profile/');
    expect(profile.status).toBe(200);
    expect((profile.body as { username: string }).username).toBe(owner.username);
    // Unsafe methods need no csrf token: the key is the credential.
    const created = await signedCall(key, 'POST', KEYS);
    expect(created.status).toBe(201);
    const patched = await signedCall(key, 'PATCH', `${KEYS}${(created.body as CreatedKey).id}/`, {
      body: { is_active: false },
    });
    expect(patched.status).toBe(200);
  });

  it('the key decides, not a session cookie that comes along', async () => {
    const owner = await freshUser();
    const key = await createKey(owner.client);
    const response = await signedCall(key, 'GET', '/api/v1/users/profile/', {
      headers: { cookie: bob.cookieHeader() },
    });
    expect((response.body as { username: string }).username).toBe(owner.username);
    const forged = await signedCall({ id: key.id, secret: 'wrong' }, 'GET', '/api/v1/users/profile/', {
      headers: { cookie: bob.cookieHeader() },
    });
    expect(forged.status).toBe(401);
  });

  it('refuses a wrong signature, a stale or future Date, a missing target or Date, and other algorithms', async () => {
    const owner = await freshUser();
    const key = await createKey(owner.client);
    const target = '/api/v1/users/profile/';
    const cases: Array<Parameters<typeof signedCall>[3]> = [
      {
        authorization: signature({
          keyId: key.id,
          secret: crypto.randomUUID(),
          method: 'GET',
          target,
          date: new Date().toUTCString(),
        }),
      },
      { date: new Date(Date.now() - 6 * 60_000) },
      { date: new Date(Date.now() + 6 * 60_000) },
      { signedHeaders: 'date' },
      { signedHeaders: '(request-target)' },
      { signedTarget: '/api/v1/users/profile/?other=1' },
      {
        authorization: signature({
          keyId: key.id,
          secret: key.secret,
          method: 'GET',
          target,
          date: new Date().toUTCString(),
          algorithm: 'hmac-sha1',
        }),
      },
      { authorization: `Signature keyId="${key.id}",algorithm="hmac-sha256",signature=` },
      {
        authorization: signature({
          keyId: crypto.randomUUID(),
          secret: key.secret,
          method: 'GET',
          target,
          date: new Date().toUTCString(),
        }),
      },
    ];
    for (const options of cases) {
      const response = await signedCall(key, 'GET', target, options);
      expect(response.status, JSON.stringify(options)).toBe(401);
      expect(response.body).toEqual(invalid);
      expect(response.headers.get('www-authenticate')).toContain('Signature');
    }
    // A signature made for POST does not authorise a DELETE of the same URL.
    const other = await createKey(owner.client);
    const moved = await signedCall(key, 'DELETE', `${KEYS}${other.id}/`, {
      authorization: signature({
        keyId: key.id,
        secret: key.secret,
        method: 'POST',
        target: `${KEYS}${other.id}/`,
        date: new Date().toUTCString(),
      }),
    });
    expect(moved.status).toBe(401);
    expect((await call(owner.client, 'GET', `${KEYS}${other.id}/`)).status).toBe(200);
    // Still a valid key afterwards.
    expect((await signedCall(key, 'GET', target)).status).toBe(200);
  });

  it('answers in the language the caller asks for', async () => {
    const owner = await freshUser();
    const key = await createKey(owner.client);
    const response = await signedCall({ id: key.id, secret: 'wrong' }, 'GET', '/api/v1/users/profile/', {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(response.status).toBe(401);
    expect((response.body as { detail: string }).detail).toBe('签名无效。');
  });

  it('accepts a signature once: a replay of the same request is refused', async () => {
    const owner = await freshUser();
    const key = await createKey(owner.client);
    const first = await signedCall(key, 'GET', '/api/v1/users/profile/');
    expect(first.status).toBe(200);
    const replay = await signedCall(key, 'GET', '/api/v1/users/profile/', {
      authorization: first.authorization,
      date: new Date(first.date),
    });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(invalid);
  });

  it('refuses inactive and deleted keys, and keys of disabled users', async () => {
    const owner = await freshUser();
    const key = await createKey(owner.client);
    // Each step asks a different URL: the same request twice in one second would be a replay.
    expect((await signedCall(key, 'GET', '/api/v1/users/profile/?step=1')).status).toBe(200);
    await call(owner.client, 'PATCH', `${KEYS}${key.id}/`, { is_active: false });
    expect((await signedCall(key, 'GET', '/api/v1/users/profile/?step=2')).body).toEqual(invalid);
    await call(owner.client, 'PATCH', `${KEYS}${key.id}/`, { is_active: true });
    expect((await signedCall(key, 'GET', '/api/v1/users/profile/?step=3')).status).toBe(200);
    await call(owner.client, 'DELETE', `${KEYS}${key.id}/`);
    const deleted = await signedCall(key, 'GET', '/api/v1/users/profile/?step=4');
    expect(deleted.status).toBe(401);
    expect(deleted.body).toEqual(invalid);

    const erin = await server.createUser({
      username: 'erin',
      email: 'erin@example.com',
      password: 'erin-pass-1',
    });
    const client = new Client(server.baseUrl);
    await client.login('erin', 'erin-pass-1');
    const erinKey = await createKey(client);
    expect((await signedCall(erinKey, 'GET', '/api/v1/users/profile/')).status).toBe(200);
    await server.app.db.run('UPDATE users SET is_active = 0 WHERE id = ?', [erin.id]);
    expect((await signedCall(erinKey, 'GET', '/api/v1/users/profile/')).status).toBe(401);
  });

  it('refuses the legacy MD5 "Sign" scheme even with a correct v2.21 signature', async () => {
    const owner = await freshUser();
    const key = await createKey(owner.client);
    const date = new Date().toUTCString();
    const md5 = crypto.createHash('md5').update(`${key.secret}\n${date}`).digest('hex');
    const sign = `Sign ${key.id}:${Buffer.from(md5).toString('base64')}`;
    const response = await signedCall(key, 'GET', '/api/v1/users/profile/', { authorization: sign });
    expect(response.status).toBe(401);
    expect((response.body as { code: string }).code).toBe('authentication_failed');
  });

  it('signed requests act with the key user permissions in the requested organization', async () => {
    const carol = new Client(server.baseUrl);
    await carol.login('carol', 'carol-pass-1');
    const key = await createKey(carol);
    const users = '/api/v1/users/users/';
    // The org header is signed too, so that requests to one URL in the same second differ (a signature
    // is accepted once) and nobody can move a signed request into another org.
    // OrgUser in Default: no users.view_user there.
    expect(
      (
        await signedCall(key, 'GET', users, {
          signedHeaders: ORG_SIGNED,
          headers: { 'x-jms-org': DEFAULT_ORG },
        })
      ).status,
    ).toBe(403);
    // OrgAdmin in Other.
    const inOther = await signedCall(key, 'GET', users, {
      signedHeaders: ORG_SIGNED,
      headers: { 'x-jms-org': OTHER_ORG },
    });
    expect(inOther.status).toBe(200);
    const profile = await signedCall(key, 'GET', '/api/v1/users/profile/', {
      signedHeaders: ORG_SIGNED,
      headers: { 'x-jms-org': OTHER_ORG },
    });
    expect((profile.body as { perms: string[] }).perms).toContain('users.view_user');
    // Not a member of Strange: refused, never swapped for another org.
    const strange = await signedCall(key, 'GET', users, {
      signedHeaders: ORG_SIGNED,
      headers: { 'x-jms-org': STRANGE_ORG },
    });
    expect(strange.status).toBe(403);
    expect((strange.body as { code: string }).code).toBe('org_forbidden');
    // Root needs orgs.view_rootorg.
    const root = await signedCall(key, 'GET', users, {
      signedHeaders: ORG_SIGNED,
      headers: { 'x-jms-org': '00000000-0000-0000-0000-000000000000' },
    });
    expect(root.status).toBe(403);
  });

  it('is for the API only: pages and forwarding headers are unaffected', async () => {
    const owner = await freshUser();
    const key = await createKey(owner.client);
    // A signature on a page request is not a login.
    const page = await signedCall(key, 'GET', '/core/auth/login/');
    expect(page.status).toBe(200);
    // A spoofed client address changes nothing about a signature check.
    const spoofed = await signedCall(key, 'GET', '/api/v1/users/profile/', {
      headers: { 'x-forwarded-for': '10.9.9.9', 'x-real-ip': '10.9.9.9' },
    });
    expect(spoofed.status).toBe(200);
  });
});
