// The list kit's view pieces (ListParts): what ListTable is made of, usable in a plugin's own list layout.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RowActionButtons } from '../../../sdk/src/crud/ui/ListParts';
import type { RowAction } from '../../../sdk/src/crud/ui/types';

afterEach(cleanup);

type Thing = { id: string; name: string; locked: boolean };
const row: Thing = { id: 't1', name: 'thing', locked: true };
const context = { row, reload: () => undefined, notify: () => undefined };

describe('RowActionButtons', () => {
  it('shows two actions as buttons, and the first plus a "More" menu holding the rest beyond two', async () => {
    const onArchive = vi.fn();
    const actions: RowAction<Thing>[] = [
      { name: 'update', label: 'Update', onClick: () => undefined },
      { name: 'delete', label: 'Delete', has: (r) => !r.locked, onClick: () => undefined },
      { name: 'archive', label: 'Archive', onClick: onArchive },
      { name: 'clone', label: 'Clone', can: () => false, onClick: () => undefined },
    ];
    const { rerender } = render(
      <RowActionButtons actions={actions.slice(0, 2)} context={context} moreLabel="More" />,
    );
    // `has` false leaves the action out: one button, no menu.
    expect(screen.getByTestId('row-update').textContent).toBe('Update');
    expect(screen.queryByTestId('row-delete')).toBeNull();
    expect(screen.queryByTestId('row-more')).toBeNull();

    rerender(<RowActionButtons actions={actions} context={context} moreLabel="More" />);
    expect(screen.getByTestId('row-update')).toBeTruthy();
    expect(screen.queryByTestId('row-archive')).toBeNull();
    fireEvent.click(screen.getByTestId('row-more'));
    const archive = await waitFor(() => screen.getByTestId('row-archive'));
    // The menu is in the theme's menu markup (styled like every other menu of the console).
    expect(archive.closest('.p-menuitem-content')).not.toBeNull();
    expect(screen.getByTestId('row-clone').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(archive);
    expect(onArchive).toHaveBeenCalledWith(context);
    await waitFor(() => expect(screen.queryByTestId('row-archive')).toBeNull());
  });
});
