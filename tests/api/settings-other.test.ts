// The `other` settings (docs/settings.md#other): each one's effect — the authenticator's issuer in the
// enrolment URI, the window of accepted one-time codes, the Help links of the public settings — and the
// field errors and permission of the category.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodeAt } from '../../server/src/auth/totp';
import { Client, startTestServer, type TestServer } from './harness';
import { adminAndPlainUser, call } from './identity-helpers';

const OTHER = '/api/v1/settings/setting/?category=other';

interface Start {
  secret: string;
  otpauth_uri: string;
  token: string;
}

describe('other settings', () => {
  let server: TestServer;
  let admin: Client;
  let carol: Client;

  beforeAll(async () => {
    server = await startTestServer();
    ({ admin, carol } = await adminAndPlainUser(server));
    carol.cookies.set('django_language', 'en');
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers the defaults to settings.change_other only and refuses bad values with field errors', async () => {
    const read = await call<Record<string, unknown>>(admin, 'GET', OTHER);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ OTP_ISSUER_NAME: 'Bastion', OTP_VALID_WINDOW: 1 });
    expect((await call(carol, 'GET', OTHER)).status).toBe(403);
    expect((await call(carol, 'PATCH', OTHER, { OTP_VALID_WINDOW: 2 })).status).toBe(403);
    const bad = await call<Record<string, string[]>>(admin, 'PATCH', OTHER, {
      OTP_ISSUER_NAME: 'x'.repeat(17),
      OTP_VALID_WINDOW: 11,
      HELP_DOCUMENT_URL: 'javascript:alert(1)',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual([
      'HELP_DOCUMENT_URL',
      'OTP_ISSUER_NAME',
      'OTP_VALID_WINDOW',
    ]);
    expect(bad.body.OTP_VALID_WINDOW).toEqual(['Ensure this value is less than or equal to 10.']);
    expect((await call<Record<string, unknown>>(admin, 'GET', OTHER)).body.OTP_VALID_WINDOW).toBe(1);
  });

  it('takes an e-mail domain and a switch for the ungrouped node, refusing anything else per field', async () => {
    const read = await call<Record<string, unknown>>(admin, 'GET', OTHER);
    expect(read.body).toMatchObject({
      EMAIL_SUFFIX: 'example.com',
      PERM_SINGLE_ASSET_TO_UNGROUP_NODE: false,
    });
    for (const suffix of ['10.0.0.1', 'user@corp.example', 'corp', 'corp.example/x', 'ex ample.com', ''])
      expect(
        (await call<Record<string, string[]>>(admin, 'PATCH', OTHER, { EMAIL_SUFFIX: suffix })).body,
        suffix,
      ).toEqual({
        EMAIL_SUFFIX: [
          suffix === '' ? 'This field may not be blank.' : 'Enter a domain name, e.g. example.com.',
        ],
      });
    const bad = await call<Record<string, string[]>>(admin, 'PATCH', OTHER, {
      PERM_SINGLE_ASSET_TO_UNGROUP_NODE: 'yes please',
      EMAIL_SUFFIX: 'nope',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['EMAIL_SUFFIX', 'PERM_SINGLE_ASSET_TO_UNGROUP_NODE']);
    const saved = await call<Record<string, unknown>>(admin, 'PATCH', OTHER, {
      EMAIL_SUFFIX: 'Corp.Example.ORG',
    });
    expect(saved.status).toBe(200);
    expect((await call<Record<string, unknown>>(admin, 'GET', OTHER)).body.EMAIL_SUFFIX).toBe(
      'corp.example.org',
    );
  });

  it('tells the terminal components the Windows SSH shell', async () => {
    const config = '/api/v1/terminal/terminals/config/';
    expect((await call<Record<string, unknown>>(admin, 'GET', config)).body.WINDOWS_SSH_DEFAULT_SHELL).toBe(
      'cmd',
    );
    const bad = await call<Record<string, string[]>>(admin, 'PATCH', OTHER, {
      WINDOWS_SSH_DEFAULT_SHELL: 'bash',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(['WINDOWS_SSH_DEFAULT_SHELL']);
    expect((await call(admin, 'PATCH', OTHER, { WINDOWS_SSH_DEFAULT_SHELL: 'powershell' })).status).toBe(200);
    expect((await call<Record<string, unknown>>(admin, 'GET', config)).body.WINDOWS_SSH_DEFAULT_SHELL).toBe(
      'powershell',
    );
  });

  it('publishes the Help links in the public settings', async () => {
    const saved = await call(admin, 'PATCH', OTHER, {
      HELP_DOCUMENT_URL: 'https://docs.example.com/guide',
      HELP_SUPPORT_URL: 'https://support.example.com/help',
    });
    expect(saved.status).toBe(200);
    const pub = await call<{ data: Record<string, unknown> }>(carol, 'GET', '/api/v1/settings/public/');
    expect(pub.body.data.HELP_DOCUMENT_URL).toBe('https://docs.example.com/guide');
    expect(pub.body.data.HELP_SUPPORT_URL).toBe('https://support.example.com/help');
  });

  it('puts the issuer in the enrolment URI and accepts codes within the window only', async () => {
    expect((await call(admin, 'PATCH', OTHER, { OTP_ISSUER_NAME: 'Acme PAM' })).status).toBe(200);
    const start = await call<Start>(carol, 'POST', '/api/v1/users/profile/mfa/enable/start/');
    expect(start.status).toBe(200);
    expect(start.body.otpauth_uri).toContain('issuer=Acme%20PAM');
    // Three 30-second steps old: outside the default window of one step.
    const old = () => otpCodeAt(start.body.secret, Date.now() - 90_000);
    const enable = (code: string) =>
      call(carol, 'POST', '/api/v1/users/profile/mfa/enable/', { token: start.body.token, code });
    expect((await enable(old())).status).toBe(400);
    expect((await call(admin, 'PATCH', OTHER, { OTP_VALID_WINDOW: 4 })).status).toBe(200);
    expect((await enable(old())).status).toBe(200);
  });
});
