// The Other page's two last settings as an administrator and a user meet them (docs/settings.md#other): the
// e-mail suffix refused with the rule under the field and the typed value kept, then the "Ungrouped" switch
// saved; alice, granted one asset directly and one through a node, then finds the direct one under
// "Ungrouped" in My assets, and only there.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../api/harness';
import { apiJson, ADMIN_PASSWORD, ALICE, consoleForFile, signedInPage } from './harness';

const c = consoleForFile([ALICE]);

const rowsOf = <T>(answer: T[] | { results: T[] }): T[] => (Array.isArray(answer) ? answer : answer.results);

beforeAll(async () => {
  const admin = new Client(c.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
  const node = (value: string) =>
    apiJson<{ id: string }>(admin, 'POST', '/api/v1/assets/nodes/children/', { value });
  const rack = await node('Rack');
  const shelf = await node('Shelf');
  const asset = (hostname: string, ip: string, nodeId: string) =>
    apiJson<{ id: string }>(admin, 'POST', '/api/v1/assets/assets/', {
      hostname,
      ip,
      platform: 'Linux',
      protocols: ['ssh/22'],
      nodes: [nodeId],
    });
  await asset('rack-01', '10.7.0.1', rack.id);
  const direct = await asset('lonely-01', '10.7.0.2', shelf.id);
  const [alice] = rowsOf(
    await apiJson<{ id: string }[]>(admin, 'GET', `/api/v1/users/users/?username=${ALICE.username}`),
  );
  const grant = (name: string, extra: Record<string, unknown>) =>
    apiJson(admin, 'POST', '/api/v1/perms/asset-permissions/', {
      name,
      users: [alice!.id],
      actions: ['connect'],
      ...extra,
    });
  await grant('Rack to alice', { nodes: [rack.id] });
  await grant('One host to alice', { assets: [direct.id] });
});

const list = '[data-testid="my-assets-list"]';
const dataRows = (page: Page) => page.locator(`${list} tbody tr:not(.p-datatable-emptymessage)`);
const treeLabels = (page: Page) => page.locator('[data-testid="granted-tree"] .p-treenode-label');

describe('the Other page: e-mail suffix and the Ungrouped node', () => {
  it('an admin saves the switch; alice finds her directly granted host under Ungrouped', async () => {
    const admin = await signedInPage(c);
    await admin.goto(`${c.baseUrl}/ui/settings/other`);
    const form = admin.locator('[data-testid="settings-form-other"]');
    await form.waitFor();
    const suffix = form.locator('#setting-EMAIL_SUFFIX');
    await expect.poll(() => suffix.inputValue()).toBe('example.com');
    await suffix.fill('not a domain');
    await form.locator('[data-testid="settings-submit"]').click();
    await expect
      .poll(() => form.locator('[data-testid="setting-error-EMAIL_SUFFIX"]').textContent())
      .toBe('Enter a domain name, e.g. example.com.');
    expect(await suffix.inputValue()).toBe('not a domain');
    await suffix.fill('corp.example');
    await form.locator('[data-testid="setting-PERM_SINGLE_ASSET_TO_UNGROUP_NODE"]').click();
    await form.locator('[data-testid="settings-submit"]').click();
    await form.locator('[data-testid="settings-saved"]').waitFor();
    expect(admin.errors).toEqual([]);

    const alice = await signedInPage(c, ALICE.username, ALICE.password);
    await alice.click('[data-testid="menu-workbench-assets"]');
    const ungrouped = treeLabels(alice).filter({ hasText: 'Ungrouped (1)' });
    await ungrouped.waitFor();
    // The shelf held only the directly granted host: with the switch on it is not in the tree.
    await expect.poll(() => treeLabels(alice).filter({ hasText: 'Shelf' }).count()).toBe(0);
    const filtered = alice.waitForResponse(
      (r) => r.url().includes('/api/v1/perms/users/assets/?') && r.url().includes('node_id=ungrouped'),
    );
    await ungrouped.click();
    await filtered;
    await expect.poll(() => dataRows(alice).count()).toBe(1);
    expect(await dataRows(alice).first().textContent()).toContain('lonely-01');
    expect(alice.errors).toEqual([]);
  });
});
