// What was granted, seen from the console and the workbench: the user group and user details' "Granted
// assets" tab (granted node tree beside the table), the user detail's "Asset permission rules" tab, the asset's
// authorized users, and the workbench's favourites (star an asset, it is listed first). These read-only tables
// ask their metadata too: no request may fail and the browser console stays clean.
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../api/harness';
import { apiJson, ADMIN_PASSWORD, ALICE, consoleForFile, signedInPage, type Console } from './harness';

const NODE = 'Granted racks';
// Licensed: the tickets area (the request form) is a licensed feature.
const c: Console = consoleForFile([ALICE], { license: { expiresInMs: 365 * 86_400_000 } });
const ids: Record<string, string> = {};

const rowsOf = <T>(answer: T[] | { results: T[] }): T[] => (Array.isArray(answer) ? answer : answer.results);

/** Every failed response (≥ 400) and every console error or warning of the page, as they happen. */
function watch(page: Page): { failures: string[]; console: string[] } {
  const seen = { failures: [] as string[], console: [] as string[] };
  page.on('response', (response: Response) => {
    if (response.status() >= 400)
      seen.failures.push(`${response.request().method()} ${response.url()} ${response.status()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') seen.console.push(message.text());
  });
  return seen;
}

beforeAll(async () => {
  const admin = new Client(c.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
  const node = await apiJson<{ id: string }>(admin, 'POST', '/api/v1/assets/nodes/children/', {
    value: NODE,
  });
  const other = await apiJson<{ id: string }>(admin, 'POST', '/api/v1/assets/nodes/children/', {
    value: 'Direct racks',
  });
  const asset = async (hostname: string, ip: string, nodeId: string) =>
    (ids[hostname] = (
      await apiJson<{ id: string }>(admin, 'POST', '/api/v1/assets/assets/', {
        hostname,
        ip,
        platform: 'Linux',
        protocols: ['ssh/22'],
        nodes: [nodeId],
      })
    ).id);
  await asset('rack-01', '10.2.0.1', node.id);
  await asset('rack-02', '10.2.0.2', node.id);
  await asset('solo-01', '10.2.0.3', other.id);
  const [alice] = rowsOf(
    await apiJson<{ id: string }[]>(admin, 'GET', `/api/v1/users/users/?username=${ALICE.username}`),
  );
  ids.alice = alice!.id;
  const group = await apiJson<{ id: string }>(admin, 'POST', '/api/v1/users/groups/', {
    name: 'Rack people',
    users: [alice!.id],
  });
  ids.group = group.id;
  await apiJson(admin, 'POST', '/api/v1/perms/asset-permissions/', {
    name: 'Rack people reach the racks',
    user_groups: [group.id],
    nodes: [node.id],
    actions: ['connect'],
  });
  await apiJson(admin, 'POST', '/api/v1/perms/asset-permissions/', {
    name: 'Alice reaches solo-01',
    users: [alice!.id],
    assets: [ids['solo-01']],
    actions: ['all'],
  });
});

const tableRows = (page: Page, testId: string) =>
  page.locator(`[data-testid="${testId}"] tbody tr:not(.p-datatable-emptymessage)`);

describe('granted assets in the console', () => {
  it('the user group detail shows its granted node tree beside its assets; a node narrows the table', async () => {
    const page = await signedInPage(c);
    const seen = watch(page);
    await page.goto(`${c.baseUrl}/ui/console/users/groups/${ids.group}`);
    await page.locator('.p-tabview-nav li', { hasText: 'Granted assets' }).click();
    const tab = page.locator('[data-testid="granted-assets-tab"]');
    await tab.locator('[data-testid="user-granted-assets"] tbody tr', { hasText: 'rack-02' }).waitFor();
    await expect.poll(() => tableRows(page, 'user-granted-assets').count()).toBe(2);
    // The tree holds the granted node (with its count), not the node of alice's own grant.
    const treeNode = tab.locator('[data-testid="granted-assets-tree"] .p-treenode-label', { hasText: NODE });
    await treeNode.waitFor();
    expect(await tab.locator('[data-testid="granted-assets-tree"]').textContent()).not.toContain(
      'Direct racks',
    );
    await treeNode.click();
    await expect.poll(() => tableRows(page, 'user-granted-assets').count()).toBe(2);
    await page.click('[data-testid="granted-assets-all"]');
    expect(await page.getAttribute('[data-testid="granted-assets-all"]', 'aria-pressed')).toBe('true');
    expect(seen.failures).toEqual([]);
    expect(seen.console).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('the user detail shows the granted tree and assets, and the asset permission rules naming the user', async () => {
    const page = await signedInPage(c);
    const seen = watch(page);
    await page.goto(`${c.baseUrl}/ui/console/users/users/${ids.alice}`);
    await page.locator('.p-tabview-nav li', { hasText: 'Granted assets' }).click();
    await expect.poll(() => tableRows(page, 'user-granted-assets').count()).toBe(3);
    const tree = page.locator('[data-testid="granted-assets-tree"]');
    await tree.locator('.p-treenode-label', { hasText: 'Direct racks' }).click();
    await expect.poll(() => tableRows(page, 'user-granted-assets').count()).toBe(1);
    expect(await tableRows(page, 'user-granted-assets').first().textContent()).toContain('solo-01');

    await page.locator('.p-tabview-nav li', { hasText: 'Asset permission rules' }).click();
    const rules = page.locator('[data-testid="user-asset-permissions"]');
    // Both the direct rule and the group's rule name her.
    await rules.locator('tbody tr', { hasText: 'Rack people reach the racks' }).waitFor();
    await rules.locator('tbody tr', { hasText: 'Alice reaches solo-01' }).waitFor();
    await rules
      .locator('tbody tr', { hasText: 'Alice reaches solo-01' })
      .locator('[data-testid="row-link"]')
      .click();
    await page.waitForURL(/\/console\/perms\/asset-permissions\/[0-9a-f-]+$/);
    await page.locator('[data-testid="detail-title"]').waitFor();

    await page.goto(`${c.baseUrl}/ui/console/assets/assets/${ids['rack-01']}`);
    await page.locator('.p-tabview-nav li', { hasText: 'Authorized users' }).click();
    await page.locator('[data-testid="asset-authorized-users"] tbody tr', { hasText: 'alice' }).waitFor();
    expect(seen.failures).toEqual([]);
    expect(seen.console).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('favourites in the workbench', () => {
  const list = '[data-testid="my-assets-list"]';
  const hostnames = (page: Page) =>
    page
      .locator(`${list} tbody tr:not(.p-datatable-emptymessage) [data-testid="asset-hostname"]`)
      .allTextContents();

  it('a starred asset is listed first, also after a reload, and unstarring puts it back', async () => {
    const page = await signedInPage(c, ALICE.username, ALICE.password);
    const seen = watch(page);
    await page.goto(`${c.baseUrl}/ui/workbench/assets`);
    await expect.poll(() => hostnames(page)).toEqual(['rack-01', 'rack-02', 'solo-01']);
    const solo = page.locator(`${list} tbody tr`, { hasText: 'solo-01' });
    await solo.locator('[data-testid="row-favorite"]').click();
    await expect.poll(() => hostnames(page)).toEqual(['solo-01', 'rack-01', 'rack-02']);
    await page.reload();
    await expect.poll(() => hostnames(page)).toEqual(['solo-01', 'rack-01', 'rack-02']);
    const first = page.locator(`${list} tbody tr`).first();
    await first.locator('[data-testid="row-unfavorite"]').click();
    await expect.poll(() => hostnames(page)).toEqual(['rack-01', 'rack-02', 'solo-01']);
    expect(seen.failures).toEqual([]);
    expect(seen.console).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('the request form from its metadata', () => {
  it('labels, choices and date pickers come from OPTIONS ?action=open, in the user’s language', async () => {
    const page = await signedInPage(c, 'admin', ADMIN_PASSWORD, 'ja');
    const seen = watch(page);
    const metadata = page.waitForResponse(
      (response) =>
        response.request().method() === 'OPTIONS' && response.url().includes('type=apply_asset&action=open'),
    );
    await page.goto(`${c.baseUrl}/ui/tickets/request-asset-perm/create`);
    expect((await metadata).status()).toBe(200);
    const form = page.locator('[data-testid="request-asset-form"]');
    await form.waitFor();
    // The server's Japanese labels of meta's children, with their required marks.
    const label = (field: string) => form.locator(`[data-field="${field}"] label`);
    await expect.poll(() => label('apply_date_start').textContent()).toBe('*開始日');
    expect(await label('apply_actions').textContent()).toBe('*アクション');
    // Dates are Calendars (not native pickers) speaking Japanese.
    expect(await form.locator('input[type="datetime-local"], input[type="date"]').count()).toBe(0);
    await form.locator('[data-testid="field-apply_date_expired"] input').click();
    await expect
      .poll(() => page.locator('.p-datepicker .p-datepicker-month').first().textContent())
      .toMatch(/^\d{1,2}月$/);
    await page.keyboard.press('Escape');
    // The action choices are the server's display names.
    await form.locator('[data-testid="field-apply_actions"]').click();
    await page.locator('.p-multiselect-item', { hasText: '接続' }).first().waitFor();
    expect(seen.failures).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
