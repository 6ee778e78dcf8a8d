// Batch commands (docs/batch-commands.md): a user runs a command on the hosts granted to them as a system
// user, over SSH on real OpenSSH hosts (tests/support/ssh-hosts.mjs); an unreachable host gets its own
// error; the run is refused when the setting is off, without the permission and on a host not granted.
// The auditors' batch-command log lists it in the system user's org only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';
import { freePort } from '../support/server-process.mjs';
import { startSshHost, type SshTestHost } from '../support/ssh-hosts.mjs';
import { addOrg, adminClient, call, type Page } from './asset-helpers';
import { createAsset, createNode, grant, signedInPerson } from './grant-helpers';
import { startTestServer, type Client, type TestServer } from './harness';

const RUN = '/api/v1/ops/command-executions/';
const LOGS = '/api/v1/audits/command-execution-logs/';
const RELATIONS = '/api/v1/audits/command-executions-hosts-relations/';
const SECURITY = '/api/v1/settings/setting/?category=security';
const ROOT_PASSWORD = 'Batch-Root-47w';
const OTHER_ORG = '7a3f0c55-5b3e-4d52-9c1f-0b6d2f1a9e10';

interface Execution {
  id: string;
  command: string;
  is_finished: boolean;
  is_success: boolean;
  result: { contacted?: Record<string, { rc: number; stdout: string }>; dark?: Record<string, string> };
  hosts_display: string[];
  user_display: string;
  run_as_display: string;
  log_url: string;
}

let server: TestServer;
let admin: Client;
let hosts: SshTestHost[];
let runner: { client: Client; id: string };
let stranger: { client: Client; id: string };
const ids: Record<'one' | 'two' | 'dead' | 'other' | 'unbound', string> = {
  one: '',
  two: '',
  dead: '',
  other: '',
  unbound: '',
};
let systemUser = '';

beforeAll(async () => {
  [server, ...hosts] = await Promise.all([
    startTestServer(),
    startSshHost({ rootPassword: ROOT_PASSWORD }),
    startSshHost({ rootPassword: ROOT_PASSWORD }),
  ]);
  admin = await adminClient(server);
  admin.cookies.set('django_language', 'en');
  await addOrg(server, OTHER_ORG, 'Other');
  await call(admin, 'GET', '/api/v1/assets/nodes/children/tree/');
  const node = await createNode(admin, 'batch');
  const [one, two] = hosts as [SshTestHost, SshTestHost];
  const ssh = (port: number) => ({ protocols: [`ssh/${port}`] });
  ids.one = (await createAsset(admin, 'batch-one', one.host, node.id, ssh(one.port))).id;
  ids.two = (await createAsset(admin, 'batch-two', two.host, node.id, ssh(two.port))).id;
  ids.dead = (await createAsset(admin, 'batch-dead', '127.0.0.1', node.id, ssh(await freePort()))).id;
  ids.other = (await createAsset(admin, 'batch-other', one.host, null, ssh(one.port))).id;
  ids.unbound = (await createAsset(admin, 'batch-unbound', two.host, null, ssh(two.port))).id;
  const made = await call<{ id: string }>(admin, 'POST', '/api/v1/assets/system-users/', {
    body: {
      name: 'batch-root',
      username: 'root',
      password: ROOT_PASSWORD,
      nodes: [node.id],
      assets: [ids.other],
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  systemUser = made.body.id;
  runner = await signedInPerson(server, 'batcher', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
  stranger = await signedInPerson(server, 'outsider', [], []);
  for (const client of [runner.client, stranger.client]) client.cookies.set('django_language', 'en');
  await grant(admin, {
    name: 'batch-grant',
    users: [runner.id],
    assets: [ids.one, ids.two, ids.dead, ids.unbound],
    actions: ['all'],
  });
});

afterAll(async () => {
  await Promise.all([server?.close(), ...(hosts ?? []).map((host) => host.stop())]);
});

async function finished(client: Client, id: string): Promise<Execution> {
  await expect
    .poll(async () => (await call<Execution>(client, 'GET', `${RUN}${id}/`)).body.is_finished)
    .toBe(true);
  return (await call<Execution>(client, 'GET', `${RUN}${id}/`)).body;
}

describe('batch command execution', () => {
  it('offers the system users and the tree of hosts the user may run on', async () => {
    const users = await call<Array<{ id: string; name: string }>>(
      runner.client,
      'GET',
      '/api/v1/perms/system-users-permission/',
      { org: DEFAULT_ORG_ID },
    );
    expect(users.body.map((user) => user.name)).toEqual(['batch-root']);
    const tree = await call<Array<{ name: string; meta: { type: string } }>>(
      runner.client,
      'GET',
      `/api/v1/perms/users/nodes-with-assets/tree/?system_user=${systemUser}`,
      { org: DEFAULT_ORG_ID },
    );
    const assets = tree.body.filter((item) => item.meta.type === 'asset').map((item) => item.name);
    expect(assets.sort()).toEqual(['batch-dead', 'batch-one', 'batch-two']);
    expect(tree.body.some((item) => item.meta.type === 'node' && item.name === 'batch')).toBe(true);
    const none = await call<unknown[]>(stranger.client, 'GET', '/api/v1/perms/system-users-permission/', {
      org: DEFAULT_ORG_ID,
    });
    expect(none.status === 403 || (Array.isArray(none.body) && none.body.length === 0)).toBe(true);
  });

  it('puts the directly granted hosts under Ungrouped while PERM_SINGLE_ASSET_TO_UNGROUP_NODE is on', async () => {
    const other = '/api/v1/settings/setting/?category=other';
    const treeNow = async () =>
      (
        await call<Array<{ id: string; name: string; pId: string; meta: { type: string } }>>(
          runner.client,
          'GET',
          `/api/v1/perms/users/nodes-with-assets/tree/?system_user=${systemUser}`,
          { org: DEFAULT_ORG_ID },
        )
      ).body;
    expect(
      (await call(admin, 'PATCH', other, { body: { PERM_SINGLE_ASSET_TO_UNGROUP_NODE: true } })).status,
    ).toBe(200);
    const on = await treeNow();
    expect(on[0]).toMatchObject({ id: 'ungrouped', name: 'Ungrouped', pId: '' });
    // Every host here was granted by asset: all under Ungrouped, none under the "batch" node.
    const assets = on.filter((item) => item.meta.type === 'asset');
    expect(assets.map((item) => item.name).sort()).toEqual(['batch-dead', 'batch-one', 'batch-two']);
    expect(assets.every((item) => item.pId === 'ungrouped')).toBe(true);
    expect(on.some((item) => item.name === 'batch')).toBe(false);
    expect(
      (await call(admin, 'PATCH', other, { body: { PERM_SINGLE_ASSET_TO_UNGROUP_NODE: false } })).status,
    ).toBe(200);
    expect((await treeNow()).some((item) => item.id === 'ungrouped')).toBe(false);
  });

  it('is refused while the security setting is off, and for a user without the permission', async () => {
    const body = { hosts: [ids.one], run_as: systemUser, command: 'echo hi' };
    expect(
      (await call(admin, 'PATCH', SECURITY, { body: { SECURITY_COMMAND_EXECUTION: false } })).status,
    ).toBe(200);
    const publicOff = await call<{ data: { SECURITY_COMMAND_EXECUTION: boolean } }>(
      runner.client,
      'GET',
      '/api/v1/settings/public/',
    );
    expect(publicOff.body.data.SECURITY_COMMAND_EXECUTION).toBe(false);
    const off = await call<{ detail: string }>(runner.client, 'POST', RUN, { body });
    expect(off.status).toBe(403);
    expect(off.body.detail).toMatch(/switched off/);
    expect(
      (await call(admin, 'PATCH', SECURITY, { body: { SECURITY_COMMAND_EXECUTION: true } })).status,
    ).toBe(200);
    const denied = await call(stranger.client, 'POST', RUN, { body });
    expect(denied.status).toBe(403);
  });

  it('is refused on a host not granted, or not bound to the system user, and keeps no row', async () => {
    for (const host of [ids.other, ids.unbound]) {
      const refused = await call<{ hosts: string[] }>(runner.client, 'POST', RUN, {
        body: { hosts: [ids.one, host], run_as: systemUser, command: 'echo hi' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.hosts[0]).toContain(host);
    }
    const empty = await call<Record<string, string[]>>(runner.client, 'POST', RUN, {
      body: { hosts: [], run_as: '', command: ' ' },
    });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body).sort()).toEqual(['command', 'hosts', 'run_as']);
    const mine = await call<Page<Execution>>(runner.client, 'GET', `${RUN}?limit=10`);
    expect(mine.body.count).toBe(0);
  });

  it('runs over SSH on each host, with a per-host error for the unreachable one, streamed to the task log', async () => {
    const started = await call<Execution>(runner.client, 'POST', RUN, {
      body: {
        hosts: [ids.one, ids.two, ids.dead],
        run_as: systemUser,
        command: 'echo batch-$(hostname -s) ok',
      },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const run = await finished(runner.client, started.body.id);
    expect(Object.keys(run.result.contacted ?? {}).sort()).toEqual(['batch-one', 'batch-two']);
    expect(run.result.contacted?.['batch-one']?.stdout).toMatch(/^batch-.* ok\n$/);
    expect(run.result.contacted?.['batch-one']?.rc).toBe(0);
    expect(Object.keys(run.result.dark ?? {})).toEqual(['batch-dead']);
    expect(run.is_success).toBe(false);
    const log = await call<{ data: string }>(runner.client, 'GET', run.log_url);
    expect(log.status).toBe(200);
    expect(log.body.data, log.body.data).toMatch(/>>> batch-one[\s\S]*ok\r?\n<<< batch-one: exit code 0/);
    expect(log.body.data).toMatch(/failed +batch-dead .*refused|failed +batch-dead .*reach/i);
    expect(log.body.data).not.toContain(ROOT_PASSWORD);
    // Only the requester reads the run back.
    expect((await call(stranger.client, 'GET', `${RUN}${run.id}/`)).status).toBe(404);
    expect((await call(stranger.client, 'GET', run.log_url)).status).not.toBe(200);
  });

  it('is listed in the batch-command log of the system user org only, with its hosts', async () => {
    const listed = await call<Page<Execution>>(admin, 'GET', `${LOGS}?limit=20&search=hostname`, {
      org: DEFAULT_ORG_ID,
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.count, JSON.stringify(listed.body)).toBe(1);
    expect(listed.body.count).toBe(1);
    const row = listed.body.results[0]!;
    expect(row.user_display).toContain('batcher');
    expect(row.run_as_display).toBe('batch-root(root)');
    expect(row.hosts_display).toHaveLength(3);
    const byUser = await call<Page<Execution>>(admin, 'GET', `${LOGS}?limit=20&user__username=batcher`, {
      org: DEFAULT_ORG_ID,
    });
    expect(byUser.body.count).toBe(1);
    const nobody = await call<Page<Execution>>(admin, 'GET', `${LOGS}?limit=20&user__username=admin`, {
      org: DEFAULT_ORG_ID,
    });
    expect(nobody.body.count).toBe(0);
    const elsewhere = await call<Page<Execution>>(admin, 'GET', `${LOGS}?limit=20`, { org: OTHER_ORG });
    expect(elsewhere.body.count).toBe(0);
    const relations = await call<Page<{ asset_display: string; commandexecution: string }>>(
      admin,
      'GET',
      `${RELATIONS}?limit=20&commandexecution=${row.id}`,
      { org: DEFAULT_ORG_ID },
    );
    expect(relations.body.count).toBe(3);
    expect(relations.body.results.map((r) => r.asset_display.split('(')[0]).sort()).toEqual([
      'batch-dead',
      'batch-one',
      'batch-two',
    ]);
    const otherOrgRelations = await call<Page<unknown>>(
      admin,
      'GET',
      `${RELATIONS}?limit=20&commandexecution=${row.id}`,
      {
        org: OTHER_ORG,
      },
    );
    expect(otherOrgRelations.body.count).toBe(0);
    // The runner, an OrgUser, is no auditor.
    expect((await call(runner.client, 'GET', LOGS, { org: DEFAULT_ORG_ID })).status).toBe(403);
  });
});
