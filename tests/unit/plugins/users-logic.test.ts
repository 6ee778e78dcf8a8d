import { describe, expect, it } from 'vitest';
import { cleanRules, defaultRules, normalizeRules, validPeriod } from '../../../plugins/users/src/aclRules';
import { impliedPermissions, toTree, type ZNode } from '../../../plugins/users/src/permissionTreeModel';
import en from '../../../plugins/users/locales/en.json';
import zh from '../../../plugins/users/locales/zh.json';
import ja from '../../../plugins/users/locales/ja.json';

describe('login ACL rules', () => {
  it('defaults to any IP and every day all day', () => {
    expect(defaultRules().ip_group).toEqual(['*']);
    expect(defaultRules().time_period).toHaveLength(7);
  });
  it('normalizes server values and validates periods', () => {
    const r = normalizeRules({ ip_group: ['10.0.0.0/8'], time_period: [{ id: 1, value: '09:00~18:00' }] });
    expect(r.time_period.find((p) => p.id === 1)!.value).toBe('09:00~18:00');
    expect(r.time_period.find((p) => p.id === 0)!.value).toBe('');
    expect(validPeriod('09:00~12:00、13:00~18:00')).toBe(true);
    expect(validPeriod('9~18')).toBe(false);
    expect(cleanRules({ ip_group: [], time_period: [{ id: 1, value: '09:00~12:00, 13:00~18:00' }] })).toEqual(
      {
        ip_group: ['*'],
        time_period: [{ id: 1, value: '09:00~12:00、13:00~18:00' }],
      },
    );
  });
});

describe('role permission tree', () => {
  const nodes: ZNode[] = [
    { id: '$ROOT$', name: 'All', pId: '', isParent: true, halfCheck: true },
    { id: 'a', name: 'users', pId: '$ROOT$', isParent: true },
    {
      id: '1',
      name: 'users.view_user',
      pId: 'a',
      isParent: false,
      checked: true,
      meta: { data: { codename: 'users.view_user' } },
    },
    {
      id: '2',
      name: 'users.add_usergroup',
      pId: 'a',
      isParent: false,
      meta: { data: { codename: 'users.add_usergroup' } },
    },
    {
      id: '3',
      name: 'users.view_usergroup',
      pId: 'a',
      isParent: false,
      meta: { data: { codename: 'users.view_usergroup' } },
    },
  ];
  it('builds the tree and the initial selection', () => {
    const { roots, selection } = toTree(nodes);
    expect(roots).toHaveLength(1);
    expect(roots[0]!.children![0]!.children!.map((c) => c.key)).toEqual(['1', '2', '3']);
    expect(selection).toEqual({
      $ROOT$: { checked: false, partialChecked: true },
      '1': { checked: true, partialChecked: false },
    });
  });
  it('checking add implies view of the same resource', () => {
    expect(impliedPermissions(nodes, { '2': { checked: true } })['3']).toEqual({
      checked: true,
      partialChecked: false,
    });
  });
});

describe('users plugin strings', () => {
  it('zh, en and ja have the same keys', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`],
      );
    expect(keys(zh).sort()).toEqual(keys(en).sort());
    expect(keys(ja).sort()).toEqual(keys(en).sort());
  });
});
