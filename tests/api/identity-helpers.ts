import { ADMIN_PASSWORD, Client, type TestServer } from './harness';

export const ROOT = '00000000-0000-0000-0000-000000000000';
export const DEFAULT_ORG = '00000000-0000-0000-0000-000000000002';
export const ROLE = {
  SystemAdmin: '00000000-0000-0000-0000-000000000001',
  SystemAuditor: '00000000-0000-0000-0000-000000000002',
  User: '00000000-0000-0000-0000-000000000003',
  OrgAdmin: '00000000-0000-0000-0000-000000000005',
  OrgAuditor: '00000000-0000-0000-0000-000000000006',
  OrgUser: '00000000-0000-0000-0000-000000000007',
} as const;

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A JSON call with csrf and an optional org; the body of a 204 or an empty 400 is null. */
export async function call<T = unknown>(
  client: Client,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const init: RequestInit & { csrf?: boolean } = { method, headers: { ...headers }, csrf: method !== 'GET' };
  if (body !== undefined) {
    init.headers = { 'content-type': 'application/json', ...headers };
    init.body = JSON.stringify(body);
  }
  const response = await client.request(url, init);
  const text = await response.text();
  let parsed: unknown = null;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export const inOrg = (orgId: string): Record<string, string> => ({ 'X-JMS-ORG': orgId });

/** Creates an org as admin and returns its id. */
export async function createOrg(admin: Client, name: string): Promise<string> {
  const created = await call<{ id: string }>(admin, 'POST', '/api/v1/orgs/orgs/', { name });
  if (created.status !== 201)
    throw new Error(`org ${name}: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id;
}

export async function signedIn(server: TestServer, username: string, password: string): Promise<Client> {
  const client = new Client(server.baseUrl);
  await client.login(username, password);
  return client;
}

/**
 * The pair most settings tests need: the admin (answers in English) and `carol`, a plain user without any
 * settings permission, both signed in.
 */
export async function adminAndPlainUser(server: TestServer): Promise<{ admin: Client; carol: Client }> {
  await server.createUser({ username: 'carol', email: 'carol@example.com', password: 'carol-pass-1' });
  const admin = await signedIn(server, 'admin', ADMIN_PASSWORD);
  admin.cookies.set('django_language', 'en');
  return { admin, carol: await signedIn(server, 'carol', 'carol-pass-1') };
}
