import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from './harness';
import { ASSETS, LABELS, PLATFORMS, addOrg, adminClient, call, userClient } from './asset-helpers';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';

interface PlatformBody {
  id: number;
  name: string;
  base: string;
  internal: boolean;
  meta: Record<string, string> | null;
}

const OTHER_ORG = '6d656d6f-0000-4000-8000-0000000000aa';
let server: TestServer;
let admin: Client;
let orgAdmin: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  await addOrg(server, OTHER_ORG, 'Other');
  orgAdmin = await userClient(server, 'pl-orgadmin', [{ org: DEFAULT_ORG_ID, role: 'OrgAdmin' }]);
});

afterAll(async () => {
  await server.close();
});

describe('platforms', () => {
  it('lists the internal platforms with integer ids', async () => {
    const { status, body } = await call<PlatformBody[]>(admin, 'GET', PLATFORMS);
    expect(status).toBe(200);
    expect(body.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'Linux',
        'Unix',
        'MacOS',
        'BSD',
        'Windows',
        'Other',
        'Windows-RDP',
        'Windows-TLS',
      ]),
    );
    const linux = body.find((p) => p.name === 'Linux') as PlatformBody;
    expect(Number.isInteger(linux.id)).toBe(true);
    expect(linux.internal).toBe(true);
    expect(body.find((p) => p.name === 'Windows-TLS')?.meta).toMatchObject({ security: 'tls' });
  });

  it('refuses to change or delete an internal platform', async () => {
    const linux = (await call<PlatformBody[]>(admin, 'GET', `${PLATFORMS}?name=Linux`))
      .body[0] as PlatformBody;
    expect((await call(admin, 'PATCH', `${PLATFORMS}${linux.id}/`, { body: { comment: 'x' } })).status).toBe(
      403,
    );
    expect((await call(admin, 'DELETE', `${PLATFORMS}${linux.id}/`)).status).toBe(403);
    expect((await call(admin, 'GET', `${PLATFORMS}${linux.id}/`)).status).toBe(200);
  });

  it('lets the system admin manage custom platforms; one in use stays', async () => {
    const created = await call<PlatformBody>(admin, 'POST', PLATFORMS, {
      body: { name: 'Debian-Custom', base: 'Linux', internal: true },
    });
    expect(created.status).toBe(201);
    expect(Number.isInteger(created.body.id)).toBe(true);
    expect(created.body.internal).toBe(false);
    expect((await call(admin, 'POST', PLATFORMS, { body: { name: 'Debian-Custom' } })).status).toBe(400);
    expect((await call(admin, 'POST', PLATFORMS, { body: { name: 'Bad', base: 'Plan9' } })).status).toBe(400);
    await call(admin, 'POST', ASSETS, {
      body: { hostname: 'deb-01', ip: '10.0.0.1', platform: 'Debian-Custom' },
    });
    const refused = await call<{ code: string }>(admin, 'DELETE', `${PLATFORMS}${created.body.id}/`);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('referenced_by_others');
    const spare = await call<PlatformBody>(admin, 'POST', PLATFORMS, {
      body: { name: 'Spare', base: 'Other' },
    });
    expect((await call(admin, 'DELETE', `${PLATFORMS}${spare.body.id}/`)).status).toBe(204);
  });

  it('lets an org admin read platforms but not write them (system scope)', async () => {
    expect((await call(orgAdmin, 'GET', PLATFORMS)).status).toBe(200);
    expect((await call(orgAdmin, 'POST', PLATFORMS, { body: { name: 'Mine', base: 'Linux' } })).status).toBe(
      403,
    );
  });
});

describe('labels', () => {
  it('keeps (name, value) unique per org', async () => {
    const first = await call<{ id: string; category: string }>(admin, 'POST', LABELS, {
      body: { name: 'team', value: 'web' },
    });
    expect(first.status).toBe(201);
    expect(first.body.category).toBe('U');
    expect((await call(admin, 'POST', LABELS, { body: { name: 'team', value: 'web' } })).status).toBe(400);
    expect((await call(admin, 'POST', LABELS, { body: { name: 'team', value: 'dba' } })).status).toBe(201);
    const elsewhere = await call(admin, 'POST', LABELS, {
      body: { name: 'team', value: 'web' },
      org: OTHER_ORG,
    });
    expect(elsewhere.status).toBe(201);
    const dba = (await call<Array<{ id: string }>>(admin, 'GET', `${LABELS}?value=dba`)).body[0] as {
      id: string;
    };
    const clash = await call(admin, 'PATCH', `${LABELS}${dba.id}/`, { body: { value: 'web' } });
    expect(clash.status).toBe(400);
  });

  it('validates label input', async () => {
    for (const body of [
      { name: 'only-name' },
      { name: '', value: 'x' },
      { name: 'n'.repeat(129), value: 'x' },
      'text',
      [{ name: 'bulk-item-without-value' }],
    ]) {
      const result = await call(admin, 'POST', LABELS, { body });
      expect(result.status, JSON.stringify(body)).toBe(400);
    }
  });
});
