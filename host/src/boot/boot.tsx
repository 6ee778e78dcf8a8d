import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Container } from 'inversify';
import {
  DEFAULT_ORG_ID,
  ListPage,
  LOGIN_PATH,
  PRE_VIEW_STORAGE_KEY,
  firstAvailableView,
  startView,
  Http,
  I18n,
  MISSING_TOKEN_REDIRECT_MS,
  Org,
  PLUGIN_LIST_URL,
  Permission,
  TIME_ZONE_COOKIE,
  PublicSettings,
  Session,
  canUseView,
  chooseOrganization,
  isHttpError,
  orgsOfView,
  viewOfPath,
  type HttpClient,
  type PermissionService,
  type PluginListEntry,
  type PublicSettingsService,
  type SessionService,
  type UserProfile,
} from '@bastion/sdk';
import { createContainer, toServiceLocator } from '../container';
import { PluginLoader, type PluginLoadResult } from '../plugins/PluginLoader';
import { isReportedFailure } from '../plugins/pluginFailure';
import type { PluginFaultReporter } from '../ui/PluginBoundary';
import { composeContributions, type Composition } from '../plugins/composeContributions';
import { Browser, type BrowserEnv } from '../services/browser';
import type { I18nImpl } from '../services/I18nImpl';
import type { OrgImpl } from '../services/OrgImpl';
import { AppRouter, ROUTER_BASENAME } from '../ui/AppRouter';
import { enableFullStylesheet } from './fullStylesheet';
import { BootError } from '../ui/BootError';
import { HostProviders } from '../ui/HostProviders';
import { Loading } from '../ui/Loading';
import { warmRoutePage } from './warmRoutePage';
import { Notifications } from '../ui/Notifications';

const FIRST_LOGIN_PATH = '/profile/improvement';
/** How long the shell waits for all plugins before it shows itself with the ones that are ready. */
export const SHELL_WAIT_FOR_PLUGINS_MS = 1500;
const PLUGIN_FAULTS_URL = '/api/v1/ui/plugins/faults/';

/** A plugin not settled when the shell is shown. */
const stillLoading = (entry: PluginListEntry): PluginLoadResult => ({
  ok: false,
  entry,
  reason: { kind: 'loading', detail: '' },
});

/** Posts a plugin failure to the server log, once per plugin and kind in this page; never a toast. */
function faultReporter(http: HttpClient, entries: readonly PluginListEntry[]): PluginFaultReporter {
  const sent = new Set<string>();
  return (pluginId, failure) => {
    const key = `${pluginId}:${failure.kind}`;
    if (sent.has(key)) return;
    sent.add(key);
    const version = entries.find((e) => e.id === pluginId)?.version;
    void http
      .post(
        PLUGIN_FAULTS_URL,
        { id: pluginId, version, kind: failure.kind, detail: failure.detail.slice(0, 1000) },
        { silent: true },
      )
      .catch(() => undefined);
  };
}

/** The app path below the /ui base ("/ui/console/users" → "/console/users"). */
export function appPath(pathname: string): string {
  return pathname.startsWith(ROUTER_BASENAME) ? pathname.slice(ROUTER_BASENAME.length) || '/' : pathname;
}

function setFavicon(url: string | undefined): void {
  if (!url) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = url;
}

/**
 * Organization check (docs/organizations.md#in-the-console): keep the wanted organization when the user may
 * use it in this view, else a fallback; without a licence the default organization. Perms in the profile are
 * per organization, so the profile is fetched again when the organization changed.
 */
async function checkOrganization(
  profile: UserProfile,
  view: ReturnType<typeof viewOfPath>,
  org: OrgImpl,
  settings: PublicSettingsService,
  session: SessionService,
  browser: BrowserEnv,
): Promise<UserProfile> {
  const usedForProfile = org.current?.id ?? (settings.xpackEnabled ? null : DEFAULT_ORG_ID);
  const oid = new URLSearchParams(browser.location().search).get('oid');
  const wanted = oid ?? org.remembered(profile.username)?.id ?? org.current?.id ?? null;
  const chosen = chooseOrganization({
    wanted,
    available: orgsOfView(profile, view),
    licensed: settings.licensed,
  });
  if (!chosen) return profile;
  org.setCurrent(chosen);
  return chosen.id !== usedForProfile && !oid ? session.loadProfile() : profile;
}

/**
 * Boot the console into `element`, in the order of docs/shell.md#start-up-order: public settings → csrf
 * cookie → profile → view check → organization check → plugin list → plugins → routes → first-login redirect.
 */
export async function boot(element: HTMLElement, container: Container = createContainer()): Promise<void> {
  const locator = toServiceLocator(container);
  const browser = container.get<BrowserEnv>(Browser);
  const i18n = container.get<I18nImpl>(I18n);
  const settings = container.get<PublicSettingsService>(PublicSettings);
  const session = container.get<SessionService>(Session);
  const org = container.get<OrgImpl>(Org);
  const http = container.get<HttpClient>(Http);
  const permission = container.get<PermissionService>(Permission);
  const root: Root = createRoot(element);

  const render = (content: ReactNode): void =>
    root.render(
      <HostProviders locator={locator}>
        <Notifications />
        {content}
      </HostProviders>,
    );
  render(<Loading />);
  // The server renders the next page of this browser with the console's data in this time zone.
  browser.setCookie(TIME_ZONE_COOKIE, browser.timeZone(), { path: '/', maxAgeSeconds: 365 * 24 * 3600 });

  // Old hash-router links (/ui/#/ops/celery/task/<id>/log/, the task-log popup) become real paths.
  const { hash } = browser.location();
  if (hash.startsWith('#/')) browser.replaceUrl(`${ROUTER_BASENAME}${hash.slice(1)}`);
  // The login routes skip every check (docs/shell.md#entry-and-guards).
  if (appPath(browser.location().pathname).replace(/\/+$/, '') === '/login') {
    browser.assign(LOGIN_PATH);
    return;
  }

  // 1. Public settings (translations load meanwhile).
  try {
    await Promise.all([settings.load(), i18n.ready]);
  } catch {
    render(<BootError reasonKey="app.settingsFailed" />);
    return;
  }
  setFavicon(settings.values?.LOGO_URLS?.favicon);
  if (settings.values?.LOGIN_TITLE) document.title = settings.values.LOGIN_TITLE;

  // 2. Session: without the csrf cookie there is no session (docs/shell.md#start-up-order).
  if (!session.hasCsrfToken()) {
    browser.setTimeout(() => session.redirectToLogin(), MISSING_TOKEN_REDIRECT_MS);
    return;
  }
  let profile: UserProfile;
  try {
    profile = await session.loadProfile();
  } catch (error) {
    // 401/403: the HTTP layer already sent the browser to the login page.
    if (isHttpError(error) && error.kind === 'login-required') return;
    render(<BootError reasonKey="app.profileFailed" />);
    return;
  }

  // 3. View check: leave a view the user cannot use for the root, which picks the first available page.
  let path = appPath(browser.location().pathname);
  let view = viewOfPath(path);
  if (view && !canUseView(profile, view)) {
    const fallback = firstAvailableView(profile);
    browser.storage.removeItem(PRE_VIEW_STORAGE_KEY);
    browser.replaceUrl(`${ROUTER_BASENAME}/${fallback}`);
    path = `/${fallback}`;
    view = fallback;
  }
  // The root opens the last-used view: its organizations are the ones to check.
  if (!view) view = startView(profile, browser.storage.getItem(PRE_VIEW_STORAGE_KEY));

  // 4. Organization check.
  try {
    profile = await checkOrganization(profile, view, org, settings, session, browser);
  } catch {
    // A failed re-fetch keeps the first profile; the server still enforces every call.
  }

  // 5. Plugin list and plugins. A failed list leaves a bare shell (the error toast says why).
  let entries: PluginListEntry[] = [];
  try {
    const list = await http.get<PluginListEntry[]>(PLUGIN_LIST_URL);
    entries = Array.isArray(list) ? list : [];
  } catch {
    // Keep the empty list: a bare shell (the HTTP layer's toast says why).
  }
  const reportFault = faultReporter(http, entries);
  enableFullStylesheet(document, entries);
  const settled = new Map<string, PluginLoadResult>();
  const ready = async (result: PluginLoadResult): Promise<void> => {
    if (result.ok) {
      i18n.registerNamespace(
        result.plugin.i18nNamespace,
        new URL('locales/', new URL(result.entry.url, location.href)).pathname,
      );
      await i18n.loadNamespaces([result.plugin.i18nNamespace]).catch(() => undefined);
    } else if (isReportedFailure(result.reason)) {
      reportFault(result.entry.id, result.reason);
    }
    settled.set(result.entry.id, result);
  };
  // The list kit, which nearly every first page renders (its file is preloaded with the page), runs now, so
  // a list renders at once and sends its requests without a suspended round (docs/first-view.md#kit-components-and-pages-render-in-the-first-commit).
  void ListPage.preload().catch(() => undefined);
  const loads = container
    .get(PluginLoader)
    .loadEach(entries)
    .map((pending) => pending.then(ready));
  // The shell waits a moment for the plugins, never for a slow one: those show their own loading state in
  // their place and join (or fail, each after its own time-out) when they settle (PLUGINS.md "Faults").
  let waiting: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(loads),
    new Promise((resolve) => (waiting = setTimeout(resolve, SHELL_WAIT_FOR_PLUGINS_MS))),
  ]);
  clearTimeout(waiting);
  const compose = (): Composition =>
    composeContributions(
      entries.map((entry) => settled.get(entry.id) ?? stillLoading(entry)),
      permission,
      i18n.language,
    );

  // 6. Routes.
  const composition = compose();

  // 7. First-login redirect, only when such a page exists and we are not on it already. The page belongs to a
  // plugin (profile): one still loading after the shell's wait redirects when it arrives instead.
  let firstLoginPending = profile.is_first_login && path !== FIRST_LOGIN_PATH;
  const firstLoginPage = (c: Composition): boolean =>
    c.routes.some((r) => r.route.path === FIRST_LOGIN_PATH && r.allowed);
  if (firstLoginPending && firstLoginPage(composition)) {
    browser.replaceUrl(`${ROUTER_BASENAME}${FIRST_LOGIN_PATH}`);
    firstLoginPending = false;
  }

  // The opened page's code (preloaded with the page) has loaded before the first render, so it shows at once.
  await warmRoutePage(composition, appPath(browser.location().pathname));
  render(<AppRouter composition={composition} reportFault={reportFault} />);
  if (settled.size < entries.length) {
    for (const load of loads)
      void load.then(() => {
        const later = compose();
        const redirect = firstLoginPending && firstLoginPage(later) ? FIRST_LOGIN_PATH : null;
        if (redirect) firstLoginPending = false;
        render(<AppRouter composition={later} reportFault={reportFault} redirectTo={redirect} />);
      });
  }
}
