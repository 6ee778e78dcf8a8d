// The dashboards as an administrator and an auditor see them (docs/dashboard.md), over sessions a terminal
// component posted through its signed API: the summary cards, the sessions chart drawn with data and its
// weekly/monthly toggle, the activity ratios, the top lists and the latest sessions.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ComponentClient, registerComponent } from '../api/component-client';
import { consoleForFile, signedInPage } from './harness';

const AUDITOR = {
  username: 'dora',
  name: 'Dora Auditor',
  email: 'dora@example.com',
  password: 'Dora-Pass-1',
  orgRoles: [{ org: 'default', role: 'OrgAuditor' }],
} as const;
const DEFAULT_ORG = '00000000-0000-0000-0000-000000000002';
const TOKEN = 'e2e-dashboard-token-0123456789';
const HOUR = 3_600_000;
const USER_IDS: Record<string, string> = {
  alice: '00000000-0000-4000-8000-0000000a11ce',
  bob: '00000000-0000-4000-8000-000000000b0b',
};

const c = consoleForFile([AUDITOR]);

/** Whether the canvas holds drawn pixels (Chart.js paints on it; an empty chart area stays transparent). */
const painted = (page: Page, testId: string) =>
  page.locator(`[data-testid="${testId}"]`).evaluate((canvas) => {
    const element = canvas as HTMLCanvasElement;
    const context = element.getContext('2d');
    if (!context || element.width === 0) return false;
    const pixels = context.getImageData(0, 0, element.width, element.height).data;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
    return false;
  });

describe('dashboards', () => {
  it('an admin sees the figures and charts of the sessions a component posted; an auditor sees the audit dashboard', async () => {
    c.config.bootstrapToken = TOKEN;
    const registered = await registerComponent(c.baseUrl, TOKEN, { name: 'koko-dash', type: 'koko' });
    expect(registered.status).toBe(201);
    const koko = ComponentClient.of(c.baseUrl, registered.body);
    const sessions: Array<[string, string, number, boolean]> = [
      ['alice', 'web-01', 30 * HOUR, true],
      ['alice', 'web-01', 2 * HOUR, true],
      ['bob', 'db-01', 0, false],
    ];
    for (const [user, asset, ago, finished] of sessions) {
      const posted = await koko.call('POST', '/api/v1/terminal/sessions/', {
        org: DEFAULT_ORG,
        body: {
          id: crypto.randomUUID(),
          user: `${user}(${user})`,
          user_id: USER_IDS[user],
          asset: `${asset}(10.0.0.9)`,
          asset_id: crypto.randomUUID(),
          system_user: 'root(root)',
          protocol: 'ssh',
          is_finished: finished,
          date_start: new Date(Date.now() - ago).toISOString(),
        },
      });
      expect(posted.status).toBe(201);
    }

    const admin = await signedInPage(c);
    await admin.click('[data-testid="menu-console-dashboard"]');
    await admin.waitForURL((url) => url.pathname === '/ui/console/dashboard');
    await expect.poll(() => admin.textContent('[data-testid="dashboard-online-sessions-value"]')).toBe('1');
    expect(await admin.textContent('[data-testid="dashboard-online-users-value"]')).toBe('1');
    // The admin may open the users list from its card.
    expect(await admin.locator('[data-testid="dashboard-users"] a').count()).toBe(1);

    const chart = admin.locator('[data-testid="dashboard-sessions-chart"]');
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toContain('7');
    await expect.poll(() => painted(admin, 'dashboard-sessions-chart')).toBe(true);
    await expect
      .poll(() => admin.textContent('[data-testid="dashboard-period-totals"]'))
      .toBe('3 logins by 2 users in this period');
    const userRatio = admin.locator('[data-testid="dashboard-ratio-users"]');
    await expect.poll(() => userRatio.locator('[data-testid="legend-active"]').textContent()).toContain('2');
    await expect.poll(() => painted(admin, 'dashboard-ratio-users-chart')).toBe(true);

    const topUsers = admin.locator('[data-testid="dashboard-top-users"] [data-testid="top-row"]');
    await expect.poll(() => topUsers.count()).toBe(2);
    expect(await topUsers.first().textContent()).toContain('alice(alice)');
    expect(await topUsers.first().textContent()).toContain('2 times');
    const latest = admin.locator('[data-testid="dashboard-latest"] [data-testid="latest-row"]');
    await expect.poll(() => latest.count()).toBe(3);
    expect(await latest.first().textContent()).toContain('bob(bob) logged in to db-01(10.0.0.9)online');

    // Monthly: thirty days on the chart, the same sessions counted.
    await admin.locator('[data-testid="dashboard-period"]').getByText('Monthly').click();
    await expect.poll(() => chart.getAttribute('aria-label')).toContain('30');
    expect(await admin.textContent('[data-testid="dashboard-period-totals"]')).toBe(
      '3 logins by 2 users in this period',
    );
    expect(admin.errors).toEqual([]);
    await admin.context().close();

    const auditor = await signedInPage(c, AUDITOR.username, AUDITOR.password);
    await auditor.goto(`${c.baseUrl}/ui/audit/dashboard`);
    await expect.poll(() => auditor.textContent('[data-testid="dashboard-online-sessions-value"]')).toBe('1');
    await expect.poll(() => painted(auditor, 'dashboard-sessions-chart')).toBe(true);
    // Without users.view_user the number is shown, not linked.
    expect(await auditor.locator('[data-testid="dashboard-users"] a').count()).toBe(0);
    expect(auditor.errors).toEqual([]);
    await auditor.context().close();
  }, 240_000);
});
