// ListTable over a list whose server stopped counting (docs/crud.md#paging-and-the-address): the total reads "1,000+" in
// the user's number format, and the table pages by first/previous/next only — no page numbers, no last page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Http, ServiceLocatorContext, type QueryParams } from '@bastion/sdk';
import { ListTable } from '../../../sdk/src/crud/ui/ListTable';
import { fakeLocator } from '../host/fakes';

afterEach(cleanup);

const rows = Array.from({ length: 15 }, (_, i) => ({ id: `c${i}`, input: `command ${i}` }));

function renderTable(answer: (offset: number) => unknown) {
  const http = {
    get: vi.fn(async (_url: string, options?: { params?: QueryParams }) =>
      answer(Number((options!.params as { offset: number }).offset)),
    ),
    options: vi.fn(async () => ({ actions: { GET: { input: { type: 'string', label: 'Command' } } } })),
  };
  render(
    <ServiceLocatorContext.Provider value={fakeLocator(new Map([[Http, http]]))}>
      <MemoryRouter initialEntries={['/audit/commands']}>
        <ListTable url="/api/v1/terminal/commands/" columns={['input']} />
      </MemoryRouter>
    </ServiceLocatorContext.Provider>,
  );
  return http;
}

const report = () => document.querySelector('.p-paginator-current')?.textContent;
const control = (name: string) => document.querySelector(`.p-paginator-${name}`);

describe('ListTable with a total that is a lower bound', () => {
  it('shows "N+" and pages by next/previous, without page numbers or a last page', async () => {
    const http = renderTable((offset) =>
      offset < 1005
        ? { count: Math.max(1000, offset + 15), count_is_lower_bound: true, next: 'more', results: rows }
        : { count: 1012, next: null, results: rows.slice(0, 7) },
    );
    await waitFor(() => expect(report()).toBe('Total 1,000+'));
    expect(control('pages')).toBeNull();
    expect(control('last')).toBeNull();
    expect(control('next')?.hasAttribute('disabled')).toBe(false);
    await act(async () => fireEvent.click(control('next')!));
    await waitFor(() =>
      expect(http.get).toHaveBeenLastCalledWith(
        '/api/v1/terminal/commands/',
        expect.objectContaining({ params: expect.objectContaining({ offset: 15 }) }),
      ),
    );
    expect(control('prev')?.hasAttribute('disabled')).toBe(false);
  });

  it('shows an exact total with page numbers and a last page', async () => {
    renderTable(() => ({ count: 40, next: 'more', results: rows }));
    await waitFor(() => expect(report()).toBe('Total 40'));
    expect(control('pages')).not.toBeNull();
    expect(control('last')).not.toBeNull();
  });
});
