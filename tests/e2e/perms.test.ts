// Asset permissions as an administrator grants them: a rule naming a user, an asset and actions, checked on
// its detail page, in what the server stored, on the user's "Granted assets" tab and on the asset's
// "Authorized users" tab.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ALICE, consoleForFile, openSignedIn } from './harness';
import { apiGet } from './users-support';

const c = consoleForFile([ALICE]);

/** Opens a multi-select, toggles the options with these labels, closes it and waits until its panel is gone. */
async function toggle(page: Page, field: string, labels: readonly (string | RegExp)[]): Promise<void> {
  await page.click(`[data-testid="field-${field}"]`);
  const panel = page.locator('.p-multiselect-panel');
  await panel.waitFor();
  for (const label of labels) await panel.locator('.p-multiselect-item', { hasText: label }).click();
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
}

describe('asset permissions', () => {
  it('grants alice an asset with two actions and shows the rule and its members', async () => {
    const page = await openSignedIn(c, '/ui/console/perms/asset-permissions');
    // An asset to grant, made through the API as the console would.
    const csrf = (await page.context().cookies()).find((k) => k.name === 'jms_csrftoken')!.value;
    const created = await page.request.post(`${c.baseUrl}/api/v1/assets/assets/`, {
      headers: { 'x-csrftoken': csrf, 'content-type': 'application/json' },
      data: { hostname: 'db-01', ip: '10.0.0.5', platform: 'Linux', protocols: ['ssh/22'] },
    });
    expect(created.status()).toBe(201);

    await page.reload();
    await page.click('[data-testid="asset-permissions-list"] [data-testid="crud-create"]');
    await page.fill('[data-testid="field-name"]', 'Alice reaches db-01');
    await toggle(page, 'users', ['Alice Ordinary']);
    await toggle(page, 'assets', ['db-01']);
    // A new rule allows every action; narrow it to connect and upload.
    await toggle(page, 'actions', [
      /^All$/,
      /^Download file$/,
      /^Upload download$/,
      /^Clipboard copy$/,
      /^Clipboard paste$/,
      /^Clipboard copy paste$/,
    ]);
    await page.click('[data-testid="form-submit"]');
    await page.waitForURL(/\/console\/perms\/asset-permissions$/);

    const [rule] = await apiGet<
      { name: string; users_amount: number; assets_amount: number; actions: string[]; is_valid: boolean }[]
    >(page, '/api/v1/perms/asset-permissions/?name=Alice%20reaches%20db-01');
    expect(rule!.users_amount).toBe(1);
    expect(rule!.assets_amount).toBe(1);
    expect([...rule!.actions].sort()).toEqual(['connect', 'upload_file']);
    expect(rule!.is_valid).toBe(true);

    const row = page.locator('[data-testid="asset-permissions-list"] tbody tr', {
      hasText: 'Alice reaches db-01',
    });
    await row.locator('[data-testid="row-link"]').click();
    await page.locator('[data-testid="detail-title"]').waitFor();
    await page.locator('[data-testid="relation-item"]', { hasText: 'Alice Ordinary' }).waitFor();
    await page.locator('[data-testid="relation-item"]', { hasText: 'db-01' }).waitFor();

    // Alice's user detail lists what the rule grants her, with its actions.
    const [alice] = await apiGet<{ id: string }[]>(page, '/api/v1/users/users/?username=alice');
    await page.goto(`${c.baseUrl}/ui/console/users/users/${alice!.id}`);
    await page.locator('.p-tabview-nav li', { hasText: 'Granted assets' }).click();
    const granted = page.locator('[data-testid="user-granted-assets"] tbody tr', { hasText: 'db-01' });
    await granted.waitFor();
    expect(await granted.locator('[data-testid="granted-actions"]').textContent()).toBe('ConnectUpload file');

    // And the asset's detail names alice among the users who may reach it.
    const [db01] = await apiGet<{ id: string }[]>(page, '/api/v1/assets/assets/?hostname=db-01');
    await page.goto(`${c.baseUrl}/ui/console/assets/assets/${db01!.id}`);
    await page.locator('.p-tabview-nav li', { hasText: 'Authorized users' }).click();
    await page.locator('[data-testid="asset-authorized-users"] tbody tr', { hasText: 'alice' }).waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
