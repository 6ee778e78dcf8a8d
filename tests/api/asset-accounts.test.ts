// Asset accounts (docs/accounts.md): the authbook rows a system user's assets get, their secrets sealed
// and write-only, readable only through account-secrets after an MFA proof (real TOTP codes), tested by a
// real SSH login to an OpenSSH host (tests/support/ssh-hosts.mjs), and kept within their organization.
import { newSshKeyPair } from '../../server/src/ssh/key-pair';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindOtpSecret } from '../../server/src/auth/mfa-verify';
import { newOtpSecret, otpCodeAt } from '../../server/src/auth/totp';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';
import { startSshHost, type SshTestHost } from '../support/ssh-hosts.mjs';
import { startTestServer, type Client, type TestServer } from './harness';
import {
  ASSETS,
  addOrg,
  adminClient,
  call,
  finishedTaskLog,
  userClient,
  type AssetBody,
} from './asset-helpers';
import { grant, signedInPerson } from './grant-helpers';

const ACCOUNTS = '/api/v1/assets/accounts/';
const SECRETS = '/api/v1/assets/account-secrets/';
const SYSTEM_USERS = '/api/v1/assets/system-users/';
const VERIFY = '/api/v1/authentication/otp/verify/';
const ORG_B = '6d656d6f-0000-4000-8000-0000000000ac';
const ROOT_PASSWORD = 'Acct-Root-41p';
const OPS_PASSWORD = 'Ops-Pass-77w';

interface AccountBody {
  id: string;
  username: string;
  hostname: string;
  ip: string;
  version: number;
  connectivity: string;
  systemuser: string | null;
  systemuser_display: string;
  password?: string;
  private_key?: string;
}

let server: TestServer;
let admin: Client;
let host: SshTestHost;
let target: AssetBody;
let systemUserId: string;
let adminSecret: string;

beforeAll(async () => {
  [server, host] = await Promise.all([startTestServer(), startSshHost({ rootPassword: ROOT_PASSWORD })]);
  admin = await adminClient(server);
  admin.cookies.set('django_language', 'en');
  await call(admin, 'GET', '/api/v1/assets/nodes/children/tree/');
  host.exec(`useradd -m -s /bin/bash ops && printf 'ops:%s\\n' '${OPS_PASSWORD}' | chpasswd`);
  target = (
    await call<AssetBody>(admin, 'POST', ASSETS, {
      body: { hostname: 'acct-host', ip: host.host, platform: 'Linux', protocols: [`ssh/${host.port}`] },
    })
  ).body;
  const user = await call<{ id: string }>(admin, 'POST', SYSTEM_USERS, {
    body: { name: 'ops-user', username: 'ops', password: OPS_PASSWORD, assets: [target.id] },
  });
  expect(user.status).toBe(201);
  systemUserId = user.body.id;
});

afterAll(async () => {
  await Promise.all([server?.close(), host?.stop()]);
});

async function accountOf(asset: string, client = admin): Promise<AccountBody> {
  const list = await call<AccountBody[]>(client, 'GET', `${ACCOUNTS}?asset=${asset}`);
  expect(list.status).toBe(200);
  expect(list.body).toHaveLength(1);
  return list.body[0]!;
}

describe('asset accounts', () => {
  it("are made for a system user's assets, show no secret, and search by host and user name", async () => {
    const account = await accountOf(target.id);
    expect(account).toMatchObject({
      username: 'ops',
      hostname: 'acct-host',
      ip: host.host,
      systemuser: systemUserId,
      systemuser_display: 'ops-user(ops)',
      connectivity: 'unknown',
      version: 1,
    });
    expect(account).not.toHaveProperty('password');
    expect(account).not.toHaveProperty('private_key');
    const detail = await call<Record<string, unknown>>(admin, 'GET', `${ACCOUNTS}${account.id}/`);
    expect(Object.keys(detail.body)).not.toContain('password');
    const csv = await call<string>(admin, 'GET', `${ACCOUNTS}?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.body).not.toContain(OPS_PASSWORD);
    for (const query of [
      'search=acct-host',
      'username=ops',
      `hostname=acct-host`,
      `systemuser=${systemUserId}`,
    ]) {
      const found = await call<AccountBody[]>(admin, 'GET', `${ACCOUNTS}?${query}`);
      expect(
        found.body.map((row) => row.id),
        query,
      ).toEqual([account.id]);
    }
    expect((await call<AccountBody[]>(admin, 'GET', `${ACCOUNTS}?search=nothing-like-it`)).body).toEqual([]);
  });

  it("tests an account by logging in with the system user's secret, then with its own", async () => {
    const account = await accountOf(target.id);
    const ok = await call<{ task: string }>(admin, 'POST', `${ACCOUNTS}${account.id}/verify/`, { body: {} });
    expect(ok.status).toBe(200);
    const okLog = await finishedTaskLog(admin, ok.body.task);
    expect(okLog).toMatch(/ok +acct-host\(ops\)/);
    expect(okLog).not.toContain(OPS_PASSWORD);
    expect((await accountOf(target.id)).connectivity).toBe('ok');
    expect(host.log()).toMatch(/Accepted password for ops/);

    // Its own (wrong) password wins over the system user's: authentication fails, per host, in the log.
    const patched = await call<AccountBody>(admin, 'PATCH', `${ACCOUNTS}${account.id}/`, {
      body: { password: 'not-the-one' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.version).toBe(2);
    const bad = await call<{ task: string }>(admin, 'POST', `${ACCOUNTS}tasks/`, {
      body: { action: 'test', asset: target.id },
    });
    const badLog = await finishedTaskLog(admin, bad.body.task);
    expect(badLog).toMatch(/failed +acct-host\(ops\).*Authentication failed/);
    expect(badLog).not.toContain('not-the-one');
    expect((await accountOf(target.id)).connectivity).toBe('failed');
    await call(admin, 'PATCH', `${ACCOUNTS}${account.id}/`, { body: { password: OPS_PASSWORD } });
  });

  it('refuses a private key that is not one, with a field error, and keeps the old secret', async () => {
    const account = await accountOf(target.id);
    const refused = await call<Record<string, string[]>>(admin, 'PATCH', `${ACCOUNTS}${account.id}/`, {
      body: { private_key: 'not a key at all' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.private_key?.[0]).toMatch(/private key/i);
    const key = newSshKeyPair();
    const accepted = await call<AccountBody>(admin, 'PATCH', `${ACCOUNTS}${account.id}/`, {
      body: { private_key: key.private },
    });
    expect(accepted.status).toBe(200);
  });

  it('answers secrets only after an MFA proof when the user has an authenticator', async () => {
    const account = await accountOf(target.id);
    // Without an authenticator there is nothing to prove: the secret is there.
    const open = await call<AccountBody>(admin, 'GET', `${SECRETS}${account.id}/`);
    expect(open.status).toBe(200);
    expect(open.body.password).toBe(OPS_PASSWORD);
    expect(open.body.private_key).toContain('OPENSSH PRIVATE KEY');

    const me = await call<{ id: string }>(admin, 'GET', '/api/v1/users/profile/');
    adminSecret = newOtpSecret();
    await bindOtpSecret({ db: server.app.db, config: server.config }, me.body.id, adminSecret);
    for (const url of [`${SECRETS}${account.id}/`, SECRETS, `${SECRETS}?format=csv`]) {
      const refused = await call<{ code: string }>(admin, 'GET', url);
      expect(refused.status, url).toBe(400);
      expect(refused.body.code).toBe('mfa_verify_required');
    }
    const wrong = await call(admin, 'POST', VERIFY, { body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect((await call(admin, 'GET', SECRETS)).status).toBe(400);

    const proof = await call(admin, 'POST', VERIFY, { body: { code: otpCodeAt(adminSecret, Date.now()) } });
    expect(proof.status).toBe(200);
    const shown = await call<AccountBody>(admin, 'GET', `${SECRETS}${account.id}/`);
    expect(shown.status).toBe(200);
    expect(shown.body.password).toBe(OPS_PASSWORD);
    const csv = await call<string>(admin, 'GET', `${SECRETS}?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.body).toContain(OPS_PASSWORD);
    // Read-only: no write through the secrets view.
    expect((await call(admin, 'DELETE', `${SECRETS}${account.id}/`)).status).toBe(405);
  });

  it("keeps each organization's accounts to itself, and secrets to holders of the secret permission", async () => {
    await addOrg(server, ORG_B, 'Org B');
    const adminB = await userClient(server, 'acct-admin-b', [{ org: ORG_B, role: 'OrgAdmin' }]);
    const member = await userClient(server, 'acct-member', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
    const account = await accountOf(target.id);
    expect((await call<AccountBody[]>(adminB, 'GET', ACCOUNTS, { org: ORG_B })).body).toEqual([]);
    expect((await call(adminB, 'GET', `${ACCOUNTS}${account.id}/`, { org: ORG_B })).status).toBe(404);
    expect((await call(adminB, 'GET', `${SECRETS}${account.id}/`, { org: ORG_B })).status).toBe(404);
    expect((await call(adminB, 'DELETE', `${ACCOUNTS}${account.id}/`, { org: ORG_B })).status).toBe(404);
    // A member of the org without the account rights reads, changes and tests nothing.
    expect((await call(member, 'GET', ACCOUNTS)).status).toBe(403);
    expect((await call(member, 'GET', `${SECRETS}${account.id}/`)).status).toBe(403);
    expect(
      (await call(member, 'PATCH', `${ACCOUNTS}${account.id}/`, { body: { password: 'x-1' } })).status,
    ).toBe(403);
    expect((await call(member, 'POST', `${ACCOUNTS}${account.id}/verify/`, { body: {} })).status).toBe(403);
  });

  it('deleting an account unlinks the system user from the asset; unlinking deletes the account', async () => {
    const account = await accountOf(target.id);
    expect((await call(admin, 'DELETE', `${ACCOUNTS}${account.id}/`)).status).toBe(204);
    const user = await call<{ assets: string[] }>(admin, 'GET', `${SYSTEM_USERS}${systemUserId}/`);
    expect(user.body.assets).toEqual([]);
    await call(admin, 'PATCH', `${SYSTEM_USERS}${systemUserId}/`, { body: { assets: [target.id] } });
    const again = await accountOf(target.id);
    expect(again.username).toBe('ops');
    await call(admin, 'PATCH', `${SYSTEM_USERS}${systemUserId}/`, { body: { assets: [] } });
    expect((await call<AccountBody[]>(admin, 'GET', `${ACCOUNTS}?asset=${target.id}`)).body).toEqual([]);
  });

  it("deleting an asset takes its accounts, its system-user links and everyone's favourites of it along", async () => {
    const doomed = (
      await call<AssetBody>(admin, 'POST', ASSETS, {
        body: { hostname: 'doomed', ip: '10.9.9.9', platform: 'Linux', protocols: ['ssh/22'] },
      })
    ).body;
    await call(admin, 'PATCH', `${SYSTEM_USERS}${systemUserId}/`, { body: { assets: [doomed.id] } });
    const person = await signedInPerson(server, 'acct-fan', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
    await grant(admin, { name: 'fan-grant', users: [person.id], assets: [doomed.id], actions: ['all'] });
    const star = await call(person.client, 'POST', '/api/v1/assets/favorite-assets/', {
      body: { asset: doomed.id },
    });
    expect(star.status).toBe(201);
    expect(await accountOf(doomed.id)).toMatchObject({ username: 'ops' });

    expect((await call(admin, 'DELETE', `${ASSETS}${doomed.id}/`)).status).toBe(204);
    expect((await call<AccountBody[]>(admin, 'GET', `${ACCOUNTS}?asset=${doomed.id}`)).body).toEqual([]);
    expect((await call<unknown[]>(person.client, 'GET', '/api/v1/assets/favorite-assets/')).body).toEqual([]);
    const user = await call<{ assets: string[] }>(admin, 'GET', `${SYSTEM_USERS}${systemUserId}/`);
    expect(user.body.assets).toEqual([]);
  });
});
