import { describe, expect, it } from 'vitest';
import { buildListParams, storedPageSize } from '../../../plugins/users/src/query';

describe('users list query', () => {
  it('maps paging, sorting and search to limit/offset/order/search', () => {
    expect(buildListParams({ first: 30, rows: 15, search: '  ' })).toEqual({ limit: 15, offset: 30 });
    expect(buildListParams({ first: 0, rows: 50, sortField: 'name', sortOrder: 1, search: 'adm' })).toEqual({
      limit: 50,
      offset: 0,
      order: 'name',
      search: 'adm',
    });
    expect(buildListParams({ first: 0, rows: 15, sortField: 'email', sortOrder: -1, search: '' }).order).toBe(
      '-email',
    );
  });

  it('accepts only the offered page sizes', () => {
    expect(storedPageSize({ getItem: () => '30' })).toBe(30);
    expect(storedPageSize({ getItem: () => '7' })).toBe(15);
    expect(storedPageSize(undefined)).toBe(15);
  });
});
