/**
 * The visited-view tab bar (docs/shell.md#views): one tab per path; affix tabs persist and cannot be closed;
 * Close, Close Others, Close All; closing the last goes to the last remaining view or the root. Pure
 * functions over an immutable list, so the rules are tested without a browser.
 */
export interface VisitedView {
  /** The path without query or hash: the tab's identity. */
  path: string;
  /** The full path last seen under this tab (query kept), where the tab navigates to. */
  fullPath: string;
  /** An i18n key and its namespace, or a literal title. */
  title: string;
  ns?: string;
  affix?: boolean;
  noCache?: boolean;
}

export function pathKey(fullPath: string): string {
  const path = fullPath.split(/[?#]/, 1)[0] ?? '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Open or refresh the tab for `view.fullPath` (one tab per path, the newest full path wins; affix first). */
export function addVisitedView(
  views: readonly VisitedView[],
  view: Omit<VisitedView, 'path'>,
): VisitedView[] {
  const path = pathKey(view.fullPath);
  const index = views.findIndex((v) => v.path === path);
  const next: VisitedView = { ...view, path, affix: view.affix || views[index]?.affix };
  if (index < 0) {
    if (!next.affix) return [...views, next];
    // Affix tabs lead the bar, in the order they were added.
    const at = views.filter((v) => v.affix).length;
    return [...views.slice(0, at), next, ...views.slice(at)];
  }
  const copy = [...views];
  copy[index] = next;
  return copy;
}

export interface CloseResult {
  views: VisitedView[];
  /** Where to go now: null = stay (the active tab survived). */
  navigateTo: string | null;
}

function afterClosing(remaining: VisitedView[], activePath: string, closedActive: boolean): CloseResult {
  if (!closedActive) return { views: remaining, navigateTo: null };
  const last = remaining[remaining.length - 1];
  return { views: remaining, navigateTo: last ? last.fullPath : '/' };
}

/** Close one tab; an affix tab stays. Closing the active tab goes to the last remaining tab, or the root. */
export function closeVisitedView(
  views: readonly VisitedView[],
  path: string,
  activePath: string,
): CloseResult {
  const target = views.find((v) => v.path === pathKey(path));
  if (!target || target.affix) return { views: [...views], navigateTo: null };
  const remaining = views.filter((v) => v !== target);
  return afterClosing(remaining, activePath, target.path === pathKey(activePath));
}

/** Keep `path` and the affix tabs. */
export function closeOtherVisitedViews(
  views: readonly VisitedView[],
  path: string,
  activePath: string,
): CloseResult {
  const keep = pathKey(path);
  const remaining = views.filter((v) => v.affix || v.path === keep);
  const activeGone = !remaining.some((v) => v.path === pathKey(activePath));
  if (activeGone)
    return { views: remaining, navigateTo: remaining.find((v) => v.path === keep)?.fullPath ?? '/' };
  return { views: remaining, navigateTo: null };
}

/** Keep only the affix tabs; go to the last of them, or the root. */
export function closeAllVisitedViews(views: readonly VisitedView[], activePath: string): CloseResult {
  const remaining = views.filter((v) => v.affix);
  return afterClosing(remaining, activePath, !remaining.some((v) => v.path === pathKey(activePath)));
}

/** The paths whose pages stay mounted (kept alive) while hidden: every tab not marked noCache. */
export function cachedPaths(views: readonly VisitedView[]): string[] {
  return views.filter((v) => !v.noCache).map((v) => v.path);
}
