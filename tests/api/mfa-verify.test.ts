// The MFA gate before secrets (docs/auth.md#mfa): GET/POST /api/v1/authentication/otp/verify/ over real TOTP
// codes, per session, each code once, wrong codes locked out like passwords.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindOtpSecret } from '../../server/src/auth/mfa-verify';
import { newOtpSecret, otpCodeAt } from '../../server/src/auth/totp';
import { Client, startTestServer, type TestServer } from './harness';
import { call } from './identity-helpers';

const VERIFY = '/api/v1/authentication/otp/verify/';
const en = { 'accept-language': 'en' };
const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };

let server: TestServer;
let aliceId: string;
let aliceSecret: string;
// Sessions signed in before alice bound her authenticator: since then signing in asks for a code, and a
// sign-in with a code counts as proof (docs/auth.md#mfa-at-sign-in).
let aliceFirst: Client;
let aliceSecond: Client;
let aliceThird: Client;

/** A code of the secret for a time step no earlier one was used for: the next step's code is valid too. */
const codeAt = (secret: string, stepsAhead: number): string =>
  otpCodeAt(secret, Date.now() + stepsAhead * 30_000);

async function signedIn(username: string, password: string): Promise<Client> {
  const client = new Client(server.baseUrl);
  await client.login(username, password);
  return client;
}

beforeAll(async () => {
  server = await startTestServer({ loginLimits: { userLimitCount: 3, userLimitMinutes: 30 } });
  const alice = await server.createUser({
    username: 'alice',
    email: 'alice@example.com',
    password: 'alice-pass-1',
  });
  aliceId = alice.id;
  await server.createUser({ username: 'bob', email: 'bob@example.com', password: 'bob-pass-1' });
  await server.createUser({ username: 'carol', email: 'carol@example.com', password: 'carol-pass-1' });
  aliceFirst = await signedIn('alice', 'alice-pass-1');
  aliceSecond = await signedIn('alice', 'alice-pass-1');
  aliceThird = await signedIn('alice', 'alice-pass-1');
  aliceSecret = newOtpSecret();
  await bindOtpSecret({ db: server.app.db, config: server.config }, aliceId, aliceSecret);
});

afterAll(async () => {
  await server.close();
});

describe('otp verify', () => {
  it('asks nobody anonymous, and lets a user without an authenticator through', async () => {
    const anonymous = new Client(server.baseUrl);
    expect((await call(anonymous, 'GET', VERIFY)).status).toBe(401);
    const bob = await signedIn('bob', 'bob-pass-1');
    const answer = await call(bob, 'GET', VERIFY, undefined, en);
    expect(answer).toMatchObject({ status: 200, body: { code: 'valid', msg: 'verified' } });
    const post = await call<{ error: string }>(bob, 'POST', VERIFY, { code: '123456' }, en);
    expect(post.status).toBe(400);
    expect(post.body.error).toBe('MFA unset, please set first');
  });

  it('asks a user with an authenticator for a code, accepts the right one once, for this session only', async () => {
    const alice = aliceFirst;
    const before = await call<{ detail: string; code: string }>(alice, 'GET', VERIFY, undefined, en);
    expect(before.status).toBe(400);
    expect(before.body).toEqual({
      detail: 'This action require verify your MFA',
      code: 'mfa_verify_required',
    });
    const inChinese = await call<{ detail: string }>(alice, 'GET', VERIFY, undefined, zh);
    expect(inChinese.body.detail).toBe('此操作需要验证您的 MFA');

    const malformed = await call<{ code: string[] }>(alice, 'POST', VERIFY, { code: '12 34' }, en);
    expect(malformed.status).toBe(400);
    expect(malformed.body.code[0]).toContain('6-digit');

    const code = codeAt(aliceSecret, 0);
    const accepted = await call(alice, 'POST', VERIFY, { code }, en);
    expect(accepted).toMatchObject({ status: 200, body: { ok: '1' } });
    expect((await call(alice, 'GET', VERIFY, undefined, en)).status).toBe(200);

    // Another session of the same user has proved nothing, and cannot reuse the code it saw.
    const second = aliceSecond;
    expect((await call(second, 'GET', VERIFY, undefined, en)).status).toBe(400);
    const replay = await call<{ error: string }>(second, 'POST', VERIFY, { code }, en);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toMatch(/^Code is invalid/);
    expect((await call(second, 'GET', VERIFY, undefined, en)).status).toBe(400);
  });

  it('refuses a POST without the csrf token', async () => {
    const alice = aliceThird;
    const response = await alice.request(VERIFY, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: codeAt(aliceSecret, 1) }),
    });
    expect(response.status).toBe(403);
    expect((await call(alice, 'GET', VERIFY, undefined, en)).status).toBe(400);
  });

  it('locks MFA after the limit of wrong codes, even for the right code', async () => {
    const dave = await server.createUser({
      username: 'dave',
      email: 'dave@example.com',
      password: 'dave-pass-1',
    });
    const client = await signedIn('dave', 'dave-pass-1');
    const secret = newOtpSecret();
    await bindOtpSecret({ db: server.app.db, config: server.config }, dave.id, secret);
    const right = codeAt(secret, 0);
    const wrong = right === '000000' ? '000001' : '000000';
    for (let i = 0; i < 2; i += 1) {
      const answer = await call<{ error: string }>(client, 'POST', VERIFY, { code: wrong }, en);
      expect(answer.body.error).toMatch(/^Code is invalid/);
    }
    const third = await call<{ error: string }>(client, 'POST', VERIFY, { code: wrong }, en);
    expect(third.body.error).toBe('Too many wrong codes. MFA is locked for 30 minutes.');
    const blocked = await call<{ error: string }>(client, 'POST', VERIFY, { code: right }, en);
    expect(blocked.status).toBe(400);
    expect(blocked.body.error).toContain('locked');
    expect((await call(client, 'GET', VERIFY, undefined, en)).status).toBe(400);
  });
});
