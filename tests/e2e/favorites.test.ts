// Favourite assets as an administrator meets them in the workbench (docs/favorites.md): granted three
// assets, the admin stars the last one in "My assets" and sees it listed first; unstarring it puts it back.
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../api/harness';
import { apiJson, ADMIN_PASSWORD, consoleForFile, openSignedIn, type Console } from './harness';

const c: Console = consoleForFile();
let adminId = '';

beforeAll(async () => {
  const admin = new Client(c.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
  const node = await apiJson<{ id: string }>(admin, 'POST', '/api/v1/assets/nodes/children/', {
    value: 'Starred',
  });
  for (const [hostname, ip] of [
    ['fav-a', '10.7.0.1'],
    ['fav-b', '10.7.0.2'],
    ['fav-c', '10.7.0.3'],
  ] as const)
    await apiJson(admin, 'POST', '/api/v1/assets/assets/', {
      hostname,
      ip,
      platform: 'Linux',
      protocols: ['ssh/22'],
      nodes: [node.id],
    });
  const users = await apiJson<{ id: string }[] | { results: { id: string }[] }>(
    admin,
    'GET',
    '/api/v1/users/users/?username=admin',
  );
  adminId = (Array.isArray(users) ? users : users.results)[0]!.id;
  await apiJson(admin, 'POST', '/api/v1/perms/asset-permissions/', {
    name: 'Admin reaches the starred node',
    users: [adminId],
    nodes: [node.id],
    actions: ['connect'],
  });
});

describe('favourite assets', () => {
  it('an admin stars an asset in My assets and sees it first; unstarring puts it back', async () => {
    const page = await openSignedIn(c, '/ui/workbench/assets');
    const list = page.locator('[data-testid="my-assets-list"]');
    const hostnames = () =>
      list
        .locator('tbody tr[role="row"]')
        .evaluateAll((rows) => rows.map((r) => (r.textContent ?? '').match(/fav-[abc]/)?.[0] ?? ''));
    await expect.poll(hostnames).toEqual(['fav-a', 'fav-b', 'fav-c']);
    const last = list.locator('tbody tr', { hasText: 'fav-c' });
    // The favourite action is a star icon named by its label (tooltip and accessible name), not a text button.
    const star = last.getByRole('button', { name: 'Favorite', exact: true });
    expect(await star.getAttribute('title')).toBe('Favorite');
    expect((await star.textContent())?.trim()).toBe('');
    expect(await star.locator('.pi-star').count()).toBe(1);
    await star.click();
    await expect.poll(hostnames).toEqual(['fav-c', 'fav-a', 'fav-b']);
    // The star is the user's own, kept by the server: a new visit lists it first too.
    await page.reload();
    await expect.poll(hostnames).toEqual(['fav-c', 'fav-a', 'fav-b']);
    // Starred, the star is filled and names the opposite action.
    const filled = list.locator('tbody tr', { hasText: 'fav-c' }).getByRole('button', { name: 'Unfavorite' });
    expect(await filled.locator('.pi-star-fill').count()).toBe(1);
    await filled.click();
    await expect.poll(hostnames).toEqual(['fav-a', 'fav-b', 'fav-c']);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
