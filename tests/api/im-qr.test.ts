// QR sign-in and binding through WeCom, DingTalk and FeiShu (docs/auth-im-sms.md#qr-sign-in-and-binding)
// against the tests' loopback providers (tests/support/im-providers.mjs): binding from the profile, signing in
// as the bound user, state and code single-use, an unbound id refused (never a new account), one user per
// provider id, disabled users refused, the provider's refusal and an unreachable provider reported, unbinding.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImProviders, type ImSource, type TestImProviders } from '../support/im-providers.mjs';
import { freePort } from '../support/server-process.mjs';
import { WAIT_MS } from '../support/wait.mjs';
import { publishSystemMessage } from '../../server/src/notifications/system-messages';
import { Client, loginPageData, startTestServer, type TestServer } from './harness';
import { adminAndPlainUser, call, signedIn } from './identity-helpers';

const SOURCES: ImSource[] = ['wecom', 'dingtalk', 'feishu'];
const NAMES: Record<ImSource, string> = { wecom: 'WeCom', dingtalk: 'DingTalk', feishu: 'FeiShu' };

describe('IM QR sign-in and binding', () => {
  let providers: TestImProviders;
  let server: TestServer;
  let admin: Client;
  let carol: Client;

  const forms = (p: TestImProviders): Record<ImSource, Record<string, unknown>> => ({
    wecom: {
      AUTH_WECOM: true,
      WECOM_CORPID: p.apps.wecom.id,
      WECOM_AGENTID: p.apps.wecom.agentId,
      WECOM_SECRET: p.apps.wecom.secret,
    },
    dingtalk: {
      AUTH_DINGTALK: true,
      DINGTALK_APPKEY: p.apps.dingtalk.id,
      DINGTALK_AGENTID: p.apps.dingtalk.agentId,
      DINGTALK_APPSECRET: p.apps.dingtalk.secret,
    },
    feishu: { AUTH_FEISHU: true, FEISHU_APP_ID: p.apps.feishu.id, FEISHU_APP_SECRET: p.apps.feishu.secret },
  });

  beforeAll(async () => {
    providers = await startImProviders();
    server = await startTestServer({ providerOrigins: providers.origins, outboundCa: providers.certificate });
    ({ admin, carol } = await adminAndPlainUser(server));
    carol.cookies.set('django_language', 'en');
    expect(
      (await call(admin, 'PATCH', '/api/v1/settings/setting/?category=basic', { SITE_URL: server.baseUrl }))
        .status,
    ).toBe(200);
  });

  afterAll(async () => {
    await server?.close();
    await providers?.close();
  });

  /** The browser leaves from `start`, the provider "scans" as `imId` and sends it back: the callback URL. */
  async function throughProvider(browser: Client, start: string, source: ImSource, imId: string | null) {
    const left = await browser.get(start);
    expect(left.status).toBe(302);
    const page = left.headers.get('location') ?? '';
    expect(page.startsWith(providers.origin)).toBe(true);
    providers.scanAs(source, imId);
    const back = await providers.visit(page);
    expect(back.status).toBe(302);
    const callback = new URL(back.location ?? '');
    expect(callback.origin).toBe(server.baseUrl);
    return callback;
  }

  const errorOf = async (answer: Response) => loginPageData(await answer.text()).error;

  it('shows no QR button and publishes the switches off while the sources are off', async () => {
    const page = loginPageData(await (await new Client(server.baseUrl).get('/core/auth/login/')).text());
    expect(JSON.stringify(page)).not.toContain('/qr/login/');
    const off = await new Client(server.baseUrl).get('/core/auth/wecom/qr/login/');
    expect(off.status).toBe(400);
    const settings = await carol.json<{ data: Record<string, unknown> }>('/api/v1/settings/public/');
    expect(settings.body.data).toMatchObject({ AUTH_WECOM: false, AUTH_DINGTALK: false, AUTH_FEISHU: false });
  });

  it.each(SOURCES)('binds %s from the profile, then signs in with it', async (source) => {
    const saved = await call(
      admin,
      'PATCH',
      `/api/v1/settings/setting/?category=${source}`,
      forms(providers)[source],
    );
    expect(saved.status).toBe(200);
    const page = loginPageData(await (await new Client(server.baseUrl).get('/core/auth/login/')).text());
    expect(JSON.stringify(page)).toContain(`/core/auth/${source}/qr/login/`);
    const published = await carol.json<{ data: Record<string, unknown> }>('/api/v1/settings/public/');
    expect(published.body.data[`AUTH_${source.toUpperCase()}`]).toBe(true);

    const imId = `carol-at-${source}`;
    const bindBack = await throughProvider(carol, `/core/auth/${source}/qr/bind/`, source, imId);
    expect(bindBack.pathname).toBe(`/core/auth/${source}/qr/bind/callback/`);
    const bound = await carol.get(bindBack.pathname + bindBack.search);
    expect(bound.status).toBe(302);
    expect(bound.headers.get('location')).toBe('/ui/profile/info');
    const profile = await carol.json<Record<string, unknown>>('/api/v1/users/profile/');
    expect(profile.body).toMatchObject({ [`${source}_id`]: imId, [`is_${source}_bound`]: true });

    const browser = new Client(server.baseUrl);
    const back = await throughProvider(
      browser,
      `/core/auth/${source}/qr/login/?next=/ui/audits`,
      source,
      imId,
    );
    expect(back.pathname).toBe(`/core/auth/${source}/qr/login/callback/`);
    const signedInAnswer = await browser.get(back.pathname + back.search);
    expect(signedInAnswer.status).toBe(302);
    expect(signedInAnswer.headers.get('location')).toBe('/ui/audits');
    const me = await browser.json<{ username: string }>('/api/v1/users/profile/');
    expect(me.body.username).toBe('carol');
    const logs = await call<{ results: { username: string; backend: string; status: boolean }[] }>(
      admin,
      'GET',
      '/api/v1/audits/login-logs/?username=carol&limit=1',
    );
    expect(logs.body.results[0]?.status).toBe(true);
    expect(JSON.stringify(logs.body.results[0])).toContain(NAMES[source]);

    // The same callback again: the flow is used up (and the provider's code too).
    const replay = await browser.get(back.pathname + back.search);
    expect(replay.status).toBe(400);
    expect(await errorOf(replay)).toMatch(/took too long|已超时/);
  });

  it('refuses a forged state, an unbound id (no account made) and a second user for a bound id', async () => {
    const browser = new Client(server.baseUrl);
    browser.cookies.set('django_language', 'en');
    const back = await throughProvider(browser, '/core/auth/wecom/qr/login/', 'wecom', 'carol-at-wecom');
    back.searchParams.set('state', 'forged');
    const forged = await browser.get(back.pathname + back.search);
    expect(forged.status).toBe(400);
    expect(await errorOf(forged)).toBe(
      'This sign-in was not started here or took too long; please start again.',
    );
    // Another browser's callback (its state, no flow here) does not sign this one in either.
    const other = new Client(server.baseUrl);
    const stolen = await throughProvider(other, '/core/auth/wecom/qr/login/', 'wecom', 'carol-at-wecom');
    expect((await browser.get(stolen.pathname + stolen.search)).status).toBe(400);
    expect((await browser.json('/api/v1/users/profile/')).status).toBe(401);

    const users = (await call<{ count: number }>(admin, 'GET', '/api/v1/users/users/?limit=1')).body.count;
    const nobody = await throughProvider(browser, '/core/auth/dingtalk/qr/login/', 'dingtalk', 'stranger');
    const refused = await browser.get(nobody.pathname + nobody.search);
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toBe(
      'This DingTalk account is not bound to any user here. Sign in with your password, then bind it from your profile.',
    );
    expect((await call<{ count: number }>(admin, 'GET', '/api/v1/users/users/?limit=1')).body.count).toBe(
      users,
    );

    // admin cannot take carol's FeiShu identity.
    const adminBrowser = admin;
    const taken = await throughProvider(
      adminBrowser,
      '/core/auth/feishu/qr/bind/',
      'feishu',
      'carol-at-feishu',
    );
    const answer = await adminBrowser.get(taken.pathname + taken.search);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('This FeiShu account is already bound to another user.');
    expect((await admin.json<Record<string, unknown>>('/api/v1/users/profile/')).body.feishu_id).toBeNull();
  });

  it('refuses a disabled user bound to the id', async () => {
    const dave = await server.createUser({
      username: 'dave',
      email: 'dave@example.com',
      password: 'dave-pass-12',
    });
    const daveClient = await signedIn(server, 'dave', 'dave-pass-12');
    const bind = await throughProvider(daveClient, '/core/auth/wecom/qr/bind/', 'wecom', 'dave-at-wecom');
    expect((await daveClient.get(bind.pathname + bind.search)).status).toBe(302);
    expect((await call(admin, 'PATCH', `/api/v1/users/users/${dave.id}/`, { is_active: false })).status).toBe(
      200,
    );
    const browser = new Client(server.baseUrl);
    browser.cookies.set('django_language', 'en');
    const back = await throughProvider(browser, '/core/auth/wecom/qr/login/', 'wecom', 'dave-at-wecom');
    const refused = await browser.get(back.pathname + back.search);
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toBe('This account is inactive.');
  });

  it('reports the provider refusing a code and a provider that cannot be reached, never a 500', async () => {
    const browser = new Client(server.baseUrl);
    browser.cookies.set('django_language', 'en');
    const back = await throughProvider(browser, '/core/auth/wecom/qr/login/', 'wecom', 'carol-at-wecom');
    back.searchParams.set('code', 'made-up-code');
    const refused = await browser.get(back.pathname + back.search);
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toBe(
      'The WeCom provider could not be reached or refused: WeCom refused the request: invalid code',
    );

    const closed = await freePort();
    const offline = await startTestServer({
      providerOrigins: { ...providers.origins, 'qyapi.weixin.qq.com': `https://127.0.0.1:${closed}` },
      outboundCa: providers.certificate,
    });
    try {
      const { admin: offAdmin } = await adminAndPlainUser(offline);
      await call(offAdmin, 'PATCH', '/api/v1/settings/setting/?category=basic', {
        SITE_URL: offline.baseUrl,
      });
      expect(
        (await call(offAdmin, 'PATCH', '/api/v1/settings/setting/?category=wecom', forms(providers).wecom))
          .status,
      ).toBe(200);
      const lost = new Client(offline.baseUrl);
      lost.cookies.set('django_language', 'en');
      const left = await lost.get('/core/auth/wecom/qr/login/');
      providers.scanAs('wecom', 'carol-at-wecom');
      const cb = new URL((await providers.visit(left.headers.get('location') ?? '')).location ?? '');
      const answer = await lost.get(cb.pathname + cb.search);
      expect(answer.status).toBe(400);
      expect(await errorOf(answer)).toMatch(
        /^The WeCom provider could not be reached or refused: Cannot reach WeCom at 127\.0\.0\.1:\d+: .*ECONNREFUSED/,
      );
    } finally {
      await offline.close();
    }
  });

  it('sends subscribed system messages to the bound users through each IM channel that is on', async () => {
    const backends = await call<{ name: string }[]>(carol, 'GET', '/api/v1/notifications/backends/');
    expect(backends.body.map((b) => b.name)).toEqual(expect.arrayContaining(['site_msg', ...SOURCES]));
    const carolId = (await carol.json<{ id: string }>('/api/v1/users/profile/')).body.id;
    const subscribed = await call(
      admin,
      'PATCH',
      '/api/v1/notifications/system-msg-subscription/password_expiry/',
      {
        users: [carolId],
        receive_backends: ['site_msg', ...SOURCES],
      },
    );
    expect(subscribed.status).toBe(200);
    await publishSystemMessage(
      server.app.db,
      server.app.engine.registry,
      'password_expiry',
      () => ({ subject: 'Password expires soon', message: 'Change it &amp; stay in' }),
      'en',
    );
    await expect
      .poll(() => providers.received.messages.length, { timeout: WAIT_MS })
      .toBeGreaterThanOrEqual(3);
    expect(SOURCES.map((source) => providers.received.messages.find((m) => m.source === source))).toEqual(
      SOURCES.map((source) => ({
        source,
        to: [`carol-at-${source}`],
        text: 'Password expires soon\n\nChange it & stay in',
      })),
    );
    // A source switched off is neither offered nor used.
    await call(admin, 'PATCH', '/api/v1/settings/setting/?category=feishu', { AUTH_FEISHU: false });
    const after = await call<{ name: string }[]>(carol, 'GET', '/api/v1/notifications/backends/');
    expect(after.body.map((b) => b.name)).not.toContain('feishu');
    await call(admin, 'PATCH', '/api/v1/settings/setting/?category=feishu', { AUTH_FEISHU: true });
  });

  it('unbinds, after MFA when the user has it, and the id no longer signs in', async () => {
    const unbound = await call<{ msg: string }>(carol, 'POST', '/api/v1/authentication/dingtalk/qr/unbind/');
    expect(unbound.status).toBe(200);
    expect(unbound.body.msg).toBe('Your DingTalk account is unbound.');
    expect((await carol.json<Record<string, unknown>>('/api/v1/users/profile/')).body).toMatchObject({
      dingtalk_id: null,
      is_dingtalk_bound: false,
      wecom_id: 'carol-at-wecom',
    });
    const browser = new Client(server.baseUrl);
    const back = await throughProvider(
      browser,
      '/core/auth/dingtalk/qr/login/',
      'dingtalk',
      'carol-at-dingtalk',
    );
    expect((await browser.get(back.pathname + back.search)).status).toBe(400);
    expect(
      (await call(new Client(server.baseUrl), 'POST', '/api/v1/authentication/wecom/unbind/')).status,
    ).toBe(401);
  });
});
