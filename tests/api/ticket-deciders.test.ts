// Issue 16 items 2 and 3. Ticket assignees were frozen when a ticket opened, so an assignee demoted or
// removed afterwards could still approve it (and the approval grants assets); and an applicant who was
// also an assignee approved his own ticket — with a custom-user flow naming him, an ordinary user granted
// himself assets. Now the people who may decide a step are resolved again from the flow in force at the
// moment of the decision, never include the applicant, and fall back to the super admins when nobody
// else is left (docs/security.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './harness';
import { ASSETS, addOrg, adminClient, call, type AssetBody } from './asset-helpers';
import { ROLE } from './identity-helpers';
import {
  FLOWS,
  OPEN,
  PERMISSIONS,
  TICKETS,
  act,
  person as signedIn,
  request,
  type Person,
  type TicketBody,
} from './ticket-helpers';

const USERS = '/api/v1/users/users/';
const ORG_ADMINS = '5a0e0000-0000-4000-8000-000000000001';
const ORG_CUSTOM = '5a0e0000-0000-4000-8000-000000000002';
const ORG_SELF = '5a0e0000-0000-4000-8000-000000000003';
const ORG_SOLE = '5a0e0000-0000-4000-8000-000000000004';
const ORG_SUPER = '5a0e0000-0000-4000-8000-000000000005';

let server: TestServer;
let admin: Client;
let adminId: string;
const assetIn = new Map<string, string>();

async function openTicket(who: Person, org: string, title: string): Promise<TicketBody> {
  const answer = await call<TicketBody>(who.client, 'POST', OPEN, {
    body: request(title, org, { apply_assets: [assetIn.get(org)] }),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const approve = (who: Client, id: string) => act(who, id, 'approve');

const person = (username: string, orgRoles: Array<{ org: string; role: string }>) =>
  signedIn(server, username, orgRoles);

/** "Assigned to me", open (what the navbar badge counts), as ids. */
async function awaiting(who: Person): Promise<string[]> {
  const page = await call<{ results: TicketBody[] }>(
    who.client,
    'GET',
    `${TICKETS}?assignees__id=${who.id}&status=open&limit=100&offset=0`,
  );
  return page.body.results.map((ticket) => ticket.id);
}

/** The asset permission an approval made (its id is the ticket's), or null. */
async function grantOf(ticketId: string, org: string): Promise<{ users: string[] } | null> {
  const answer = await call<{ users: string[] }>(admin, 'GET', `${PERMISSIONS}${ticketId}/`, { org });
  return answer.status === 200 ? answer.body : null;
}

/** Sets the user's roles in an org (as the super admin). */
async function setOrgRoles(userId: string, org: string, roles: string[]): Promise<void> {
  const changed = await call(admin, 'PATCH', `${USERS}${userId}/`, { body: { org_roles: roles }, org });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
}

async function flow(org: string, rules: Array<Record<string, unknown>>): Promise<void> {
  const made = await call(admin, 'POST', FLOWS, {
    body: { type: 'apply_asset', approval_level: rules.length, rules },
    org,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  adminId = (await call<{ id: string }>(admin, 'GET', '/api/v1/users/profile/')).body.id;
  for (const [org, name] of [
    [ORG_ADMINS, 'Admins decide'],
    [ORG_CUSTOM, 'Custom decides'],
    [ORG_SELF, 'Self'],
    [ORG_SOLE, 'Sole admin'],
    [ORG_SUPER, 'Super admins'],
  ] as const) {
    await addOrg(server, org, name);
    const asset = await call<AssetBody>(admin, 'POST', ASSETS, {
      body: { hostname: `db-${name.split(' ')[0]?.toLowerCase()}`, ip: '10.9.0.1', platform: 'Linux' },
      org,
    });
    expect(asset.status).toBe(201);
    assetIn.set(org, asset.body.id);
  }
  await flow(ORG_ADMINS, [{ strategy: 'org_admin' }]);
});

afterAll(async () => {
  await server.close();
});

describe('the people who decide a step are resolved when it is decided', () => {
  it('an org admin demoted after the ticket opened can no longer approve; the new one can', async () => {
    const formerAdmin = await person('former', [{ org: ORG_ADMINS, role: 'OrgAdmin' }]);
    const nextAdmin = await person('successor', [{ org: ORG_ADMINS, role: 'OrgUser' }]);
    const applicant = await person('requester', [{ org: ORG_ADMINS, role: 'OrgUser' }]);
    const ticket = await openTicket(applicant, ORG_ADMINS, 'Need db');
    expect(ticket.process_map[0]?.assignees).toEqual([formerAdmin.id]);
    expect(await awaiting(formerAdmin)).toEqual([ticket.id]);

    await setOrgRoles(formerAdmin.id, ORG_ADMINS, [ROLE.OrgUser]);
    await setOrgRoles(nextAdmin.id, ORG_ADMINS, [ROLE.OrgAdmin]);
    // The attack: the demoted admin approves the ticket he was assigned at opening.
    const refused = await approve(formerAdmin.client, ticket.id);
    expect(refused.status).toBe(403);
    expect(await grantOf(ticket.id, ORG_ADMINS)).toBeNull();
    // His badge no longer counts it; his successor's does, and he sees and decides it.
    expect(await awaiting(formerAdmin)).toEqual([]);
    expect(await awaiting(nextAdmin)).toEqual([ticket.id]);
    expect((await call(nextAdmin.client, 'GET', `${TICKETS}${ticket.id}/`)).status).toBe(200);
    const comments = await call<unknown[]>(
      nextAdmin.client,
      'GET',
      `/api/v1/tickets/comments/?ticket_id=${ticket.id}`,
    );
    expect(comments.status).toBe(200);
    const approved = await approve(nextAdmin.client, ticket.id);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ state: 'approved', status: 'closed' });
    // The step records who could decide it then, and who did.
    expect(approved.body.process_map[0]).toMatchObject({
      assignees: [nextAdmin.id],
      processor: nextAdmin.id,
    });
    expect((await grantOf(ticket.id, ORG_ADMINS))?.users).toEqual([applicant.id]);
  });

  it('a custom approver removed from the org can no longer approve; the super admins decide instead', async () => {
    const approver = await person('approver', [{ org: ORG_CUSTOM, role: 'OrgUser' }]);
    const applicant = await person('asker', [{ org: ORG_CUSTOM, role: 'OrgUser' }]);
    await flow(ORG_CUSTOM, [{ strategy: 'custom_user', assignees: [approver.id] }]);
    const ticket = await openTicket(applicant, ORG_CUSTOM, 'Need custom');
    expect(ticket.process_map[0]?.assignees).toEqual([approver.id]);
    const removed = await call(admin, 'POST', `${USERS}${approver.id}/remove/`, { org: ORG_CUSTOM });
    expect(removed.status).toBe(204);
    expect((await approve(approver.client, ticket.id)).status).toBe(403);
    expect(await grantOf(ticket.id, ORG_CUSTOM)).toBeNull();
    expect(await awaiting({ id: adminId, client: admin })).toContain(ticket.id);
    const decided = await approve(admin, ticket.id);
    expect(decided.status).toBe(200);
    expect(decided.body.process_map[0]?.assignees).toEqual([adminId]);
  });
});

describe('nobody approves their own request', () => {
  it('an ordinary user named as the custom approver cannot grant himself assets', async () => {
    const user = await person('selfish', [{ org: ORG_SELF, role: 'OrgUser' }]);
    await flow(ORG_SELF, [{ strategy: 'custom_user', assignees: [user.id] }]);
    const ticket = await openTicket(user, ORG_SELF, 'Give me db');
    // He is left out of the assignees; nobody else is named, so the super admins decide.
    expect(ticket.process_map[0]?.assignees).toEqual([adminId]);
    expect(await awaiting(user)).toEqual([]);
    const refused = await approve(user.client, ticket.id);
    expect(refused.status).toBe(403);
    expect(await grantOf(ticket.id, ORG_SELF)).toBeNull();
    const granted = await call<{ count: number }>(user.client, 'GET', '/api/v1/perms/users/assets/?limit=1', {
      org: ORG_SELF,
    });
    expect(granted.status).toBe(200);
    expect(granted.body.count).toBe(0);
    expect((await approve(admin, ticket.id)).status).toBe(200);
    expect((await grantOf(ticket.id, ORG_SELF))?.users).toEqual([user.id]);
  });

  it('the only org admin opening a ticket in an org_admin flow goes to the super admins', async () => {
    const soleAdmin = await person('sole', [{ org: ORG_SOLE, role: 'OrgAdmin' }]);
    await flow(ORG_SOLE, [{ strategy: 'org_admin' }]);
    const ticket = await openTicket(soleAdmin, ORG_SOLE, 'Admin wants db');
    expect(ticket.process_map[0]?.assignees).toEqual([adminId]);
    expect((await approve(soleAdmin.client, ticket.id)).status).toBe(403);
    expect(await grantOf(ticket.id, ORG_SOLE)).toBeNull();
  });

  it('a super admin who applies is left out too: another super admin decides', async () => {
    const second = await person('second', [{ org: ORG_SUPER, role: 'OrgUser' }]);
    const bound = await call(admin, 'PATCH', `${USERS}${second.id}/`, {
      body: { system_roles: [ROLE.SystemAdmin] },
      org: ORG_SUPER,
    });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    await flow(ORG_SUPER, [{ strategy: 'super_admin' }]);
    const ticket = await openTicket(second, ORG_SUPER, 'Super wants db');
    expect(ticket.process_map[0]?.assignees).toEqual([adminId]);
    expect((await approve(second.client, ticket.id)).status).toBe(403);
    expect(await awaiting({ id: adminId, client: admin })).toContain(ticket.id);
  });
});
