import { useEffect, useLayoutEffect, useRef } from 'react';
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import type { TerminalHandle, TerminalScreenProps } from '../TerminalScreen';

/**
 * The rules of xterm's stylesheet the screen needs (the build takes no CSS files: docs/terminal-view.md#styles):
 * the helper textarea and the measuring element stay invisible, rows keep their height, and the native
 * viewport scrollbar stays hidden (xterm draws its own).
 */
const XTERM_STYLE = `
.bastion-terminal .xterm { position: relative; padding: 6px; }
.bastion-terminal .xterm-helpers { position: absolute; top: 0; z-index: 5; }
.bastion-terminal .xterm-helper-textarea { position: absolute; opacity: 0; left: -9999em; width: 0; height: 0; }
.bastion-terminal .xterm-viewport { overflow-y: hidden; }
.bastion-terminal .xterm-rows { white-space: pre; line-height: normal; }
.bastion-terminal .xterm-char-measure-element { position: absolute; visibility: hidden; top: 0; left: -9999em; }
`;

/** A size xterm can take: the fit proposes nothing (or nonsense) while the container has no layout yet. */
const usable = (n: number | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 1;

export default function TerminalView({
  cols,
  rows,
  convertEol = false,
  fontSize,
  className,
  style,
  testId,
  onTerminal,
}: TerminalScreenProps) {
  const box = useRef<HTMLDivElement>(null);
  const terminal = useRef<Terminal | null>(null);
  const fit = useRef<FitAddon | null>(null);
  // The latest callback and fixed size, read by the effects without re-creating the terminal.
  const latest = useRef({ onTerminal, cols, rows });
  // Layout effects run before the effects below: the terminal is made with this render's props.
  useLayoutEffect(() => {
    latest.current = { onTerminal, cols, rows };
  });

  /** Fixed dimensions as given, the others fitted to the container. */
  const resize = () => {
    const term = terminal.current;
    if (!term) return;
    const fixed = latest.current;
    const proposed = fixed.cols && fixed.rows ? undefined : fit.current?.proposeDimensions();
    const nextCols = fixed.cols ?? proposed?.cols;
    const nextRows = fixed.rows ?? proposed?.rows;
    const c = usable(nextCols) ? nextCols : term.cols;
    const r = usable(nextRows) ? nextRows : term.rows;
    if (c !== term.cols || r !== term.rows) term.resize(c, r);
  };

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const term = new Terminal({
      cols: latest.current.cols ?? 80,
      rows: latest.current.rows ?? 24,
      convertEol,
      disableStdin: true,
      ...(fontSize ? { fontSize } : {}),
    });
    const addon = new FitAddon();
    term.loadAddon(addon);
    term.open(element);
    terminal.current = term;
    fit.current = addon;
    resize();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => resize());
    observer?.observe(element);
    const handle: TerminalHandle = {
      write: (text) => term.write(text),
      reset: () => term.reset(),
      get cols() {
        return term.cols;
      },
      get rows() {
        return term.rows;
      },
    };
    latest.current.onTerminal?.(handle);
    return () => {
      observer?.disconnect();
      latest.current.onTerminal?.(null);
      terminal.current = null;
      fit.current = null;
      term.dispose();
    };
    // The terminal lives as long as the component; a new size is a resize (below), not a new terminal.
  }, [convertEol, fontSize]);

  useEffect(resize, [cols, rows]);

  return (
    <div
      className={`bastion-terminal border-round ${className ?? ''}`}
      style={{ background: '#000', ...style }}
      data-testid={testId}
    >
      <style>{XTERM_STYLE}</style>
      {/* xterm's own element goes in here, outside what React renders. */}
      <div ref={box} />
    </div>
  );
}
