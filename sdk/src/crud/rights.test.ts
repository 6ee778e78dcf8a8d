import { describe, expect, it } from 'vitest';
import { canBulkDelete, detailRights, resourcePerms, tableRights } from './rights';

const perms = resourcePerms('/api/v1/users/groups/', { resource: 'usergroup' });
const holding =
  (...codes: string[]) =>
  (code: string) =>
    codes.includes(code);

describe('table rights (docs/permissions.md#rights-in-the-console) and root-org rules (docs/permissions.md#rights-in-the-console)', () => {
  it('derives app/resource from the URL unless given', () => {
    expect(resourcePerms('/api/v1/users/users/')).toEqual({ app: 'users', resource: 'user' });
    expect(perms).toEqual({ app: 'users', resource: 'usergroup' });
  });

  it('maps each action to its permission', () => {
    const all = tableRights({
      can: holding(
        'users.add_usergroup',
        'users.change_usergroup',
        'users.delete_usergroup',
        'users.view_usergroup',
      ),
      perms,
      rootOrg: false,
    });
    expect(Object.values(all).every(Boolean)).toBe(true);
    const viewOnly = tableRights({ can: holding('users.view_usergroup'), perms, rootOrg: false });
    expect(viewOnly).toEqual({
      create: false,
      bulkDelete: false,
      bulkUpdate: false,
      importCreate: false,
      importUpdate: false,
      import: false,
      export: true,
      rowUpdate: false,
      rowDelete: false,
      rowClone: false,
      nameLink: true,
    });
    const changeOnly = tableRights({ can: holding('users.change_usergroup'), perms, rootOrg: false });
    expect([
      changeOnly.import,
      changeOnly.importCreate,
      changeOnly.importUpdate,
      changeOnly.bulkUpdate,
    ]).toEqual([true, false, true, true]);
  });

  it('turns off create, bulk update, import and row delete in the root organization', () => {
    const root = tableRights({ can: () => true, perms, rootOrg: true });
    expect(root).toMatchObject({
      create: false,
      bulkUpdate: false,
      import: false,
      rowDelete: false,
      bulkDelete: true,
      rowUpdate: true,
      export: true,
    });
  });

  it('per-table switches only narrow', () => {
    const r = tableRights({
      can: () => true,
      perms,
      rootOrg: false,
      overrides: { rowUpdate: false, importCreate: false, importUpdate: false, create: true },
    });
    expect([r.rowUpdate, r.import, r.create]).toEqual([false, false, true]);
  });

  it('bulk delete needs a selection; detail update needs change and a non-root org', () => {
    expect(canBulkDelete({ bulkDelete: true }, 0)).toBe(false);
    expect(canBulkDelete({ bulkDelete: true }, 2)).toBe(true);
    expect(detailRights({ can: () => true, perms, rootOrg: true })).toEqual({ update: false, delete: true });
    expect(detailRights({ can: holding('users.change_usergroup'), perms, rootOrg: false })).toEqual({
      update: true,
      delete: false,
    });
  });
});
