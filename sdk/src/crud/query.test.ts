import { describe, expect, it } from 'vitest';
import {
  buildListParams,
  buildSearchOptions,
  emptyQuery,
  filterParams,
  hasActiveFilter,
  orderOf,
  queryFromSearchParams,
  queryToSearchParams,
  sortOf,
  tagLabel,
} from './query';
import { fieldsOf } from './metadata';
import { USERS_OPTIONS } from './fixtures.test-data';
import { exportRanges, exportUrl, templateUrl } from './exportOptions';
import { emitDateRange } from './dateRange';
import { activeTabCookie, cutTitle } from './detailTabs';
import { resolveActiveTab } from '../rules/tabPages';
import { loadPageSize, loadShownColumns, savePageSize, saveShownColumns, tableKey } from './tableConfig';

describe('list query building (docs/crud.md#paging-and-the-address)', () => {
  it('sends limit/offset, order, search joined by commas, filters, both dates, draw and display', () => {
    const q = {
      ...emptyQuery(30),
      page: 3,
      order: '-name',
      search: ['ali', ' ', 'ce'],
      filters: { source: 'local', is_active: '' },
      dateFrom: '2022-01-01T00:00:01.000Z',
      dateTo: '2022-01-31T23:59:59.000Z',
    };
    expect(buildListParams(q, { role: 'x' })).toEqual({
      role: 'x',
      source: 'local',
      search: 'ali,ce',
      date_from: '2022-01-01T00:00:01.000Z',
      date_to: '2022-01-31T23:59:59.000Z',
      limit: 30,
      offset: 60,
      order: '-name',
      draw: 1,
      display: 1,
    });
    expect(filterParams({ ...q, dateTo: undefined })).not.toHaveProperty('date_from');
  });

  it('maps PrimeReact sorting to order and back', () => {
    expect(orderOf('name', -1)).toBe('-name');
    expect(orderOf('name', 1)).toBe('name');
    expect(orderOf('name', 0)).toBe('');
    expect(sortOf('-name')).toEqual({ field: 'name', direction: -1 });
  });

  it('mirrors the query in the address and restores it', () => {
    const q = { ...emptyQuery(15), page: 2, order: 'name', search: ['bob'], filters: { source: 'ldap' } };
    const params = queryToSearchParams(q, new URLSearchParams('oid=abc&x=1'));
    expect(params.toString()).toBe('oid=abc&search=bob&source=ldap&order=name&page=2');
    const back = queryFromSearchParams(params, 15);
    expect(back).toEqual({ ...q });
    expect(hasActiveFilter(back)).toBe(true);
    expect(hasActiveFilter(emptyQuery())).toBe(false);
  });

  it('tag options come from filter fields, choices and yes/no', () => {
    const options = buildSearchOptions({
      meta: fieldsOf(USERS_OPTIONS, 'GET'),
      options: [{ value: 'role', label: 'Role' }],
      exclude: ['id'],
      yes: 'Yes',
      no: 'No',
    });
    expect(options.map((o) => o.value)).toEqual(['role', 'name', 'username', 'email', 'source', 'is_active']);
    expect(options.find((o) => o.value === 'is_active')!.choices).toEqual([
      { value: 'True', label: 'Yes' },
      { value: 'False', label: 'No' },
    ]);
    expect(tagLabel(options, 'source', 'ldap')).toBe('Source: LDAP/AD');
    expect(tagLabel(options, null, 'free')).toBe('free');
  });
});

describe('export options (docs/crud.md#export)', () => {
  it('offers all only without filter, selected only with a selection, filtered only with a filter', () => {
    expect(exportRanges({ selected: 0, filtered: false })).toEqual({
      all: true,
      selected: false,
      filtered: false,
    });
    expect(exportRanges({ selected: 2, filtered: true })).toEqual({
      all: false,
      selected: true,
      filtered: true,
    });
  });
  it('builds export and template URLs', () => {
    const fp = { search: 'a', date_from: 'f', date_to: 't' };
    expect(
      exportUrl({ url: '/api/v1/users/users/', format: 'csv', range: 'filtered', filterParams: fp }),
    ).toBe('/api/v1/users/users/?format=csv&search=a&date_from=f&date_to=t');
    expect(
      exportUrl({
        url: '/api/v1/users/users/',
        format: 'xlsx',
        range: 'selected',
        filterParams: fp,
        spm: 'S',
      }),
    ).toBe('/api/v1/users/users/?format=xlsx&date_from=f&date_to=t&spm=S');
    expect(templateUrl({ url: '/u/', format: 'csv', mode: 'create' })).toBe(
      '/u/?format=csv&template=import&limit=1',
    );
    expect(templateUrl({ url: '/u/', format: 'xlsx', mode: 'update', spm: 'S' })).toBe(
      '/u/?format=xlsx&template=update&spm=S',
    );
  });
});

describe('date range, tabs, table config', () => {
  it('emits only when both ends are valid, 00:00:01 to 23:59:59', () => {
    expect(emitDateRange(new Date('2022-05-01T12:00:00'), null)).toBeNull();
    const r = emitDateRange(new Date('2022-05-01T12:00:00'), new Date('2022-05-03T08:00:00'))!;
    expect(new Date(r.from).getHours()).toBe(0);
    expect(new Date(r.from).getSeconds()).toBe(1);
    expect(new Date(r.to).getHours()).toBe(23);
    expect(new Date(r.to).getMinutes()).toBe(59);
  });

  it('active tab: query, then cookie, then default; hidden tabs never win', () => {
    const tabs = [{ name: 'info' }, { name: 'Assets' }, { name: 'secret', hidden: true }];
    expect(resolveActiveTab({ tabs, query: 'assets', cookie: 'info' })).toBe('Assets');
    expect(resolveActiveTab({ tabs, query: 'secret', cookie: 'assets' })).toBe('Assets');
    expect(resolveActiveTab({ tabs, defaultTab: 'assets' })).toBe('Assets');
    expect(resolveActiveTab({ tabs })).toBe('info');
    expect(activeTabCookie('info')).toContain('max-age=86400');
    expect(cutTitle('x'.repeat(81))).toBe(`${'x'.repeat(80)}...`);
  });

  it('keeps shown columns per table and the page size globally in tableConfig', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    const key = tableKey({ routePath: '/console/users/users', url: '/api/v1/users/users/?x=1' });
    expect(key).toBe('/console/users/users_/api/v1/users/users/');
    saveShownColumns(key, ['name', 'email'], storage);
    savePageSize(50, storage);
    savePageSize(7, storage);
    expect(loadShownColumns(key, storage)).toEqual(['name', 'email']);
    expect(loadPageSize(storage)).toBe(15);
    savePageSize(100, storage);
    expect(loadPageSize(storage)).toBe(100);
    expect(JSON.parse(data.get('tableConfig')!)).toEqual({
      [key]: { showColumns: ['name', 'email'] },
      paginationSize: 100,
    });
  });
});
