/**
 * One server process answers every tenant on one event loop: a loop over thousands of items (a bulk write,
 * an import preview, an export) must give other requests a turn. `await pacer.turn()` inside the loop yields
 * to the event loop (setImmediate: pending I/O runs first) once `sliceMs` of work has run since the last
 * turn, so a long request costs others at most one slice of waiting at a time (docs/security.md).
 */
export const SLICE_MS = 25;

export class Pacer {
  private last = performance.now();

  constructor(private readonly sliceMs = SLICE_MS) {}

  /** Yields when the current slice is used up; otherwise returns at once. */
  async turn(): Promise<void> {
    if (performance.now() - this.last < this.sliceMs) return;
    await yieldToEventLoop();
    this.last = performance.now();
  }
}

/** Lets pending I/O callbacks (other requests) run before continuing. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
