// Codes by text message at the MFA step of a sign-in (docs/auth.md#codes-by-text-message), sent through the
// tests' loopback SMS providers (tests/support/im-providers.mjs), which check the Alibaba Cloud and Tencent
// Cloud signatures and keep what they received: the code the user would read on his phone.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bindOtpSecret } from '../../server/src/auth/mfa-verify';
import { newOtpSecret } from '../../server/src/auth/totp';
import { isOtpBound } from '../../server/src/data/stores/user-otp';
import { updateOwnProfile } from '../../server/src/data/stores/users';
import { startImProviders, type TestImProviders } from '../support/im-providers.mjs';
import {
  ADMIN_PASSWORD,
  Client,
  LOGIN_MFA_URL,
  loginPageData,
  startTestServer,
  type TestServer,
} from './harness';
import { call, signedIn } from './identity-helpers';

const SEND_CODE = '/core/auth/login/mfa/send-code/';
const PROFILE = '/api/v1/users/profile/';
const setting = (category: string) => `/api/v1/settings/setting/?category=${category}`;

let providers: TestImProviders;
let server: TestServer;
let admin: Client;

/** A user with an authenticator (so the sign-in asks for MFA) and, unless null, a phone number. */
async function mfaUser(username: string, phone: string | null = '13812345678'): Promise<void> {
  const user = await server.createUser({
    username,
    email: `${username}@example.com`,
    password: `${username}-pass-1`,
  });
  await bindOtpSecret({ db: server.app.db, config: server.config }, user.id, newOtpSecret());
  if (phone !== null) await updateOwnProfile(server.app.db, user.id, { phone });
}

/** The password step of a browser-like client, which then stands at the MFA step. */
async function atMfaStep(username: string): Promise<Client> {
  const client = new Client(server.baseUrl);
  client.cookies.set('django_language', 'en');
  const answer = await client.submitLogin(username, `${username}-pass-1`, { next: '/ui/assets/assets' });
  expect([answer.status, answer.headers.get('location')]).toEqual([302, LOGIN_MFA_URL]);
  return client;
}

async function mfaPage(client: Client) {
  return loginPageData(await (await client.get(LOGIN_MFA_URL)).text());
}

/** Presses "send code" as the page does: a form post with the csrf token. */
async function sendCode(client: Client, csrf = client.cookies.get('jms_csrftoken') ?? '') {
  const answer = await client.request(SEND_CODE, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfmiddlewaretoken: csrf }).toString(),
  });
  const text = await answer.text();
  return { status: answer.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** The code the provider received for this phone since `before` messages. */
function receivedCode(before: number, phone = '13812345678'): string {
  const message = providers.received.sms.slice(before).find((sms) => sms.phone === phone);
  expect(message).toBeDefined();
  return String(message?.code);
}

async function smsSettings(values: Record<string, unknown>): Promise<void> {
  expect((await call(admin, 'PATCH', setting('sms'), values)).status).toBe(200);
}

beforeAll(async () => {
  providers = await startImProviders();
  server = await startTestServer({
    providerOrigins: providers.origins,
    outboundCa: providers.certificate,
    loginLimits: { userLimitCount: 3, userLimitMinutes: 30 },
  });
  admin = await signedIn(server, 'admin', ADMIN_PASSWORD);
  const keys = {
    alibaba: {
      ALIBABA_ACCESS_KEY_ID: providers.sms.alibaba.id,
      ALIBABA_ACCESS_KEY_SECRET: providers.sms.alibaba.secret,
      ALIBABA_VERIFY_SIGN_NAME: 'Bastion',
      ALIBABA_VERIFY_TEMPLATE_CODE: 'SMS_0001',
    },
    tencent: {
      TENCENT_SECRET_ID: providers.sms.tencent.id,
      TENCENT_SECRET_KEY: providers.sms.tencent.secret,
      TENCENT_SDKAPPID: '1400000000',
      TENCENT_VERIFY_SIGN_NAME: 'Bastion',
      TENCENT_VERIFY_TEMPLATE_CODE: '123456',
    },
  };
  for (const [category, values] of Object.entries(keys))
    expect((await call(admin, 'PATCH', setting(category), values)).status).toBe(200);
});

beforeEach(async () => {
  await smsSettings({ SMS_ENABLED: true, SMS_BACKEND: 'alibaba' });
  // Every client of these tests comes from 127.0.0.1: each test starts with the address's count at zero.
  await server.app.db.run("DELETE FROM login_failures WHERE scope = 'sms_ip'");
});

afterAll(async () => {
  await server?.close();
  await providers?.close();
});

describe('MFA codes by text message', () => {
  it.each(['alibaba', 'tencent'])('signs in with the code %s delivered to the phone', async (backend) => {
    await smsSettings({ SMS_BACKEND: backend });
    const username = `sam-${backend}`;
    await mfaUser(username);
    const client = await atMfaStep(username);
    const page = await mfaPage(client);
    expect(page).toMatchObject({ mfa: 'otp', smsPhone: '138****5678' });

    const before = providers.received.sms.length;
    const sent = await sendCode(client);
    expect(sent).toEqual({
      status: 200,
      body: { msg: 'A code was sent to 138****5678. It is valid for 5 minutes.', cool_down: 60 },
    });
    const code = receivedCode(before);
    expect(code).toMatch(/^\d{6}$/);
    // Not signed in before the code.
    expect((await client.get(PROFILE)).status).toBe(401);

    const wrong = await client.submitMfaCode(code === '000000' ? '111111' : '000000', 'sms');
    expect(wrong.status).toBe(200);
    // The page comes back with the text message still chosen.
    expect(loginPageData(await wrong.text())).toMatchObject({
      error: 'The code is wrong or has expired; check it or send a new one.',
      mfaType: 'sms',
      smsPhone: '138****5678',
    });
    const right = await client.submitMfaCode(code, 'sms');
    expect([right.status, right.headers.get('location')]).toEqual([302, '/ui/assets/assets']);
    expect((await client.json<{ username: string }>(PROFILE)).body.username).toBe(username);
    const log = await call<{ results: Array<{ status: boolean; mfa: number }> }>(
      admin,
      'GET',
      `/api/v1/audits/login-logs/?username=${username}&limit=1&order=-datetime`,
    );
    expect(log.body.results[0]).toMatchObject({ status: true, mfa: 1 });

    // The code is spent: it does not sign in a second time.
    const again = await atMfaStep(username);
    const reused = await again.submitMfaCode(code, 'sms');
    expect(loginPageData(await reused.text()).error).toMatch(/^The code is wrong or has expired/);
    expect((await again.get(PROFILE)).status).toBe(401);
  });

  it('lets a user on whom MFA is forced take a text message instead of enrolling', async () => {
    const user = await server.createUser({
      username: 'fern',
      email: 'fern@example.com',
      password: 'fern-pass-1',
    });
    await updateOwnProfile(server.app.db, user.id, { phone: '13812345678' });
    await server.app.db.run('UPDATE users SET mfa_level = 1 WHERE id = ?', [user.id]);
    const client = await atMfaStep('fern');
    expect(await mfaPage(client)).toMatchObject({ mfa: 'enrol', smsPhone: '138****5678' });
    const before = providers.received.sms.length;
    expect((await sendCode(client)).status).toBe(200);
    const right = await client.submitMfaCode(receivedCode(before), 'sms');
    expect([right.status, right.headers.get('location')]).toEqual([302, '/ui/assets/assets']);
    // Signed in, and no authenticator was bound on the way.
    expect((await client.get(PROFILE)).status).toBe(200);
    expect(await isOtpBound(server.app.db, user.id)).toBe(false);
  });

  it('refuses an expired code and a code of an earlier send', async () => {
    await mfaUser('exa');
    const client = await atMfaStep('exa');
    let before = providers.received.sms.length;
    expect((await sendCode(client)).status).toBe(200);
    const first = receivedCode(before);
    // Five minutes pass.
    await server.app.db.run('UPDATE login_pending SET sms_expires_at = ? WHERE sms_code IS NOT NULL', [
      Date.now() - 1,
    ]);
    const late = await client.submitMfaCode(first, 'sms');
    expect(loginPageData(await late.text()).error).toMatch(/^The code is wrong or has expired/);

    // After the cool-down a new code is sent, and only the newest counts.
    await server.app.db.run('UPDATE login_pending SET sms_sent_at = ? WHERE sms_sent_at IS NOT NULL', [
      Date.now() - 61_000,
    ]);
    before = providers.received.sms.length;
    expect((await sendCode(client)).status).toBe(200);
    const second = receivedCode(before);
    if (second !== first) {
      const old = await client.submitMfaCode(first, 'sms');
      expect(loginPageData(await old.text()).error).toMatch(/^The code is wrong or has expired/);
    }
    const right = await client.submitMfaCode(second, 'sms');
    expect(right.status).toBe(302);
  });

  it('limits sending: a cool-down per sign-in, a count per user and per address', async () => {
    await mfaUser('rita');
    const client = await atMfaStep('rita');
    expect((await sendCode(client)).status).toBe(200);
    const soon = await sendCode(client);
    expect(soon.status).toBe(429);
    expect(soon.body.error).toMatch(/^Wait \d+ seconds before sending another code\.$/);
    expect(Number(soon.body.cool_down)).toBeGreaterThan(0);

    // Four more sign-ins of rita may each send once; the next is over the user's count.
    for (let i = 0; i < 4; i += 1) expect((await sendCode(await atMfaStep('rita'))).status).toBe(200);
    const before = providers.received.sms.length;
    const over = await sendCode(await atMfaStep('rita'));
    expect(over).toEqual({
      status: 429,
      body: { error: 'Too many codes were sent for this account; try again in 10 minutes.' },
    });
    expect(providers.received.sms.length).toBe(before);

    // Twenty sends from one address, whoever asks: the next is refused.
    await server.app.db.run("DELETE FROM login_failures WHERE scope = 'sms_ip'");
    for (const name of ['ip1', 'ip2', 'ip3', 'ip4']) {
      await mfaUser(name);
      for (let i = 0; i < 5; i += 1) expect((await sendCode(await atMfaStep(name))).status).toBe(200);
    }
    await mfaUser('ip5');
    const busy = await sendCode(await atMfaStep('ip5'));
    expect(busy).toEqual({
      status: 429,
      body: { error: 'Too many codes were sent from this address; try again in 10 minutes.' },
    });
  });

  it('counts wrong codes toward the MFA lock-out', async () => {
    await mfaUser('lou');
    const client = await atMfaStep('lou');
    const before = providers.received.sms.length;
    expect((await sendCode(client)).status).toBe(200);
    const code = receivedCode(before);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 2; i += 1) await client.submitMfaCode(wrong, 'sms');
    const locked = loginPageData(await (await client.submitMfaCode(wrong, 'sms')).text());
    expect(locked.error).toBe('Too many wrong codes. MFA is locked for 30 minutes.');
    expect(locked.mfa).toBeUndefined();
    // The sign-in ended: even the right code signs nobody in.
    const after = await client.submitMfaCode(code, 'sms');
    expect(after.headers.get('location')).toBe('/core/auth/login/');
    expect((await client.get(PROFILE)).status).toBe(401);
  });

  it('is not offered while SMS is off or to a user without a phone', async () => {
    await mfaUser('nophone', null);
    const without = await atMfaStep('nophone');
    expect((await mfaPage(without)).smsPhone).toBeUndefined();
    expect(await sendCode(without)).toEqual({
      status: 400,
      body: { error: 'Codes by text message are not available for this sign-in.' },
    });

    await mfaUser('offa');
    const client = await atMfaStep('offa');
    expect((await mfaPage(client)).smsPhone).toBe('138****5678');
    await smsSettings({ SMS_ENABLED: false });
    const page = await mfaPage(client);
    expect(page.mfa).toBe('otp');
    expect(page.smsPhone).toBeUndefined();
    const before = providers.received.sms.length;
    expect((await sendCode(client)).status).toBe(400);
    const refused = await client.submitMfaCode('123456', 'sms');
    expect(loginPageData(await refused.text()).error).toBe(
      'Codes by text message are not available for this sign-in.',
    );
    expect(providers.received.sms.length).toBe(before);
  });

  it('refuses a send without the csrf token or without a pending sign-in', async () => {
    await mfaUser('cathy');
    const client = await atMfaStep('cathy');
    expect((await sendCode(client, 'forged')).status).toBe(403);
    const stranger = new Client(server.baseUrl);
    await stranger.get('/core/auth/login/');
    expect(await sendCode(stranger)).toMatchObject({ status: 400 });
  });

  it('says only that the message failed when the provider refuses, and frees the send', async () => {
    await mfaUser('fay');
    const client = await atMfaStep('fay');
    expect(
      (await call(admin, 'PATCH', setting('alibaba'), { ALIBABA_ACCESS_KEY_ID: 'LTAI-unknown' })).status,
    ).toBe(200);
    try {
      const failed = await sendCode(client);
      expect(failed).toEqual({
        status: 400,
        body: { error: 'The text message could not be sent; try again later or contact the administrator.' },
      });
    } finally {
      await call(admin, 'PATCH', setting('alibaba'), { ALIBABA_ACCESS_KEY_ID: providers.sms.alibaba.id });
    }
    // No cool-down after a message that did not leave.
    expect((await sendCode(client)).status).toBe(200);
  });
});
