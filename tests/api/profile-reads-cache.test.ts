// The reads of every profile request (public key, authenticator bound, login block, chosen channels) are
// cached under write versions (docs/data-layer.md#per-request-costs): exact on every instance. Each is read
// on B first (so B holds it cached), changed through A, and B's very next answer shows the change. On
// SQLite (one process per file) A and B are the same instance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodeAt } from '../../server/src/auth/totp';
import { USER_SUBSCRIPTION_URL } from '../../server/src/notifications/subscription-routes';
import { Client, startTestServer, startTwoInstances, type TwoInstances } from './harness';
import { call, signedIn } from './identity-helpers';
import { testBackend } from './test-database';

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAICY5UYGxuw820B7qgN0mDZmZO7zBd+m6SEO+4oaWcAtQ erin@laptop';

interface Profile {
  id: string;
  public_key_comment: string;
  is_otp_secret_key_bound: boolean;
  login_blocked: boolean;
  receive_backends: string[];
}

describe('profile reads cached under write versions, across instances', () => {
  let servers: TwoInstances;
  let onA: Client;
  let onB: Client;
  const profileOnB = async (): Promise<Profile> => {
    const answer = await call<Profile>(onB, 'GET', '/api/v1/users/profile/');
    expect(answer.status).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    if (testBackend() === 'postgres') servers = await startTwoInstances();
    else {
      const only = await startTestServer();
      servers = { a: only, b: only, close: () => only.close() };
    }
    await servers.a.createUser({ username: 'erin', email: 'erin@example.com', password: 'erin-pass-1' });
    onA = await signedIn(servers.a, 'erin', 'erin-pass-1');
    // The same browser session, used on the other instance.
    onB = new Client(servers.b.baseUrl);
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
  });

  afterAll(async () => {
    await servers?.close();
  });

  it('shows a public key and chosen channels set through A on the next request to B', async () => {
    const before = await profileOnB();
    expect(before.public_key_comment).toBe('');
    expect(before.receive_backends).toContain('site_msg');
    expect((await call(onA, 'PUT', '/api/v1/users/profile/public-key/', { public_key: KEY })).status).toBe(
      200,
    );
    expect((await profileOnB()).public_key_comment).toBe('erin@laptop');

    const chosen = await call(onA, 'PATCH', `${USER_SUBSCRIPTION_URL}${before.id}/`, {
      receive_backends: [],
    });
    expect(chosen.status).toBe(200);
    expect((await profileOnB()).receive_backends).not.toContain('email');
    expect(
      (await call(onA, 'PATCH', `${USER_SUBSCRIPTION_URL}${before.id}/`, { receive_backends: ['email'] }))
        .status,
    ).toBe(200);
    expect((await profileOnB()).receive_backends).toContain('email');
  });

  it('shows an authenticator bound through A on the next request to B', async () => {
    expect((await profileOnB()).is_otp_secret_key_bound).toBe(false);
    const start = await call<{ secret: string; token: string }>(
      onA,
      'POST',
      '/api/v1/users/profile/mfa/enable/start/',
    );
    const bound = await call(onA, 'POST', '/api/v1/users/profile/mfa/enable/', {
      token: start.body.token,
      code: otpCodeAt(start.body.secret),
    });
    expect(bound.status).toBe(200);
    expect((await profileOnB()).is_otp_secret_key_bound).toBe(true);
  });

  it('shows a login block made on A on the next request to B', async () => {
    expect((await profileOnB()).login_blocked).toBe(false);
    const stranger = new Client(servers.a.baseUrl);
    for (let attempt = 0; attempt < 7; attempt += 1) await stranger.submitLogin('erin', 'wrong');
    // The session signed in before the block still works; the profile shows the block.
    expect((await profileOnB()).login_blocked).toBe(true);
  });
});
