// Message subscriptions (docs/message-subscriptions.md): the channels, the system messages' receivers
// (users, groups, roles) and channels, each user's own channels — and a subscribed event's message reaching
// exactly the chosen receivers through the site messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client, startTestServer, type TestServer } from './harness';
import { call, inOrg, ROLE, signedIn } from './identity-helpers';
import { countUnread, listSiteMessages } from '../../server/src/data/stores/site-message-store';
import { runnerFor } from '../../server/src/ops/task-runner';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';

const SYSTEM = '/api/v1/notifications/system-msg-subscription/';
const USER = '/api/v1/notifications/user-msg-subscription/';

interface Child {
  message_type: string;
  users: string[];
  groups: string[];
  roles: string[];
  receive_backends: string[];
  receivers: Array<{ id: string; name: string; site_msg: boolean }>;
}

describe('message subscriptions', () => {
  let server: TestServer;
  let admin: Client;
  let carol: Client;
  const id: Record<string, string> = {};
  let groupId: string;

  beforeAll(async () => {
    server = await startTestServer();
    for (const name of ['carol', 'dave', 'erin', 'gina']) {
      const user = await server.createUser({
        username: name,
        email: `${name}@example.com`,
        password: `${name}-pass-1`,
      });
      id[name] = user.id;
    }
    const frank = await server.createUser({
      username: 'frank',
      email: 'frank@example.com',
      password: 'frank-pass-1',
      systemRoles: ['SystemAuditor'],
    });
    id.frank = frank.id;
    admin = await signedIn(server, 'admin', ADMIN_PASSWORD);
    admin.cookies.set('django_language', 'en');
    carol = await signedIn(server, 'carol', 'carol-pass-1');
    carol.cookies.set('django_language', 'en');
    const group = await call<{ id: string }>(
      admin,
      'POST',
      '/api/v1/users/groups/',
      { name: 'night-shift', users: [id.erin] },
      inOrg(DEFAULT_ORG_ID),
    );
    expect(group.status).toBe(201);
    groupId = group.body.id;
  });

  afterAll(async () => {
    await server?.close();
  });

  /** A task run that finishes at once; resolves when its end has been recorded and announced. */
  const runTask = async (subject: string) => {
    const runner = runnerFor(server.app.engine.registry);
    const runId = await runner.start({
      ctx: {
        userId: id.carol!,
        username: 'carol',
        orgId: DEFAULT_ORG_ID,
        perms: new Set(),
        isSystemAdmin: false,
        language: 'en',
      },
      orgId: DEFAULT_ORG_ID,
      kind: 'asset_connectivity',
      subject,
      hosts: [],
      work: async () => ({ contacted: [subject], dark: {} }),
    });
    await expect.poll(() => runner.isFinished(runId)).toBe(true);
  };

  const subjects = async (userId: string) =>
    (await listSiteMessages(server.app.db, { userId, limit: 100, offset: 0 })).rows.map((m) => m.subject);

  it('lists the channels, and the system messages to settings.change_systemmsgsubscription only', async () => {
    const backends = await call(carol, 'GET', '/api/v1/notifications/backends/');
    expect(backends.body).toEqual([
      { name: 'site_msg', name_display: 'Site message' },
      { name: 'email', name_display: 'Email' },
    ]);
    expect((await call(carol, 'GET', SYSTEM)).status).toBe(403);
    expect((await call(carol, 'PATCH', `${SYSTEM}task_result/`, { users: [id.carol] })).status).toBe(403);
    const list = await call<Array<{ category: string; children: Child[] }>>(admin, 'GET', SYSTEM);
    expect(list.status).toBe(200);
    const types = list.body.flatMap((c) => c.children.map((child) => child.message_type));
    expect(types).toEqual(expect.arrayContaining(['task_result', 'ticket_applied']));
    expect((await call(admin, 'PATCH', `${SYSTEM}nonsense/`, {})).status).toBe(404);
  });

  it('refuses unknown receivers and channels field by field, saving nothing', async () => {
    const bad = await call<Record<string, string[]>>(admin, 'PATCH', `${SYSTEM}task_result/`, {
      users: [id.dave, 'not-a-user'],
      groups: 'night-shift',
      receive_backends: ['pigeon'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      users: ['Invalid pk "not-a-user" - object does not exist.'],
      groups: ['Expected a list of items.'],
      receive_backends: ['"pigeon" is not a valid choice.'],
    });
    const list = await call<Array<{ children: Child[] }>>(admin, 'GET', SYSTEM);
    const child = list.body.flatMap((c) => c.children).find((c) => c.message_type === 'task_result');
    expect(child).toMatchObject({ users: [], groups: [], roles: [], receive_backends: [] });
  });

  it('sends a subscribed event’s message to exactly the chosen users, group members and role holders', async () => {
    await runTask('before-subscription');
    expect(await countUnread(server.app.db, id.dave!)).toBe(0);

    const saved = await call<Child>(admin, 'PATCH', `${SYSTEM}task_result/`, {
      users: [id.dave],
      groups: [groupId],
      roles: [ROLE.SystemAuditor],
      receive_backends: ['site_msg'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.receivers).toEqual([{ id: id.dave, name: 'dave', site_msg: true, email: false }]);

    await runTask('web-01');
    const subject = 'Task succeeded: Test assets connectivity: web-01';
    for (const name of ['dave', 'erin', 'frank'])
      await expect.poll(() => subjects(id[name]!), { message: name }).toContain(subject);
    for (const name of ['carol', 'gina']) expect(await subjects(id[name]!), name).toEqual([]);
    expect(await subjects(await findAdminId())).toEqual([]);

    // No channel chosen: nobody hears of the next run.
    await call(admin, 'PATCH', `${SYSTEM}task_result/`, { receive_backends: [] });
    await runTask('web-02');
    // Back on, a later run arrives; by then the earlier run's message would have come before it.
    await call(admin, 'PATCH', `${SYSTEM}task_result/`, { receive_backends: ['site_msg'] });
    await runTask('web-03');
    await expect.poll(async () => (await subjects(id.dave!)).some((s) => s.includes('web-03'))).toBe(true);
    expect((await subjects(id.dave!)).filter((s) => s.includes('web-02'))).toEqual([]);
  });

  async function findAdminId(): Promise<string> {
    const profile = await call<{ id: string }>(admin, 'GET', '/api/v1/users/profile/');
    return profile.body.id;
  }

  it('lets each user read and change only their own channels; the site message stays on', async () => {
    const dave = await signedIn(server, 'dave', 'dave-pass-1');
    dave.cookies.set('django_language', 'en');
    // Every channel is on until the user switches one off.
    expect((await call(dave, 'GET', `${USER}${id.dave}/`)).body).toEqual({
      user_id: id.dave,
      receive_backends: ['site_msg', 'email'],
    });
    expect((await call(dave, 'GET', `${USER}${id.carol}/`)).status).toBe(404);
    expect((await call(dave, 'PATCH', `${USER}${id.carol}/`, { receive_backends: [] })).status).toBe(404);
    const bad = await call<Record<string, string[]>>(dave, 'PATCH', `${USER}${id.dave}/`, {
      receive_backends: ['pigeon'],
    });
    expect(bad.body).toEqual({ receive_backends: ['"pigeon" is not a valid choice.'] });
    // E-mail off; the site message cannot be switched off.
    const off = await call(dave, 'PATCH', `${USER}${id.dave}/`, { receive_backends: [] });
    expect(off.body).toEqual({ user_id: id.dave, receive_backends: ['site_msg'] });
    const profile = await call<{ receive_backends: string[] }>(dave, 'GET', '/api/v1/users/profile/');
    expect(profile.body.receive_backends).toEqual(['site_msg']);
  });
});
