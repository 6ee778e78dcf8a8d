// A user binds an authenticator on their profile (docs/profile.md#mfa): a new secret with its QR code,
// confirmed by a code computed from that secret; a forged or foreign enrolment is refused; disabling takes
// a valid code, and wrong ones count toward the MFA lock-out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodeAt } from '../../server/src/auth/totp';
import { Client, startTestServer, type TestServer } from './harness';
import { call, signedIn } from './identity-helpers';

interface Start {
  secret: string;
  otpauth_uri: string;
  qr_code: string;
  token: string;
}

describe('MFA enrolment on the profile', () => {
  let server: TestServer;
  let carol: Client;

  beforeAll(async () => {
    server = await startTestServer();
    await server.createUser({ username: 'carol', email: 'carol@example.com', password: 'carol-pass-1' });
    await server.createUser({ username: 'dan', email: 'dan@example.com', password: 'dan-pass-1' });
    carol = await signedIn(server, 'carol', 'carol-pass-1');
    carol.cookies.set('django_language', 'en');
  });

  afterAll(async () => {
    await server?.close();
  });

  it('binds an authenticator with a code of the shown secret, then asks a code to disable it', async () => {
    const start = await call<Start>(carol, 'POST', '/api/v1/users/profile/mfa/enable/start/');
    expect(start.status).toBe(200);
    expect(start.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.body.otpauth_uri).toContain(`secret=${start.body.secret}`);
    expect(start.body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(start.body.qr_code.split(',')[1]!, 'base64').toString()).toContain('<svg');

    // A second session of carol's, signed in before she binds (afterwards signing in asks for a code).
    const other = await signedIn(server, 'carol', 'carol-pass-1');
    // Another user's session cannot use carol's enrolment.
    const dan = await signedIn(server, 'dan', 'dan-pass-1');
    const stolen = await call(dan, 'POST', '/api/v1/users/profile/mfa/enable/', {
      token: start.body.token,
      code: otpCodeAt(start.body.secret),
    });
    expect(stolen.status).toBe(400);

    const wrong = await call<Record<string, string[]>>(carol, 'POST', '/api/v1/users/profile/mfa/enable/', {
      token: start.body.token,
      code: otpCodeAt(start.body.secret, Date.now() - 10 * 60_000),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toEqual([
      'Code is invalid, please check the time of your authenticator and try again.',
    ]);
    const bound = await call(carol, 'POST', '/api/v1/users/profile/mfa/enable/', {
      token: start.body.token,
      code: otpCodeAt(start.body.secret),
    });
    expect(bound.status).toBe(200);
    const profile = await call<{ is_otp_secret_key_bound: boolean }>(carol, 'GET', '/api/v1/users/profile/');
    expect(profile.body.is_otp_secret_key_bound).toBe(true);
    // The enrolling session proved MFA; a new one must prove it before secrets.
    expect((await call(carol, 'GET', '/api/v1/authentication/otp/verify/')).status).toBe(200);
    expect((await call(other, 'GET', '/api/v1/authentication/otp/verify/')).status).toBe(400);
    expect((await call(carol, 'POST', '/api/v1/users/profile/mfa/enable/start/')).status).toBe(400);

    const badDisable = await call<Record<string, string[]>>(
      carol,
      'POST',
      '/api/v1/users/profile/mfa/disable/',
      {
        code: '000000',
      },
    );
    expect(badDisable.status).toBe(400);
    const disabled = await call(carol, 'POST', '/api/v1/users/profile/mfa/disable/', {
      code: otpCodeAt(start.body.secret, Date.now() + 30_000),
    });
    expect(disabled.status).toBe(200);
    const after = await call<{ is_otp_secret_key_bound: boolean }>(carol, 'GET', '/api/v1/users/profile/');
    expect(after.body.is_otp_secret_key_bound).toBe(false);
  });
});
