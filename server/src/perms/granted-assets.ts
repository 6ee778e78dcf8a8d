import type { Condition } from '../data/conditions';
import type { RequestContext, ResourceDirectory, StoredRow } from '../engine/declaration';
import {
  ASSET,
  NODE,
  acrossOrgs,
  childIndex,
  childrenIn,
  toNode,
  type NodeRow,
} from '../resources/assets/node-store';
import { ASSET_PERMISSION } from '../resources/perms/asset-permission';
import { isValidPermission } from '../resources/perms/validity';

/**
 * What one user was granted (docs/resources.md#what-a-user-was-granted): the valid asset permissions naming
 * the user directly or through the user's groups, in the request's org (in Root, every org the user belongs
 * to). Granted assets are the permissions' `assets` plus every asset in the subtree of their `nodes`; an
 * asset's actions are the OR of the masks of every permission reaching it
 * (docs/resources.md#asset-permissions).
 *
 * Reads are batched by kind (one per resource and link), never per permission or per node: a user granted
 * a node holding 10k assets costs one read of that subtree's asset links.
 */
export interface Grants {
  /** Orgs whose permissions counted (the request's org, or the member orgs found in Root). */
  orgIds: ReadonlySet<string>;
  /** Every granted asset id → OR of the action masks granting it. */
  actions: ReadonlyMap<string, number>;
  /** Assets named directly by a permission (they show under each of their nodes in trees). */
  directAssets: ReadonlySet<string>;
  /** Nodes named by a permission. */
  grantedNodes: readonly NodeRow[];
  /** Every node of the orgs holding permissions (trees walk ancestors and children in it). */
  nodes: readonly NodeRow[];
  /** Nodes in a granted subtree → the assets linked directly to them (all granted through the node). */
  coveredNodeAssets: ReadonlyMap<string, readonly string[]>;
}

const EMPTY: Grants = {
  orgIds: new Set(),
  actions: new Map(),
  directAssets: new Set(),
  grantedNodes: [],
  nodes: [],
  coveredNodeAssets: new Map(),
};

/** Orgs among `orgIds` the user is a member of (users.user's scope in an org is its members). */
async function memberOrgs(
  resources: ResourceDirectory,
  ctx: RequestContext,
  orgIds: ReadonlySet<string>,
): Promise<Set<string>> {
  const users = resources.get('users.user');
  const members = new Set<string>();
  for (const orgId of orgIds)
    if ((await users.count({ field: 'id', op: 'eq', value: ctx.userId }, { ...ctx, orgId })) > 0)
      members.add(orgId);
  return members;
}

/** The valid permissions naming the user or one of the user's groups, in orgs the user belongs to. */
async function userPermissions(
  resources: ResourceDirectory,
  ctx: RequestContext,
  now: number,
): Promise<StoredRow[]> {
  const groupIds = (
    await resources.get('users.usergrouprelation').find({ field: 'user', op: 'eq', value: ctx.userId }, ctx)
  ).map((link) => String(link.usergroup));
  const direct = { field: 'users', op: 'eq', value: ctx.userId } as const;
  const where: Condition =
    groupIds.length === 0
      ? direct
      : { anyOf: [direct, { field: 'user_groups', op: 'in' as const, values: groupIds }] };
  const valid = (await resources.get(ASSET_PERMISSION).find(where, ctx)).filter((row) =>
    isValidPermission(row, now),
  );
  // A member removed from an org may still be linked from its permissions: those grant nothing any more.
  const orgs = await memberOrgs(resources, ctx, new Set(valid.map((row) => String(row.org_id))));
  return valid.filter((row) => orgs.has(String(row.org_id)));
}

/** OR of `mask` into `map[id]`. */
function orInto(map: Map<string, number>, id: string, mask: number): void {
  map.set(id, (map.get(id) ?? 0) | mask);
}

/** Every node in the subtrees of the granted nodes → OR of the masks of the granted nodes above it. */
function coveredMasks(nodes: readonly NodeRow[], granted: ReadonlyMap<string, number>): Map<string, number> {
  const index = childIndex(nodes);
  const covered = new Map<string, number>();
  for (const node of nodes) {
    const mask = granted.get(node.id);
    if (mask === undefined) continue;
    const stack: NodeRow[] = [node];
    for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
      orInto(covered, item.id, mask);
      stack.push(...childrenIn(index, item));
    }
  }
  return covered;
}

/**
 * The valid permissions naming one user group (the user group detail's "Granted assets"): the group is an
 * object of the request's org, so its permissions are that org's.
 */
async function groupPermissions(
  resources: ResourceDirectory,
  ctx: RequestContext,
  groupId: string,
  now: number,
): Promise<StoredRow[]> {
  const where: Condition = { field: 'user_groups', op: 'eq', value: groupId };
  return (await resources.get(ASSET_PERMISSION).find(where, ctx)).filter((row) =>
    isValidPermission(row, now),
  );
}

/** What the request's user (`ctx.userId`) was granted. */
export async function resolveGrants(
  resources: ResourceDirectory,
  ctx: RequestContext,
  now = Date.now(),
): Promise<Grants> {
  return grantsOf(resources, ctx, await userPermissions(resources, ctx, now));
}

/** What one user group was granted (its members get at least this, through the group). */
export async function resolveGroupGrants(
  resources: ResourceDirectory,
  ctx: RequestContext,
  groupId: string,
  now = Date.now(),
): Promise<Grants> {
  return grantsOf(resources, ctx, await groupPermissions(resources, ctx, groupId, now));
}

async function grantsOf(
  resources: ResourceDirectory,
  ctx: RequestContext,
  permissions: readonly StoredRow[],
): Promise<Grants> {
  if (permissions.length === 0) return EMPTY;
  const access = resources.get(ASSET_PERMISSION);
  const permIds = permissions.map((row) => String(row.id));
  const maskOf = new Map(permissions.map((row) => [String(row.id), Number(row.actions_mask) || 0]));
  const assetLinks = await access.linkedMany('assets', permIds);
  const nodeLinks = await access.linkedMany('nodes', permIds);

  const actions = new Map<string, number>();
  const directAssets = new Set<string>();
  for (const [permId, assetIds] of assetLinks)
    for (const assetId of assetIds) {
      orInto(actions, assetId, maskOf.get(permId) ?? 0);
      directAssets.add(assetId);
    }

  const orgIds = new Set(permissions.map((row) => String(row.org_id)));
  // Nodes of the permissions' orgs, read across orgs in one go (Root reads need no per-org loop).
  const nodes = (
    await resources.get(NODE).find({ field: 'org_id', op: 'in', values: [...orgIds] }, acrossOrgs(ctx))
  ).map(toNode);
  const grantedMasks = new Map<string, number>();
  for (const [permId, nodeIds] of nodeLinks)
    for (const nodeId of nodeIds) orInto(grantedMasks, nodeId, maskOf.get(permId) ?? 0);
  const grantedNodes = nodes.filter((node) => grantedMasks.has(node.id));

  const covered = coveredMasks(nodes, grantedMasks);
  const coveredNodeAssets =
    covered.size === 0
      ? new Map<string, string[]>()
      : await resources.get(NODE).linkedMany('assets', [...covered.keys()]);
  for (const [nodeId, assetIds] of coveredNodeAssets) {
    const mask = covered.get(nodeId) ?? 0;
    for (const assetId of assetIds) orInto(actions, assetId, mask);
  }
  return { orgIds, actions, directAssets, grantedNodes, nodes, coveredNodeAssets };
}

/** One granted asset row (org scope of ctx), or null when the user was not granted it. */
export async function grantedAssetRow(
  resources: ResourceDirectory,
  ctx: RequestContext,
  grants: Grants,
  id: string,
): Promise<StoredRow | null> {
  if (!grants.actions.has(id)) return null;
  const row = await resources.get(ASSET).get(id, ctx);
  return row && grants.orgIds.has(String(row.org_id)) ? row : null;
}
