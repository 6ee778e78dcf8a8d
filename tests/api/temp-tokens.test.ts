// Temporary passwords (docs/auth.md#temporary-passwords): the AUTH_TEMP_TOKEN switch, one use at the login
// form, 5 minutes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, loginPageData, startTestServer, type TestServer } from './harness';
import { call } from './identity-helpers';

const TOKENS = '/api/v1/authentication/temp-tokens/';
const en = { 'accept-language': 'en' };

interface Token {
  id: string;
  username: string;
  secret: string;
  verified: boolean;
  is_valid: boolean;
  date_created: string;
  date_updated: string;
  date_verified: string | null;
  date_expired: string;
}

let server: TestServer;
let alice: Client;
let bob: Client;

/** `2022/05/07 17:56:33 +0800` → epoch ms. */
function wireTime(text: string): number {
  const match = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a wire datetime: ${text}`);
  const [, y, mo, d, h, mi, s, sign, oh, om] = match;
  const offset = (Number(oh) * 60 + Number(om)) * (sign === '-' ? -1 : 1);
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - offset * 60_000;
}

async function create(client: Client): Promise<Token> {
  const created = await call<Token>(client, 'POST', TOKENS);
  expect(created.status).toBe(201);
  return created.body;
}

/** The login form's outcome: 302 (signed in) or the page's error text. */
async function formLogin(
  username: string,
  password: string,
): Promise<{ ok: boolean; error: string; client: Client }> {
  const client = new Client(server.baseUrl);
  const response = await client.submitLogin(username, password, { headers: en });
  if (response.status === 302) return { ok: true, error: '', client };
  return { ok: false, error: loginPageData(await response.text()).error, client };
}

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ username: 'alice', email: 'alice@example.com', password: 'alice-pass-1' });
  await server.createUser({ username: 'bob', email: 'bob@example.com', password: 'bob-pass-1' });
  alice = new Client(server.baseUrl);
  await alice.login('alice', 'alice-pass-1');
  bob = new Client(server.baseUrl);
  await bob.login('bob', 'bob-pass-1');
});

afterAll(async () => {
  await server.close();
});

describe('while AUTH_TEMP_TOKEN is off (the default)', () => {
  it('the public setting says so and every endpoint refuses', async () => {
    const settings = await new Client(server.baseUrl).json<{ data: { AUTH_TEMP_TOKEN: boolean } }>(
      '/api/v1/settings/public/',
    );
    expect(settings.body.data.AUTH_TEMP_TOKEN).toBe(false);
    const list = await call<{ detail: string; code: string }>(alice, 'GET', TOKENS, undefined, en);
    expect(list.status).toBe(403);
    expect(list.body).toEqual({
      detail: 'Temporary passwords are not enabled.',
      code: 'temp_token_disabled',
    });
    expect((await call(alice, 'POST', TOKENS)).status).toBe(403);
    const zh = await call<{ detail: string }>(alice, 'POST', TOKENS, undefined, { 'accept-language': 'zh' });
    expect(zh.body.detail).toBe('未启用临时密码。');
    expect((await new Client(server.baseUrl).get(TOKENS)).status).toBe(401);
  });
});

describe('while AUTH_TEMP_TOKEN is on', () => {
  beforeAll(() => {
    server.config.authTempToken = true;
  });
  afterAll(() => {
    server.config.authTempToken = false;
  });

  it('is published in the public settings', async () => {
    const settings = await new Client(server.baseUrl).json<{ data: { AUTH_TEMP_TOKEN: boolean } }>(
      '/api/v1/settings/public/',
    );
    expect(settings.body.data.AUTH_TEMP_TOKEN).toBe(true);
  });

  it('creates a 36-character secret valid for 5 minutes and lists the own tokens newest first', async () => {
    const first = await create(alice);
    const second = await create(alice);
    expect(Object.keys(second).sort()).toEqual([
      'date_created',
      'date_expired',
      'date_updated',
      'date_verified',
      'id',
      'is_valid',
      'secret',
      'username',
      'verified',
    ]);
    expect(second.username).toBe('alice');
    expect(second.secret).toMatch(/^[A-Za-z0-9]{36}$/);
    expect(second.secret).not.toBe(first.secret);
    expect(second.verified).toBe(false);
    expect(second.is_valid).toBe(true);
    expect(second.date_verified).toBeNull();
    expect(wireTime(second.date_expired) - wireTime(second.date_created)).toBe(5 * 60_000);
    const list = await call<Token[]>(alice, 'GET', TOKENS);
    expect(list.status).toBe(200);
    expect(list.body.slice(0, 2).map((t) => t.id)).toEqual([second.id, first.id]);
    const paged = await call<{ count: number; results: Token[] }>(alice, 'GET', `${TOKENS}?limit=1`);
    expect(paged.body.results.map((t) => t.id)).toEqual([second.id]);
    expect((await call<Token[]>(bob, 'GET', TOKENS)).body.map((t) => t.id)).not.toContain(first.id);
    const meta = await call<{ actions: { GET: Record<string, { label: string }> } }>(
      alice,
      'OPTIONS',
      TOKENS,
      undefined,
      en,
    );
    expect(meta.body.actions.GET.date_expired?.label).toBe('Date expired');
  });

  it('the secret signs in once at the login form; a second use fails', async () => {
    const token = await create(alice);
    const first = await formLogin('alice', token.secret);
    expect(first.ok).toBe(true);
    const profile = await first.client.json<{ username: string }>('/api/v1/users/profile/');
    expect(profile.body.username).toBe('alice');
    const used = (await call<Token[]>(alice, 'GET', TOKENS)).body.find((t) => t.id === token.id);
    expect(used).toMatchObject({ verified: true, is_valid: false, secret: '' });
    expect(used?.date_verified).toMatch(/^\d{4}\//);
    const again = await formLogin('alice', token.secret);
    expect(again.ok).toBe(false);
    expect(again.error).toContain('incorrect');
    // The real password is untouched.
    expect((await formLogin('alice', 'alice-pass-1')).ok).toBe(true);
  });

  it('is useless for another user, and another user cannot see or expire it', async () => {
    const token = await create(bob);
    expect((await formLogin('alice', token.secret)).ok).toBe(false);
    expect((await call(alice, 'GET', `${TOKENS}${token.id}/`)).status).toBe(404);
    expect((await call(alice, 'PATCH', `${TOKENS}${token.id}/expire/`)).status).toBe(404);
    // Still good for bob, who made it.
    expect((await formLogin('bob', token.secret)).ok).toBe(true);
  });

  it('expires after 5 minutes', async () => {
    const token = await create(alice);
    // Move the clock: the stored expiry is now in the past.
    await server.app.db.run('UPDATE temp_tokens SET date_expired = ? WHERE id = ?', [
      Date.now() - 1,
      token.id,
    ]);
    expect((await formLogin('alice', token.secret)).ok).toBe(false);
    const listed = (await call<Token[]>(alice, 'GET', TOKENS)).body.find((t) => t.id === token.id);
    expect(listed).toMatchObject({ is_valid: false, verified: false, secret: '' });
  });

  it('the expire endpoint ends a token now', async () => {
    const token = await create(alice);
    const expired = await call<Token>(alice, 'PATCH', `${TOKENS}${token.id}/expire/`);
    expect(expired.status).toBe(200);
    expect(expired.body).toMatchObject({ id: token.id, is_valid: false, secret: '' });
    expect(wireTime(expired.body.date_expired)).toBeLessThanOrEqual(Date.now());
    expect((await formLogin('alice', token.secret)).ok).toBe(false);
    expect((await call(alice, 'PATCH', `${TOKENS}not-a-uuid/expire/`)).status).toBe(404);
  });

  it('the lock-out and the login ACLs apply to it as to a password', async () => {
    const token = await create(alice);
    await server.app.db.run("INSERT INTO login_blocks (scope, key, until) VALUES ('user', 'alice', ?)", [
      Date.now() + 60_000,
    ]);
    const blocked = await formLogin('alice', token.secret);
    expect(blocked.ok).toBe(false);
    expect(blocked.error).toContain('locked');
    await server.app.db.run("DELETE FROM login_blocks WHERE key = 'alice'");
    // The refused attempt did not spend it.
    expect((await call<Token>(alice, 'GET', `${TOKENS}${token.id}/`)).body.is_valid).toBe(true);

    const admin = new Client(server.baseUrl);
    await admin.login('admin', 'Admin-Pass-123!');
    const aliceId = (await alice.json<{ id: string }>('/api/v1/users/profile/')).body.id;
    const acl = await call<{ id: string }>(admin, 'POST', '/api/v1/acls/login-acls/', {
      name: 'no loopback for alice',
      user: aliceId,
      priority: 1,
      rules: { ip_group: ['127.0.0.0/8', '::1'] },
      action: 'reject',
    });
    expect(acl.status).toBe(201);
    const rejected = await formLogin('alice', token.secret);
    expect(rejected.ok).toBe(false);
    expect(rejected.error).toBe('The current login IP or time period is not allowed');
    await call(admin, 'DELETE', `/api/v1/acls/login-acls/${acl.body.id}/`);
    // Presented once, used once: it does not come back after the refusal.
    expect((await formLogin('alice', token.secret)).ok).toBe(false);
  });

  it('caps the valid tokens per user', async () => {
    const carol = await server.createUser({
      username: 'carol',
      email: 'carol@example.com',
      password: 'carol-pass-1',
    });
    const client = new Client(server.baseUrl);
    await client.login('carol', 'carol-pass-1');
    for (let i = 0; i < 10; i += 1) await create(client);
    const refused = await call<{ detail: string }>(client, 'POST', TOKENS, undefined, en);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain('at most 10 valid temporary passwords');
    expect(carol.username).toBe('carol');
  });

  it('needs the temptoken permissions', async () => {
    await server.createUser({
      username: 'plain',
      email: 'plain@example.com',
      password: 'plain-pass-1',
      systemRoles: [],
    });
    const plain = new Client(server.baseUrl);
    await plain.login('plain', 'plain-pass-1');
    expect((await call(plain, 'GET', TOKENS)).status).toBe(403);
    expect((await call(plain, 'POST', TOKENS)).status).toBe(403);
  });

  it('stops working at the login form once the setting is turned off', async () => {
    const token = await create(alice);
    server.config.authTempToken = false;
    try {
      expect((await formLogin('alice', token.secret)).ok).toBe(false);
    } finally {
      server.config.authTempToken = true;
    }
    expect((await formLogin('alice', token.secret)).ok).toBe(true);
  });

  it('keeps secrets out of the database in clear', async () => {
    const token = await create(alice);
    const row = await server.app.db.get('SELECT * FROM temp_tokens WHERE id = ?', [token.id]);
    expect(JSON.stringify(row)).not.toContain(token.secret);
  });
});
