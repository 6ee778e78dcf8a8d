// Kit components (components.tsx): lazy until their chunk has loaded, then rendered at once — no suspended
// round that would hold a list's requests back — and a mounted one never remounts when its chunk arrives.
// The order matters: the first test runs while the list kit is not loaded yet.
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ListIconButton, ListPage, MenuButton } from './components';

describe('kit components', () => {
  it('keep a mounted instance (and the state around it) while the chunk arrives', async () => {
    let bump: () => void = () => undefined;
    function Holder() {
      const [n, setN] = useState(0);
      bump = () => setN((v) => v + 1);
      return <MenuButton label={`More ${n}`} items={[]} testId="more" />;
    }
    render(<Holder />);
    // Not loaded yet: it suspends first, then shows.
    expect(screen.queryByTestId('more')).toBeNull();
    const button = await screen.findByTestId('more');
    await act(async () => bump());
    // The same element: React updated it rather than mounting the loaded component afresh.
    expect(screen.getByTestId('more')).toBe(button);
    expect(button.textContent).toContain('More 1');
  });

  it('render in the same commit once their chunk has loaded, whichever component loaded it', async () => {
    // The shell loads the list kit through ListPage; every component of that chunk is then ready.
    await ListPage.preload();
    render(
      <ListIconButton icon="pi pi-refresh" label="Refresh" onClick={() => undefined} testId="refresh" />,
    );
    // Synchronously after render: no loading placeholder, the button itself.
    expect(screen.queryByTestId('crud-loading')).toBeNull();
    expect(screen.getByTestId('refresh')).toBeTruthy();
  });
});
