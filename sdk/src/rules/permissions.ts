/**
 * Permission rules of docs/permissions.md#permission-codes. Codes are `app.action_resource` (e.g.
 * `users.view_user`); actions are add, change, delete and view.
 */

/** One code, or a list of which every entry is required; an entry `a|b` passes when either is held. */
export type PermissionRequirement = string | readonly string[];

export type PermAction = 'add' | 'change' | 'delete' | 'view';
export type RouteAction = 'create' | 'update' | 'list' | 'retrieve' | 'destroy';

const ROUTE_TO_PERM: Readonly<Record<RouteAction, PermAction>> = {
  create: 'add',
  update: 'change',
  list: 'view',
  retrieve: 'view',
  destroy: 'delete',
};

/** create → add, update → change, list/retrieve → view, destroy → delete. */
export function permActionOf(action: RouteAction): PermAction {
  return ROUTE_TO_PERM[action];
}

function toList(required: PermissionRequirement | undefined): readonly string[] {
  if (required === undefined) return [];
  return typeof required === 'string' ? [required] : required;
}

/** True when `held` satisfies every entry of `required` (an empty requirement always passes). */
export function hasPermissions(held: Iterable<string>, required: PermissionRequirement | undefined): boolean {
  const set = held instanceof Set ? (held as ReadonlySet<string>) : new Set(held);
  return toList(required).every((entry) =>
    entry
      .split('|')
      .map((alt) => alt.trim())
      .filter(Boolean)
      .some((alt) => set.has(alt)),
  );
}

const UUID_LIKE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Infer the route action from a page path (docs/permissions.md#permission-codes): …/create → create, …/update
 * → update, …/delete → destroy, a trailing `:id` (or a concrete uuid-looking id) → retrieve, anything else →
 * list.
 */
export function inferRouteAction(path: string): RouteAction {
  const segments = path.split(/[?#]/, 1)[0]!.split('/').filter(Boolean);
  const last = segments[segments.length - 1] ?? '';
  if (last === 'create') return 'create';
  if (last === 'update') return 'update';
  if (last === 'delete') return 'destroy';
  if (last.startsWith(':') || UUID_LIKE.test(last)) return 'retrieve';
  return 'list';
}

/** app and resource from an API path `/api/v1/<app>/<resource>s/…` (plural `s` dropped). */
export function resourceOfApiPath(apiPath: string): { app: string; resource: string } | null {
  const match = /\/api\/v1\/([\w-]+)\/([\w-]+)\//.exec(apiPath);
  if (!match) return null;
  const app = match[1]!;
  const plural = match[2]!.replace(/-/g, '');
  const resource = plural.endsWith('s') ? plural.slice(0, -1) : plural;
  return { app, resource };
}

/** Build a permission code, e.g. `permissionCode('users', 'view', 'user')` → `users.view_user`. */
export function permissionCode(app: string, action: PermAction, resource: string): string {
  return `${app}.${action}_${resource}`;
}

/**
 * The permission a page needs: app and resource from the API path (or given explicitly, as route meta may),
 * action from the route action (given or inferred from the page path).
 */
export function requiredPermission(input: {
  apiPath?: string;
  app?: string;
  resource?: string;
  action?: RouteAction;
  pagePath?: string;
}): string | null {
  const fromApi = input.apiPath ? resourceOfApiPath(input.apiPath) : null;
  const app = input.app ?? fromApi?.app;
  const resource = input.resource ?? fromApi?.resource;
  if (!app || !resource) return null;
  const action = input.action ?? inferRouteAction(input.pagePath ?? '');
  return permissionCode(app, permActionOf(action), resource);
}
