// The list view in every language (docs/crud.md#list-page): a row's actions stay on one line in zh and ja,
// whose labels are wider than en's, and the row "More" menu looks like the console's other menus.
import { describe, expect, it } from 'vitest';
import { Client } from '../api/harness';
import { ADMIN_PASSWORD, apiJson, consoleForFile, newPage, signIn } from './harness';

const c = consoleForFile();

describe('list view', () => {
  it('keeps row actions on one line in zh and ja, with a styled "More" menu', async () => {
    const admin = new Client(c.baseUrl);
    await admin.login('admin', ADMIN_PASSWORD);
    await apiJson(admin, 'POST', '/api/v1/users/groups/', { name: 'Operators', comment: '' });
    for (const language of ['zh', 'ja']) {
      const page = await newPage(c, language);
      await signIn(c, page, 'admin', ADMIN_PASSWORD);
      await page.goto(`${c.baseUrl}/ui/console/users/groups`);
      const more = page.locator('[data-testid="row-more"]').first();
      await more.waitFor();
      const layout = await more.evaluate((button) => {
        const cell = button.closest('td') as HTMLElement;
        const buttons = [...cell.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
        return {
          tops: [...new Set(buttons.map((r) => Math.round(r.top)))],
          overflow: cell.scrollWidth - cell.clientWidth,
          count: buttons.length,
        };
      });
      expect(layout.count).toBe(2);
      expect(layout.tops).toHaveLength(1);
      expect(layout.overflow).toBeLessThanOrEqual(0);

      await more.click();
      const item = page.locator('[data-testid="row-clone"]');
      await item.waitFor();
      const look = await item.evaluate((link) => {
        const style = getComputedStyle(link);
        const list = getComputedStyle(link.closest('ul') as HTMLElement);
        return {
          padding: parseFloat(style.paddingLeft),
          underline: style.textDecorationLine,
          bullets: list.listStyleType,
        };
      });
      expect(look.padding).toBeGreaterThan(0);
      expect(look.underline).toBe('none');
      expect(look.bullets).toBe('none');
      await page.keyboard.press('Escape');
      await item.waitFor({ state: 'detached' });
      await page.context().close();
    }
  });
});
