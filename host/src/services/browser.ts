import { defineToken } from '@bastion/sdk';
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
    timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    storage: window.localStorage,
    setTimeout: (callback, ms) => {
      window.setTimeout(callback, ms);
    },
    bootData: () => bootData,
  };
}

/** The current full path (path, query, hash), as `next` for login and logout. */
export function currentFullPath(browser: BrowserEnv): string {
  const { pathname, search, hash } = browser.location();
  return `${pathname}${search}${hash}`;
}
