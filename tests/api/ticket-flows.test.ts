// Ticket flows (docs/tickets.md#flows): install data, the org/Root inheritance, copy on update,
// one flow per type per org, rule validation, no delete, and creation reserved to SystemAdmin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';
import { addOrg, adminClient, call } from './asset-helpers';
import { replaceRolePermissions } from '../../server/src/data/stores/role-permissions';
import { DEFAULT_ORG_ID, ROOT_ORG_ID } from '../../server/src/orgs/org-ids';

const FLOWS = '/api/v1/tickets/flows/';
const ORG_B = '71c4e700-0000-4000-8000-0000000000b2';

interface Rule {
  level: number;
  strategy: string;
  strategy_display: string;
  assignees_read_only: string[];
  assignees_display: string[];
}

interface FlowBody {
  id: string;
  type: string;
  type_display: string;
  approval_level: number;
  created_by: string;
  date_created: string;
  date_updated: string;
  org_id: string;
  org_name: string;
  rules: Rule[];
}

let server: TestServer;
let admin: Client;
let bobId: string;
let flowEditor: Client;
let orgAdmin: Client;

async function signIn(username: string): Promise<Client> {
  const client = new Client(server.baseUrl);
  await client.login(username, `${username}-Pass-1`);
  client.cookies.set('django_language', 'en');
  return client;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  admin.cookies.set('django_language', 'en');
  await addOrg(server, ORG_B, 'Org B');
  bobId = (
    await server.createUser({
      username: 'bob',
      name: 'Bob',
      email: 'bob@t.test',
      password: 'bob-Pass-1',
      orgRoles: [{ org: DEFAULT_ORG_ID, role: 'OrgAdmin' }],
    })
  ).id;
  // A custom system role holding every flow code: add and delete stay unusable anyway
  // (docs/tickets.md#flows).
  const role = await call<{ id: string }>(admin, 'POST', '/api/v1/rbac/system-roles/', {
    body: { name: 'flow-editors' },
  });
  await replaceRolePermissions(server.app.db, role.body.id, [
    'tickets.view_ticketflow',
    'tickets.add_ticketflow',
    'tickets.change_ticketflow',
    'tickets.delete_ticketflow',
    'rbac.view_console',
  ]);
  await server.createUser({
    username: 'editor',
    email: 'editor@t.test',
    password: 'editor-Pass-1',
    systemRoles: ['User', role.body.id],
    orgRoles: [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }],
  });
  flowEditor = await signIn('editor');
  orgAdmin = await signIn('bob');
});

afterAll(async () => {
  await server.close();
});

const list = (who: Client, org: string) => call<FlowBody[]>(who, 'GET', FLOWS, { org });
const byType = (flows: FlowBody[], type: string) => flows.find((flow) => flow.type === type) as FlowBody;

describe('install data', () => {
  it('a fresh database has global super-admin flows for the two request types', async () => {
    const root = await list(admin, ROOT_ORG_ID);
    expect(root.status).toBe(200);
    expect(root.body.map((flow) => flow.type).sort()).toEqual(['apply_application', 'apply_asset']);
    const flow = byType(root.body, 'apply_asset');
    expect(flow).toMatchObject({
      type_display: 'Apply for asset',
      approval_level: 1,
      org_id: ROOT_ORG_ID,
      org_name: 'GLOBAL',
      created_by: 'System',
      rules: [
        {
          level: 1,
          strategy: 'super_admin',
          strategy_display: 'Super admin',
          assignees_read_only: [],
          assignees_display: ['Administrator(admin)'],
        },
      ],
    });
    expect(flow).not.toHaveProperty('rule_set');
    expect(flow.rules[0]).not.toHaveProperty('assignees');
    // Every org inherits them until it has its own.
    expect((await list(admin, ORG_B)).body.map((f) => f.id).sort()).toEqual(
      root.body.map((f) => f.id).sort(),
    );
  });
});

describe('copy on update and uniqueness', () => {
  it('updating a Root flow from an org makes an org copy and leaves the global one alone', async () => {
    const root = byType((await list(admin, ROOT_ORG_ID)).body, 'apply_asset');
    const updated = await call<FlowBody>(admin, 'PUT', `${FLOWS}${root.id}/`, {
      body: {
        type: 'apply_asset',
        approval_level: 2,
        rules: [{ strategy: 'org_admin' }, { strategy: 'custom_user', assignees: [bobId] }],
      },
      org: DEFAULT_ORG_ID,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.id).not.toBe(root.id);
    expect(updated.body).toMatchObject({
      org_id: DEFAULT_ORG_ID,
      org_name: 'Default',
      approval_level: 2,
      created_by: 'admin',
      rules: [
        {
          level: 1,
          strategy: 'org_admin',
          assignees_read_only: [],
          assignees_display: ['Administrator(admin)', 'Bob(bob)'],
        },
        { level: 2, strategy: 'custom_user', assignees_read_only: [bobId], assignees_display: ['Bob(bob)'] },
      ],
    });
    const global = await call<FlowBody>(admin, 'GET', `${FLOWS}${root.id}/`, { org: ROOT_ORG_ID });
    expect(global.body).toMatchObject({ approval_level: 1, rules: [{ strategy: 'super_admin' }] });
    // The org now lists its copy and still inherits the other type; the overridden Root flow is hidden.
    const inDefault = (await list(admin, DEFAULT_ORG_ID)).body;
    expect(inDefault.map((f) => [f.type, f.org_id]).sort()).toEqual([
      ['apply_application', ROOT_ORG_ID],
      ['apply_asset', DEFAULT_ORG_ID],
    ]);
    expect((await call(admin, 'GET', `${FLOWS}${root.id}/`, { org: DEFAULT_ORG_ID })).status).toBe(404);
    // Another org is unaffected.
    expect(byType((await list(admin, ORG_B)).body, 'apply_asset').id).toBe(root.id);
    // Updating the org's own flow changes it in place.
    const again = await call<FlowBody>(admin, 'PATCH', `${FLOWS}${updated.body.id}/`, {
      body: { approval_level: 1, rules: [{ strategy: 'super_org_admin' }] },
      org: DEFAULT_ORG_ID,
    });
    expect(again.body).toMatchObject({ id: updated.body.id, approval_level: 1 });
  });

  it('allows one flow per type per org', async () => {
    const dup = await call(admin, 'POST', FLOWS, {
      body: { type: 'apply_asset', approval_level: 1, rules: [{ strategy: 'super_admin' }] },
      org: DEFAULT_ORG_ID,
    });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ type: ['The current organization type already exists'] });
    const rootDup = await call(admin, 'POST', FLOWS, {
      body: { type: 'apply_application', approval_level: 1, rules: [{ strategy: 'super_admin' }] },
      org: ROOT_ORG_ID,
    });
    expect(rootDup.status).toBe(400);
    const general = await call<FlowBody>(admin, 'POST', FLOWS, {
      body: { type: 'general', approval_level: 1, rules: [{ strategy: 'org_admin' }] },
      org: ORG_B,
    });
    expect(general.status).toBe(201);
    expect(general.body).toMatchObject({ org_id: ORG_B, type: 'general' });
    const other = await call<FlowBody>(admin, 'POST', FLOWS, {
      body: { type: 'login_confirm', approval_level: 1, rules: [{ strategy: 'super_admin' }] },
      org: ORG_B,
    });
    expect(other.status).toBe(201);
    const clash = await call(admin, 'PATCH', `${FLOWS}${other.body.id}/`, {
      body: { type: 'general' },
      org: ORG_B,
    });
    expect(clash.status).toBe(400);
    expect(clash.body).toEqual({ type: ['The current organization type already exists'] });
    // Its own type again is no clash.
    const same = await call(admin, 'PATCH', `${FLOWS}${other.body.id}/`, {
      body: { type: 'login_confirm' },
      org: ORG_B,
    });
    expect(same.status).toBe(200);
  });
});

describe('rules', () => {
  it('custom_user needs assignees; errors stay keyed by rule', async () => {
    const missing = await call(admin, 'POST', FLOWS, {
      body: {
        type: 'command_confirm',
        approval_level: 2,
        rules: [{ strategy: 'super_admin' }, { strategy: 'custom_user', assignees: [] }],
      },
      org: ORG_B,
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ rules: [{}, { assignees: ['Please select the Assignees'] }] });
    const single = await call(admin, 'POST', FLOWS, {
      body: { type: 'command_confirm', approval_level: 1, rules: [{ strategy: 'custom_user' }] },
      org: ORG_B,
    });
    expect(single.body).toEqual({ rules: [{ assignees: ['Please select the Assignees'] }] });
  });

  it('never answers 500 to bad rules or bad input', async () => {
    const bodies: unknown[] = [
      {},
      { type: 'command_confirm', approval_level: 1 },
      { type: 'command_confirm', approval_level: 1, rules: 'super_admin' },
      { type: 'command_confirm', approval_level: 1, rules: [] },
      { type: 'command_confirm', approval_level: 3, rules: [{ strategy: 'super_admin' }] },
      { type: 'command_confirm', approval_level: 2, rules: [{ strategy: 'super_admin' }] },
      { type: 'command_confirm', approval_level: 1, rules: [{ strategy: 'boss' }] },
      { type: 'command_confirm', approval_level: 1, rules: [null] },
      { type: 'command_confirm', approval_level: 1, rules: [{ strategy: 'custom_user', assignees: 'bob' }] },
      { type: 'command_confirm', approval_level: 1, rules: [{ strategy: 'custom_user', assignees: [{}] }] },
      {
        type: 'command_confirm',
        approval_level: 1,
        rules: [{ strategy: 'custom_user', assignees: ['nobody'] }],
      },
      { type: 'x'.repeat(10_000), approval_level: 1, rules: [{ strategy: 'super_admin' }] },
      {
        type: 'command_confirm',
        approval_level: 1,
        rules: [{ strategy: 'super_admin' }, { strategy: 'super_admin' }, { strategy: 'super_admin' }],
      },
    ];
    for (const body of bodies) {
      const answer = await call(admin, 'POST', FLOWS, { body, org: ORG_B });
      expect(answer.status, JSON.stringify(body).slice(0, 120)).toBe(400);
    }
  });
});

describe('permissions', () => {
  it('DELETE is 405 for everyone, bulk included', async () => {
    const flow = byType((await list(admin, ROOT_ORG_ID)).body, 'apply_application');
    expect((await call(admin, 'DELETE', `${FLOWS}${flow.id}/`, { org: ROOT_ORG_ID })).status).toBe(405);
    expect((await call(admin, 'DELETE', `${FLOWS}?ids=${flow.id}`, { org: ROOT_ORG_ID })).status).toBe(405);
    expect((await call(flowEditor, 'DELETE', `${FLOWS}${flow.id}/`)).status).toBe(405);
  });

  it('only SystemAdmin creates, even against a role holding add; change holders copy and edit', async () => {
    const denied = await call(flowEditor, 'POST', FLOWS, {
      body: { type: 'command_confirm', approval_level: 1, rules: [{ strategy: 'super_admin' }] },
      org: DEFAULT_ORG_ID,
    });
    expect(denied.status).toBe(403);
    const root = byType((await list(flowEditor, ORG_B)).body, 'apply_application');
    const copy = await call<FlowBody>(flowEditor, 'PATCH', `${FLOWS}${root.id}/`, {
      body: { rules: [{ strategy: 'org_admin' }] },
      org: ORG_B,
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body).toMatchObject({
      org_id: ORG_B,
      created_by: 'editor',
      rules: [{ strategy: 'org_admin' }],
    });
    // Org admins hold no flow code at all (system scope).
    expect((await call(orgAdmin, 'GET', FLOWS)).status).toBe(403);
    expect(
      (
        await call(orgAdmin, 'POST', FLOWS, {
          body: { type: 'general', approval_level: 1, rules: [{ strategy: 'super_admin' }] },
        })
      ).status,
    ).toBe(403);
    const anonymous = new Client(server.baseUrl);
    expect((await call(anonymous, 'GET', FLOWS)).status).toBe(401);
  });
});
