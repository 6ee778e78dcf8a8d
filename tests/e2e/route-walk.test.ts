// The route walk (docs/route-walk.md): as admin on the demo data, every named route of the original console
// under assets, accounts, settings and profile is opened in Chromium — lists, details, create and update
// pages with real ids taken from the API — and checked for what a person would notice: no 404 page, no
// error toast, no failed API call, the page's own heading and its table, form or detail, and the demo rows
// in a list that has them. Update pages and settings pages are also saved unchanged, as "Submit" does.
// One browser, one sign-in, one page: the walk moves inside the single-page app as a menu click does.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { registerComponent } from '../api/component-client';
import { consoleForFile, signedInPage } from './harness';
import { apiGet } from './users-support';
import { WAIT_MS } from '../support/wait.mjs';

// The extended edition (organizations, accounts) and temporary passwords (the original's AUTH_TEMP_TOKEN
// route flag) are on, so that every route of the walked areas exists.
const c = consoleForFile([], {
  demo: true,
  license: { expiresInMs: 365 * 86_400_000 },
  authTempToken: true,
});

type Kind = 'redirect' | 'list' | 'detail' | 'create' | 'update' | 'page';

interface Walk {
  /** The original's route, `:id` standing for a real id. */
  path: string;
  kind: Kind;
  /** Where the real id comes from (the first row of this list). */
  ids?: string;
  /** Query the product's page needs beside the original path (`?filter=` of a rule). */
  query?: (page: Page) => Promise<string>;
  /** The list shows demo rows. */
  rows?: boolean;
  /** Save the page unchanged and expect success (update and settings pages). */
  save?: boolean;
  /** The page's own content (a page that is neither list, detail nor form). */
  shows?: string;
}

const firstId = async (page: Page, url: string): Promise<string> => {
  const body = await apiGet<{ results?: Array<{ id: string }> } | Array<{ id: string }>>(
    page,
    `${url}${url.includes('?') ? '&' : '?'}limit=1`,
  );
  const rows = Array.isArray(body) ? body : (body.results ?? []);
  if (!rows[0]) throw new Error(`no row in ${url} to walk to`);
  return rows[0].id;
};

const FILTERS = '/api/v1/assets/cmd-filters/';
const filterQuery = async (page: Page) => `?filter=${await firstId(page, FILTERS)}`;

/** The routes walked, as the original names them (its route table), with where their ids come from. */
const ROUTES: readonly Walk[] = [
  { path: '/console/assets', kind: 'redirect' },
  { path: '/console/assets/assets', kind: 'list', rows: true },
  { path: '/console/assets/assets/:id', kind: 'detail', ids: '/api/v1/assets/assets/' },
  { path: '/console/assets/assets/:id/update', kind: 'update', ids: '/api/v1/assets/assets/', save: true },
  { path: '/console/assets/assets/create', kind: 'create' },
  {
    path: '/console/assets/assets/detail/:id/update',
    kind: 'update',
    ids: '/api/v1/assets/assets/',
    save: true,
  },
  { path: '/console/assets/cmd-filters', kind: 'list', rows: true },
  { path: '/console/assets/cmd-filters/:id', kind: 'detail', ids: FILTERS },
  // Its Rules tab lists the demo's deny / confirm / allow rules.
  {
    path: '/console/assets/cmd-filters/:id',
    kind: 'detail',
    ids: FILTERS,
    query: async () => '?activeTab=rules',
    shows: '[data-testid="cmd-filter-rules"] tbody tr[role="row"]',
  },
  { path: '/console/assets/cmd-filters/:id/update', kind: 'update', ids: FILTERS, save: true },
  { path: '/console/assets/cmd-filters/create', kind: 'create' },
  {
    path: '/console/assets/command-filter-rules/:id/update',
    kind: 'update',
    ids: 'rules',
    query: filterQuery,
    save: true,
  },
  { path: '/console/assets/command-filter-rules/create', kind: 'create', query: filterQuery },
  { path: '/console/assets/domains', kind: 'list', rows: true },
  { path: '/console/assets/domains/:id', kind: 'detail', ids: '/api/v1/assets/domains/' },
  { path: '/console/assets/domains/:id/update', kind: 'update', ids: '/api/v1/assets/domains/', save: true },
  { path: '/console/assets/domains/create', kind: 'create' },
  {
    path: '/console/assets/gateways/:id/update',
    kind: 'update',
    ids: '/api/v1/assets/gateways/',
    save: true,
  },
  { path: '/console/assets/gateways/create', kind: 'create' },
  { path: '/console/assets/labels', kind: 'list', rows: true },
  { path: '/console/assets/labels/:id/update', kind: 'update', ids: '/api/v1/assets/labels/', save: true },
  { path: '/console/assets/labels/create', kind: 'create' },
  { path: '/console/assets/platforms', kind: 'list', rows: true },
  { path: '/console/assets/platforms/:id', kind: 'detail', ids: '/api/v1/assets/platforms/' },
  {
    path: '/console/assets/platforms/:id/update',
    kind: 'update',
    ids: '/api/v1/assets/platforms/?internal=false',
  },
  { path: '/console/assets/platforms/create', kind: 'create' },
  { path: '/console/assets/system-users', kind: 'list', rows: true },
  { path: '/console/assets/system-users/:id', kind: 'detail', ids: '/api/v1/assets/system-users/' },
  {
    path: '/console/assets/system-users/:id/update',
    kind: 'update',
    ids: '/api/v1/assets/system-users/',
    save: true,
  },
  { path: '/console/assets/system-users/create', kind: 'create' },
  { path: '/console/accounts', kind: 'redirect' },
  { path: '/console/accounts/authbook', kind: 'list', rows: true },
  { path: '/console/accounts/gathered-user', kind: 'list' },
  { path: '/settings', kind: 'redirect' },
  { path: '/settings/basic', kind: 'page', save: true },
  { path: '/settings/security', kind: 'page', save: true },
  { path: '/settings/clean', kind: 'page', save: true },
  { path: '/settings/other', kind: 'page', save: true },
  { path: '/settings/interface', kind: 'page', save: true },
  { path: '/settings/license', kind: 'page', shows: '[data-testid="license-state"]' },
  { path: '/settings/message', kind: 'page', shows: '[data-testid="message-subscriptions"] tbody tr' },
  { path: '/settings/terminal', kind: 'page', save: true },
  { path: '/settings/orgs', kind: 'list', rows: true },
  { path: '/settings/orgs/:id', kind: 'detail', ids: '/api/v1/orgs/orgs/' },
  { path: '/settings/orgs/:id/update', kind: 'update', ids: '/api/v1/orgs/orgs/', save: true },
  { path: '/settings/orgs/create', kind: 'create' },
  { path: '/settings/terminal/:id', kind: 'detail', ids: '/api/v1/terminal/terminals/' },
  { path: '/settings/terminal/:id/update', kind: 'update', ids: '/api/v1/terminal/terminals/', save: true },
  {
    path: '/settings/terminal/command-storage/:id/update',
    kind: 'update',
    ids: '/api/v1/terminal/command-storages/',
    save: true,
  },
  { path: '/settings/terminal/command-storage/create', kind: 'create' },
  {
    path: '/settings/terminal/endpoint-rule/:id/update',
    kind: 'update',
    ids: '/api/v1/terminal/endpoint-rules/',
    save: true,
  },
  { path: '/settings/terminal/endpoint-rule/create', kind: 'create' },
  {
    path: '/settings/terminal/endpoint/:id/update',
    kind: 'update',
    ids: '/api/v1/terminal/endpoints/',
    save: true,
  },
  { path: '/settings/terminal/endpoint/create', kind: 'create' },
  {
    path: '/settings/terminal/replay-storage/:id/update',
    kind: 'update',
    ids: '/api/v1/terminal/replay-storages/',
    save: true,
  },
  { path: '/settings/terminal/replay-storage/create', kind: 'create' },
  { path: '/profile/info', kind: 'page', shows: '[data-testid="profile-info"]' },
  { path: '/profile/setting', kind: 'page', shows: '[data-testid="password-change-form"]' },
  { path: '/profile/improvement', kind: 'page', shows: '[data-testid="improvement-form"]' },
  { path: '/profile/key', kind: 'list' },
  { path: '/profile/temp-password', kind: 'list' },
];

/**
 * Named routes of the original this product does not offer, and why (docs/route-walk.md#not-offered). The
 * walk checks that each of them answers with the 404 page rather than a broken screen.
 */
export const NOT_OFFERED: ReadonlyArray<{ path: string; reason: string }> = [
  { path: '/console/assets/cloud', reason: 'cloud sync needs a cloud provider account' },
  { path: '/console/assets/cloud/account', reason: 'cloud sync needs a cloud provider account' },
  { path: '/console/assets/cloud/sync-instance-tasks', reason: 'cloud sync needs a cloud provider account' },
  {
    path: '/console/accounts/application-accounts',
    reason: 'applications (RemoteApp, databases) are not built',
  },
  { path: '/console/accounts/backup', reason: 'account backup plans need mail delivery of encrypted files' },
  { path: '/console/accounts/change-auth-plan', reason: 'password change plans are not built' },
  {
    path: '/console/accounts/gathered-user/tasks/create',
    reason: 'scheduled gathering tasks are not built; gathering runs from the asset and system user pages',
  },
];

async function navigate(page: Page, path: string): Promise<void> {
  // A client-side navigation, as a menu link makes it: the router follows popstate.
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/ui${path}`);
}

const visible = (page: Page, selector: string) => page.locator(`${selector}:visible`);

/** What `selector` finds on screen inside the page shown. */
const inside = (shown: Locator, selector: string) => shown.locator(`${selector}:visible`);

/**
 * The page shown, once it is on screen: the container of the path in the address bar
 * (docs/shell.md#the-page-container). Pages left stay alive, hidden, with their own forms and buttons, and
 * the page being left stays on screen until the router has rendered the next one; the address is read again
 * on each try, as a redirect moves it on.
 */
async function shownPage(page: Page): Promise<Locator> {
  return vi.waitFor(
    async () => {
      const path = await page.evaluate(() => location.pathname.replace(/^\/ui/, '').replace(/(.)\/+$/, '$1'));
      const container = page.locator(`[data-testid="page"][data-path="${path}"]`);
      if (!(await container.isVisible())) throw new Error(`the page ${path} is not on screen`);
      return container;
    },
    { timeout: WAIT_MS, interval: 50 },
  );
}

async function resolve(page: Page, walk: Walk): Promise<string> {
  let path = walk.path;
  if (walk.ids === 'rules') {
    const filter = await firstId(page, FILTERS);
    path = path.replace(':id', await firstId(page, `${FILTERS}${filter}/rules/`));
  } else if (walk.ids) path = path.replace(':id', await firstId(page, walk.ids));
  return path + (walk.query ? await walk.query(page) : '');
}

async function check(page: Page, walk: Walk): Promise<void> {
  if (walk.kind === 'redirect') await page.waitForURL((url) => url.pathname !== `/ui${walk.path}`);
  const shown = await shownPage(page);
  await visible(page, '[data-testid="page-title"]').first().waitFor();
  if (walk.kind === 'redirect') return;
  if (walk.kind === 'list') {
    const table = inside(shown, '.p-datatable').first();
    await table.waitFor();
    if (walk.rows) await table.locator('tbody tr[role="row"]').first().waitFor();
  } else if (walk.kind === 'detail') {
    await inside(shown, '[data-testid="detail-title"]').waitFor();
    if (walk.shows) await inside(shown, walk.shows).first().waitFor();
  } else if (walk.kind === 'create' || walk.kind === 'update') {
    const submit = inside(shown, '[data-testid="form-submit"]');
    await submit.waitFor();
    if (walk.save) {
      // The form's own address: an address that leads elsewhere has already moved on to it.
      const form = page.url();
      await submit.click();
      // Saved: the form leaves for the page it returns to. Waiting for that, and not for any change of
      // address, keeps a late save from carrying the walk away from the next route.
      await page.waitForURL((url) => url.href !== form);
    }
  } else if (walk.save) {
    await inside(shown, '[data-testid="settings-submit"]').click();
    await inside(shown, '[data-testid="settings-saved"]').waitFor();
  } else {
    await inside(shown, walk.shows ?? 'form')
      .first()
      .waitFor();
  }
}

describe('route walk', () => {
  it(
    'opens every offered route with real data, and saves the update and settings pages',
    async () => {
      // A terminal component registers as a real one does, so the component pages have a row.
      c.config.bootstrapToken = 'e2e-route-walk-token-0123456789abcdef';
      const registered = await registerComponent(c.baseUrl, c.config.bootstrapToken, {
        name: 'koko-route-walk',
        type: 'koko',
      });
      expect(registered.status).toBe(201);
      const page = await signedInPage(c);
      const failed: string[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.startsWith('/api/') && response.status() >= 400)
          failed.push(`${response.request().method()} ${url.pathname}${url.search} → ${response.status()}`);
      });
      const problems: string[] = [];
      for (const walk of ROUTES) {
        failed.length = 0;
        const path = await resolve(page, walk);
        await navigate(page, path);
        try {
          await check(page, walk);
        } catch (error) {
          problems.push(`${walk.path}: ${(error as Error).message.split('\n')[0]}`);
        }
        if (await visible(page, '[data-testid="page-404"]').count())
          problems.push(`${walk.path}: the 404 page`);
        const toasts = await visible(page, '.p-toast-message-error').allTextContents();
        if (toasts.length) problems.push(`${walk.path}: error toast ${toasts.join(' | ')}`);
        if (failed.length) problems.push(`${walk.path}: ${failed.join(', ')}`);
        // An error toast lingers: close it so it is not counted against the next route.
        for (const close of await visible(page, '.p-toast-message-error .p-toast-icon-close').all())
          await close.click();
      }
      expect(problems).toEqual([]);
      for (const { path } of NOT_OFFERED) {
        await navigate(page, path);
        await page.waitForFunction(() => location.pathname === '/ui/404');
        await inside(await shownPage(page), '[data-testid="page-404"]').waitFor();
      }
      expect(page.errors).toEqual([]);
      await page.context().close();
    },
    20 * WAIT_MS,
  );
});
