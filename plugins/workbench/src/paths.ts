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

/** Batch commands (docs/batch-commands.md): run, the system users one may run as, the permitted hosts' tree. */
export const COMMAND_EXECUTIONS_URL = '/api/v1/ops/command-executions/';
export const RUN_AS_URL = '/api/v1/perms/system-users-permission/';
export const BATCH_COMMAND_TREE_URL = '/api/v1/perms/users/nodes-with-assets/tree/';

export const HOME_PATH = '/workbench/home';
export const ASSETS_PATH = '/workbench/assets';

export const BATCH_COMMAND_PATH = '/workbench/ops';
/** The console's page of the same (the job center's "batch command"). */
export const CONSOLE_BATCH_COMMAND_PATH = '/console/ops/command-executions/create';

export const VIEW_MY_ASSETS = 'perms.view_myassets';
export const ADD_COMMAND_EXECUTION = 'ops.add_commandexecution';
/** The security setting that switches batch commands on. */
export const COMMAND_EXECUTION_SETTING = 'SECURITY_COMMAND_EXECUTION';

/** Luna (the external web terminal) connects to one asset from `?login_to=<asset id>`. */
export function lunaUrl(assetId: string): string {
  return `${WEB_TERMINAL_PATH}?login_to=${encodeURIComponent(assetId)}`;
}

/** The generic ticket detail route: it sends typed tickets on to their own detail page. */
export function ticketPath(id: string): string {
  return `/tickets/${encodeURIComponent(id)}`;
}
