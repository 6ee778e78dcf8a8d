// The headless list (useListController / useListParams): a plugin lays out its own list and keeps the
// kit's behaviour — the address owns the list state, rows come from the API, selection spans pages.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { Http, ServiceLocatorContext, useListController, type QueryParams } from '@bastion/sdk';
import { fakeLocator } from '../host/fakes';

afterEach(cleanup);

type Thing = { id: string; name: string };
const things: Thing[] = Array.from({ length: 40 }, (_, i) => ({ id: `t${i}`, name: `thing ${i}` }));

function fakeHttp() {
  return {
    get: vi.fn(async (_url: string, options?: { params?: QueryParams }) => {
      const { limit, offset, search } = options!.params as { limit: number; offset: number; search?: string };
      const matching = things.filter((t) => !search || t.name.includes(String(search)));
      return { count: matching.length, results: matching.slice(offset, offset + limit) };
    }),
    options: vi.fn(async () => ({ actions: { GET: { name: { type: 'string', label: 'Name' } } } })),
  };
}

/** Renders `ui` with `http` as the console's client, at `path`. */
function renderAt(http: ReturnType<typeof fakeHttp>, path: string, ui: ReactNode) {
  return render(
    <ServiceLocatorContext.Provider value={fakeLocator(new Map([[Http, http]]))}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </ServiceLocatorContext.Provider>,
  );
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

/** A card layout of our own over the kit's list behaviour. */
function ThingCards() {
  const list = useListController<Thing>({ url: '/api/v1/things/' }, () => undefined);
  return (
    <div>
      <p data-testid="total">{list.loading ? 'loading' : `${list.total} things`}</p>
      <ul>
        {list.rows.map((row) => (
          <li key={row.id}>
            <label>
              <input
                type="checkbox"
                checked={list.selectionOnPage.some((s) => s.id === row.id)}
                onChange={(e) =>
                  list.select(
                    e.target.checked
                      ? [...list.selectionOnPage, row]
                      : list.selectionOnPage.filter((s) => s.id !== row.id),
                  )
                }
              />
              {row.name}
            </label>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => list.setQuery((q) => ({ ...q, page: q.page + 1 }))}>
        next
      </button>
      <p data-testid="selected">{list.selectedRows.map((r) => r.id).join(',')}</p>
      <Address />
    </div>
  );
}

describe('useListController', () => {
  it('reads the list state from the address, pages through the API and keeps the selection across pages', async () => {
    const http = fakeHttp();
    renderAt(http, '/console/things?search=thing%201', <ThingCards />);
    // "thing 1", "thing 10".."thing 19": 11 matches, first page of 15
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('11 things'));
    expect(http.get).toHaveBeenCalledWith(
      '/api/v1/things/',
      expect.objectContaining({ params: expect.objectContaining({ search: 'thing 1', offset: 0 }) }),
    );
    fireEvent.click(screen.getByLabelText('thing 10'));
    expect(screen.getByTestId('selected').textContent).toBe('t10');

    await act(async () => fireEvent.click(screen.getByText('next')));
    // The address owns the state: the next page is written there, and the list follows it.
    await waitFor(() => expect(screen.getByTestId('address').textContent).toContain('page=2'));
    expect(screen.getByTestId('address').textContent).toContain('search=thing+1');
    await waitFor(() =>
      expect(http.get).toHaveBeenLastCalledWith(
        '/api/v1/things/',
        expect.objectContaining({ params: expect.objectContaining({ offset: 15 }) }),
      ),
    );
    expect(screen.getByTestId('selected').textContent).toBe('t10');
  });

  it('asks for the metadata and the first page while it first renders, once, and shows both in one render', async () => {
    const http = fakeHttp();
    let answerPage: (value: unknown) => void = () => undefined;
    let answerMeta: (value: unknown) => void = () => undefined;
    http.get.mockImplementationOnce(() => new Promise((resolve) => (answerPage = resolve)) as never);
    http.options.mockImplementationOnce(() => new Promise((resolve) => (answerMeta = resolve)) as never);
    const seen: string[] = [];
    function Probe() {
      const list = useListController<Thing>({ url: '/api/v1/probe/' }, () => undefined);
      // What each render showed: requests already sent when the list first rendered, metadata and rows.
      seen.push(
        `get:${http.get.mock.calls.length} meta:${list.meta ? 'yes' : 'no'} rows:${list.rows.length}`,
      );
      return <p data-testid="probe">{list.loading ? 'loading' : list.rows.map((r) => r.name).join(',')}</p>;
    }
    renderAt(http, '/console/probe', <Probe />);
    // The first render itself sent both requests (before any effect ran).
    expect(seen[0]).toBe('get:1 meta:no rows:0');
    expect(http.options).toHaveBeenCalledTimes(1);
    const renders = seen.length;
    await act(async () => answerPage({ count: 1, results: [{ id: 'p1', name: 'probe one' }] }));
    // The page alone does not re-render the list: it waits for the metadata (the table's columns).
    expect(seen.length).toBe(renders);
    await act(async () => answerMeta({ actions: { GET: { name: { type: 'string', label: 'Name' } } } }));
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('probe one'));
    expect(seen.slice(renders)).toEqual(['get:1 meta:yes rows:1']);
    // The effect took the early request over: no second GET, no second OPTIONS.
    expect(http.get).toHaveBeenCalledTimes(1);
    expect(http.options).toHaveBeenCalledTimes(1);
  });

  it('never hands an aborted early request to a later query equal to the first one: it asks again', async () => {
    const http = fakeHttp();
    // As the browser's client does: an aborted request rejects, whatever the server would have said.
    const answer = http.get.getMockImplementation()!;
    http.get.mockImplementation(async (url, options) => {
      const signal = (options as { signal?: AbortSignal }).signal;
      const result = await answer(url, options);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (signal?.aborted) throw new Error('canceled');
      return result;
    });
    function Probe() {
      const [search, setSearch] = useState('thing 1');
      // Settled while rendering (as the shell's kept pages settle their location): the first render's query,
      // for which the early request left, is not the one the first effect needs.
      const [settled, setSettled] = useState(false);
      if (!settled) {
        setSettled(true);
        setSearch('thing 2');
      }
      const list = useListController<Thing>(
        { url: '/api/v1/things/', mirrorQuery: false, extraQuery: { search } },
        () => undefined,
      );
      return (
        <div>
          <p data-testid="probe">{list.loading ? 'loading' : `${list.total} things`}</p>
          <button type="button" onClick={() => setSearch('thing 1')}>
            back
          </button>
        </div>
      );
    }
    renderAt(http, '/console/probe', <Probe />);
    // "thing 2", "thing 20".."thing 29"
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('11 things'));
    // Back to the first render's query: its early request was aborted, so a new one is sent and answers.
    await act(async () => fireEvent.click(screen.getByText('back')));
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('11 things'));
    expect(http.get).toHaveBeenLastCalledWith(
      '/api/v1/things/',
      expect.objectContaining({ params: expect.objectContaining({ search: 'thing 1' }) }),
    );
    expect(http.get).toHaveBeenCalledTimes(3);
  });

  it('reads a total the server stopped counting as a lower bound, and whether a next page follows', async () => {
    const http = fakeHttp();
    // A list past the server's bound (docs/http.md#lists): `count` is the bound, the flag beside it.
    http.get.mockImplementation(async (_url, options) => {
      const { offset } = options!.params as { offset: number };
      return offset === 0
        ? {
            count: 1000,
            count_is_lower_bound: true,
            next: '/api/v1/things/?offset=15',
            results: things.slice(0, 15),
          }
        : { count: 1020, next: null, results: things.slice(0, 5) };
    });
    function Probe() {
      const list = useListController<Thing>({ url: '/api/v1/things/' }, () => undefined);
      return (
        <div>
          <p data-testid="probe">
            {list.loading
              ? 'loading'
              : `${list.total} ${list.totalIsLowerBound ? 'or more' : 'exactly'}, ${list.hasNextPage ? 'next' : 'last'}`}
          </p>
          <button type="button" onClick={() => list.setQuery((q) => ({ ...q, page: 69 }))}>
            far
          </button>
        </div>
      );
    }
    renderAt(http, '/console/things', <Probe />);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('1000 or more, next'));
    // A partial page past the bound ends the set: the server counts it exactly, without the flag.
    await act(async () => fireEvent.click(screen.getByText('far')));
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('1020 exactly, last'));
  });
});
