// The assets area as an administrator meets it: the node tree beside the asset list, an asset created in
// the chosen node, its detail with the connectivity test opening the task log popup, labels and platforms.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleForFile, openSignedIn, type Console } from './harness';
import { apiGet } from './users-support';

const c = consoleForFile();

/** A real TCP service for the connectivity test to reach. */
let listener: net.Server;
let port = 0;
beforeAll(async () => {
  listener = net.createServer((socket) => socket.end());
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

async function adminOnAssets(console: Console) {
  const page = await openSignedIn(console, '/ui/console/assets/assets');
  await page.locator('[data-testid="asset-tree"] .p-treenode-label').first().waitFor();
  return page;
}

describe('assets area', () => {
  it('creates a node in the tree and an asset inside it, listed under that node only', async () => {
    const page = await adminOnAssets(c);
    const tree = page.locator('[data-testid="asset-tree"]');
    await tree.locator('.p-treenode-label', { hasText: 'Default' }).click();
    await page.click('[data-testid="node-create"]');
    await page.fill('[data-testid="node-name"]', 'Web servers');
    await page.click('[data-testid="node-save"]');
    const webNode = tree.locator('.p-treenode-label', { hasText: 'Web servers' });
    await webNode.waitFor();
    await webNode.click();
    await page.click('[data-testid="assets-list"] [data-testid="crud-create"]');
    await page.waitForURL(/\/console\/assets\/assets\/create\?node=/);
    await page.fill('[data-testid="field-hostname"]', 'web-01');
    await page.fill('[data-testid="field-ip"]', '127.0.0.1');
    await page.locator('[data-testid="asset-protocols"] .p-inputnumber input').first().fill(String(port));
    await page.click('[data-testid="form-submit"]');
    await page.waitForURL(/\/console\/assets\/assets$/);
    const [asset] = await apiGet<{ hostname: string; nodes_display: string[]; protocols: string[] }[]>(
      page,
      '/api/v1/assets/assets/?hostname=web-01',
    );
    expect(asset!.nodes_display).toEqual(['/Default/Web servers']);
    expect(asset!.protocols).toEqual([`ssh/${port}`]);
    // Under the new node the list holds exactly this asset.
    await tree.locator('.p-treenode-label', { hasText: 'Web servers' }).click();
    const rows = page.locator('[data-testid="assets-list"] tbody tr[role="row"]');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('web-01');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('tests connectivity from the asset detail in the task log popup', async () => {
    const page = await adminOnAssets(c);
    const row = page.locator('[data-testid="assets-list"] tbody tr', { hasText: 'web-01' });
    await row.locator('[data-testid="row-link"]').click();
    await page.locator('[data-testid="detail-title"]').waitFor();
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.locator('[data-testid="quick-test"]').click(),
    ]);
    await popup.waitForURL(/\/ui\/ops\/celery\/task\/[0-9a-f-]{36}\/log\/$/);
    const output = popup.locator('[data-testid="task-log-output"]');
    await expect.poll(() => output.textContent()).toContain('web-01');
    await expect
      .poll(async () => {
        const [asset] = await apiGet<{ connectivity: string }[]>(
          page,
          '/api/v1/assets/assets/?hostname=web-01',
        );
        return asset!.connectivity;
      })
      .toBe('ok');
    await page.context().close();
  });

  it('creates a label for the asset and keeps built-in platforms read-only', async () => {
    const page = await adminOnAssets(c);
    await page.click('[data-testid="menu-labels"]');
    await page.click('[data-testid="labels-list"] [data-testid="crud-create"]');
    await page.fill('[data-testid="field-name"]', 'env');
    await page.fill('[data-testid="field-value"]', 'production');
    await page.click('[data-testid="field-assets"]');
    await page.locator('.p-multiselect-item', { hasText: 'web-01' }).click();
    await page.keyboard.press('Escape');
    await page.click('[data-testid="form-submit"]');
    await page.waitForURL(/\/console\/assets\/labels$/);
    const [asset] = await apiGet<{ labels_display: string[] }[]>(
      page,
      '/api/v1/assets/assets/?hostname=web-01',
    );
    expect(asset!.labels_display).toEqual(['env:production']);
    await page.click('[data-testid="menu-platforms"]');
    const linux = page.locator('[data-testid="platforms-list"] tbody tr', { hasText: 'Linux' }).first();
    await linux.waitFor();
    // Built-in platforms offer neither update nor delete (the server refuses both too).
    expect(await linux.locator('[data-testid="row-update"]').count()).toBe(0);
    expect(await linux.locator('[data-testid="row-delete"]').count()).toBe(0);
    await page.context().close();
  });

  it('opens the section from its own address, edits "more information" and shows chips on the detail page', async () => {
    // `/console/assets` is a section, not a page: it opens the asset list.
    const page = await openSignedIn(c, '/ui/console/assets');
    await page.waitForURL(/\/ui\/console\/assets\/assets$/);
    const list = page.locator('[data-testid="assets-list"]');
    const row = list.locator('tbody tr', { hasText: 'web-01' });
    // Protocols, one chip each (never raw JSON).
    await expect.poll(() => row.locator('[data-testid="chip"]').allTextContents()).toEqual([`ssh/${port}`]);
    await row.locator('[data-testid="row-more"]').click();
    await page.locator('[data-testid="row-more-info"]').click();
    await page.waitForURL(/\/console\/assets\/assets\/detail\/[0-9a-f-]{36}\/update$/);
    const form = page.locator('[data-testid="asset-more-info"]');
    await expect.poll(() => form.locator('[data-testid="field-hostname"]').inputValue()).toBe('web-01');
    await form.locator('[data-testid="field-vendor"]').fill('Acme Servers');
    await form.locator('[data-testid="field-sn"]').fill('SN-4411');
    await form.locator('[data-testid="field-os"]').fill('Debian');
    await form.locator('[data-testid="form-submit"]').click();
    await page.waitForURL(/\/console\/assets\/assets\/[0-9a-f-]{36}$/);
    const detail = page.locator('[data-testid="detail-card"]').first();
    await expect
      .poll(() => detail.locator('[data-testid="detail-vendor"] dd').textContent())
      .toBe('Acme Servers');
    expect(await detail.locator('[data-testid="detail-sn"] dd').textContent()).toBe('SN-4411');
    expect(await detail.locator('[data-testid="detail-os"] dd').textContent()).toBe('Debian');
    // Lists as chips: the node path and the label of the earlier tests.
    expect(
      await detail.locator('[data-testid="detail-nodes_display"] [data-testid="chip"]').allTextContents(),
    ).toEqual(['/Default/Web servers']);
    expect(
      await detail.locator('[data-testid="detail-labels_display"] [data-testid="chip"]').allTextContents(),
    ).toEqual(['env:production']);
    expect(await detail.textContent()).not.toContain('["');
    // Only those fields changed: the protocols are as they were.
    const [asset] = await apiGet<{ protocols: string[]; ip: string }[]>(
      page,
      '/api/v1/assets/assets/?hostname=web-01',
    );
    expect(asset!.protocols).toEqual([`ssh/${port}`]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
