// Building what users are granted through the API, as an administrator does: the fixtures of the
// permission-view tests (my assets, the user and group variants, favourites).
import { expect } from 'vitest';
import { Client, type TestServer } from './harness';
import { ASSETS, NODES, call, type AssetBody, type NodeBody } from './asset-helpers';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';

const PERMISSIONS = '/api/v1/perms/asset-permissions/';

/** A new user with these roles, signed in. */
export async function signedInPerson(
  server: TestServer,
  username: string,
  orgRoles: ReadonlyArray<{ org: string; role: string }>,
  systemRoles: readonly string[] = ['User'],
): Promise<{ client: Client; id: string }> {
  const password = `${username}-Pass-1`;
  const made = await server.createUser({
    username,
    email: `${username}@t.test`,
    password,
    orgRoles: [...orgRoles],
    systemRoles: [...systemRoles],
  });
  const client = new Client(server.baseUrl);
  await client.login(username, password);
  return { client, id: made.id };
}

/** A node under the org root, or under `parentId`. */
export async function createNode(admin: Client, name: string, parentId?: string): Promise<NodeBody> {
  const url = parentId ? `${NODES}${parentId}/children/` : NODES;
  const made = await call<NodeBody>(admin, 'POST', url, { body: { value: name } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
}

/** A Linux asset on one node (or none). */
export async function createAsset(
  admin: Client,
  hostname: string,
  ip: string,
  nodeId: string | null | undefined,
  extra: Record<string, unknown> = {},
  org = DEFAULT_ORG_ID,
): Promise<AssetBody> {
  const nodes = nodeId ? [nodeId] : undefined;
  const made = await call<AssetBody>(admin, 'POST', ASSETS, {
    body: { hostname, ip, platform: 'Linux', nodes, ...extra },
    org,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
}

/** An asset permission (users, user_groups, assets, nodes, actions, dates…). */
export async function grant(
  admin: Client,
  body: Record<string, unknown>,
  org = DEFAULT_ORG_ID,
): Promise<void> {
  const made = await call(admin, 'POST', PERMISSIONS, { body, org });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
}
