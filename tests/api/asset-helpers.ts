import { expect } from 'vitest';
import { ADMIN_PASSWORD, Client, type TestServer } from './harness';
import { ensureOrg } from '../../server/src/data/stores/orgs';

/** JSON calls with the org header and csrf token, as the console sends them. */
export interface ApiResult<T = unknown> {
  status: number;
  body: T;
}

export async function call<T = unknown>(
  client: Client,
  method: string,
  path: string,
  options: { body?: unknown; org?: string; raw?: string; contentType?: string } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = {};
  if (options.org) headers['x-jms-org'] = options.org;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  const response = await client.request(path, { method, headers, body, csrf: method !== 'GET' });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    // a non-JSON body (csv, html): returned as text
  }
  return { status: response.status, body: parsed as T };
}

export async function adminClient(server: TestServer): Promise<Client> {
  const client = new Client(server.baseUrl);
  await client.login('admin', ADMIN_PASSWORD);
  return client;
}

/** A signed-in user with the given org roles (created on the fly). */
export async function userClient(
  server: TestServer,
  username: string,
  orgRoles: ReadonlyArray<{ org: string; role: string }>,
  systemRoles: readonly string[] = ['User'],
): Promise<Client> {
  const password = `${username}-Pass-1`;
  await server.createUser({ username, email: `${username}@corp.test`, password, orgRoles, systemRoles });
  const client = new Client(server.baseUrl);
  await client.login(username, password);
  return client;
}

export async function addOrg(server: TestServer, id: string, name: string): Promise<void> {
  await ensureOrg(server.app.db, { id, name, comment: '' });
}

export interface AssetBody {
  id: string;
  hostname: string;
  ip: string;
  platform: string;
  protocols: string[];
  nodes: string[];
  nodes_display: string[];
  labels: string[];
  labels_display: string[];
  is_active: boolean;
  connectivity: string;
  org_id: string;
  org_name: string;
  [key: string]: unknown;
}

export interface NodeBody {
  id: string;
  key: string;
  value: string;
  name: string;
  full_value: string;
  org_id: string;
  [key: string]: unknown;
}

/** The zTree item shape, as the server declares it. */
export type { TreeItem } from '../../server/src/resources/assets/node-tree-items';

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export const ASSETS = '/api/v1/assets/assets/';
export const NODES = '/api/v1/assets/nodes/';
export const PLATFORMS = '/api/v1/assets/platforms/';
export const LABELS = '/api/v1/assets/labels/';

/** Waits until a task run (`{task}` of an action) has finished and answers its whole log. */
export async function finishedTaskLog(client: Client, task: string): Promise<string> {
  await expect
    .poll(
      async () =>
        (await call<{ is_finished: boolean }>(client, 'GET', `/api/v1/ops/adhoc-executions/${task}/`)).body
          .is_finished,
    )
    .toBe(true);
  return (await call<{ data: string }>(client, 'GET', `/api/v1/ops/celery/task/${task}/log/`)).body.data;
}
