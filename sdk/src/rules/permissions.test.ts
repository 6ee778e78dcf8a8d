import { describe, expect, it } from 'vitest';
import {
  hasPermissions,
  inferRouteAction,
  permActionOf,
  requiredPermission,
  resourceOfApiPath,
} from './permissions';

const held = ['users.view_user', 'users.add_user', 'assets.view_asset'];

describe('hasPermissions (docs/permissions.md#permission-codes)', () => {
  it('passes an empty or missing requirement', () => {
    expect(hasPermissions(held, [])).toBe(true);
    expect(hasPermissions(held, undefined)).toBe(true);
    expect(hasPermissions([], [])).toBe(true);
  });

  it('accepts a single code', () => {
    expect(hasPermissions(held, 'users.view_user')).toBe(true);
    expect(hasPermissions(held, 'users.delete_user')).toBe(false);
  });

  it('requires every entry of a list (all-of)', () => {
    expect(hasPermissions(held, ['users.view_user', 'users.add_user'])).toBe(true);
    expect(hasPermissions(held, ['users.view_user', 'users.change_user'])).toBe(false);
  });

  it('passes an entry with | when any alternative is held', () => {
    expect(hasPermissions(held, ['users.change_user|users.add_user'])).toBe(true);
    expect(hasPermissions(held, ['users.change_user|users.delete_user'])).toBe(false);
    expect(hasPermissions(held, ['users.change_user | assets.view_asset', 'users.view_user'])).toBe(true);
    expect(hasPermissions(held, ['users.change_user|users.add_user', 'orgs.view_organization'])).toBe(false);
  });

  it('accepts a Set of held codes', () => {
    expect(hasPermissions(new Set(held), 'assets.view_asset')).toBe(true);
  });
});

describe('route actions', () => {
  it('maps create→add, update→change, list/retrieve→view, destroy→delete', () => {
    expect(permActionOf('create')).toBe('add');
    expect(permActionOf('update')).toBe('change');
    expect(permActionOf('list')).toBe('view');
    expect(permActionOf('retrieve')).toBe('view');
    expect(permActionOf('destroy')).toBe('delete');
  });

  it('infers the action from the path', () => {
    expect(inferRouteAction('/console/users/create')).toBe('create');
    expect(inferRouteAction('/console/users/:id/update')).toBe('update');
    expect(inferRouteAction('/console/users/:id/delete')).toBe('destroy');
    expect(inferRouteAction('/console/users/:id')).toBe('retrieve');
    expect(inferRouteAction('/console/users/5d3c1a2b-0000-4a4a-8b8b-0123456789ab')).toBe('retrieve');
    expect(inferRouteAction('/console/users')).toBe('list');
    expect(inferRouteAction('/console/users/?search=x')).toBe('list');
  });
});

describe('app and resource from the API path', () => {
  it('reads /api/v1/<app>/<resource>s/', () => {
    expect(resourceOfApiPath('/api/v1/users/users/')).toEqual({ app: 'users', resource: 'user' });
    expect(resourceOfApiPath('/api/v1/assets/system-users/12/')).toEqual({
      app: 'assets',
      resource: 'systemuser',
    });
    expect(resourceOfApiPath('/console/users')).toBeNull();
  });

  it('builds the required permission', () => {
    expect(requiredPermission({ apiPath: '/api/v1/users/users/', pagePath: '/console/users' })).toBe(
      'users.view_user',
    );
    expect(requiredPermission({ apiPath: '/api/v1/users/users/', pagePath: '/console/users/create' })).toBe(
      'users.add_user',
    );
    expect(
      requiredPermission({ apiPath: '/api/v1/users/users/', pagePath: '/console/users/:id/update' }),
    ).toBe('users.change_user');
    expect(requiredPermission({ app: 'assets', resource: 'asset', action: 'destroy' })).toBe(
      'assets.delete_asset',
    );
    expect(requiredPermission({ pagePath: '/console/users' })).toBeNull();
  });
});
