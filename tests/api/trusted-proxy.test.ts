// Issue 16 item 12: behind a reverse proxy every client shares the proxy's address, so the per-address
// lock-out would block everyone at once. BASTION_TRUSTED_PROXIES names the proxies whose X-Forwarded-For
// is believed; nobody else's ever is (http/client-address.ts, docs/security.md "Trusted proxies").
import { afterEach, describe, expect, it } from 'vitest';
import { Client, loginPageData, startTestServer, type TestServer } from './harness';

const ADDRESS_LOCKED = 'The address has been locked';
let server: TestServer | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
});

/** A server whose per-address lock-out trips after 3 failures, with a user who may sign in. */
async function lockoutServer(trustedProxies: string[]): Promise<TestServer> {
  server = await startTestServer({ loginLimits: { ipLimitCount: 3 }, trustedProxies });
  await server.createUser({ username: 'bob', email: 'bob@example.com', password: 'Bob-pass-1' });
  return server;
}

/** The login form's answer for a client reaching the server with these forwarding headers. */
async function attempt(target: TestServer, password: string, forwardedFor?: string): Promise<string | null> {
  const client = new Client(target.baseUrl);
  client.cookies.set('django_language', 'en');
  const headers = forwardedFor === undefined ? undefined : { 'x-forwarded-for': forwardedFor };
  const response = await client.submitLogin('bob', password, { headers });
  return response.status === 302 ? null : loginPageData(await response.text()).error;
}

/** Three failures "from" `client` through the proxy. */
async function failThrice(target: TestServer, forwardedFor: string): Promise<void> {
  for (let i = 0; i < 3; i += 1) expect(await attempt(target, 'wrong', forwardedFor)).not.toBeNull();
}

const lastLoginAddress = (target: TestServer): string =>
  (
    target.app.db.prepare('SELECT client_ip FROM sessions ORDER BY date_created DESC LIMIT 1').get() as {
      client_ip: string;
    }
  ).client_ip;

describe('BASTION_TRUSTED_PROXIES', () => {
  it('by default a spoofed X-Forwarded-For is ignored: the peer address is locked whatever it claims', async () => {
    const target = await lockoutServer([]);
    await failThrice(target, '203.0.113.5');
    expect(await attempt(target, 'Bob-pass-1', '198.51.100.7')).toContain(ADDRESS_LOCKED);
    expect(await attempt(target, 'Bob-pass-1')).toContain(ADDRESS_LOCKED);
  });

  it('from a trusted proxy, the right-most untrusted forwarded address is the client; lock-outs key on it', async () => {
    const target = await lockoutServer(['127.0.0.1']);
    // One client fails three times; the proxy appended its real address to what the client claimed.
    await failThrice(target, '10.66.66.66, 203.0.113.5');
    expect(await attempt(target, 'Bob-pass-1', '203.0.113.5')).toContain(ADDRESS_LOCKED);
    // Claiming another address on the left changes nothing: the proxy's entry on the right decides.
    expect(await attempt(target, 'Bob-pass-1', '198.51.100.7, 203.0.113.5')).toContain(ADDRESS_LOCKED);
    // Another client behind the same proxy is not blocked, and its session records its own address.
    expect(await attempt(target, 'Bob-pass-1', '198.51.100.7')).toBeNull();
    expect(lastLoginAddress(target)).toBe('198.51.100.7');
  });

  it('walks past every trusted hop, and believes nothing from a peer that is not trusted', async () => {
    const chain = await lockoutServer(['127.0.0.1', '192.0.2.0/24']);
    expect(await attempt(chain, 'Bob-pass-1', '203.0.113.9, 192.0.2.10')).toBeNull();
    expect(lastLoginAddress(chain)).toBe('203.0.113.9');
    await chain.close();
    // The configured proxy is elsewhere: this peer's headers are a client's claim and are ignored.
    const elsewhere = await lockoutServer(['192.0.2.1']);
    expect(await attempt(elsewhere, 'Bob-pass-1', '203.0.113.9')).toBeNull();
    expect(lastLoginAddress(elsewhere)).toMatch(/127\.0\.0\.1$/);
    await failThrice(elsewhere, '203.0.113.1');
    expect(await attempt(elsewhere, 'Bob-pass-1', '203.0.113.2')).toContain(ADDRESS_LOCKED);
  });

  it('login ACLs see the forwarded client address from a trusted proxy', async () => {
    const target = await lockoutServer(['127.0.0.1']);
    const admin = new Client(target.baseUrl);
    await admin.login('admin', 'Admin-Pass-123!');
    const users = await admin.json<Array<{ id: string }>>('/api/v1/users/users/?username=bob');
    const made = await admin.request('/api/v1/acls/login-acls/', {
      method: 'POST',
      csrf: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'no office network',
        user: users.body[0]?.id,
        rules: { ip_group: ['198.51.100.0/24'] },
        action: 'reject',
      }),
    });
    expect(made.status).toBe(201);
    expect(await attempt(target, 'Bob-pass-1', '198.51.100.7')).toBe(
      'The current login IP or time period is not allowed',
    );
    expect(await attempt(target, 'Bob-pass-1', '203.0.113.5')).toBeNull();
  });
});
