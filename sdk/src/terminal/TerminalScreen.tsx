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
  /** The size it has now (the fitted one where a dimension is not fixed). */
  readonly cols: number;
  readonly rows: number;
}

export interface TerminalScreenProps {
  /** Fixed columns; omitted = as many as fit the container's width. */
  cols?: number;
  /** Fixed rows; omitted = as many as fit the container's height. */
  rows?: number;
  /** Take a lone `\n` as a new line (text logs); off for a recording of a real terminal, which sends `\r\n`. */
  convertEol?: boolean;
  fontSize?: number;
  className?: string;
  style?: CSSProperties;
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
