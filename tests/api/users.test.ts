import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client, startTestServer, type TestServer } from './harness';

interface UserRow {
  id: string;
  username: string;
  name: string;
  email: string;
  date_joined: string;
  org_roles: string[];
  [key: string]: unknown;
}

interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: UserRow[];
}

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  for (const [username, name] of [
    ['dave', 'Dave Digger'],
    ['erin', 'Erin Early'],
    ['frank', 'Frank Fisher'],
    ['grace', 'Grace Garden'],
  ] as const) {
    await server.createUser({
      username,
      name,
      email: `${username}@corp.test`,
      password: `${username}-pass-1`,
    });
  }
  await server.createUser({
    username: 'outsider',
    email: 'outsider@else.test',
    password: 'x-pass-1',
    orgRoles: [],
  });
  admin = new Client(server.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
});

afterAll(async () => {
  await server.close();
});

describe('GET /api/v1/users/users/', () => {
  it('answers a plain array of org members without limit', async () => {
    const { status, body } = await admin.json<UserRow[]>('/api/v1/users/users/');
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    // ordered by name by default; the outsider has no binding in Default
    expect(body.map((user) => user.username)).toEqual(['admin', 'dave', 'erin', 'frank', 'grace']);
    const dave = body.find((user) => user.username === 'dave') as UserRow;
    expect(dave).not.toHaveProperty('password');
    expect(dave.org_roles).toEqual(['00000000-0000-0000-0000-000000000007']);
    expect(dave.date_joined).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} \+0000$/);
  });

  it('lists every user in Root', async () => {
    const { body } = await admin.json<UserRow[]>('/api/v1/users/users/', { 'X-JMS-ORG': 'root' });
    expect(body.map((user) => user.username)).toContain('outsider');
    expect(body.every((user) => user.org_roles.length === 0)).toBe(true);
  });

  it('paginates with limit/offset and absolute next/previous URLs', async () => {
    const first = await admin.json<Page>('/api/v1/users/users/?limit=2&offset=0&display=1&draw=1');
    expect(first.body.count).toBe(5);
    expect(first.body.results.map((user) => user.username)).toEqual(['admin', 'dave']);
    expect(first.body.previous).toBeNull();
    const next = new URL(first.body.next as string);
    expect(next.origin).toBe(server.baseUrl);
    expect(next.searchParams.get('offset')).toBe('2');
    expect(next.searchParams.get('limit')).toBe('2');
    const middle = await admin.json<Page>(next.pathname + next.search);
    expect(middle.body.results.map((user) => user.username)).toEqual(['erin', 'frank']);
    expect(new URL(middle.body.previous as string).searchParams.has('offset')).toBe(false);
    const last = await admin.json<Page>('/api/v1/users/users/?limit=2&offset=4');
    expect(last.body.next).toBeNull();
    expect(last.body.results).toHaveLength(1);
  });

  it('searches username, email and name; all terms must match', async () => {
    const byName = await admin.json<UserRow[]>('/api/v1/users/users/?search=fisher');
    expect(byName.body.map((user) => user.username)).toEqual(['frank']);
    const byEmail = await admin.json<UserRow[]>('/api/v1/users/users/?search=corp.test');
    expect(byEmail.body).toHaveLength(4);
    const both = await admin.json<UserRow[]>('/api/v1/users/users/?search=corp.test,grace');
    expect(both.body.map((user) => user.username)).toEqual(['grace']);
    const wildcard = await admin.json<UserRow[]>('/api/v1/users/users/?search=%25');
    expect(wildcard.body).toEqual([]);
  });

  it('orders by allowed fields and ignores unknown ones', async () => {
    const desc = await admin.json<UserRow[]>('/api/v1/users/users/?order=-username');
    expect(desc.body.map((user) => user.username)).toEqual(['grace', 'frank', 'erin', 'dave', 'admin']);
    const unknown = await admin.json<UserRow[]>('/api/v1/users/users/?order=password_hash;drop');
    expect(unknown.status).toBe(200);
    expect(unknown.body[0]?.username).toBe('admin');
  });

  it('tolerates bad limit and offset values without a 500', async () => {
    for (const query of ['limit=abc', 'limit=-1', 'limit=0', 'limit=1e9', 'limit=99999999999999999999']) {
      const response = await admin.json<UserRow[]>(`/api/v1/users/users/?${query}`);
      expect(response.status).toBe(200);
      expect(Array.isArray(response.body)).toBe(true);
    }
    const badOffset = await admin.json<Page>('/api/v1/users/users/?limit=2&offset=-5');
    expect(badOffset.status).toBe(200);
    expect(badOffset.body.results).toHaveLength(2);
    const huge = await admin.json<Page>('/api/v1/users/users/?limit=999999999999999&offset=999999999999999');
    expect(huge.status).toBe(200);
    expect(huge.body.results).toEqual([]);
  });

  it('filters by exact field', async () => {
    const { body } = await admin.json<UserRow[]>('/api/v1/users/users/?username=erin');
    expect(body.map((user) => user.username)).toEqual(['erin']);
  });

  it('is forbidden to an ordinary user', async () => {
    const client = new Client(server.baseUrl);
    await client.login('dave', 'dave-pass-1');
    const response = await client.json('/api/v1/users/users/');
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      detail: 'You do not have permission to perform this action.',
      code: 'permission_denied',
    });
  });
});
