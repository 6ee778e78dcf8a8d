import { matchRoutes } from 'react-router-dom';
import type { Composition } from '../plugins/composeContributions';

/**
 * The longest the boot waits for the opened page's own code before it renders the console; its file is
 * preloaded with the page, so this is a cap for a slow network, not a wait the first view normally sees.
 */
export const PAGE_WARM_CAP_MS = 1500;

/** React.lazy's object as React 19 keeps it (internal fields; checked, never assumed). */
interface LazyShape {
  _payload: unknown;
  _init: (payload: unknown) => unknown;
}

const isLazy = (value: unknown): value is LazyShape =>
  typeof value === 'object' &&
  value !== null &&
  (value as { $$typeof?: unknown }).$$typeof === Symbol.for('react.lazy') &&
  typeof (value as { _init?: unknown })._init === 'function';

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/**
 * Starts loading the lazy page of the route `path` opens and resolves when it has loaded (or failed, or after
 * `capMs`), so the first render shows the page at once. Rendering a lazy page that is still loading shows
 * its fallback, and React reveals the page only on its next throttled retry — a few hundred milliseconds
 * after the code arrived (docs/first-view.md#kit-components-and-pages-render-in-the-first-commit). Anything unexpected (no match, not
 * a lazy page, another React) resolves at once and the page loads as it always did.
 */
export async function warmRoutePage(
  composition: Composition,
  path: string,
  capMs = PAGE_WARM_CAP_MS,
): Promise<void> {
  const allowed = composition.routes.filter((r) => r.allowed && r.route.component);
  const match = matchRoutes(
    allowed.map((r) => ({ path: r.route.path })),
    path,
  )?.[0];
  const component = match
    ? allowed.find((r) => r.route.path === match.route.path)?.route.component
    : undefined;
  if (!isLazy(component)) return;
  let pending: unknown;
  try {
    // Uninitialised: starts the import and throws its promise; loaded: returns; failed: throws the error.
    component._init(component._payload);
    return;
  } catch (thrown) {
    pending = thrown;
  }
  if (!isThenable(pending)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.resolve(pending).then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, capMs))),
  ]);
  clearTimeout(timer);
}
