// Where the workbench talks to the server (the caller's own grants,
// docs/resources.md#what-a-user-was-granted, docs/resources.md#asset-permissions) and where its pages live in
// the console (docs/resources.md#the-workbench).
import { TICKETS_URL, WEB_TERMINAL_PATH } from '@bastion/sdk';

export { TICKETS_URL };
/** The caller's granted assets (paged; `search`, `node_id`, `order`) and one of them at `<id>/`. */
export const MY_ASSETS_URL = '/api/v1/perms/users/assets/';
/** The caller's granted nodes as a lazy zTree: no `key` = first level, `?key=` = children of that node. */
export const MY_NODES_TREE_URL = '/api/v1/perms/users/nodes/children/tree/';

/** The caller's favourite assets: list, star (POST `{asset}`), unstar (DELETE `<id>/`). */
export const FAVORITES_URL = '/api/v1/assets/favorite-assets/';

/** The caller's own sessions, newest first (docs/terminal.md#sessions). */
export const MY_SESSIONS_URL = '/api/v1/terminal/my-sessions/';

export const HOME_PATH = '/workbench/home';
export const ASSETS_PATH = '/workbench/assets';

export const VIEW_MY_ASSETS = 'perms.view_myassets';

/** Luna (the external web terminal) connects to one asset from `?login_to=<asset id>`. */
export function lunaUrl(assetId: string): string {
  return `${WEB_TERMINAL_PATH}?login_to=${encodeURIComponent(assetId)}`;
}

/** The generic ticket detail route: it sends typed tickets on to their own detail page. */
export function ticketPath(id: string): string {
  return `/tickets/${encodeURIComponent(id)}`;
}
