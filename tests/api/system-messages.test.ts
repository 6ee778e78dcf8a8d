// System messages sent by their real events (docs/message-subscriptions.md): the licence nearing its end
// (the daily check) and a password nearing expiry (the daily reminders) reach the subscribers' site
// messages, and so does a dangerous command a terminal component posts while SECURITY_INSECURE_COMMAND
// is on — and nothing is sent without the event, the switch or a subscriber.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExpiryReminders } from '../../server/src/mail';
import { ADMIN_PASSWORD, type Client, startTestServer, type TestServer } from './harness';
import { ComponentClient, registerComponent } from './component-client';
import { call, DEFAULT_ORG, signedIn } from './identity-helpers';

const SYSTEM = '/api/v1/notifications/system-msg-subscription/';
const DAY_MS = 86_400_000;

async function subjects(client: Client): Promise<string[]> {
  const page = await call<{ results: Array<{ subject: string }> }>(
    client,
    'GET',
    '/api/v1/notifications/site-message/?offset=0&limit=50',
  );
  return page.body.results.map((message) => message.subject);
}

describe('system messages of the licence and of passwords', () => {
  let server: TestServer;
  let admin: Client;
  let adminId: string;

  beforeAll(async () => {
    server = await startTestServer({
      license: {
        corporation: 'ACME',
        date_expired: new Date(Date.now() + 3 * DAY_MS - 60_000).toISOString(),
      },
    });
    admin = await signedIn(server, 'admin', ADMIN_PASSWORD);
    admin.cookies.set('django_language', 'en');
    adminId = (await call<{ id: string }>(admin, 'GET', '/api/v1/users/profile/')).body.id;
  });

  afterAll(async () => {
    await server?.close();
  });

  it('lists both messages for subscription', async () => {
    const list = await call<Array<{ children: Array<{ message_type: string }> }>>(admin, 'GET', SYSTEM);
    const types = list.body.flatMap((category) => category.children.map((child) => child.message_type));
    expect(types).toEqual(expect.arrayContaining(['license_expiry', 'password_expiry']));
  });

  it('licence expiry: sent within seven days of the end to the subscribers, not before, not unsubscribed', async () => {
    // Nobody subscribed: nothing goes out.
    expect(await server.app.runLicenceExpiryCheck()).toBe(false);
    const subscribed = await call(admin, 'PATCH', `${SYSTEM}license_expiry/`, {
      users: [adminId],
      receive_backends: ['site_msg'],
    });
    expect(subscribed.status).toBe(200);
    // Ten days earlier the licence was 13 days from its end: no message.
    expect(await server.app.runLicenceExpiryCheck(Date.now() - 10 * DAY_MS)).toBe(false);
    expect(await subjects(admin)).not.toContain('The licence expires in 3 day(s)');
    expect(await server.app.runLicenceExpiryCheck()).toBe(true);
    expect(await subjects(admin)).toContain('The licence expires in 3 day(s)');
    // After its end the subscribers keep hearing of it.
    expect(await server.app.runLicenceExpiryCheck(Date.now() + 5 * DAY_MS)).toBe(true);
    expect(await subjects(admin)).toContain('The licence expired 2 day(s) ago');
  });

  it('password expiry: sent for each user reminded, once a day, not for passwords far from expiry', async () => {
    expect(
      (
        await call(admin, 'PATCH', `${SYSTEM}password_expiry/`, {
          users: [adminId],
          receive_backends: ['site_msg'],
        })
      ).status,
    ).toBe(200);
    await server.createUser({ username: 'aging', email: 'aging@example.org', password: 'Aging-Pass-1' });
    const ctx = { db: server.app.db, config: server.config, resources: server.app.engine.registry };
    // The default lifetime (9999 days): nobody is near expiry, nothing is sent.
    await runExpiryReminders(ctx);
    expect((await subjects(admin)).filter((s) => s.startsWith('The password of'))).toEqual([]);
    const security = '/api/v1/settings/setting/?category=security';
    expect((await call(admin, 'PATCH', security, { SECURITY_PASSWORD_EXPIRATION_TIME: 3 })).status).toBe(200);
    await runExpiryReminders(ctx);
    await runExpiryReminders(ctx);
    const sent = (await subjects(admin)).filter((s) => s.startsWith('The password of aging'));
    expect(sent).toEqual(['The password of aging expires in 3 day(s)']);
  });
});

describe('insecure command alerts', () => {
  const TOKEN = 'bootstrap-token-for-tests-1234567890';
  let server: TestServer;
  let admin: Client;
  let koko: ComponentClient;

  beforeAll(async () => {
    server = await startTestServer({ bootstrapToken: TOKEN });
    admin = await signedIn(server, 'admin', ADMIN_PASSWORD);
    admin.cookies.set('django_language', 'en');
    const adminId = (await call<{ id: string }>(admin, 'GET', '/api/v1/users/profile/')).body.id;
    const subscribed = await call(admin, 'PATCH', `${SYSTEM}insecure_command/`, {
      users: [adminId],
      receive_backends: ['site_msg'],
    });
    expect(subscribed.status).toBe(200);
    const registered = await registerComponent(server.baseUrl, TOKEN, { name: 'koko-alerts', type: 'koko' });
    koko = ComponentClient.of(server.baseUrl, registered.body);
  });

  afterAll(async () => {
    await server?.close();
  });

  const post = async (asset: string, input: string, risk: number) => {
    const command = {
      user: 'Alice(alice)',
      asset,
      system_user: 'root',
      session: crypto.randomUUID(),
      input,
      output: '',
      timestamp: Math.floor(Date.now() / 1000),
      risk_level: risk,
    };
    const posted = await koko.call('POST', '/api/v1/terminal/commands/', {
      body: [command],
      org: DEFAULT_ORG,
    });
    expect(posted.status).toBe(201);
  };

  it('alerts the subscribers of a dangerous command only while SECURITY_INSECURE_COMMAND is on', async () => {
    await post('db-off', 'rm -rf /var/lib/db', 5);
    const security = '/api/v1/settings/setting/?category=security';
    expect((await call(admin, 'PATCH', security, { SECURITY_INSECURE_COMMAND: true })).status).toBe(200);
    await post('web-ordinary', 'ls -la', 0);
    await post('web-01', 'rm -rf /srv <b>', 5);
    const alerts = (await subjects(admin)).filter((s) => s.startsWith('Insecure command alert'));
    expect(alerts).toEqual(['Insecure command alert: Alice(alice) on web-01']);
    const page = await call<{ results: Array<{ subject: string; message: string }> }>(
      admin,
      'GET',
      '/api/v1/notifications/site-message/?offset=0&limit=50',
    );
    const alert = page.body.results.find((m) => m.subject.startsWith('Insecure command alert'));
    expect(alert?.message).toContain('<code>rm -rf /srv &lt;b&gt;</code>');
  });
});
