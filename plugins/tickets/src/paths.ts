// Where the tickets area talks to the server (docs/tickets.md, docs/tickets.md#words, docs/tickets.md#flows)
// and where its pages live in the console.
import { TICKETS_URL } from '@bastion/sdk';

// The ticket list URL is the SDK's (the navbar badge counts from it as well); re-exported so every address
// of the area is imported from this one file.
export { TICKETS_URL };
export const COMMENTS_URL = '/api/v1/tickets/comments/';
export const FLOWS_URL = '/api/v1/tickets/flows/';
export const USERS_URL = '/api/v1/users/users/';
export const NODES_URL = '/api/v1/assets/nodes/';
export const ASSETS_URL = '/api/v1/assets/assets/';
export const ASSET_PERMISSIONS_URL = '/api/v1/perms/asset-permissions/';

/** The form metadata of an apply_asset ticket (`action=open` describes `meta` as a nested object). */
export const APPLY_ASSET_META_URL = `${TICKETS_URL}?type=apply_asset&action=open`;
export const APPLY_ASSET_OPEN_URL = `${TICKETS_URL}open/?type=apply_asset`;

export const TICKETS_PATH = '/tickets/tickets';
export const FLOWS_PATH = '/tickets/flow';
export const REQUEST_ASSET_PATH = '/tickets/request-asset-perm';

/**
 * Tabs of the ticket list. The default is "Assigned to me": the navbar badge counts open tickets assigned to
 * me and its link (`/tickets`, the view index) opens the list; the kit's remembered tab applies as on every
 * tab page.
 */
export const TAB_MINE = 'myTickets';
export const TAB_ASSIGNED = 'assignedMe';
export const MY_LIST_PATH = `${TICKETS_PATH}?activeTab=${TAB_MINE}`;

/**
 * The typed detail routes (docs/tickets.md#in-the-console); a type without one is shown on the generic
 * `/tickets/:id`.
 */
export const TYPED_SEGMENTS: Readonly<Record<string, string>> = {
  apply_asset: 'request-asset-perm',
  apply_application: 'request-application-perm',
  login_asset_confirm: 'login-asset-confirm',
  login_confirm: 'login-confirm',
  command_confirm: 'command-confirm',
};

export function typedDetailPath(type: unknown, id: string): string {
  const segment = TYPED_SEGMENTS[String(type)];
  return segment ? `/tickets/${segment}/${encodeURIComponent(id)}` : `/tickets/${encodeURIComponent(id)}`;
}
