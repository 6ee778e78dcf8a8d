// Shared steps of the users-area e2e tests: sign in as admin and open the users list.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openSignedIn, type Console } from './harness';

export async function adminOnUsers(c: Console): Promise<Page & { errors: string[] }> {
  const page = await openSignedIn(c, '/ui/console/users/users');
  await page.locator('[data-testid="users-list"] tbody tr').first().waitFor();
  return page;
}

export function row(page: Page, text: string): Locator {
  return page.locator('[data-testid="users-list"] tbody tr', { hasText: text });
}

/** A JSON GET with the page's session (for checking what the server stored). */
export async function apiGet<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(new URL(url, page.url()).href);
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

/** Wait until the list shows exactly these rows' texts (or none). */
export async function waitRows(page: Page, count: number): Promise<void> {
  await expect
    .poll(() => page.locator('[data-testid="users-list"] tbody tr[role="row"]').count())
    .toBe(count);
}

export async function acceptConfirm(page: Page): Promise<void> {
  await page.locator('.p-confirm-dialog-accept').click();
}
