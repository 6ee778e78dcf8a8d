/** Cookie that remembers the last tab clicked on a tab page (docs/shell.md#tab-pages), for one day. */
export const ACTIVE_TAB_COOKIE = 'activeTab';
export const ACTIVE_TAB_COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;
export const ACTIVE_TAB_QUERY = 'activeTab';

/**
 * The active tab of a tab page: the `activeTab` query value, then the cookie, then the given default — each
 * only when it names a visible tab (case-insensitively: addresses are typed by people); else the first
 * visible tab.
 */
export function resolveActiveTab(input: {
  tabs: readonly { name: string; hidden?: boolean }[];
  query?: string | null;
  cookie?: string | null;
  defaultTab?: string | null;
}): string | null {
  const visible = input.tabs.filter((t) => !t.hidden).map((t) => t.name);
  for (const candidate of [input.query, input.cookie, input.defaultTab]) {
    const match = candidate
      ? visible.find((name) => name.toLowerCase() === candidate.toLowerCase())
      : undefined;
    if (match) return match;
  }
  return visible[0] ?? null;
}
