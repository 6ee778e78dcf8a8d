import type { CSSProperties } from 'react';
import { kit } from '../react/lazyKit';

/**
 * What a page does with the terminal on screen (docs/terminal-view.md#terminalscreen). Our own small
 * interface rather than xterm's: plugins never depend on the library, and the SDK may change it.
 */
export interface TerminalHandle {
  /** Writes terminal output (escape sequences and all) after what is shown. */
  write: (text: string) => void;
  /** Clears the screen and the scrollback, as a new terminal. */
  reset: () => void;
  /** Columns it has now (the fitted number where they are not fixed). */
  readonly cols: number;
  /** Rows it has now (the fitted number where they are not fixed). */
  readonly rows: number;
}

/** How a TerminalScreen looks and where its terminal goes. */
export interface TerminalScreenProps {
  /** Fixed columns; omitted = as many as fit the container's width. */
  cols?: number;
  /** Fixed rows; omitted = as many as fit the container's height. */
  rows?: number;
  /** Take a lone `\n` as a new line (text logs); off for a recording of a real terminal, which sends `\r\n`. */
  convertEol?: boolean;
  /** Font size in pixels (xterm's default otherwise). */
  fontSize?: number;
  /** Classes of the screen's box (black, rounded corners), e.g. `overflow-auto` for a wide recording. */
  className?: string;
  /** Styles of the screen's box. */
  style?: CSSProperties;
  /** `data-testid` of the screen's box. */
  testId?: string;
  /** Called with the terminal once it is open, and with null when it is disposed (unmount). */
  onTerminal?: (terminal: TerminalHandle | null) => void;
}

/**
 * A read-only terminal screen (xterm.js, with the part of its stylesheet it needs, fitted to its container,
 * disposed on unmount). xterm.js is a lazy chunk of the SDK: the first view never loads it.
 */
export const TerminalScreen = kit(() => import('./ui/TerminalView')).component<TerminalScreenProps>(
  (m) => m.default,
);
