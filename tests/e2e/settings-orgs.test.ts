// Organizations in the settings (docs/organizations.md, licence): the organization menu's "create" entry
// opens the form, the new organization is listed with its statistics, a member is added to it, and the
// administrator switches to it.
import { describe, expect, it } from 'vitest';
import { ALICE, consoleForFile, signedInPage } from './harness';

const c = consoleForFile([ALICE], { license: { expiresInMs: 30 * 86_400_000 } });

describe('organizations', () => {
  it('creates an organization from the org menu, adds a member and switches to it', async () => {
    const page = await signedInPage(c);
    await page.waitForSelector('[data-testid="org-selector"]');
    await page.click('[data-testid="org-selector"]');
    await page.click('[data-testid="org-action-create"]');
    await page.waitForURL((u) => u.pathname === '/ui/settings/orgs/create');
    await page.fill('[data-testid="field-name"]', 'East Ops');
    await page.click('[data-testid="form-submit"]');
    await page.waitForURL((u) => u.pathname === '/ui/settings/orgs');
    const row = page.locator('[data-testid="orgs-list"] tbody tr', { hasText: 'East Ops' });
    await row.waitFor();

    // The detail shows its resource statistics.
    await row.locator('a', { hasText: 'East Ops' }).click();
    await page.waitForURL((u) => /^\/ui\/settings\/orgs\/[0-9a-f-]{36}$/.test(u.pathname));
    const orgId = new URL(page.url()).pathname.split('/').pop()!;
    await expect.poll(() => page.locator('body').textContent()).toContain('users_amount');

    // A member, added on the detail's Members tab: alice joins as an organization user.
    await page.click('.p-tabview-nav a:has-text("Members")');
    await page.locator('[data-testid="org-members-table"]').waitFor();
    await page.click('[data-testid="org-member-user"]');
    await page.fill('.p-dropdown-filter', 'alice');
    await page.click('li[role="option"]:has-text("(alice)")');
    await page.click('[data-testid="org-member-role"]');
    await page.click('li[role="option"]:has-text("Organization user")');
    await page.click('[data-testid="org-member-add"]');
    await page.locator('[data-testid="org-member-alice"]').waitFor();

    // The administrator switches to it: the console lists alice among its users.
    await page.goto(`${c.baseUrl}/ui/console/users/users`);
    await page.click('[data-testid="org-selector"]');
    const navigation = page.waitForEvent('framenavigated');
    await page.click(`[data-testid="org-option-${orgId}"]`);
    await navigation;
    await expect.poll(() => page.textContent('[data-testid="current-org"]')).toBe('East Ops');
    await page.locator('[data-testid="users-list"] tbody tr', { hasText: 'alice' }).waitFor();
    expect(page.errors).toEqual([]);

    // …and so does the new member, in her workbench.
    const alice = await signedInPage(c, ALICE.username, ALICE.password);
    await alice.goto(`${c.baseUrl}/ui/workbench/home`);
    await alice.click('[data-testid="org-selector"]');
    const switched = alice.waitForEvent('framenavigated');
    await alice.click(`[data-testid="org-option-${orgId}"]`);
    await switched;
    await expect.poll(() => alice.textContent('[data-testid="current-org"]')).toBe('East Ops');
    expect(alice.errors).toEqual([]);
  });
});
