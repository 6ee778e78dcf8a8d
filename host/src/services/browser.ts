import { defineToken, readCookie, TIME_ZONE_COOKIE } from '@bastion/sdk';
import { readBootData } from './bootData';

/**
 * Everything the services need from the browser, behind one interface so unit tests can hand in a fake
 * instead of patching window globals. Host-internal: plugins never see it.
 */
export interface BrowserEnv {
  cookies(): string;
  setCookie(name: string, value: string, options?: { path?: string; maxAgeSeconds?: number }): void;
  location(): { pathname: string; search: string; hash: string };
  /** Full navigation (login, logout, reload after org switch). */
  assign(url: string): void;
  /** Rewrite the address without navigating (view check, first-login redirect before the router starts). */
  replaceUrl(url: string): void;
  reload(): void;
  languages(): readonly string[];
  timeZone(): string;
  readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  setTimeout(callback: () => void, ms: number): void;
  /** The boot data the server put into the page (services/bootData.ts), undefined when there is none. */
  bootData(): unknown;
}

export const Browser = defineToken<BrowserEnv>('host.browser');

/** The real browser. */
export function windowBrowserEnv(): BrowserEnv {
  const bootData = readBootData(document);
  const zone = cookieFirstTimeZone();
  return {
    cookies: () => document.cookie,
    setCookie(name, value, options = {}) {
      const parts = [`${name}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`, 'SameSite=Lax'];
      if (options.maxAgeSeconds !== undefined) parts.push(`max-age=${options.maxAgeSeconds}`);
      document.cookie = parts.join('; ');
    },
    location: () => ({ pathname: location.pathname, search: location.search, hash: location.hash }),
    assign: (url) => location.assign(url),
    replaceUrl: (url) => history.replaceState(history.state, '', url),
    reload: () => location.reload(),
    languages: () => (navigator.languages?.length ? navigator.languages : [navigator.language]),
    timeZone: zone,
    storage: window.localStorage,
    setTimeout: (callback, ms) => {
      window.setTimeout(callback, ms);
    },
    bootData: () => bootData,
  };
}

/**
 * How long after start-up the console first asks Intl for the time zone: past the first view. The page is
 * idle for a moment while it waits for its list's answer, and an idle callback then ran the ≈ 50 ms of ICU
 * right when that answer arrived (docs/first-view.md#nothing-optional-runs-before-the-rows).
 */
export const INTL_ZONE_DELAY_MS = 4000;

/**
 * The browser's IANA time zone. Asking Intl for it first costs ≈ 50 ms of main thread (ICU's zone data loads)
 * right on the first view's critical path, so the zone the login page of this browser stored in its cookie is
 * used at once, and Intl is asked once the first view is done and the browser is idle; a different answer
 * (the machine moved zones) replaces it from then on (docs/architecture.md "Boot sequence of a signed-in page").
 */
function cookieFirstTimeZone(): () => string {
  const intlZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
  let zone = readCookie(document.cookie, TIME_ZONE_COOKIE);
  if (!zone) return intlZone;
  const refresh = (): void => {
    zone = intlZone();
  };
  window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(refresh, { timeout: 5000 });
    else refresh();
  }, INTL_ZONE_DELAY_MS);
  return () => zone ?? intlZone();
}

/** The current full path (path, query, hash), as `next` for login and logout. */
export function currentFullPath(browser: BrowserEnv): string {
  const { pathname, search, hash } = browser.location();
  return `${pathname}${search}${hash}`;
}
