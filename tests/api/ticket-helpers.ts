// Shared by the ticket api tests: the endpoints, the ticket shape, request bodies and actions.
import { Client, type TestServer } from './harness';
import { call } from './asset-helpers';

export const TICKETS = '/api/v1/tickets/tickets/';
export const OPEN = `${TICKETS}open/?type=apply_asset`;
export const COMMENTS = '/api/v1/tickets/comments/';
export const FLOWS = '/api/v1/tickets/flows/';
export const PERMISSIONS = '/api/v1/perms/asset-permissions/';

export interface Step {
  approval_level: number;
  state: string;
  assignees: string[];
  assignees_display: string[];
  approval_date?: string;
  processor?: string;
  processor_display?: string;
}

export interface TicketBody {
  id: string;
  title: string;
  type: string;
  type_display: string;
  meta: Record<string, unknown>;
  state: string;
  state_display: string;
  approval_step: number;
  status: string;
  status_display: string;
  applicant: string;
  applicant_display: string;
  process_map: Step[];
  date_created: string;
  date_updated: string;
  comment: string;
  org_id: string;
  org_name: string;
  body: string;
  serial_num: string;
}

export interface Person {
  id: string;
  client: Client;
}

/** A user with these org roles, signed in (English answers). */
export async function person(
  server: TestServer,
  username: string,
  orgRoles: Array<{ org: string; role: string }>,
  name = username,
): Promise<Person> {
  const password = `${username}-Pass-1`;
  const made = await server.createUser({ username, name, email: `${username}@t.test`, password, orgRoles });
  const client = new Client(server.baseUrl);
  await client.login(username, password);
  client.cookies.set('django_language', 'en');
  return { id: made.id, client };
}

/** An access period that is valid now, for a week. */
export const inAWeek = () => ({
  apply_date_start: new Date(Date.now() - 60_000).toISOString(),
  apply_date_expired: new Date(Date.now() + 7 * 86_400_000).toISOString(),
});

/** The body the console posts to open a request-asset ticket. */
export function request(title: string, org: string, meta: Record<string, unknown>): Record<string, unknown> {
  return {
    title,
    type: 'apply_asset',
    org_id: org,
    comment: '',
    meta: { apply_nodes: [], apply_system_users: [], apply_actions: ['connect'], ...inAWeek(), ...meta },
  };
}

/** approve / reject / close, with the body the console sends. */
export const act = (who: Client, id: string, action: string) =>
  call<TicketBody & { detail?: string; code?: string }>(who, 'PUT', `${TICKETS}${id}/${action}/`, {
    body: { meta: {} },
  });
