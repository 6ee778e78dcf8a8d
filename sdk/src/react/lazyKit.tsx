// The SDK's lazy components (the CRUD kit's, docs/crud.md, and the terminal screen, docs/terminal-view.md): the
// component a plugin imports is small, the code behind it is a chunk of the SDK loaded the first time it renders.
import { Suspense, createElement, lazy, useState, type ComponentType, type ReactNode } from 'react';

function Pending() {
  return (
    <div className="flex justify-content-center p-3" data-testid="crud-loading">
      <i className="pi pi-spin pi-spinner text-2xl text-color-secondary" />
    </div>
  );
}

/** A chunk of kit components, loaded once, and the components it holds. */
export interface KitChunk<M> {
  load: () => Promise<M>;
  /** Its module as soon as it has arrived, else null. */
  loaded: () => M | null;
  component: <P extends object>(
    pick: (m: M) => ComponentType<P>,
    quiet?: boolean,
  ) => ComponentType<P> & { preload: () => Promise<unknown> };
}

export function kit<M>(importChunk: () => Promise<M>): KitChunk<M> {
  let module: M | null = null;
  const chunk: KitChunk<M> = {
    load: () =>
      importChunk().then((m) => {
        module = m;
        return m;
      }),
    loaded: () => module,
    component: (pick, quiet = false) => lazyComponent(chunk, pick, quiet),
  };
  return chunk;
}

/**
 * Kit components load lazily, in chunks of the SDK (the CRUD kit's list, form, detail, a dialog each; the
 * terminal screen), the first time a plugin renders one, inside its own Suspense — so the SDK entry (loaded
 * by the shell on every page) stays small, a plugin only downloads what it renders, and a component loading
 * inside a detail tab never blanks the whole page.
 *
 * Once its chunk has loaded (`preload()`, which the shell calls for the list kit while the plugins load), a
 * component renders at once instead of suspending: React shows a suspended part again only on its next
 * throttled reveal, which held a list's data requests back by a few hundred milliseconds on the first view
 * (docs/first-view.md#kit-components-and-pages-render-in-the-first-commit). Each mounted instance keeps the
 * type it started with, so a chunk arriving later never remounts it. Components of one chunk share its state:
 * loading the list kit for one of them makes all of them render at once.
 */
function lazyComponent<P extends object, M>(
  chunk: KitChunk<M>,
  pick: (m: M) => ComponentType<P>,
  quiet: boolean,
): ComponentType<P> & { preload: () => Promise<unknown> } {
  const Lazy = lazy(() => chunk.load().then((m) => ({ default: pick(m) })));
  function KitComponent(props: P): ReactNode {
    const [Component] = useState<ComponentType<P>>(() => {
      const m = chunk.loaded();
      return m === null ? (Lazy as ComponentType<P>) : pick(m);
    });
    return <Suspense fallback={quiet ? null : <Pending />}>{createElement(Component, props)}</Suspense>;
  }
  return Object.assign(KitComponent, { preload: chunk.load });
}
