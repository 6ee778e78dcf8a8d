// The workbench as an ordinary user (User + OrgUser, no console organizations) meets it: the administrator
// grants a group a node through the API, alice signs in to her workbench home, opens My assets and finds the
// granted node in the tree and its assets in the list, connects through Luna (a new tab), cannot connect to
// an inactive asset; a user without grants sees nothing; the pages speak Chinese too.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORG_ID } from '../../sdk/src/constants';
import { Client } from '../api/harness';
import {
  apiJson,
  ADMIN_PASSWORD,
  ALICE,
  consoleForFile,
  signedInPage,
  startConsole,
  type Console,
} from './harness';

const BOB = { username: 'bob', name: 'Bob Nogrant', email: 'bob@example.com', password: 'Bob-Pass-12' };
const NODE = 'Web servers';

const c: Console = consoleForFile([ALICE, BOB]);
let active: { id: string };

const rowsOf = <T>(answer: T[] | { results: T[] }): T[] => (Array.isArray(answer) ? answer : answer.results);

beforeAll(async () => {
  const admin = new Client(c.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
  // Without a parent the child goes below the organization's root node (created on first use).
  const node = await apiJson<{ id: string }>(admin, 'POST', '/api/v1/assets/nodes/children/', {
    value: NODE,
  });
  const asset = (hostname: string, ip: string, extra: Record<string, unknown>) =>
    apiJson<{ id: string }>(admin, 'POST', '/api/v1/assets/assets/', {
      hostname,
      ip,
      platform: 'Linux',
      protocols: ['ssh/22'],
      ...extra,
    });
  active = await asset('web-01', '10.1.0.1', { nodes: [node.id], comment: 'front door' });
  await asset('web-02', '10.1.0.2', { nodes: [node.id], is_active: false });
  // Not under the granted node: nobody sees it in the workbench.
  await asset('db-99', '10.9.0.9', {});
  const [alice] = rowsOf(
    await apiJson<{ id: string }[]>(admin, 'GET', `/api/v1/users/users/?username=${ALICE.username}`),
  );
  const group = await apiJson<{ id: string }>(admin, 'POST', '/api/v1/users/groups/', {
    name: 'Web people',
    users: [alice!.id],
  });
  await apiJson(admin, 'POST', '/api/v1/perms/asset-permissions/', {
    name: 'Web people reach web servers',
    user_groups: [group.id],
    nodes: [node.id],
    actions: ['connect'],
  });
});

const path = (url: string) => new URL(url).pathname;
const list = '[data-testid="my-assets-list"]';
const row = (page: Page, hostname: string) => page.locator(`${list} tbody tr`, { hasText: hostname });
const dataRows = (page: Page) => page.locator(`${list} tbody tr:not(.p-datatable-emptymessage)`);

const signedIn = (user: { username: string; password: string }, language = 'en', target = c) =>
  signedInPage(target, user.username, user.password, language);

describe('the workbench of an ordinary user', () => {
  it('alice lands on her workbench home: her profile and the count of her assets, nothing invented', async () => {
    const page = await signedIn(ALICE);
    await expect.poll(() => path(page.url())).toBe('/ui/workbench/home');
    expect(await page.getAttribute('[data-testid="shell"]', 'data-view')).toBe('workbench');
    const profile = page.locator('[data-testid="wb-profile"]');
    await profile.waitFor();
    expect(await profile.locator('[data-testid="wb-profile-name"]').textContent()).toBe(ALICE.name);
    expect(await profile.locator('[data-testid="wb-profile-username"]').textContent()).toBe(ALICE.username);
    expect(await profile.locator('[data-testid="wb-profile-email"]').textContent()).toBe(ALICE.email);
    // She has just signed in: the last login is a date, not "Never".
    expect(await profile.locator('[data-testid="wb-profile-last-login"]').textContent()).toMatch(/\d/);
    await expect.poll(() => page.textContent('[data-testid="wb-assets-count"]')).toBe('2');
    // No licence: no tickets card; the announcement is off: no announcement card.
    expect(await page.locator('[data-testid="wb-tickets"]').count()).toBe(0);
    expect(await page.locator('[data-testid="wb-announcement"]').count()).toBe(0);
    await page.click('[data-testid="wb-assets-link"]');
    await expect.poll(() => path(page.url())).toBe('/ui/workbench/assets');
    await row(page, 'web-01').waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('My assets: the granted node in the tree, its assets in the list, Connect opens Luna, details', async () => {
    const page = await signedIn(ALICE);
    await page.click('[data-testid="menu-workbench-assets"]');
    await expect.poll(() => path(page.url())).toBe('/ui/workbench/assets');
    await expect.poll(() => page.title()).toMatch(/^My assets/);

    // The list ("all" while no node is chosen): the two granted assets, not the other one.
    await row(page, 'web-01').waitFor();
    await row(page, 'web-02').waitFor();
    await expect.poll(() => dataRows(page).count()).toBe(2);
    expect(await row(page, 'db-99').count()).toBe(0);
    const first = row(page, 'web-01');
    expect(await first.textContent()).toContain('10.1.0.1');
    expect(await first.textContent()).toContain('ssh/22');
    expect(await first.textContent()).toContain('front door');
    expect(await first.locator('[data-testid="granted-actions"] [data-action]').count()).toBe(1);
    expect(await first.locator('[data-action="connect"]').textContent()).toBe('Connect');

    // The tree: the granted node; choosing it lists that node's assets (node_id), "All assets" clears it.
    const treeNode = page.locator('[data-testid="granted-tree"] .p-treenode-label', { hasText: NODE });
    await treeNode.waitFor();
    const filtered = page.waitForResponse(
      (r) => r.url().includes('/api/v1/perms/users/assets/?') && r.url().includes('node_id='),
    );
    await treeNode.click();
    const answer = await filtered;
    const rows = ((await answer.json()) as { results: { hostname: string }[] }).results;
    expect(rows.map((r) => r.hostname).sort()).toEqual(['web-01', 'web-02']);
    await expect.poll(() => dataRows(page).count()).toBe(2);
    await page.click('[data-testid="granted-tree-all"]');
    expect(await page.getAttribute('[data-testid="granted-tree-all"]', 'aria-pressed')).toBe('true');

    // Connect opens Luna on this asset in a new tab (Luna is another component: only the address matters).
    const connect = first.locator('[data-testid="row-connect"]');
    expect(await connect.isEnabled()).toBe(true);
    const [popup] = await Promise.all([page.waitForEvent('popup'), connect.click()]);
    await expect
      .poll(() => {
        const url = new URL(popup.url());
        return `${url.pathname}${url.search}`;
      })
      .toBe(`/luna/?login_to=${active.id}`);
    await popup.close();

    // The inactive asset: greyed, and Connect disabled.
    const second = row(page, 'web-02');
    expect(await second.locator('[data-testid="row-connect"]').isDisabled()).toBe(true);
    expect(await second.locator('.wb-inactive').count()).toBeGreaterThan(0);
    const opacity = await second
      .locator('td')
      .first()
      .evaluate((td) => getComputedStyle(td).opacity);
    expect(Number(opacity)).toBeLessThan(1);

    // The hostname opens the asset's details from the detail endpoint.
    await first.locator('[data-testid="asset-hostname"]').click();
    const dialog = page.locator('[data-testid="asset-detail-dialog"]');
    await dialog.locator('[data-testid="detail-ip"]').waitFor();
    expect(await dialog.locator('[data-testid="detail-ip"] dd').textContent()).toBe('10.1.0.1');
    expect(await dialog.locator('[data-testid="detail-id"] dd').textContent()).toBe(active.id);
    expect(await dialog.locator('[data-testid="detail-actions"] dd').textContent()).toContain('Connect');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The search narrows the list.
    await page.fill('[data-testid="tag-search-input"]', 'web-02');
    await page.press('[data-testid="tag-search-input"]', 'Enter');
    await expect.poll(() => dataRows(page).count()).toBe(1);
    expect(await dataRows(page).first().textContent()).toContain('web-02');

    // Read only: nothing to create, import, export, delete or select.
    for (const testId of [
      'crud-create',
      'crud-import',
      'crud-export',
      'crud-more',
      'row-update',
      'row-delete',
    ])
      expect(await page.locator(`${list} [data-testid="${testId}"]`).count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('a user without grants sees an empty tree and an empty list', async () => {
    const page = await signedIn(BOB);
    await expect.poll(() => path(page.url())).toBe('/ui/workbench/home');
    await expect.poll(() => page.textContent('[data-testid="wb-assets-count"]')).toBe('0');
    await page.click('[data-testid="menu-workbench-assets"]');
    await page.locator(`${list} .p-datatable-emptymessage`).waitFor();
    expect(await dataRows(page).count()).toBe(0);
    await expect.poll(() => page.locator('[data-testid="granted-tree"] .p-treenode-label').count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('speaks Chinese: the menu and the page title', async () => {
    const page = await signedIn(ALICE, 'zh');
    await page.locator('[data-testid="menu-workbench-assets"]').waitFor();
    expect(await page.textContent('[data-testid="menu-workbench-assets"]')).toContain('我的资产');
    expect(await page.textContent('[data-testid="menu-workbench-home"]')).toContain('首页');
    await page.click('[data-testid="menu-workbench-assets"]');
    await expect.poll(() => page.title()).toMatch(/^我的资产/);
    await row(page, 'web-01').waitFor();
    await page.context().close();
  });
});

describe('with a licence: tickets assigned to me on the home page', () => {
  let licensed: Console;
  let ticketId: string;

  beforeAll(async () => {
    licensed = await startConsole({ license: { expiresInMs: 365 * 86_400_000 } });
    await licensed.createUser(ALICE);
    const admin = new Client(licensed.baseUrl);
    await admin.login('admin', ADMIN_PASSWORD);
    const asset = await apiJson<{ id: string }>(admin, 'POST', '/api/v1/assets/assets/', {
      hostname: 'web-09',
      ip: '10.1.0.9',
      platform: 'Linux',
      protocols: ['ssh/22'],
    });
    // alice asks for it; the default flow assigns the request to the administrators.
    const alice = new Client(licensed.baseUrl);
    await alice.login(ALICE.username, ALICE.password);
    const start = new Date();
    const ticket = await apiJson<{ id: string }>(
      alice,
      'POST',
      '/api/v1/tickets/tickets/open/?type=apply_asset',
      {
        title: 'Alice needs web-09',
        type: 'apply_asset',
        org_id: DEFAULT_ORG_ID,
        meta: {
          apply_nodes: [],
          apply_assets: [asset.id],
          apply_actions: ['connect'],
          apply_date_start: start.toISOString(),
          apply_date_expired: new Date(start.getTime() + 86_400_000).toISOString(),
        },
      },
    );
    ticketId = ticket.id;
  });

  afterAll(async () => {
    await licensed?.close();
  });

  it('the assignee sees the open ticket linked to its page; the applicant has nothing assigned', async () => {
    const admin = await signedInPage(licensed);
    await admin.goto(`${licensed.baseUrl}/ui/workbench/home`);
    const link = admin.locator('[data-testid="wb-tickets"] [data-testid="wb-ticket-link"]');
    await link.waitFor();
    expect(await link.textContent()).toBe('Alice needs web-09');
    expect(await link.getAttribute('href')).toBe(`/ui/tickets/${ticketId}`);
    await link.click();
    await admin.waitForURL((u) => u.pathname === `/ui/tickets/request-asset-perm/${ticketId}`);
    await admin.context().close();

    const page = await signedIn(ALICE, 'en', licensed);
    await expect.poll(() => path(page.url())).toBe('/ui/workbench/home');
    await page.locator('[data-testid="wb-tickets-empty"]').waitFor();
    expect(await page.locator('[data-testid="wb-ticket"]').count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
