import { describe, expect, it } from 'vitest';
import { buildColumns, cellText, columnKind, visibleColumns } from './columns';
import { fieldsOf } from './metadata';
import { USERS_OPTIONS } from './fixtures.test-data';

const GET = fieldsOf(USERS_OPTIONS, 'GET');

describe('metadata → columns', () => {
  it('takes labels, kinds, sortability and widths from OPTIONS GET', () => {
    const cols = buildColumns({
      meta: GET,
      columns: ['name', 'username', 'source', 'is_valid', 'last_login', 'actions'],
    });
    expect(cols.map((c) => [c.field, c.label, c.kind, c.sortable, c.width])).toEqual([
      ['name', 'Name', 'link', true, undefined],
      ['username', 'Username', 'text', true, undefined],
      ['source', 'Source', 'choice', false, undefined],
      ['is_valid', 'Is valid', 'boolean', false, 80],
      ['last_login', 'Last login', 'datetime', false, 160],
      ['actions', 'Actions', 'actions', false, 150],
    ]);
    expect(cols[2]!.displayField).toBe('source_display');
  });

  it('applies per-column overrides and drops columns whose has is false', () => {
    const cols = buildColumns({
      meta: GET,
      columns: ['name', 'email', 'org_roles'],
      columnsMeta: { email: { label: 'Mail', width: 200 }, org_roles: { has: () => false } },
    });
    expect(cols.map((c) => [c.field, c.label, c.width])).toEqual([
      ['name', 'Name', undefined],
      ['email', 'Mail', 200],
    ]);
  });

  it('without a column list uses every field plus actions', () => {
    expect(buildColumns({ meta: GET }).at(-1)!.field).toBe('actions');
    expect(buildColumns({ meta: GET })).toHaveLength(Object.keys(GET).length + 1);
  });

  it('recognises secrets by name', () => {
    expect(columnKind('password', { type: 'string' })).toBe('secret');
    expect(columnKind('private_key', undefined)).toBe('secret');
  });

  it('shows saved ∪ min, else default ∪ min, else all — in the order of columns', () => {
    const cols = ['name', 'username', 'email', 'source', 'actions'].map((field) => ({ field }));
    const show = { default: ['name', 'source'], min: ['name', 'username'] };
    expect(visibleColumns(cols, show, null).map((c) => c.field)).toEqual([
      'name',
      'username',
      'source',
      'actions',
    ]);
    expect(visibleColumns(cols, show, ['email']).map((c) => c.field)).toEqual([
      'name',
      'username',
      'email',
      'actions',
    ]);
    expect(visibleColumns(cols, undefined, null).map((c) => c.field)).toEqual([
      'name',
      'username',
      'email',
      'source',
      'actions',
    ]);
  });

  it('renders choice values by display name and lists joined', () => {
    expect(cellText({ source: 'ldap' }, { field: 'source', meta: GET.source })).toBe('LDAP/AD');
    expect(
      cellText(
        { source: 'ldap', source_display: 'LDAP' },
        { field: 'source', displayField: 'source_display' },
      ),
    ).toBe('LDAP');
    expect(cellText({ tags: ['a', 'b'] }, { field: 'tags' })).toBe('a, b');
  });
});
