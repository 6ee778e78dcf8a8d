/**
 * Which page a console URL opens (docs/first-view.md#route-pages): the route paths a plugin's built
 * manifest lists under `pages`, ranked the way the console's router ranks them, so the server names the same
 * page's code the console is about to load.
 */

/** A route path's rank for a matching URL: static segments before `:params`, both before a `*` splat. */
function rank(pattern: string, segments: readonly string[]): number | null {
  const parts = pattern.split('/').filter((s) => s !== '');
  let score = 0;
  for (const [i, part] of parts.entries()) {
    if (part === '*') return i === parts.length - 1 ? score + 1 : null;
    const segment = segments[i];
    if (segment === undefined) return null;
    if (part.startsWith(':')) score += 3;
    else if (part === segment) score += 10;
    else return null;
  }
  return parts.length === segments.length ? score : null;
}

export interface PageMatch {
  /** Higher for a more specific route; compare matches of several plugins with it. */
  score: number;
  files: string[];
}

/**
 * The best route for `appPath` (a path below `/ui`, e.g. `/console/users/users`) among `pages` (route path
 * -> its page's file names), or null when none matches.
 */
export function matchPage(
  appPath: string,
  pages: Readonly<Record<string, readonly string[]>>,
): PageMatch | null {
  let segments: string[];
  try {
    segments = appPath
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
  let best: PageMatch | null = null;
  for (const [pattern, files] of Object.entries(pages)) {
    const score = rank(pattern, segments);
    if (score !== null && (best === null || score > best.score)) best = { score, files: [...files] };
  }
  return best;
}
