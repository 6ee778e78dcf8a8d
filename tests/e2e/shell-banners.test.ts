// The frame's warnings (issue 5 items 4 and 6): the password banner for local users whose password is past or
// near SECURITY_PASSWORD_EXPIRATION_TIME, and the "connecting the websocket failed" message when the
// site-message socket cannot connect.
import { describe, expect, it } from 'vitest';
import { cookieNames } from '../../server/src/auth/cookies';
import { sendSiteMessage } from '../../server/src/notifications';
import { findUserCredentials, setUserPasswordLastUpdated } from '../../server/src/data/stores/users';
import { Client } from '../api/harness';
import { RADIUS_USERS, startRadiusServer } from '../support/radius-server.mjs';
import { ADMIN_PASSWORD, apiJson, consoleForFile, newPage, signIn, type Console } from './harness';

const c = consoleForFile();

const DAY_MS = 24 * 60 * 60 * 1000;

/** The limit the console is served with: read from the public settings, never assumed. */
async function passwordLimitDays(console: Console): Promise<number> {
  const response = await fetch(`${console.baseUrl}/api/v1/settings/public/`);
  const body = (await response.json()) as { data?: { SECURITY_PASSWORD_EXPIRATION_TIME?: unknown } };
  const limit = body.data?.SECURITY_PASSWORD_EXPIRATION_TIME;
  expect(typeof limit).toBe('number');
  return limit as number;
}

/**
 * A user whose password was last changed `daysAgo` days ago (plus half a day, so the floored day count cannot
 * tip over between the seed and the page).
 */
async function userWithPasswordAge(username: string, daysAgo: number, source = 'local'): Promise<void> {
  const user = await c.createUser({
    username,
    email: `${username}@example.com`,
    password: 'Banner-Pass-1',
    source,
  });
  await setUserPasswordLastUpdated(c.db, user.id, Date.now() - daysAgo * DAY_MS - DAY_MS / 2);
}

async function bannerFor(username: string, language: string) {
  const page = await newPage(c, language);
  await signIn(c, page, username, 'Banner-Pass-1');
  await page.waitForSelector('[data-testid="footer"]');
  return page;
}

describe('password banner', () => {
  it('is "expired" at or above the limit and "expiring" with 5 days or fewer left, in en, zh and ja', async () => {
    const limit = await passwordLimitDays(c);
    await userWithPasswordAge('expired-at-limit', limit);
    await userWithPasswordAge('expired-past', limit + 30);
    await userWithPasswordAge('expiring-5', limit - 5);
    await userWithPasswordAge('expiring-1', limit - 1);

    const cases = [
      { user: 'expired-at-limit', language: 'en', state: 'expired', text: 'Your password has expired' },
      { user: 'expired-past', language: 'zh', state: 'expired', text: '您的密码已过期' },
      { user: 'expiring-5', language: 'en', state: 'expiring', text: 'Your password expires in 5 day(s)' },
      { user: 'expiring-5', language: 'zh', state: 'expiring', text: '您的密码将在 5 天后过期' },
      {
        user: 'expiring-1',
        language: 'ja',
        state: 'expiring',
        text: 'パスワードの有効期限まであと 1 日です',
      },
    ] as const;
    for (const { user, language, state, text } of cases) {
      const page = await bannerFor(user, language);
      const banner = page.locator('[data-testid="banner-password"]');
      await banner.waitFor();
      expect(await banner.getAttribute('data-state'), `${user} in ${language}`).toBe(state);
      expect(await banner.textContent(), `${user} in ${language}`).toContain(text);
      expect(page.errors).toEqual([]);
      await page.context().close();
    }
  });

  it('is not shown far from expiry, nor for users who do not sign in with a local password', async () => {
    const limit = await passwordLimitDays(c);
    await userWithPasswordAge('far-from-expiry', limit - 6);
    await userWithPasswordAge('fresh-password', 0);
    for (const user of ['far-from-expiry', 'fresh-password']) {
      const page = await bannerFor(user, 'en');
      // The frame is up (the profile is loaded) and no banner came with it.
      await page.waitForSelector('[data-testid="nav-messages"]');
      expect(await page.locator('[data-testid="banner-password"]').count(), user).toBe(0);
      await page.context().close();
    }

    // A RADIUS user's password is the RADIUS server's to check and keep fresh
    // (docs/auth-radius-saml.md#radius): no banner, however old the console's record of it.
    const radius = await startRadiusServer();
    try {
      const admin = new Client(c.baseUrl);
      await admin.login('admin', ADMIN_PASSWORD);
      await apiJson(admin, 'PATCH', '/api/v1/settings/setting/?category=radius', {
        AUTH_RADIUS: true,
        RADIUS_SERVER: '127.0.0.1',
        RADIUS_PORT: radius.port,
        RADIUS_SECRET: radius.secret,
        OTP_IN_RADIUS: false,
      });
      const user = await c.createUser({
        username: 'radbob',
        email: 'radbob@example.com',
        password: 'Banner-Pass-1',
        source: 'radius',
      });
      await setUserPasswordLastUpdated(c.db, user.id, Date.now() - (limit + 30) * DAY_MS);
      const page = await newPage(c, 'en');
      await signIn(c, page, 'radbob', RADIUS_USERS.radbob);
      await page.waitForSelector('[data-testid="nav-messages"]');
      expect(await page.locator('[data-testid="banner-password"]').count(), 'radbob').toBe(0);
      await page.context().close();
    } finally {
      await radius.stop();
    }
  });
});

/**
 * The site-message socket refused by the server itself: a stale session cookie scoped to the socket's path
 * (sent ahead of the real one, RFC 6265 §5.4: longer paths first) makes the server answer the upgrade with
 * 401 before the handshake, so Chromium fails the connection and fires the socket's `error` event exactly as
 * with a server that is down. Every other request keeps the real session.
 */
async function refuseSiteMessageSocket(page: Awaited<ReturnType<typeof newPage>>): Promise<string[]> {
  await page.context().addCookies([
    {
      name: cookieNames('jms_').session, // the harness serves with the prefix jms_
      value: 'stale-session',
      domain: new URL(c.baseUrl).hostname,
      path: '/ws/notifications/site-msg/',
    },
  ]);
  const socketErrors: string[] = [];
  page.on('websocket', (ws) => {
    if (ws.url().includes('/ws/notifications/site-msg/')) ws.on('socketerror', (e) => socketErrors.push(e));
  });
  return socketErrors;
}

describe('site-message socket failure', () => {
  const WS_FAILED = {
    en: 'Connecting the websocket failed',
    zh: '连接 WebSocket 失败',
    ja: 'WebSocket の接続に失敗しました',
  } as const;

  it('shows "connecting the websocket failed" and the rest of the page keeps working', async () => {
    const admin = await findUserCredentials(c.db, 'admin');
    await sendSiteMessage(c.db, {
      userIds: [admin!.user.id],
      subject: 'Still readable',
      message: '<p>over REST</p>',
    });
    const page = await newPage(c, 'en');
    const socketErrors = await refuseSiteMessageSocket(page);
    await signIn(c, page, 'admin', ADMIN_PASSWORD);

    const toast = page.locator('.p-toast-message-error', { hasText: WS_FAILED.en });
    await toast.waitFor();
    expect(socketErrors.length).toBeGreaterThan(0);
    // No count ever arrived, so no badge; the frame is otherwise whole.
    expect(await page.getAttribute('[data-testid="nav-messages"]', 'data-unread')).toBe('0');
    await page.waitForSelector('[data-testid="footer"]');

    // The messages still load over REST and can be marked read.
    await page.click('[data-testid="nav-messages"]');
    const items = page.locator('[data-testid="message-item"]');
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.first().textContent()).toContain('Still readable');
    await page.click('[data-testid="messages-mark-all"]');
    await page.waitForSelector('[data-testid="messages-empty"]');
    await page.keyboard.press('Escape');

    // Navigation still works: a sidebar link changes the route in place and the new page renders.
    const before = page.url();
    const link = page
      .locator(
        '[data-testid="sidebar-menu"] a[href^="/ui/"]:not([aria-current="page"]):not([target]):not([data-unavailable])',
      )
      .last();
    const href = await link.getAttribute('href');
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(href);
    expect(page.url()).not.toBe(before);
    await page.waitForSelector('[data-testid="page-title"]');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('is translated (zh, ja)', async () => {
    for (const language of ['zh', 'ja'] as const) {
      const page = await newPage(c, language);
      await refuseSiteMessageSocket(page);
      await signIn(c, page, 'admin', ADMIN_PASSWORD);
      await page.locator('.p-toast-message-error', { hasText: WS_FAILED[language] }).waitFor();
      expect(page.errors).toEqual([]);
      await page.context().close();
    }
  });
});
