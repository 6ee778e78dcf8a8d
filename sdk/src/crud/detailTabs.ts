import { readCookie } from '../rules/cookies';
import { ACTIVE_TAB_COOKIE, ACTIVE_TAB_COOKIE_MAX_AGE_SECONDS } from '../rules/tabPages';

export function readActiveTabCookie(cookieString: string): string | null {
  return readCookie(cookieString, ACTIVE_TAB_COOKIE);
}

/** The cookie string that remembers a clicked tab for one day. */
export function activeTabCookie(name: string): string {
  return `${ACTIVE_TAB_COOKIE}=${encodeURIComponent(name)}; max-age=${ACTIVE_TAB_COOKIE_MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
}

/** Titles are cut at 80 characters plus an ellipsis (docs/crud.md#detail-page). */
export function cutTitle(title: string, max = 80): string {
  return title.length > max ? `${title.slice(0, max)}...` : title;
}

/** Remember a clicked tab for one day (browser only). */
export function rememberTab(name: string): void {
  if (typeof document !== 'undefined') document.cookie = activeTabCookie(name);
}
