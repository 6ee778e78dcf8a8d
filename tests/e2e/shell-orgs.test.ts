// Organizations and the licence-dependent frame (issue 5 items 2, 4, 6), with a licence installed through
// BASTION_LICENSE_FILE: the selector, switching with reload, the licence banner, the footer, the tickets badge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORG_ID } from '../../sdk/src/constants';
import { ensureOrg } from '../../server/src/data/stores/orgs';
import { Client } from '../api/harness';
import { viewPlugin, writeDropIn } from './fixtures';
import { ADMIN_PASSWORD, apiJson, newPage, signIn, startConsole, type Console } from './harness';

const ORG_B = '7a1c7e0e-0b7a-4c55-9d59-2f7f2c1b0b01';
const MEMBER = { username: 'mia', name: 'Mia Member', email: 'mia@example.com', password: 'Mia-Pass-123' };
let c: Console;
let licensed: Console;

beforeAll(async () => {
  licensed = await startConsole({ license: { expiresInMs: 3 * 86_400_000 + 3_600_000 } });
  c = await startConsole();
  for (const console of [licensed, c]) {
    await ensureOrg(console.db, { id: ORG_B, name: 'Org B', comment: '' });
    writeDropIn(
      console.pluginsDir,
      viewPlugin('pages', [{ path: '/console/hello', view: 'console', text: 'Hello' }]),
    );
  }
});

afterAll(async () => {
  await licensed?.close();
  await c?.close();
});

describe('with a valid licence', () => {
  it('offers the organizations of the view and switches with a reload, remembering the choice', async () => {
    const page = await newPage(licensed);
    await signIn(licensed, page, 'admin', ADMIN_PASSWORD);
    await page.waitForSelector('[data-testid="org-selector"]');
    expect(await page.textContent('[data-testid="current-org"]')).toBe('Default');
    await page.click('[data-testid="org-selector"]');
    // Console view: the "create" and "list" actions, then the organizations.
    expect(await page.locator('[data-testid="org-action-create"]').count()).toBe(1);
    expect(await page.locator('[data-testid="org-action-list"]').count()).toBe(1);
    await page.waitForSelector(`[data-testid="org-option-${ORG_B}"]`);
    const navigation = page.waitForEvent('framenavigated');
    const clicked = Date.now();
    await page.click(`[data-testid="org-option-${ORG_B}"]`);
    await navigation;
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(350);
    await expect.poll(() => page.textContent('[data-testid="current-org"]')).toBe('Org B');
    expect(await page.evaluate(() => localStorage.getItem('jms_current_org_admin'))).toContain(ORG_B);
    expect((await page.context().cookies()).find((k) => k.name === 'X-JMS-ORG')?.value).toBe(ORG_B);
    // The profile area has no organization selector.
    await page.goto(`${licensed.baseUrl}/ui/profile/info`);
    await page.waitForSelector('[data-testid="profile-username"]');
    expect(await page.locator('[data-testid="org-selector"]').count()).toBe(0);
    await page.context().close();
  });

  it('an oid in the address is stripped instead of reloading with it', async () => {
    const page = await newPage(licensed);
    await signIn(licensed, page, 'admin', ADMIN_PASSWORD);
    await page.goto(`${licensed.baseUrl}/ui/console/hello?oid=${ORG_B}`);
    await page.waitForSelector('[data-testid="org-selector"]');
    await page.click('[data-testid="org-selector"]');
    await page.click('[data-testid="org-option-00000000-0000-0000-0000-000000000002"]');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => page.textContent('[data-testid="current-org"]')).toBe('Default');
    await page.context().close();
  });

  it('shows the Admin the expiring licence, the corporation, no GPL note and the tickets badge', async () => {
    const page = await newPage(licensed);
    await signIn(licensed, page, 'admin', ADMIN_PASSWORD);
    const admin = new Client(licensed.baseUrl);
    await admin.login('admin', ADMIN_PASSWORD);
    const banner = page.locator('[data-testid="banner-license"]');
    await banner.waitFor();
    expect(await banner.getAttribute('data-state')).toBe('expiring');
    expect(await banner.textContent()).toContain('expires in 3 day(s)');
    expect(await page.textContent('[data-testid="footer-corporation"]')).toBe('ACME Ltd');
    expect(await page.locator('[data-testid="footer-gpl"]').count()).toBe(0);
    // Licence + tickets.view_ticket: the link is there; no open ticket is assigned yet, so no badge.
    await page.locator('[data-testid="nav-tickets"]').waitFor();
    expect(await page.locator('[data-testid="tickets-badge"]').count()).toBe(0);
    expect(await page.locator('[data-testid="nav-settings"]').count()).toBe(1);
    expect(await page.locator('[data-testid="nav-webterminal"]').count()).toBe(1);

    // A member asks twice for an asset: the default flow assigns both to the system admins, i.e. to this
    // admin (who could not decide a request of his own: docs/tickets.md#approval).
    const asset = await apiJson<{ id: string }>(admin, 'POST', '/api/v1/assets/assets/', {
      hostname: 'badge-host',
      ip: '10.1.1.1',
      platform: 'Linux',
      protocols: ['ssh/22'],
    });
    await licensed.createUser({ ...MEMBER, orgRoles: [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }] });
    const member = new Client(licensed.baseUrl);
    await member.login(MEMBER.username, MEMBER.password);
    for (const title of ['Need badge-host', 'Need it again']) {
      await apiJson(member, 'POST', '/api/v1/tickets/tickets/open/?type=apply_asset', {
        title,
        type: 'apply_asset',
        org_id: DEFAULT_ORG_ID,
        meta: {
          apply_assets: [asset.id],
          apply_actions: ['connect'],
          apply_date_start: new Date().toISOString(),
          apply_date_expired: new Date(Date.now() + 86_400_000).toISOString(),
        },
      });
    }
    // The count is read once per page load (as v2.21 does).
    await page.reload();
    await expect.poll(() => page.locator('[data-testid="tickets-badge"]').textContent()).toBe('2');
    await page.click('[data-testid="nav-tickets"]');
    await page.waitForURL((u) => u.pathname.startsWith('/ui/tickets'));
    await page.context().close();
  });
});

describe('without a licence', () => {
  it('has no organization selector, the GPL note, the enterprise help entry and no licence banner', async () => {
    const page = await newPage(c);
    await signIn(c, page, 'admin', ADMIN_PASSWORD);
    await page.waitForSelector('[data-testid="footer-gpl"]');
    expect(await page.textContent('[data-testid="footer-version"]')).toBe('v2.21.0');
    expect(await page.locator('[data-testid="org-selector"]').count()).toBe(0);
    expect(await page.locator('[data-testid="banner-license"]').count()).toBe(0);
    await page.click('[data-testid="nav-help"]');
    expect(await page.locator('[data-testid="help-enterprise"]').count()).toBe(1);
    expect(await page.locator('[data-testid="help-docs"]').count()).toBe(1);
    // Tickets need the licence: neither the link nor the tickets plugin is offered.
    expect(await page.locator('[data-testid="nav-tickets"]').count()).toBe(0);
    await page.context().close();
  });
});
