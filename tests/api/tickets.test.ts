// Tickets (docs/tickets.md#words, docs/tickets.md#comments, docs/tickets.md#opening): open → approve (1 and 2
// levels) → the asset permission, reject, close, visibility, comments, escaping of the server-built HTML,
// hostile input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from './harness';
import { ASSETS, NODES, addOrg, adminClient, call, type AssetBody, type NodeBody } from './asset-helpers';
import { DEFAULT_ORG_ID, ROOT_ORG_ID } from '../../server/src/orgs/org-ids';
import {
  COMMENTS,
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

const MESSAGES = '/api/v1/notifications/site-message/';

/** An org with a two-level flow (its OrgAdmin, then a custom user) and an org Alice is no member of. */
const ORG_TWO = '71c4e700-0000-4000-8000-000000000002';
const ORG_OTHER = '71c4e700-0000-4000-8000-000000000003';

interface CommentBody {
  id: string;
  body: string;
  user: string;
  user_display: string;
  ticket: string;
  date_created: string;
  date_updated: string;
}

let server: TestServer;
let admin: Client;
let adminId: string;
let alice: Person;
let bob: Person;
let carol: Person;
let mallory: Person;
let defaultAsset: AssetBody;
let defaultNode: NodeBody;
let twoAsset: AssetBody;
let otherAsset: AssetBody;

const open = (who: Client, body: unknown, url = OPEN) => call<TicketBody>(who, 'POST', url, { body });

async function opened(who: Client, body: Record<string, unknown>): Promise<TicketBody> {
  const answer = await open(who, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  admin.cookies.set('django_language', 'en');
  await addOrg(server, ORG_TWO, 'Two');
  await addOrg(server, ORG_OTHER, 'Other');
  const me = await call<{ id: string }>(admin, 'GET', '/api/v1/users/profile/');
  adminId = me.body.id;
  alice = await signedIn(
    server,
    'alice',
    [
      { org: DEFAULT_ORG_ID, role: 'OrgUser' },
      { org: ORG_TWO, role: 'OrgUser' },
    ],
    'Alice',
  );
  bob = await signedIn(server, 'bob', [{ org: ORG_TWO, role: 'OrgAdmin' }], 'Bob');
  carol = await signedIn(server, 'carol', [{ org: ORG_TWO, role: 'OrgUser' }], 'Carol');
  mallory = await signedIn(server, 'mallory', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }], 'Mallory');
  defaultNode = (await call<NodeBody>(admin, 'POST', NODES, { body: { value: 'db' } })).body;
  defaultAsset = (
    await call<AssetBody>(admin, 'POST', ASSETS, {
      body: { hostname: 'db01', ip: '10.0.0.1', platform: 'Linux' },
    })
  ).body;
  twoAsset = (
    await call<AssetBody>(admin, 'POST', ASSETS, {
      body: { hostname: 'two01', ip: '10.0.2.1', platform: 'Linux' },
      org: ORG_TWO,
    })
  ).body;
  otherAsset = (
    await call<AssetBody>(admin, 'POST', ASSETS, {
      body: { hostname: 'other01', ip: '10.0.3.1', platform: 'Linux' },
      org: ORG_OTHER,
    })
  ).body;
  // Org Two approves in two levels: its OrgAdmin (Bob), then Carol.
  const flow = await call(admin, 'POST', FLOWS, {
    body: {
      type: 'apply_asset',
      approval_level: 2,
      rules: [{ strategy: 'org_admin' }, { strategy: 'custom_user', assignees: [carol.id] }],
    },
    org: ORG_TWO,
  });
  expect(flow.status, JSON.stringify(flow.body)).toBe(201);
});

afterAll(async () => {
  await server.close();
});

describe('opening a request-asset ticket', () => {
  it('answers 201 with the ticket: serial number, process map, displays, escaped body', async () => {
    const ticket = await opened(
      alice.client,
      request('Need db01', DEFAULT_ORG_ID, {
        apply_assets: [defaultAsset.id],
        apply_nodes: [defaultNode.id],
      }),
    );
    expect(ticket).toMatchObject({
      title: 'Need db01',
      type: 'apply_asset',
      type_display: 'Apply for asset',
      state: 'open',
      status: 'open',
      status_display: 'Open',
      approval_step: 1,
      applicant: alice.id,
      applicant_display: 'Alice(alice)',
      org_id: DEFAULT_ORG_ID,
      org_name: 'Default',
      comment: '',
    });
    expect(ticket.serial_num).toMatch(/^\d{8}\d{4}$/);
    expect(ticket.process_map).toEqual([
      {
        approval_level: 1,
        state: 'notified',
        assignees: [adminId],
        assignees_display: ['Administrator(admin)'],
      },
    ]);
    expect(ticket.meta).toMatchObject({
      apply_permission_name: `Created by ticket (Need db01-${ticket.id.slice(0, 4)})`,
      apply_assets: [defaultAsset.id],
      apply_assets_display: ['db01(10.0.0.1)'],
      apply_nodes: [defaultNode.id],
      apply_nodes_display: ['/Default/db'],
      apply_system_users: [],
      apply_actions: ['connect'],
      apply_actions_display: ['Connect'],
    });
    expect(ticket.meta.apply_date_start).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(ticket.body).toContain('Need db01');
    expect(ticket.body).toContain('db01(10.0.0.1)');
    const again = await opened(
      alice.client,
      request('Need db01', DEFAULT_ORG_ID, { apply_assets: [defaultAsset.id] }),
    );
    expect(Number(again.serial_num)).toBe(Number(ticket.serial_num) + 1);
  });

  it('tells the assignees with a site message and leaves an "open" comment', async () => {
    const ticket = await opened(
      alice.client,
      request('Ping admin', DEFAULT_ORG_ID, { apply_assets: [defaultAsset.id] }),
    );
    const inbox = await call<Array<{ subject: string; message: string }>>(admin, 'GET', MESSAGES);
    expect(inbox.body.some((m) => m.subject.includes('Ping admin'))).toBe(true);
    const comments = await call<CommentBody[]>(alice.client, 'GET', `${COMMENTS}?ticket_id=${ticket.id}`);
    expect(comments.body.map((c) => c.body)).toEqual(['Alice(alice) Open the ticket']);
  });

  it('refuses an org the applicant is not a member of, and another org’s assets', async () => {
    const foreign = await open(alice.client, request('x', ORG_OTHER, { apply_assets: [otherAsset.id] }));
    expect(foreign.status).toBe(400);
    expect(foreign.body).toHaveProperty('org_id');
    const unknownOrg = await open(alice.client, request('x', '71c4e700-0000-4000-8000-0000000000ff', {}));
    expect(unknownOrg.status).toBe(400);
    expect(unknownOrg.body).toMatchObject({
      org_id: ['The organization `71c4e700-0000-4000-8000-0000000000ff` does not exist'],
    });
    const crossAsset = await open(
      alice.client,
      request('x', DEFAULT_ORG_ID, { apply_assets: [otherAsset.id] }),
    );
    expect(crossAsset.status).toBe(400);
    expect(crossAsset.body).toMatchObject({
      meta: { apply_assets: [expect.stringContaining(otherAsset.id)] },
    });
    const crossNode = await open(alice.client, request('x', ORG_TWO, { apply_nodes: [defaultNode.id] }));
    expect(crossNode.status).toBe(400);
    expect(crossNode.body).toHaveProperty('meta.apply_nodes');
  });

  it('checks the meta per contract: an asset or node, later expiry, free permission name', async () => {
    const none = await open(alice.client, request('x', DEFAULT_ORG_ID, {}));
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      meta: {
        apply_nodes: ['Select at least one asset or node'],
        apply_assets: ['Select at least one asset or node'],
      },
    });
    const backwards = await open(
      alice.client,
      request('x', DEFAULT_ORG_ID, {
        apply_assets: [defaultAsset.id],
        apply_date_start: '2030-01-02T00:00:00Z',
        apply_date_expired: '2030-01-01T00:00:00Z',
      }),
    );
    expect(backwards.body).toHaveProperty('meta.apply_date_expired');
    await call(admin, 'POST', PERMISSIONS, { body: { name: 'taken-name' } });
    const taken = await open(
      alice.client,
      request('x', DEFAULT_ORG_ID, { apply_assets: [defaultAsset.id], apply_permission_name: 'taken-name' }),
    );
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({
      meta: { apply_permission_name: ['Permission named `taken-name` already exists'] },
    });
    const systemUsers = await open(
      alice.client,
      request('x', DEFAULT_ORG_ID, {
        apply_assets: [defaultAsset.id],
        apply_system_users: ['9f1c4e70-0000-4000-8000-000000000001'],
      }),
    );
    expect(systemUsers.body).toHaveProperty('meta.apply_system_users');
  });

  it('answers 400 for application requests, system-made types and a type that is not the url’s', async () => {
    const application = await open(
      alice.client,
      { title: 'app', type: 'apply_application', org_id: DEFAULT_ORG_ID, meta: {} },
      `${TICKETS}open/?type=apply_application`,
    );
    expect(application.status).toBe(400);
    expect(JSON.stringify(application.body)).toContain('no applications');
    alice.client.cookies.set('django_language', 'zh-hans');
    const zh = await open(
      alice.client,
      { title: 'app', type: 'apply_application', org_id: DEFAULT_ORG_ID },
      `${TICKETS}open/?type=apply_application`,
    );
    alice.client.cookies.set('django_language', 'ja');
    const ja = await open(
      alice.client,
      { title: 'app', type: 'apply_application', org_id: DEFAULT_ORG_ID },
      `${TICKETS}open/?type=apply_application`,
    );
    alice.client.cookies.set('django_language', 'en');
    expect(JSON.stringify(zh.body)).toContain('应用');
    expect(JSON.stringify(ja.body)).toContain('アプリケーション');
    const forged = await open(
      alice.client,
      { title: 'x', type: 'login_confirm', org_id: DEFAULT_ORG_ID, meta: {} },
      `${TICKETS}open/?type=login_confirm`,
    );
    expect(forged.status).toBe(400);
    const mismatch = await open(alice.client, {
      ...request('x', DEFAULT_ORG_ID, { apply_assets: [defaultAsset.id] }),
      type: 'general',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toHaveProperty('type');
    const noFlow = await open(
      alice.client,
      { title: 'g', type: 'general', org_id: DEFAULT_ORG_ID, meta: {} },
      `${TICKETS}open/?type=general`,
    );
    expect(noFlow.status).toBe(400);
    expect(noFlow.body).toEqual({ non_field_errors: ['The ticket flow `general` does not exist'] });
  });

  it('never answers 500 to garbage', async () => {
    const garbage: unknown[] = [
      null,
      [],
      'text',
      42,
      {},
      { title: 42, type: 'apply_asset', org_id: 7, meta: 'x' },
      { title: 'x'.repeat(100_000), type: 'apply_asset', org_id: DEFAULT_ORG_ID, meta: [] },
      { title: 't', type: 'apply_asset', org_id: 'not-a-uuid', meta: null },
      { title: 't', type: ['apply_asset'], org_id: { id: DEFAULT_ORG_ID }, meta: { apply_assets: 'x' } },
      request('t', DEFAULT_ORG_ID, { apply_assets: ['x', 1, null], apply_actions: 'all' }),
      request('t', DEFAULT_ORG_ID, { apply_assets: [defaultAsset.id], apply_actions: ['fly'] }),
      request('t', DEFAULT_ORG_ID, {
        apply_assets: [defaultAsset.id],
        apply_date_start: 12,
        apply_date_expired: {},
      }),
      request('t', DEFAULT_ORG_ID, { apply_assets: Array.from({ length: 20_000 }, () => defaultAsset.id) }),
      request('t', DEFAULT_ORG_ID, {
        apply_assets: [defaultAsset.id],
        apply_permission_name: 'p'.repeat(500),
      }),
      request('t', DEFAULT_ORG_ID, { apply_assets: [defaultAsset.id], apply_permission_name: { a: 1 } }),
    ];
    for (const body of garbage) {
      const answer = await open(alice.client, body);
      expect(answer.status, JSON.stringify(body).slice(0, 200)).toBe(400);
    }
    for (const url of [
      `${TICKETS}open/`,
      `${TICKETS}open/?type=nope`,
      `${TICKETS}open/?type=${'x'.repeat(5000)}`,
    ]) {
      expect((await open(alice.client, request('t', DEFAULT_ORG_ID, {}), url)).status).toBe(400);
    }
    const broken = await call(alice.client, 'POST', OPEN, { raw: '{"title": ' });
    expect(broken.status).toBe(400);
  });
});

describe('processing', () => {
  it('one level: the assignee approves and the asset permission exists with the ticket id', async () => {
    const ticket = await opened(
      alice.client,
      request('Approve me', DEFAULT_ORG_ID, {
        apply_assets: [defaultAsset.id],
        apply_nodes: [defaultNode.id],
        apply_actions: ['connect', 'upload_file', 'download_file'],
      }),
    );
    const approved = await act(admin, ticket.id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ state: 'approved', status: 'closed', approval_step: 1 });
    expect(approved.body.process_map[0]).toMatchObject({
      state: 'approved',
      processor: adminId,
      processor_display: 'Administrator(admin)',
    });
    expect(approved.body.process_map[0]?.approval_date).toMatch(/^\d{4}\/\d{2}\/\d{2} /);
    const permission = await call<Record<string, unknown>>(admin, 'GET', `${PERMISSIONS}${ticket.id}/`, {
      org: DEFAULT_ORG_ID,
    });
    expect(permission.status).toBe(200);
    expect(permission.body).toMatchObject({
      id: ticket.id,
      name: ticket.meta.apply_permission_name,
      from_ticket: true,
      created_by: 'admin',
      users: [alice.id],
      assets: [defaultAsset.id],
      nodes: [defaultNode.id],
      actions: ['connect', 'upload_file', 'download_file', 'updownload'],
      is_valid: true,
      org_id: DEFAULT_ORG_ID,
    });
    const comments = await call<CommentBody[]>(admin, 'GET', `${COMMENTS}?ticket_id=${ticket.id}`);
    expect(comments.body.map((c) => c.body)).toEqual([
      'Alice(alice) Open the ticket',
      'Administrator(admin) Approve the ticket',
    ]);
    expect((await act(admin, ticket.id, 'approve')).body).toEqual({
      detail: 'Ticket already closed',
      code: 'error',
    });
  });

  it('two levels: step 2 waits for step 1, then grants in the ticket’s org', async () => {
    const ticket = await opened(alice.client, request('Two steps', ORG_TWO, { apply_assets: [twoAsset.id] }));
    expect(ticket.process_map.map((s) => [s.approval_level, s.assignees])).toEqual([
      [1, [bob.id]],
      [2, [carol.id]],
    ]);
    // Carol is not an assignee of the current step: she does not even see the ticket yet.
    expect((await act(carol.client, ticket.id, 'approve')).status).toBe(404);
    expect((await act(alice.client, ticket.id, 'approve')).status).toBe(403);
    const first = await act(bob.client, ticket.id, 'approve');
    expect(first.body).toMatchObject({ state: 'open', status: 'open', approval_step: 2 });
    expect(first.body.process_map.map((s) => s.state)).toEqual(['approved', 'notified']);
    expect((await act(bob.client, ticket.id, 'approve')).status).toBe(403);
    const mine = await call<TicketBody[]>(carol.client, 'GET', `${TICKETS}?assignees__id=${carol.id}`);
    expect(mine.body.map((t) => t.id)).toEqual([ticket.id]);
    const second = await act(carol.client, ticket.id, 'approve');
    expect(second.body).toMatchObject({ state: 'approved', status: 'closed', approval_step: 2 });
    const permission = await call<{ org_id: string; assets: string[] }>(
      admin,
      'GET',
      `${PERMISSIONS}${ticket.id}/`,
      {
        org: ORG_TWO,
      },
    );
    expect(permission.body).toMatchObject({ org_id: ORG_TWO, assets: [twoAsset.id] });
  });

  it('reject: the assignee closes it as rejected, and no permission is made', async () => {
    const ticket = await opened(
      alice.client,
      request('Reject me', DEFAULT_ORG_ID, { apply_assets: [defaultAsset.id] }),
    );
    expect((await act(mallory.client, ticket.id, 'reject')).status).toBe(404);
    const rejected = await act(admin, ticket.id, 'reject');
    expect(rejected.body).toMatchObject({ state: 'rejected', status: 'closed' });
    expect(rejected.body.process_map[0]?.state).toBe('rejected');
    const permission = await call(admin, 'GET', `${PERMISSIONS}${ticket.id}/`, { org: ROOT_ORG_ID });
    expect(permission.status).toBe(404);
    const late = await act(admin, ticket.id, 'approve');
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ detail: 'Ticket already closed', code: 'error' });
  });

  it('close: only the applicant, once', async () => {
    const ticket = await opened(
      alice.client,
      request('Close me', DEFAULT_ORG_ID, { apply_assets: [defaultAsset.id] }),
    );
    expect((await act(admin, ticket.id, 'close')).status).toBe(403);
    const closed = await act(alice.client, ticket.id, 'close');
    expect(closed.body).toMatchObject({ state: 'closed', status: 'closed' });
    expect((await act(alice.client, ticket.id, 'close')).body).toEqual({
      detail: 'Ticket already closed',
      code: 'error',
    });
  });
});

describe('visibility and lists', () => {
  it('a third user sees nothing; applicant and assignee filters; status counts', async () => {
    const none = await call<TicketBody[]>(mallory.client, 'GET', TICKETS);
    expect(none.body).toEqual([]);
    const somebody = (await call<TicketBody[]>(alice.client, 'GET', TICKETS)).body[0] as TicketBody;
    expect((await call(mallory.client, 'GET', `${TICKETS}${somebody.id}/`)).status).toBe(404);
    const mine = await call<TicketBody[]>(alice.client, 'GET', `${TICKETS}?applicant=${alice.id}`);
    expect(mine.body.length).toBeGreaterThan(5);
    expect(mine.body.every((t) => t.applicant === alice.id)).toBe(true);
    // Ordered by -date_created by default.
    const created = mine.body.map((t) => t.date_created);
    expect([...created].sort().reverse()).toEqual(created);
    const assigned = await call<TicketBody[]>(admin, 'GET', `${TICKETS}?assignees__id=${adminId}`);
    expect(assigned.body.length).toBeGreaterThan(0);
    expect(assigned.body.every((t) => t.process_map[0]?.assignees.includes(adminId))).toBe(true);
    const openOnes = await call<{ count: number; results: TicketBody[] }>(
      admin,
      'GET',
      `${TICKETS}?assignees__id=${adminId}&status=open&limit=1`,
    );
    expect(openOnes.body.count).toBe(assigned.body.filter((t) => t.status === 'open').length);
    // Tickets follow people, not the console's org: the same list in any org.
    const inTwo = await call<TicketBody[]>(alice.client, 'GET', TICKETS, { org: ORG_TWO });
    expect(inTwo.body.length).toBe((await call<TicketBody[]>(alice.client, 'GET', TICKETS)).body.length);
    const searched = await call<TicketBody[]>(alice.client, 'GET', `${TICKETS}?search=Two%20steps`);
    expect(searched.body.map((t) => t.title)).toEqual(['Two steps']);
  });

  it('plain writes answer 405; anonymous callers 401', async () => {
    const somebody = (await call<TicketBody[]>(alice.client, 'GET', TICKETS)).body[0] as TicketBody;
    expect((await call(admin, 'POST', TICKETS, { body: { title: 'x' } })).status).toBe(405);
    expect((await call(alice.client, 'POST', TICKETS, { body: {} })).status).toBe(405);
    for (const method of ['PUT', 'PATCH', 'DELETE'])
      expect((await call(admin, method, `${TICKETS}${somebody.id}/`, { body: {} })).status).toBe(405);
    const anonymous = new Client(server.baseUrl);
    expect((await call(anonymous, 'GET', TICKETS)).status).toBe(401);
    expect((await call(anonymous, 'GET', COMMENTS)).status).toBe(401);
    expect((await call(anonymous, 'POST', OPEN, { body: {} })).status).toBe(401);
  });

  it('refuses a write without the csrf token', async () => {
    const response = await alice.client.request(OPEN, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request('csrf', DEFAULT_ORG_ID, { apply_assets: [defaultAsset.id] })),
    });
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe('csrf_failed');
  });
});

describe('comments', () => {
  it('applicant and assignees comment; others cannot read or write', async () => {
    const ticket = await opened(
      alice.client,
      request('Talk', DEFAULT_ORG_ID, { apply_assets: [defaultAsset.id] }),
    );
    const posted = await call<CommentBody>(alice.client, 'POST', COMMENTS, {
      body: { ticket: ticket.id, body: 'please, soon' },
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({
      body: 'please, soon',
      user: alice.id,
      user_display: 'Alice(alice)',
      ticket: ticket.id,
    });
    const reply = await call<CommentBody>(admin, 'POST', COMMENTS, {
      body: { ticket: ticket.id, body: 'ok' },
    });
    expect(reply.status).toBe(201);
    // As the contract has it: the ticket named by the query, the body holding only the text.
    const byQuery = await call<CommentBody>(alice.client, 'POST', `${COMMENTS}?ticket_id=${ticket.id}`, {
      body: { body: 'thanks' },
    });
    expect(byQuery.status).toBe(201);
    expect(byQuery.body.ticket).toBe(ticket.id);
    const list = await call<CommentBody[]>(admin, 'GET', `${COMMENTS}?ticket_id=${ticket.id}`);
    expect(list.body.map((c) => c.body)).toEqual([
      'Alice(alice) Open the ticket',
      'please, soon',
      'ok',
      'thanks',
    ]);
    expect((await call(alice.client, 'GET', `${COMMENTS}${posted.body.id}/`)).status).toBe(200);
    const snoop = await call(mallory.client, 'GET', `${COMMENTS}?ticket_id=${ticket.id}`);
    expect(snoop.status).toBe(400);
    expect(snoop.body).toEqual({
      detail: `Not found Ticket object about \`id=${ticket.id}\``,
      code: 'error',
    });
    expect((await call(mallory.client, 'GET', `${COMMENTS}${posted.body.id}/`)).status).toBe(404);
    const intrude = await call(mallory.client, 'POST', COMMENTS, { body: { ticket: ticket.id, body: 'hi' } });
    expect(intrude.status).toBe(400);
    const intrudeByQuery = await call(mallory.client, 'POST', `${COMMENTS}?ticket_id=${ticket.id}`, {
      body: { body: 'hi' },
    });
    expect(intrudeByQuery.status).toBe(400);
    expect((await call(mallory.client, 'GET', COMMENTS)).body).toEqual([]);
    expect((await call(alice.client, 'GET', `${COMMENTS}?ticket_id=nope`)).status).toBe(400);
    for (const body of [
      {},
      { ticket: ticket.id },
      { ticket: ticket.id, body: 'x'.repeat(50_000) },
      { ticket: 5, body: 'x' },
      'text',
    ])
      expect((await call(alice.client, 'POST', COMMENTS, { body })).status).toBe(400);
    expect(
      (await call(alice.client, 'PATCH', `${COMMENTS}${posted.body.id}/`, { body: { body: 'edit' } })).status,
    ).toBe(405);
    expect((await call(alice.client, 'DELETE', `${COMMENTS}${posted.body.id}/`)).status).toBe(405);
  });
});

describe('html injection (docs/security-history.md, entry 4)', () => {
  it('escapes user values in body and action comments, keeps titles and comments verbatim', async () => {
    const payload = '<img src=x onerror=alert(1)>';
    const evil = await signedIn(server, 'evil', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }], `Eve${payload}`);
    const ticket = await opened(
      evil.client,
      request(payload, DEFAULT_ORG_ID, { apply_assets: [defaultAsset.id] }),
    );
    expect(ticket.title).toBe(payload);
    expect(ticket.body).not.toContain('<img');
    expect(ticket.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const comment = await call<CommentBody>(evil.client, 'POST', COMMENTS, {
      body: { ticket: ticket.id, body: `<script>alert(1)</script>` },
    });
    expect(comment.body.body).toBe('<script>alert(1)</script>');
    const approved = await act(admin, ticket.id, 'approve');
    expect(approved.status).toBe(200);
    const comments = await call<CommentBody[]>(admin, 'GET', `${COMMENTS}?ticket_id=${ticket.id}`);
    expect(comments.body[0]?.body).toBe('Eve&lt;img src=x onerror=alert(1)&gt;(evil) Open the ticket');
    const inbox = await call<Array<{ subject: string; message: string }>>(admin, 'GET', MESSAGES);
    const message = inbox.body.find((m) => m.subject.includes(payload));
    expect(message?.message).toBeDefined();
    expect(message?.message).not.toContain('<img');
  });
});
