// TerminalScreen (docs/terminal-view.md#terminalscreen): xterm.js arrives as a lazy chunk, draws what the page
// writes, takes the size it is given, and is gone with the component.
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TerminalScreen, type TerminalHandle, type TerminalScreenProps } from './TerminalScreen';

afterEach(cleanup);

/** Renders a screen and waits for its terminal. */
async function open(props: TerminalScreenProps = {}) {
  const seen: (TerminalHandle | null)[] = [];
  const view = render(<TerminalScreen testId="screen" {...props} onTerminal={(t) => seen.push(t)} />);
  await waitFor(() => expect(seen.at(-1)).toBeTruthy());
  return { view, seen, terminal: seen.at(-1) as TerminalHandle };
}

/** The text of the screen's rows, one string each, trailing blanks dropped. */
function rows(container: HTMLElement): string[] {
  return [...container.querySelectorAll('.xterm-rows > div')].map((row) =>
    (row.textContent ?? '').replace(/\s+$/, ''),
  );
}

describe('TerminalScreen', () => {
  it('draws what is written, at the size it is given', async () => {
    const { view, terminal } = await open({ cols: 100, rows: 30 });
    expect([terminal.cols, terminal.rows]).toEqual([100, 30]);
    terminal.write('hello \x1b[1mworld\x1b[0m\r\nsecond line');
    await waitFor(() => expect(rows(view.container).slice(0, 2)).toEqual(['hello world', 'second line']));
    terminal.reset();
    await waitFor(() => expect(rows(view.container)[0]).toBe(''));
  });

  it('returns the carriage on a lone new line only when asked to (text logs)', async () => {
    const raw = await open({ cols: 40, rows: 5 });
    raw.terminal.write('ab\ncd');
    await waitFor(() => expect(rows(raw.view.container).slice(0, 2)).toEqual(['ab', '  cd']));
    cleanup();
    const text = await open({ cols: 40, rows: 5, convertEol: true });
    text.terminal.write('ab\ncd');
    await waitFor(() => expect(rows(text.view.container).slice(0, 2)).toEqual(['ab', 'cd']));
  });

  it('takes a new fixed size without a new terminal', async () => {
    const { view, seen, terminal } = await open({ cols: 80, rows: 24 });
    view.rerender(<TerminalScreen testId="screen" cols={120} rows={10} onTerminal={(t) => seen.push(t)} />);
    await waitFor(() => expect([terminal.cols, terminal.rows]).toEqual([120, 10]));
    expect(seen).toHaveLength(1);
  });

  it('is disposed with the component', async () => {
    const { view, seen } = await open();
    expect(view.container.querySelector('.xterm')).not.toBeNull();
    view.unmount();
    expect(seen.at(-1)).toBeNull();
    expect(document.querySelector('.xterm')).toBeNull();
  });
});
