// The rest of the users area: user groups with their members, roles (tabs, permission tree, role users)
// and a user's login ACL rules.
import { describe, expect, it } from 'vitest';
import { ALICE, consoleForFile } from './harness';
import { adminOnUsers, apiGet } from './users-support';

const c = consoleForFile([ALICE]);

describe('users area: groups, roles, login ACL', () => {
  it('creates a user group with a member and removes the member on its detail page', async () => {
    const page = await adminOnUsers(c);
    await page.click('[data-testid="menu-user-groups"]');
    await page.waitForURL(/\/console\/users\/groups$/);
    // The users list stays mounted (hidden) in its shell tab: act inside the groups list.
    await page.click('[data-testid="groups-list"] [data-testid="crud-create"]');
    await page.fill('[data-testid="field-name"]', 'Operators');
    await page.click('[data-testid="field-users"]');
    await page.locator('.p-multiselect-item', { hasText: 'Alice Ordinary' }).click();
    await page.keyboard.press('Escape');
    await page.click('[data-testid="form-submit"]');
    await page.waitForURL(/\/console\/users\/groups$/);
    const groupRow = page.locator('[data-testid="groups-list"] tbody tr', { hasText: 'Operators' });
    await groupRow.waitFor();
    await groupRow.locator('[data-testid="row-link"]').click();
    await page.locator('[data-testid="detail-title"]').waitFor();
    const member = page.locator('[data-testid="relation-item"]', { hasText: 'Alice Ordinary' });
    await member.waitFor();
    await member.locator('[data-testid="relation-remove"]').click();
    await expect.poll(() => page.locator('[data-testid="relation-item"]').count()).toBe(0);
    const groups = await apiGet<{ name: string; users: string[] }[]>(
      page,
      '/api/v1/users/groups/?name=Operators',
    );
    expect(groups[0]!.users).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('lists system roles and shows a role with its permission tree and users', async () => {
    const page = await adminOnUsers(c);
    await page.click('[data-testid="menu-roles"]');
    const table = page.locator('[data-testid="roles-system"]');
    await table.locator('tbody tr').first().waitFor();
    const userRole = table.locator('tbody tr', { hasText: /^.*User/ }).first();
    await userRole.locator('[data-testid="row-link"]').click();
    await page.locator('[data-testid="detail-title"]').waitFor();
    await page.locator('[data-testid="permission-tree"] .p-tree').waitFor();
    // Built-in roles are read-only: no update/delete, no save button.
    expect(await page.locator('[data-testid="detail-update"]').count()).toBe(0);
    expect(await page.locator('[data-testid="permission-save"]').count()).toBe(0);
    await page.locator('.p-tabview-nav li', { hasText: 'Role users' }).click();
    // The empty table's "No data" row is a row too: wait for alice's.
    await page.locator('[data-testid="role-users"] tbody tr', { hasText: 'alice' }).first().waitFor();
    expect(await page.locator('[data-testid="role-users"]').textContent()).toContain('alice');
    await page.context().close();
  });

  it('creates a login ACL rule for a user with an IP group and weekday periods', async () => {
    const page = await adminOnUsers(c);
    const [alice] = await apiGet<{ id: string }[]>(page, '/api/v1/users/users/?username=alice');
    await page.goto(`${c.baseUrl}/ui/console/users/users/user-acl/create?user=${alice!.id}`);
    await page.locator('[data-testid="acl-ip-group"]').waitFor();
    await page.fill('[data-testid="field-name"]', 'Office hours');
    await page.fill('[data-testid="acl-ip-group"]', '10.0.0.0/8\n192.168.1.10');
    await page.fill('[data-testid="acl-day-0"]', '');
    await page.fill('[data-testid="acl-day-1"]', '09:00~12:00, 13:00~18:00');
    await page.click('[data-testid="form-submit"]');
    await page.waitForURL(/user-acl$/);
    const acls = await apiGet<
      { name: string; rules: { ip_group: string[]; time_period: { id: number; value: string }[] } }[]
    >(page, `/api/v1/acls/login-acls/?user=${alice!.id}`);
    expect(acls).toHaveLength(1);
    expect(acls[0]!.rules.ip_group).toEqual(['10.0.0.0/8', '192.168.1.10']);
    expect(acls[0]!.rules.time_period.find((p) => p.id === 1)!.value).toBe('09:00~12:00、13:00~18:00');
    expect(acls[0]!.rules.time_period.find((p) => p.id === 0)!.value).toBe('');
    await page.context().close();
  });
});
