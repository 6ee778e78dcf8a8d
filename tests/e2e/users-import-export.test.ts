// Import a 50-row CSV with 3 bad rows, fix them in the preview and continue to Finished; export csv and
// xlsx and read the files back; column settings and page size survive a reload.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type Console } from './harness';
import { adminOnUsers, apiGet, row } from './users-support';

let c: Console;
let dir: string;
beforeAll(async () => {
  c = await startConsole();
  // Enough users for two pages of 30, whatever the other tests did.
  for (let i = 1; i <= 35; i += 1) {
    const n = String(i).padStart(2, '0');
    await c.createUser({ username: `seed${n}`, name: `Seeded ${n}`, email: `seed${n}@example.com` });
  }
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-import-'));
});
afterAll(async () => {
  await c?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const BAD = new Set([7, 23, 41]);

function csv(): string {
  const lines = ['name,username,email,comment'];
  for (let i = 1; i <= 50; i += 1) {
    const n = String(i).padStart(2, '0');
    // Bad rows have no username (required).
    lines.push(`Imported ${n},${BAD.has(i) ? '' : `imp${n}`},imp${n}@example.com,row ${n}`);
  }
  return `${lines.join('\n')}\n`;
}

describe('users import and export', () => {
  it('imports 50 rows, 3 fail, fixes them in the preview and finishes', async () => {
    const file = path.join(dir, 'users.csv');
    fs.writeFileSync(file, csv());
    const page = await adminOnUsers(c);
    await page.click('[data-testid="crud-import"]');
    const dialog = page.locator('[data-testid="import-dialog"]');
    await dialog.waitFor();
    await dialog.locator('[data-testid="import-file"]').setInputFiles(file);
    await dialog.locator('[data-testid="import-preview"]').waitFor();
    const run = dialog.locator('[data-testid="import-run"]');
    expect(await run.getAttribute('data-state')).toBe('import');
    await run.click();
    await expect.poll(() => run.getAttribute('data-state')).toBe('continue');
    await dialog.locator('[data-testid="import-some-failed"]').waitFor();
    expect(await dialog.locator('[data-testid="import-filter"]').textContent()).toMatch(/Failed\s*3/);

    // Show the failed rows and fix each one's username.
    await dialog.locator('[data-testid="import-filter"] .p-button', { hasText: 'Failed' }).click();
    await expect.poll(() => dialog.locator('[data-testid="import-status-error"]').count()).toBe(3);
    expect(await dialog.locator('[data-testid="import-status-error"]').first().textContent()).toMatch(/:/);
    for (const i of BAD) {
      const cell = dialog.locator(`[data-testid="import-cell-${i - 1}-username"]`);
      await cell.fill(`imp${String(i).padStart(2, '0')}`);
      await cell.press('Enter');
    }
    // Edited rows are pending again (so they leave the "failed" view).
    await dialog.locator('[data-testid="import-filter"] .p-button', { hasText: 'Pending' }).click();
    await expect.poll(() => dialog.locator('[data-testid="import-status-pending"]').count()).toBe(3);
    expect(await dialog.locator('[data-testid="import-filter"]').textContent()).toMatch(/Failed\s*0/);
    await run.click();
    await expect.poll(() => run.getAttribute('data-state')).toBe('finished');
    await run.click();
    await dialog.waitFor({ state: 'detached' });
    const imported = await apiGet<{ count: number }>(page, '/api/v1/users/users/?search=imp&limit=1');
    expect(imported.count).toBe(50);
    await row(page, 'Imported 01').waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('exports csv and xlsx that read back', async () => {
    const page = await adminOnUsers(c);
    const read = async (format: 'csv' | 'xlsx'): Promise<string> => {
      await page.click('[data-testid="crud-export"]');
      const dialog = page.locator('[data-testid="export-dialog"]');
      await dialog.waitFor();
      await dialog.locator(`[data-testid="export-format-${format}"]`).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.locator('[data-testid="export-confirm"]').click(),
      ]);
      const target = path.join(dir, `export.${format}`);
      await download.saveAs(target);
      expect(download.suggestedFilename()).toMatch(new RegExp(`\\.${format}$`));
      return target;
    };
    const csvFile = await read('csv');
    const parsed = Papa.parse<string[]>(fs.readFileSync(csvFile, 'utf8').replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    });
    const header = parsed.data[0]!;
    const usernameCol = header.findIndex((h) => /username/i.test(h));
    expect(usernameCol).toBeGreaterThanOrEqual(0);
    const usernames = parsed.data.slice(1).map((r) => r[usernameCol]);
    expect(usernames).toContain('admin');
    expect(usernames.filter((u) => u?.startsWith('imp'))).toHaveLength(50);

    const xlsxFile = await read('xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsxFile);
    const sheet = book.worksheets[0]!;
    const titles = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    const col = titles.findIndex((h) => /username/i.test(h));
    expect(col).toBeGreaterThan(0);
    const names: string[] = [];
    sheet.eachRow((r, n) => {
      if (n > 1) names.push(String(r.getCell(col).value ?? ''));
    });
    expect(names).toContain('admin');
    expect(names.filter((u) => u.startsWith('imp'))).toHaveLength(50);
    await page.context().close();
  });

  it('keeps column settings and the page size across a reload', async () => {
    const page = await adminOnUsers(c);
    const headers = () => page.locator('[data-testid="users-list"] thead th').allTextContents();
    expect((await headers()).join('|')).not.toContain('Email');
    await page.click('[data-testid="crud-column-settings"]');
    const dialog = page.locator('[data-testid="column-settings-dialog"]');
    await dialog.waitFor();
    await dialog.locator('[data-testid="column-email"]').click();
    await dialog.locator('[data-testid="column-settings-save"]').click();
    await expect.poll(async () => (await headers()).join('|')).toContain('Email');

    // Page size 30 (default 15): more than 30 users → 30 rows on the first page.
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('30');
    await expect.poll(() => page.locator('[data-testid="users-list"] tbody tr').count()).toBe(30);
    await page.reload();
    await page.locator('[data-testid="users-list"] tbody tr').first().waitFor();
    await expect.poll(() => page.locator('[data-testid="users-list"] tbody tr').count()).toBe(30);
    expect((await headers()).join('|')).toContain('Email');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tableConfig') ?? '{}'));
    expect(stored.paginationSize).toBe(30);
    expect(stored['/console/users/users_/api/v1/users/users/'].showColumns).toContain('email');
    await page.context().close();
  });
});
