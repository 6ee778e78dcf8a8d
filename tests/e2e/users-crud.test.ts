// The users area as a person uses it: create through the form (with a server validation error on its
// field), find by tag search, edit, clone, bulk update, quick actions on the detail page, delete.
import { describe, expect, it } from 'vitest';
import { ALICE, consoleForFile } from './harness';
import { acceptConfirm, adminOnUsers, apiGet, row } from './users-support';

const c = consoleForFile([ALICE]);

interface UserRow {
  id: string;
  name: string;
  username: string;
  email: string;
  comment?: string;
  is_active?: boolean;
}

describe('users area', () => {
  it('creates, finds, edits, clones, bulk-updates and deletes users', async () => {
    const page = await adminOnUsers(c);

    // Create: a username already taken comes back from the server as an error on its field.
    await page.click('[data-testid="crud-create"]');
    await page.waitForURL(/\/console\/users\/users\/create$/);
    const form = page.locator('[data-testid="user-form"]');
    await form.waitFor();
    await page.fill('[data-testid="field-name"]', 'Bob Builder');
    await page.fill('[data-testid="field-username"]', 'alice');
    await page.fill('[data-testid="field-email"]', 'bob@example.com');
    await page.click('[data-testid="form-submit"]');
    const usernameError = page.locator('[data-testid="error-username"]');
    await usernameError.waitFor();
    expect((await usernameError.textContent())!.length).toBeGreaterThan(3);
    expect(new URL(page.url()).pathname).toBe('/ui/console/users/users/create');

    // Client-side rules: a required field emptied shows the message on blur.
    await page.fill('[data-testid="field-name"]', '');
    await page.locator('[data-testid="field-name"]').blur();
    await expect.poll(() => page.textContent('[data-testid="error-name"]')).toBe('This field is required');
    await page.fill('[data-testid="field-name"]', 'Bob Builder');
    await page.fill('[data-testid="field-username"]', 'bob');
    await page.click('[data-testid="form-submit"]');
    await page.waitForURL((u) => u.pathname === '/ui/console/users/users');
    await page.locator('[data-testid="crud-message"]', { hasText: 'Bob Builder' }).waitFor();
    await row(page, 'Bob Builder').waitFor();

    // Tag search: free text, mirrored in the address, survives a reload.
    await page.fill('[data-testid="tag-search-input"]', 'bob');
    await page.press('[data-testid="tag-search-input"]', 'Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('bob');
    await expect
      .poll(() => page.locator('[data-testid="users-list"] tbody tr', { hasText: 'Alice' }).count())
      .toBe(0);
    await page.reload();
    await row(page, 'Bob Builder').waitFor();
    expect(await page.locator('[data-testid="tag-search-text"]').textContent()).toContain('bob');

    // Edit.
    await row(page, 'Bob Builder').locator('[data-testid="row-update"]').click();
    await page.waitForURL(/\/update$/);
    await page.locator('[data-testid="user-form"][data-mode="update"]').waitFor();
    await expect.poll(() => page.inputValue('[data-testid="field-name"]')).toBe('Bob Builder');
    await page.fill('[data-testid="field-name"]', 'Bob The Builder');
    await page.click('[data-testid="form-submit"]');
    await page.waitForURL((u) => u.pathname === '/ui/console/users/users');
    await row(page, 'Bob The Builder').waitFor();

    // Clone: the copy's name carries the clone-from prefix.
    await row(page, 'Bob The Builder').locator('[data-testid="row-more"]').click();
    await page.locator('[data-testid="row-clone"]').click();
    await page.waitForURL(/create\?clone_from=/);
    await expect.poll(() => page.inputValue('[data-testid="field-name"]')).toBe('Clone from Bob The Builder');
    await page.fill('[data-testid="field-name"]', 'Bobby Clone');
    await page.fill('[data-testid="field-username"]', 'bobby');
    await page.fill('[data-testid="field-email"]', 'bobby@example.com');
    await page.click('[data-testid="form-submit"]');
    await page.waitForURL((u) => u.pathname === '/ui/console/users/users');

    // Bulk update of both Bobs: only the ticked field (comment) is sent.
    await page.locator('[data-testid="tag-search-text"] .p-chip-remove-icon').click();
    await page.fill('[data-testid="tag-search-input"]', 'bob');
    await page.press('[data-testid="tag-search-input"]', 'Enter');
    await row(page, 'Bobby Clone').waitFor();
    await row(page, 'Bob The Builder').locator('.p-checkbox').click();
    await row(page, 'Bobby Clone').locator('.p-checkbox').click();
    await expect.poll(() => page.textContent('[data-testid="crud-selected-count"]')).toContain('2');
    await page.click('[data-testid="crud-more"]');
    await page.click('[data-testid="more-update-selected"]');
    const dialog = page.locator('[data-testid="bulk-update-dialog"]');
    await dialog.waitFor();
    for (const field of ['groups', 'date_expired'])
      await dialog.locator(`[data-testid="bulk-tick-${field}"]`).click();
    await dialog.locator('[data-testid="field-comment"]').fill('bulk updated');
    await dialog.locator('[data-testid="bulk-update-confirm"]').click();
    await dialog.waitFor({ state: 'detached' });
    const bobs = await apiGet<UserRow[]>(page, '/api/v1/users/users/?search=bob');
    expect(bobs.map((u) => u.comment)).toEqual(['bulk updated', 'bulk updated']);

    // Detail: quick action switch deactivates the user.
    await row(page, 'Bobby Clone').locator('[data-testid="row-link"]').click();
    await page.locator('[data-testid="detail-title"]').waitFor();
    expect(await page.textContent('[data-testid="detail-title"]')).toContain('Bobby Clone(bobby)');
    await page.click('[data-testid="quick-active"]');
    await expect
      .poll(async () => (await apiGet<UserRow[]>(page, '/api/v1/users/users/?username=bobby'))[0]?.is_active)
      .toBe(false);
    await page.goBack();

    // Delete both through "Delete selected" (confirm with the count).
    await row(page, 'Bobby Clone').waitFor();
    if ((await page.locator('[data-testid="crud-selected-count"]').count()) === 0) {
      await row(page, 'Bob The Builder').locator('.p-checkbox').click();
      await row(page, 'Bobby Clone').locator('.p-checkbox').click();
    }
    await page.click('[data-testid="crud-more"]');
    await page.click('[data-testid="more-delete-selected"]');
    expect(await page.textContent('.p-confirm-dialog-message')).toContain('2');
    await acceptConfirm(page);
    await expect.poll(() => row(page, 'Bob').count()).toBe(0);
    expect(await apiGet<UserRow[]>(page, '/api/v1/users/users/?search=bob')).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
  it('a save that returns after the person moved to another page does not pull them back', async () => {
    const page = await adminOnUsers(c);
    await page.click('[data-testid="crud-create"]');
    await page.waitForURL(/\/console\/users\/users\/create$/);
    const form = page.locator('[data-testid="user-form"]');
    await form.waitFor();
    await form.locator('[data-testid="field-name"]').fill('Slow Sam');
    await form.locator('[data-testid="field-username"]').fill('slowsam');
    await form.locator('[data-testid="field-email"]').fill('slowsam@example.com');

    // The create is held on its way to the server until the person has gone to the groups list.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/v1/users/users/',
      async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      },
    );
    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().includes('/api/v1/users/users/'),
    );
    await form.locator('[data-testid="form-submit"]').click();
    await sent;
    await page.click('[data-testid="menu-user-groups"]');
    await page.waitForURL((u) => u.pathname === '/ui/console/users/groups');
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.status() === 201);
    release();
    await (await created).finished();
    // The form schedules its return to the list 100 ms after the answer has been read; a longer timer set
    // after the answer has arrived fires after it, so the address below is read once a return would have
    // happened (timer order, not a guess at how long the machine takes).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(new URL(page.url()).pathname).toBe('/ui/console/users/groups');
    // The user was saved all the same.
    const users = await apiGet<UserRow[]>(page, '/api/v1/users/users/?username=slowsam');
    expect(users.map((u) => u.username)).toEqual(['slowsam']);
  });
});
