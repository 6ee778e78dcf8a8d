import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/session-auth';
import type { RequestContext, ResourceDirectory, StoredRow } from '../engine/declaration';
import { registerOwnList } from '../engine/own-list';
import { requestContext } from '../engine/request-context';
import type { ResourceRegistry } from '../engine/runtime';
import { ApiError, ResponseError } from '../http/api-error';
import { ROOT_ORG_ID } from '../orgs/org-ids';
import { holdsSystemAdmin } from '../rbac/authorize';
import { assetSshTarget } from '../resources/asset-access/ssh-targets';
import { compareKeys, isSelfOrDescendant, parentKeyOf } from '../resources/assets/node-keys';
import { ASSET, NODE } from '../resources/assets/node-store';
import { OPS_COMMAND_EXECUTION } from '../resources/ops/names';
import { ACTION_BITS } from '../resources/perms/actions-bitmask';
import { resolveGrants } from '../perms/granted-assets';
import { UNGROUPED_KEY, ungroupedName } from '../perms/ungrouped-node';
import { categoryValues, ungroupDirectAssets } from '../settings/settings-values';
import { sshFailureOf, withSsh } from '../ssh/ssh-client';
import { opsMessage } from './messages';
import { runnerFor, systemContext, type RunHandle, type RunOutcome } from './task-runner';

/**
 * Batch commands (docs/batch-commands.md): `POST /api/v1/ops/command-executions/` runs one command over SSH
 * on hosts as a system user, through the task runner (its log streams on `/ws/ops/tasks/log/`, the
 * execution id being the task id); `GET` lists and reads back only the caller's own runs, in every org.
 */
export const COMMAND_EXECUTIONS_URL = '/api/v1/ops/command-executions/';
export const ADD_COMMAND_EXECUTION = 'ops.add_commandexecution';
export const SYSTEM_USERS_PERMISSION_URL = '/api/v1/perms/system-users-permission/';
export const PERMITTED_TREE_URL = '/api/v1/perms/users/nodes-with-assets/tree/';

/** Longest command accepted (a script pasted in the editor, not a file upload). */
const MAX_COMMAND_LENGTH = 65_536;
/** At most this many hosts in one run, and this many logged in to at once. */
const MAX_HOSTS = 500;
const HOST_CONCURRENCY = 8;

interface RunRequest {
  hosts: string[];
  runAs: string;
  command: string;
}

function parseRequest(body: unknown, language: RequestContext['language']): RunRequest {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const command = typeof input.command === 'string' ? input.command : '';
  if (command.trim() === '') errors.command = [opsMessage('commandRequired', language)];
  else if (command.length > MAX_COMMAND_LENGTH)
    errors.command = [`Ensure this field has no more than ${MAX_COMMAND_LENGTH} characters.`];
  const hosts = Array.isArray(input.hosts)
    ? [...new Set(input.hosts.filter((id): id is string => typeof id === 'string' && id !== ''))]
    : [];
  if (hosts.length === 0 || hosts.length > MAX_HOSTS) errors.hosts = [opsMessage('hostsRequired', language)];
  const runAs = typeof input.run_as === 'string' ? input.run_as : '';
  if (runAs === '') errors.run_as = [opsMessage('runAsRequired', language)];
  if (Object.keys(errors).length > 0) throw new ResponseError(400, errors);
  return { hosts, runAs, command };
}

/**
 * The hosts among `hosts` the user may run a command on as `systemUser`: granted to the user (directly or
 * through a group, with the connect action) by a valid asset permission of the system user's org, and
 * bound to the system user (its assets, or an asset under one of its nodes).
 */
async function permittedHosts(
  resources: ResourceDirectory,
  ctx: RequestContext,
  systemUser: StoredRow,
  hosts: readonly string[],
): Promise<Set<string>> {
  const orgCtx = { ...ctx, orgId: String(systemUser.org_id) };
  const grants = await resolveGrants(resources, orgCtx);
  const granted = hosts.filter((id) => ((grants.actions.get(id) ?? 0) & ACTION_BITS.connect) !== 0);
  if (granted.length === 0) return new Set();
  const users = resources.get('assets.systemuser');
  const boundAssets = new Set(await users.linked('assets', String(systemUser.id)));
  const nodeIds = await users.linked('nodes', String(systemUser.id));
  const boundKeys =
    nodeIds.length === 0
      ? []
      : (await resources.get(NODE).find({ field: 'id', op: 'in', values: nodeIds }, orgCtx)).map((n) =>
          String(n.key),
        );
  const assetNodes = await resources.get(ASSET).linkedMany('nodes', granted);
  const allNodeIds = [...new Set([...assetNodes.values()].flat())];
  const keyOf = new Map(
    (allNodeIds.length === 0 || boundKeys.length === 0
      ? []
      : await resources.get(NODE).find({ field: 'id', op: 'in', values: allNodeIds }, orgCtx)
    ).map((node) => [String(node.id), String(node.key)]),
  );
  const inOrg = new Set(
    (await resources.get(ASSET).find({ field: 'id', op: 'in', values: granted }, orgCtx)).map((a) =>
      String(a.id),
    ),
  );
  return new Set(
    granted.filter(
      (id) =>
        inOrg.has(id) &&
        (boundAssets.has(id) ||
          (assetNodes.get(id) ?? []).some((nodeId) => {
            const key = keyOf.get(nodeId);
            return key !== undefined && boundKeys.some((bound) => isSelfOrDescendant(key, bound));
          })),
    ),
  );
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    for (let index = next++; index < items.length; index = next++) await work(items[index] as T);
  });
  await Promise.all(lanes);
}

interface HostResult {
  rc: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The run: logs in to each host as the system user (with its stored, sealed credentials; through the
 * domain's gateway), runs the command with the per-command time-out, and writes each host's output to the
 * task log as one block when the host is done. A host that does not answer gets its own error after the
 * connect time-out; the others go on. Secrets are never written: only the command and its output.
 */
function commandWork(
  resources: ResourceDirectory,
  id: string,
  systemUser: StoredRow,
  assets: readonly StoredRow[],
  command: string,
): (run: RunHandle) => Promise<RunOutcome> {
  return async (run) => {
    const outcome: RunOutcome = { contacted: [], dark: {} };
    const contacted: Record<string, HostResult> = {};
    const executions = resources.get(OPS_COMMAND_EXECUTION);
    try {
      await eachLimited(assets, HOST_CONCURRENCY, async (asset) => {
        const host = String(asset.hostname ?? '');
        const address = String(asset.ip ?? '');
        const lines = [opsMessage('logCommandHost', run.language, { host, address })];
        const started = performance.now();
        try {
          const target = await assetSshTarget(resources, asset, systemUser.id);
          if (!target) throw new Error(opsMessage('logCommandNoSsh', run.language));
          const result = await withSsh(target, (session) => session.exec(command), { signal: run.signal });
          contacted[host] = { rc: result.code, stdout: result.stdout, stderr: result.stderr };
          outcome.contacted.push(host);
          for (const text of [result.stdout, result.stderr])
            if (text !== '') lines.push(text.replace(/\r?\n$/, ''));
          lines.push(opsMessage('logCommandExit', run.language, { host, code: String(result.code ?? '-') }));
        } catch (error) {
          const reason =
            error instanceof Error && !('kind' in error)
              ? error.message
              : sshFailureOf(error).text(run.language);
          outcome.dark[host] = reason;
          lines.push(
            opsMessage('logHostFailed', run.language, {
              host,
              address,
              ms: Math.round(performance.now() - started),
              reason,
            }),
          );
        }
        for (const line of lines) run.log(line);
        run.log('');
      });
      await executions.setColumns(id, {
        result: { contacted, dark: outcome.dark },
        is_finished: true,
        date_finished: Date.now(),
      });
    } catch (error) {
      await executions.setColumns(id, {
        result: { error: error instanceof Error ? error.message : String(error) },
        is_finished: true,
        date_finished: Date.now(),
      });
      throw error;
    }
    return outcome;
  };
}

async function startRun(
  ctx: AppContext,
  resources: ResourceDirectory,
  rctx: RequestContext,
  permissionsIn: (orgId: string) => ReadonlySet<string>,
  isSystemAdmin: boolean,
  body: unknown,
): Promise<{ id: string }> {
  const security = await categoryValues(ctx.db, ctx.config, 'security');
  if (security.SECURITY_COMMAND_EXECUTION !== true)
    throw new ApiError(403, opsMessage('commandExecutionOff', rctx.language), 'permission_denied');
  const request = parseRequest(body, rctx.language);
  const root = { ...systemContext(rctx.language), orgId: ROOT_ORG_ID };
  const systemUser = await resources.get('assets.systemuser').get(request.runAs, root);
  const orgId = String(systemUser?.org_id ?? '');
  // Nobody learns whether another org's system user exists: unknown and not permitted answer alike.
  if (!systemUser || (!isSystemAdmin && !permissionsIn(orgId).has(ADD_COMMAND_EXECUTION))) {
    if (!systemUser) throw new ResponseError(400, { run_as: [opsMessage('runAsRequired', rctx.language)] });
    throw new ApiError(403, opsMessage('commandExecutionDenied', rctx.language), 'permission_denied');
  }
  if (systemUser.protocol !== 'ssh' || systemUser.login_mode !== 'auto')
    throw new ResponseError(400, { run_as: [opsMessage('runAsUnusable', rctx.language)] });
  const permitted = await permittedHosts(resources, rctx, systemUser, request.hosts);
  const refused = request.hosts.filter((id) => !permitted.has(id));
  if (refused.length > 0)
    throw new ResponseError(400, {
      hosts: [opsMessage('hostsNotGranted', rctx.language, { hosts: refused.join(', ') })],
    });
  const orgCtx = { ...systemContext(rctx.language), orgId };
  const assets = await resources.get(ASSET).find({ field: 'id', op: 'in', values: request.hosts }, orgCtx);
  assets.sort((a, b) => String(a.hostname).localeCompare(String(b.hostname)));
  const id = crypto.randomUUID();
  const now = Date.now();
  const executions = resources.get(OPS_COMMAND_EXECUTION);
  await executions.create(
    { id, command: request.command, run_as: systemUser.id, hosts: request.hosts },
    orgCtx,
  );
  await executions.setColumns(id, {
    user: rctx.userId,
    user_display: rctx.userDisplay ?? rctx.username,
    run_as_display: `${String(systemUser.name)}(${String(systemUser.username)})`,
    hosts_display: assets.map((asset) => `${String(asset.hostname)}(${String(asset.ip)})`),
    result: {},
    is_finished: false,
    date_created: now,
    date_start: now,
  });
  const subject = request.command.split('\n')[0]?.slice(0, 64) ?? '';
  await runnerFor(resources).start({
    id,
    ctx: rctx,
    orgId,
    kind: 'command_execution',
    subject,
    hosts: request.hosts,
    work: commandWork(resources, id, systemUser, assets, request.command),
  });
  return { id };
}

/** A node or asset of the run page's tree (a flat zTree list: `pId` names the parent node's id). */
interface TreeItem {
  id: string;
  name: string;
  pId: string;
  isParent: boolean;
  meta: { type: 'node' | 'asset'; data: Record<string, string> };
}

/** System users of the request's org one may run batch commands as: SSH, automatic login, a permitted host. */
async function usableSystemUsers(resources: ResourceDirectory, rctx: RequestContext): Promise<StoredRow[]> {
  if (rctx.orgId === ROOT_ORG_ID) return [];
  const grants = await resolveGrants(resources, rctx);
  const granted = [...grants.actions.keys()];
  if (granted.length === 0) return [];
  const candidates = await resources.get('assets.systemuser').find(
    {
      allOf: [
        { field: 'protocol', op: 'eq', value: 'ssh' },
        { field: 'login_mode', op: 'eq', value: 'auto' },
      ],
    },
    { ...systemContext(rctx.language), orgId: rctx.orgId },
  );
  const usable: StoredRow[] = [];
  for (const user of candidates)
    if ((await permittedHosts(resources, rctx, user, granted)).size > 0) usable.push(user);
  return usable.sort((a, b) => String(a.name).localeCompare(String(b.name)));
}

/**
 * The hosts one may run on as `systemUser`, under their nodes (and those nodes' ancestors). With `ungroup`
 * (PERM_SINGLE_ASSET_TO_UNGROUP_NODE, docs/settings.md#other) a directly granted host shows under the
 * "Ungrouped" node instead, and under a real node only where that node's grant covers it.
 */
async function permittedTree(
  resources: ResourceDirectory,
  rctx: RequestContext,
  systemUser: StoredRow,
  ungroup: boolean,
): Promise<TreeItem[]> {
  const orgCtx = { ...systemContext(rctx.language), orgId: String(systemUser.org_id) };
  const grants = await resolveGrants(resources, { ...rctx, orgId: orgCtx.orgId });
  const permitted = [...(await permittedHosts(resources, rctx, systemUser, [...grants.actions.keys()]))];
  if (permitted.length === 0) return [];
  const assets = await resources.get(ASSET).find({ field: 'id', op: 'in', values: permitted }, orgCtx);
  const linked = await resources.get(ASSET).linkedMany('nodes', permitted);
  const nodeLinks = ungroup
    ? new Map(
        [...linked].map(([id, nodeIds]) => [
          id,
          nodeIds.filter((nodeId) => grants.coveredNodeAssets.has(nodeId)),
        ]),
      )
    : linked;
  const nodes = await resources.get(NODE).find({ field: 'org_id', op: 'eq', value: orgCtx.orgId }, orgCtx);
  const byKey = new Map(nodes.map((node) => [String(node.key), node]));
  const byId = new Map(nodes.map((node) => [String(node.id), node]));
  const shown = new Map<string, StoredRow>();
  for (const ids of nodeLinks.values())
    for (const id of ids) {
      // The node and every ancestor up to the org's root.
      for (let node = byId.get(id); node && !shown.has(String(node.id));) {
        shown.set(String(node.id), node);
        node = byKey.get(parentKeyOf(String(node.key)));
      }
    }
  const items: TreeItem[] = [...shown.values()]
    .sort((a, b) => compareKeys(String(a.key), String(b.key)))
    .map((node) => ({
      id: String(node.id),
      name: String(node.value),
      pId: String(byKey.get(parentKeyOf(String(node.key)))?.id ?? ''),
      isParent: true,
      meta: { type: 'node', data: { key: String(node.key) } },
    }));
  if (ungroup)
    items.unshift({
      id: UNGROUPED_KEY,
      name: ungroupedName(rctx.language),
      pId: '',
      isParent: true,
      meta: { type: 'node', data: { key: UNGROUPED_KEY } },
    });
  for (const asset of assets.sort((a, b) => String(a.hostname).localeCompare(String(b.hostname))))
    for (const nodeId of [
      ...(ungroup && grants.directAssets.has(String(asset.id)) ? [UNGROUPED_KEY] : []),
      ...(nodeLinks.get(String(asset.id)) ?? []),
    ])
      items.push({
        id: `${nodeId}:${String(asset.id)}`,
        name: String(asset.hostname),
        pId: nodeId,
        isParent: false,
        meta: {
          type: 'asset',
          data: { id: String(asset.id), hostname: String(asset.hostname), ip: String(asset.ip) },
        },
      });
  return items;
}

export function registerCommandExecutionRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  registry: ResourceRegistry,
): void {
  const resources = ctx.resources;
  if (!resources) throw new Error('command executions need the engine (ctx.resources)');
  app.post(COMMAND_EXECUTIONS_URL, async (request, reply) => {
    const rctx = await requestContext(ctx.db, request);
    const auth = requireAuth(request);
    const started = await startRun(
      ctx,
      resources,
      rctx,
      (orgId) => auth.access.permissionsIn(orgId),
      holdsSystemAdmin(auth.access),
      request.body,
    );
    const row = await registry
      .resource(OPS_COMMAND_EXECUTION)
      .get(started.id, { ...rctx, orgId: ROOT_ORG_ID });
    reply.code(201);
    return row
      ? registry.resource(OPS_COMMAND_EXECUTION).serialize(row, { ...rctx, orgId: ROOT_ORG_ID })
      : started;
  });
  registerOwnList(app, ctx, registry, {
    url: COMMAND_EXECUTIONS_URL,
    resource: OPS_COMMAND_EXECUTION,
    userField: 'user',
    params: ['search', 'is_finished', 'date_from', 'date_to', 'order', 'limit', 'offset'],
    acrossOrgs: true,
  });
  // The run page: the system users one may run as, and the tree of the hosts permitted with one of them.
  app.get(SYSTEM_USERS_PERMISSION_URL, async (request) => {
    const rctx = await requestContext(ctx.db, request);
    return (await usableSystemUsers(resources, rctx)).map((user) => ({
      id: String(user.id),
      name: String(user.name),
      username: String(user.username),
      protocol: String(user.protocol),
      login_mode: String(user.login_mode),
    }));
  });
  app.get<{ Querystring: { system_user?: string } }>(PERMITTED_TREE_URL, async (request) => {
    const rctx = await requestContext(ctx.db, request);
    const id = String(request.query.system_user ?? '');
    const usable = await usableSystemUsers(resources, rctx);
    const systemUser = usable.find((user) => String(user.id) === id);
    return systemUser
      ? permittedTree(resources, rctx, systemUser, await ungroupDirectAssets(ctx.db, ctx.config))
      : [];
  });
  app.get<{ Params: { id: string } }>(`${COMMAND_EXECUTIONS_URL}:id/`, async (request, reply) => {
    const rctx = await requestContext(ctx.db, request);
    const root = { ...rctx, orgId: ROOT_ORG_ID };
    const resource = registry.resource(OPS_COMMAND_EXECUTION);
    const row = /^[0-9a-f-]{36}$/i.test(request.params.id)
      ? await resource.get(request.params.id, root)
      : null;
    if (!row || row.user !== rctx.userId) {
      reply.code(404);
      return { detail: opsMessage('executionNotFound', rctx.language) };
    }
    return resource.serialize(row, root);
  });
}
