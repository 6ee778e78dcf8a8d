// Mail against a real SMTP server on loopback (tests/support/smtp-server.mjs; docs/mail.md): the Email
// settings with their write-only password, the test mail and each way it fails, the "reset link" strategy
// and the forgotten-password link (once, then never again; expired), the expiry reminders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.mjs';
import { ADMIN_PASSWORD, Client, startTestServer, type TestServer } from './harness';
import { call, signedIn } from './identity-helpers';
import { sendExpiryReminders } from '../../server/src/mail/expiry-reminders';

const EMAIL = '/api/v1/settings/setting/?category=email';
const TESTING = '/api/v1/settings/mail/testing/';
const ACCOUNT = { user: 'mailer@example.org', pass: 'smtp-secret-9' };

const linkIn = (text: string): string => {
  const match = /(http:\/\/\S+\/core\/auth\/password\/reset\/\?token=[A-Za-z0-9_-]{50})/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
};

/** Opens a reset link and posts a new password through its form, as a browser does. */
async function useLink(link: string, password: string): Promise<{ status: number; html: string }> {
  const url = new URL(link);
  const browser = new Client(url.origin);
  browser.cookies.set('django_language', 'en');
  const page = await browser.get(url.pathname + url.search);
  if (page.status !== 200) return { status: page.status, html: await page.text() };
  const form = new URLSearchParams({
    csrfmiddlewaretoken: browser.cookies.get('jms_csrftoken') ?? '',
    token: url.searchParams.get('token') ?? '',
    new_password: password,
    confirm_password: password,
  });
  const done = await browser.request(url.pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  return { status: done.status, html: await done.text() };
}

describe('mail', () => {
  let server: TestServer;
  let admin: Client;
  let smtp: TestSmtpServer;
  let ssl: TestSmtpServer;
  let smtpSettings: Record<string, unknown>;

  beforeAll(async () => {
    smtp = await startSmtpServer({ auth: ACCOUNT, tls: 'starttls' });
    ssl = await startSmtpServer({ auth: ACCOUNT, tls: 'ssl' });
    // Both servers present the run's throw-away certificate; the product trusts it as BASTION_TLS_CA_FILE.
    server = await startTestServer({ outboundCa: smtp.certificate });
    admin = await signedIn(server, 'admin', ADMIN_PASSWORD);
    admin.cookies.set('django_language', 'en');
    // Links in mails lead to the Basic setting SITE_URL, never to a request's Host header.
    const basic = await call(admin, 'PATCH', '/api/v1/settings/setting/?category=basic', {
      SITE_URL: server.baseUrl,
    });
    expect(basic.status).toBe(200);
    smtpSettings = {
      EMAIL_HOST: '127.0.0.1',
      EMAIL_PORT: smtp.port,
      EMAIL_HOST_USER: ACCOUNT.user,
      EMAIL_HOST_PASSWORD: ACCOUNT.pass,
      EMAIL_FROM: 'bastion@example.org',
      EMAIL_USE_SSL: false,
      EMAIL_USE_TLS: false,
      EMAIL_SUBJECT_PREFIX: '[Bastion]',
    };
  });

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await ssl?.close();
  });

  const save = (values: Record<string, unknown>) =>
    call<Record<string, unknown>>(admin, 'PATCH', EMAIL, values);
  const test = (to = 'someone@example.org') =>
    call<{ msg?: string; error?: string }>(admin, 'POST', TESTING, { EMAIL_RECIPIENT: to });

  it('keeps the SMTP password write-only and sends a test mail through the saved server', async () => {
    const saved = await save(smtpSettings);
    expect(saved.status).toBe(200);
    expect(saved.body).not.toHaveProperty('EMAIL_HOST_PASSWORD');
    expect(JSON.stringify((await call(admin, 'GET', EMAIL)).body)).not.toContain(ACCOUNT.pass);
    // A blank password keeps the saved one.
    expect((await save({ EMAIL_HOST_PASSWORD: '' })).status).toBe(200);
    const sent = await test('ops@example.org');
    expect(sent.status).toBe(200);
    expect(sent.body.msg).toBe('Test mail sent to ops@example.org, please check');
    const mail = await smtp.waitForMessage((m) => m.to.includes('ops@example.org'));
    expect(mail.subject).toBe('[Bastion] Test mail');
    expect(mail.from).toContain('bastion@example.org');
    expect(server.logLines.join('\n')).not.toContain(ACCOUNT.pass);
  });

  it('reports each failure in words with the server answer, never a 500', async () => {
    expect((await save({ EMAIL_HOST_PASSWORD: 'wrong-password' })).status).toBe(200);
    const auth = await test();
    expect(auth.status).toBe(400);
    expect(auth.body.error).toMatch(/refused the account or password: 535/);
    expect((await save({ EMAIL_HOST_PASSWORD: ACCOUNT.pass })).status).toBe(200);

    const closed = await startSmtpServer();
    const port = closed.port;
    await closed.close();
    expect((await save({ EMAIL_PORT: port })).status).toBe(200);
    const refused = await test();
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain(`refused the connection`);

    // SSL against a server that speaks plain SMTP first.
    expect((await save({ EMAIL_PORT: smtp.port, EMAIL_USE_SSL: true })).status).toBe(200);
    const mismatch = await test();
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toMatch(/TLS with the mail server .* failed/);

    // SSL against the SSL server: its certificate is trusted through BASTION_TLS_CA_FILE.
    expect((await save({ EMAIL_PORT: ssl.port, EMAIL_USE_SSL: true })).status).toBe(200);
    expect((await test('ssl@example.org')).status).toBe(200);
    await ssl.waitForMessage((m) => m.to.includes('ssl@example.org'));

    // STARTTLS required on the plain server that offers it.
    expect((await save({ EMAIL_PORT: smtp.port, EMAIL_USE_SSL: false, EMAIL_USE_TLS: true })).status).toBe(
      200,
    );
    expect((await test('tls@example.org')).status).toBe(200);
    await smtp.waitForMessage((m) => m.to.includes('tls@example.org'));
    expect((await save({ EMAIL_USE_TLS: false })).status).toBe(200);

    const bad = await save({ EMAIL_PORT: 'x', EMAIL_FROM: 'not an address' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['EMAIL_FROM', 'EMAIL_PORT']);
  });

  it('mails a new user a reset link that sets the password once, then never again', async () => {
    const created = await call<{ id: string }>(admin, 'POST', '/api/v1/users/users/', {
      username: 'newcomer',
      name: 'New <b>Comer</b>',
      email: 'newcomer@example.org',
      password_strategy: 'email',
    });
    expect(created.status).toBe(201);
    const mail = await smtp.waitForMessage((m) => m.to.includes('newcomer@example.org'));
    // The new user never signed in: his mail is in the site's default language, not the administrator's.
    expect(mail.subject).toBe('[Bastion] 账号创建成功');
    expect(mail.html).toContain('New &lt;b&gt;Comer&lt;/b&gt;');
    const link = linkIn(mail.text);
    expect(link.startsWith(server.baseUrl)).toBe(true);

    const first = await useLink(link, 'Fresh-Pass-123');
    expect(first.status).toBe(200);
    expect(first.html).toContain('data-testid="reset-done"');
    const again = await useLink(link, 'Other-Pass-456');
    expect(again.status).toBe(400);
    expect(again.html).toContain('invalid or has expired');
    const user = new Client(server.baseUrl);
    user.cookies.set('django_language', 'en');
    await user.login('newcomer', 'Fresh-Pass-123');
  });

  /** Sends the forgotten-password form as a browser does. */
  const forgot = async (email: string, language = 'en') => {
    const browser = new Client(server.baseUrl);
    browser.cookies.set('django_language', language);
    await browser.get('/core/auth/password/forgot/');
    const response = await browser.request('/core/auth/password/forgot/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        csrfmiddlewaretoken: browser.cookies.get('jms_csrftoken') ?? '',
        email,
      }).toString(),
    });
    return { status: response.status, html: await response.text() };
  };

  it('sends a forgotten-password link that expires, telling nobody whether the address exists', async () => {
    const unknown = await forgot('nobody@example.org', 'ja');
    // Asked in Japanese, but he signed in in English: his mail is in English.
    const known = await forgot('NEWCOMER@example.org', 'ja');
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(known.html).toBe(unknown.html);
    const mail = await smtp.waitForMessage((m) => m.subject.includes('Reset your password'));
    const link = linkIn(mail.text);
    // Expired an hour later: the stored end has passed.
    await server.app.db.run('UPDATE password_reset_tokens SET expires_at = ? WHERE used_at IS NULL', [
      Date.now() - 1,
    ]);
    const late = await useLink(link, 'Late-Pass-789');
    expect(late.status).toBe(400);
    const csrfLess = await fetch(`${server.baseUrl}/core/auth/password/forgot/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=newcomer%40example.org',
    });
    expect(csrfLess.status).toBe(403);
  });

  it('limits the forgotten-password form per account and per address, the same for unknown addresses', async () => {
    await server.app.db.run("DELETE FROM login_failures WHERE scope IN ('forgot_ip', 'forgot_email')");
    const statuses = async (email: string) => {
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await forgot(email));
      return answers;
    };
    // Three a window per e-mail address, whether an account has it or not; the fourth is refused.
    const unknown = await statuses('nobody-else@example.org');
    const known = await statuses('newcomer@example.org');
    expect(unknown.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(known.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(known[3]!.html).toContain('Too many requests: please try again in 10 minutes.');
    // The same page either way, but for the address typed back and the form's csrf token.
    const same = (html: string) =>
      html.replace('newcomer', 'nobody-else').replace(/name="csrfmiddlewaretoken" value="[^"]*"/, '');
    expect(same(known[3]!.html)).toBe(same(unknown[3]!.html));
    // Ten a window per client address: two more go through, the next is refused whatever its address.
    expect((await forgot('first@example.org')).status).toBe(200);
    expect((await forgot('second@example.org')).status).toBe(200);
    const limited = await forgot('third@example.org', 'zh');
    expect(limited.status).toBe(429);
    expect(limited.html).toContain('请求过于频繁，请 10 分钟后再试。');
    await server.app.db.run("DELETE FROM login_failures WHERE scope IN ('forgot_ip', 'forgot_email')");
  });

  it('reminds users whose password expires within five days, once a day', async () => {
    await server.createUser({ username: 'aging', email: 'aging@example.org', password: 'Aging-Pass-1' });
    const aging = new Client(server.baseUrl);
    aging.cookies.set('django_language', 'ja');
    await aging.login('aging', 'Aging-Pass-1');
    const security = '/api/v1/settings/setting/?category=security';
    expect((await call(admin, 'PATCH', security, { SECURITY_PASSWORD_EXPIRATION_TIME: 3 })).status).toBe(200);
    const config = server.config;
    expect(await sendExpiryReminders(server.app.db, config)).toBeGreaterThanOrEqual(1);
    expect(await sendExpiryReminders(server.app.db, config)).toBe(0);
    const mail = await smtp.waitForMessage((m) => m.to.includes('aging@example.org'));
    // Written in the language he signed in with.
    expect(mail.subject).toBe('[Bastion] パスワードの有効期限まであと 3 日です');
  });

  it('previews the contents escaped', async () => {
    const preview = await call<{ subject: string; html: string }>(
      admin,
      'POST',
      '/api/v1/settings/mail/preview/',
      {
        kind: 'user_created',
        EMAIL_CUSTOM_USER_CREATED_BODY: 'Welcome {username} <script>alert(1)</script>',
      },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain('Welcome admin &lt;script&gt;');
    expect(preview.body.html).not.toContain('<script>');
  });
});
