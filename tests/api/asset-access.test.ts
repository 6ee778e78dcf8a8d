// Domains, gateways, system users (and the admin-users view), command filters and their rules
// (docs/resources.md#system-users, docs/ssh.md#secrets): secrets sealed at rest and never output, private keys
// parsed on input, the gateway test over real SSH (tests/support/ssh-hosts.mjs). The client speaks the
// console's default language (zh), so messages are matched in Chinese.
import { newSshKeyPair } from '../../server/src/ssh/key-pair';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './harness';
import { ASSETS, adminClient, call, type AssetBody, type NodeBody } from './asset-helpers';
import { systemContext } from '../../server/src/ops/task-runner';
import { startSshHost, type SshTestHost } from '../support/ssh-hosts.mjs';

const DOMAINS = '/api/v1/assets/domains/';
const GATEWAYS = '/api/v1/assets/gateways/';
const SYSTEM_USERS = '/api/v1/assets/system-users/';
const ADMIN_USERS = '/api/v1/assets/admin-users/';
const FILTERS = '/api/v1/assets/cmd-filters/';

type Row = Record<string, unknown> & { id: string };
/** A list's rows (an unpaged list is a plain array). */
async function rows(path: string): Promise<Row[]> {
  const response = await call<Row[] | { results: Row[] }>(admin, 'GET', path);
  expect(response.status).toBe(200);
  return Array.isArray(response.body) ? response.body : response.body.results;
}

let server: TestServer;
let admin: Client;
let host: SshTestHost;
const key = newSshKeyPair();
const lockedKey = newSshKeyPair({
  passphrase: 'Key-Pass-77',
  cipher: 'aes256-ctr',
  rounds: 16,
});
const SECRETS = ['Gate-Secret-9f2', 'Sys-Secret-4e1', 'Key-Pass-77', 'PRIVATE KEY'];

beforeAll(async () => {
  [server, host] = await Promise.all([startTestServer(), startSshHost({ rootPassword: 'Gate-Secret-9f2' })]);
  admin = await adminClient(server);
});

afterAll(async () => {
  await Promise.all([server?.close(), host?.stop()]);
});

/** The stored row as the database holds it (to see what is at rest). */
const stored = async (resource: string, id: string): Promise<Record<string, unknown>> =>
  (await server.app.engine.registry.get(resource).get(id, systemContext())) ?? {};

function expectNoSecret(text: string): void {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

async function rootNode(): Promise<string> {
  // The first tree load creates the org's root node.
  await call(admin, 'GET', '/api/v1/assets/nodes/children/tree/');
  const nodes = await call<NodeBody[] | { results: NodeBody[] }>(admin, 'GET', '/api/v1/assets/nodes/');
  const list = Array.isArray(nodes.body) ? nodes.body : nodes.body.results;
  return list[0]!.id;
}

describe('domains and gateways', () => {
  let domainId: string;
  let gatewayId: string;

  it('creates a domain that re-points its assets, and a gateway whose secrets are sealed and never shown', async () => {
    const asset = await call<AssetBody>(admin, 'POST', ASSETS, {
      body: {
        hostname: 'in-zone',
        ip: '10.9.0.5',
        platform: 'Linux',
        protocols: ['ssh/22'],
        nodes: [await rootNode()],
      },
    });
    expect(asset.status).toBe(201);
    const domain = await call<Row>(admin, 'POST', DOMAINS, {
      body: { name: 'zone-a', assets: [asset.body.id], comment: 'DMZ' },
    });
    expect(domain.status).toBe(201);
    domainId = domain.body.id;
    const assetAfter = await call<AssetBody>(admin, 'GET', `${ASSETS}${asset.body.id}/`);
    expect(assetAfter.body.domain).toBe(domainId);

    const gateway = await call<Row>(admin, 'POST', GATEWAYS, {
      body: {
        name: 'gw-a',
        ip: host.host,
        port: host.port,
        username: 'root',
        password: 'Gate-Secret-9f2',
        domain: domainId,
      },
    });
    expect(gateway.status).toBe(201);
    gatewayId = gateway.body.id;
    const atRest = await stored('assets.gateway', gatewayId);
    expect(String(atRest.password)).toMatch(/^v1\./);
    expectNoSecret(JSON.stringify(atRest));

    const list = await rows(`${GATEWAYS}?domain=${domainId}`);
    expect(list.map((r) => r.name)).toEqual(['gw-a']);
    const detail = await call<Row>(admin, 'GET', `${GATEWAYS}${gatewayId}/`);
    expect(detail.body).not.toHaveProperty('password');
    const csv = await call<string>(admin, 'GET', `${GATEWAYS}?format=csv`);
    expect(csv.status).toBe(200);
    expectNoSecret(JSON.stringify([list, detail.body, csv.body]));

    const domains = await rows(DOMAINS);
    expect(domains[0]).toMatchObject({ name: 'zone-a', asset_count: 1, gateway_count: 1 });
  });

  it('tests a gateway over SSH: ok with its credentials, a translated error with a wrong password', async () => {
    const ok = await call(admin, 'POST', `${GATEWAYS}${gatewayId}/test-connective/`, { body: {} });
    expect(ok).toEqual({ status: 200, body: 'ok' });
    expect((await call<Row>(admin, 'GET', `${GATEWAYS}${gatewayId}/`)).body.is_connective).toBe(true);

    const patched = await call(admin, 'PATCH', `${GATEWAYS}${gatewayId}/`, {
      body: { password: 'wrong-one' },
    });
    expect(patched.status).toBe(200);
    const failed = await call<{ error: string }>(admin, 'POST', `${GATEWAYS}${gatewayId}/test-connective/`, {
      body: {},
    });
    expect(failed.status).toBe(400);
    expect(failed.body.error).toMatch(/认证失败/);
    expect((await call<Row>(admin, 'GET', `${GATEWAYS}${gatewayId}/`)).body.is_connective).toBe(false);
    expect(server.logLines.join('\n')).not.toContain('wrong-one');

    // An empty password on update keeps the stored one (the form's "unchanged").
    await call(admin, 'PATCH', `${GATEWAYS}${gatewayId}/`, { body: { password: 'Gate-Secret-9f2' } });
    await call(admin, 'PATCH', `${GATEWAYS}${gatewayId}/`, { body: { password: '', comment: 'kept' } });
    const again = await call(admin, 'POST', `${GATEWAYS}${gatewayId}/test-connective/`, { body: {} });
    expect(again.status).toBe(200);
  });
});

describe('system users', () => {
  it('refuses what is not a private key, an encrypted key without its passphrase, and a missing user name', async () => {
    const notKey = await call<Record<string, string[]>>(admin, 'POST', SYSTEM_USERS, {
      body: { name: 'bad-key', username: 'ops', private_key: key.public },
    });
    expect(notKey.status).toBe(400);
    expect(notKey.body.private_key?.[0]).toMatch(/不是 SSH 私钥/);
    const locked = await call<Record<string, string[]>>(admin, 'POST', SYSTEM_USERS, {
      body: { name: 'locked', username: 'ops', private_key: lockedKey.private },
      org: undefined,
    });
    expect(locked.status).toBe(400);
    expect(locked.body.private_key?.[0]).toMatch(/密码短语/);
    const noName = await call<Record<string, string[]>>(admin, 'POST', SYSTEM_USERS, {
      body: { name: 'nameless', password: 'Sys-Secret-4e1' },
    });
    expect(noName.status).toBe(400);
    expect(noName.body).toHaveProperty('username');
  });

  it('stores a key with its passphrase sealed, derives the public key, and never outputs a secret', async () => {
    const created = await call<Row>(admin, 'POST', SYSTEM_USERS, {
      body: {
        name: 'ops',
        username: 'ops',
        password: 'Sys-Secret-4e1',
        private_key: lockedKey.private,
        passphrase: 'Key-Pass-77',
        sudo: '/bin/whoami',
        system_groups: 'adm',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.ssh_key_fingerprint).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    const atRest = await stored('assets.systemuser', created.body.id);
    expect(String(atRest.public_key)).toBe(lockedKey.public.split(' ').slice(0, 2).join(' '));
    expectNoSecret(JSON.stringify(atRest));
    const outputs = await Promise.all([
      call(admin, 'GET', SYSTEM_USERS),
      call(admin, 'GET', `${SYSTEM_USERS}${created.body.id}/`),
      call(admin, 'GET', `${SYSTEM_USERS}?format=csv`),
      call(admin, 'GET', `${SYSTEM_USERS}?format=xlsx`),
    ]);
    for (const output of outputs) expect(output.status).toBe(200);
    expectNoSecret(JSON.stringify(outputs.map((o) => o.body)));
  });

  it('generates a key on request; manual login drops stored secrets and auto push', async () => {
    const generated = await call<Row>(admin, 'POST', SYSTEM_USERS, {
      body: { name: 'gen', username: 'gen', auto_generate_key: true },
    });
    expect(generated.status).toBe(201);
    const atRest = await stored('assets.systemuser', generated.body.id);
    expect(String(atRest.private_key)).toMatch(/^v1\./);
    expect(String(atRest.public_key)).toMatch(/^ssh-ed25519 /);
    const manual = await call<Row>(admin, 'PATCH', `${SYSTEM_USERS}${generated.body.id}/`, {
      body: { login_mode: 'manual' },
    });
    expect(manual.body).toMatchObject({ login_mode: 'manual', auto_push: false });
    expect((await stored('assets.systemuser', generated.body.id)).private_key).toBeFalsy();
  });

  it('admin users are the system users of type admin, always SSH', async () => {
    const created = await call<Row>(admin, 'POST', ADMIN_USERS, {
      body: { name: 'root-admin', username: 'root', password: 'Sys-Secret-4e1', protocol: 'rdp' },
    });
    expect(created.status, JSON.stringify([created.body, server.logLines])).toBe(201);
    expect(created.body).toMatchObject({ type: 'admin', protocol: 'ssh' });
    expect((await rows(ADMIN_USERS)).map((r) => r.name)).toEqual(['root-admin']);
    const common = await rows(`${SYSTEM_USERS}?type=common`);
    expect(common.map((r) => r.name)).not.toContain('root-admin');
    expect(common.map((r) => r.name)).toContain('ops');
    expect((await rows(`${SYSTEM_USERS}?type=admin`)).map((r) => r.name)).toEqual(['root-admin']);
  });
});

describe('command filters and rules', () => {
  it('nests rules under their filter, checks regexes, and shows the pattern used', async () => {
    const [a, b] = await Promise.all(
      ['deny-rm', 'other'].map((name) => call<Row>(admin, 'POST', FILTERS, { body: { name } })),
    );
    expect(a!.status).toBe(201);
    const rules = `${FILTERS}${a!.body.id}/rules/`;
    const rule = await call<Row>(admin, 'POST', rules, {
      body: { type: 'command', content: 'rm\nshutdown', priority: 10, action: 0 },
    });
    expect(rule.status).toBe(201);
    expect(rule.body).toMatchObject({
      filter: a!.body.id,
      pattern: '\\b(rm|shutdown)\\b',
      action_display: '拒绝',
    });
    const bad = await call<Record<string, string[]>>(admin, 'POST', rules, {
      body: { type: 'regex', content: 'a(' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.content?.[0]).toMatch(/正则表达式/);
    const outOfRange = await call<Record<string, string[]>>(admin, 'POST', rules, {
      body: { content: 'ls', priority: 101 },
    });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body).toHaveProperty('priority');
    expect((await rows(rules)).map((r) => r.id)).toEqual([rule.body.id]);
    expect(await rows(`${FILTERS}${b!.body.id}/rules/`)).toEqual([]);
    const filter = await call<Row>(admin, 'GET', `${FILTERS}${a!.body.id}/`);
    expect(filter.body.rules).toEqual([rule.body.id]);
  });
});
