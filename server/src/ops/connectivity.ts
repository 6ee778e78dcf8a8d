import net from 'node:net';
import type {
  ExtraAction,
  ExtraActionCall,
  ExtraActionResult,
  Language,
  RequestContext,
  ResourceDirectory,
  StoredRow,
} from '../engine/declaration';
import { message, pythonType } from '../engine/messages';
import { ResponseError, permissionDenied } from '../http/api-error';
import { allows } from '../rbac/authorize';
import { parseProtocols, readProtocols } from '../resources/assets/asset-protocols';
import {
  ASSET,
  assetsOfNodes,
  orgNodes,
  pathsOfNodes,
  subtreeOf,
  toNode,
} from '../resources/assets/node-store';
import { assetSshTarget } from '../resources/asset-access/ssh-targets';
import { sshFailureOf, withSsh } from '../ssh/ssh-client';
import { hardwareWork } from './hardware';
import { systemUserWork } from './system-user-tasks';
import { opsMessage, type OpsMessage } from './messages';
import { runnerFor, type RunHandle, type RunOutcome } from './task-runner';

/**
 * The connectivity test of assets (v2.21 "test" action of `assets/{id}/tasks/` and `nodes/{id}/tasks/`):
 * a TCP connection to each asset's address on the port of its first protocol (ssh, rdp, telnet or vnc),
 * a few at a time, each bounded by a timeout. The asset's `connectivity` (ok / failed) and `date_verified`
 * are set from the result; the run writes one log line per host, a summary and a final line.
 */
export const PROBE = {
  timeoutMs: 3000,
  concurrency: 16,
  /** Assets one node task tests at most (the rest are named in the log as not tested). */
  maxHosts: 500,
};

export type ProbeFailure = 'timeout' | 'refused' | 'unreachable' | 'unknown_host' | 'cancelled' | string;

export interface ProbeResult {
  ok: boolean;
  ms: number;
  failure?: ProbeFailure;
  /** The translated reason when the probe gives its own (an SSH login's per-host failure). */
  reason?: string;
}

/**
 * One asset's test: an SSH login as its admin user (through its domain's gateway) when it has one and
 * speaks SSH (docs/ssh.md), otherwise a TCP connection to its first protocol's port.
 */
async function probe(resources: ResourceDirectory, target: Target, run: RunHandle): Promise<ProbeResult> {
  if (target.port === null) return { ok: false, ms: 0, failure: 'no_port' };
  const ssh = await assetSshTarget(resources, target.row);
  if (!ssh) return probeTcp(target.ip, target.port, PROBE.timeoutMs, run.signal);
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    await withSsh(ssh, (session) => session.exec('true'), { signal: run.signal });
    return { ok: true, ms: ms() };
  } catch (error) {
    const failure = sshFailureOf(error);
    return {
      ok: false,
      ms: ms(),
      failure: failure.kind === 'cancelled' ? 'cancelled' : failure.kind,
      reason: failure.text(run.language),
    };
  }
}

/** One TCP connection attempt: ok when the handshake completes; the socket is closed at once. */
export function probeTcp(
  host: string,
  port: number,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<ProbeResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const socket = net.connect({ host, port });
    const finish = (failure?: ProbeFailure): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      const ms = Math.round(performance.now() - started);
      resolve(failure === undefined ? { ok: true, ms } : { ok: false, ms, failure });
    };
    const onAbort = (): void => finish('cancelled');
    // The timer covers name resolution as well as the handshake.
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();
    socket.once('connect', () => finish());
    socket.once('error', (error: NodeJS.ErrnoException) => finish(failureOf(error.code)));
  });
}

function failureOf(code: string | undefined): ProbeFailure {
  switch (code) {
    case 'ECONNREFUSED':
      return 'refused';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'unreachable';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'unknown_host';
    case 'ETIMEDOUT':
      return 'timeout';
    default:
      return code ?? 'unknown';
  }
}

const REASONS: Record<string, OpsMessage> = {
  timeout: 'reasonTimeout',
  refused: 'reasonRefused',
  unreachable: 'reasonUnreachable',
  unknown_host: 'reasonUnknownHost',
  no_port: 'reasonNoPort',
  cancelled: 'reasonCancelled',
};

function reasonText(failure: ProbeFailure, language: Language): string {
  const key = REASONS[failure];
  return key ? opsMessage(key, language) : opsMessage('reasonOther', language, { code: failure });
}

/** An asset as the probe needs it. */
interface Target {
  id: string;
  hostname: string;
  ip: string;
  /** Port of the first ssh/rdp/telnet/vnc protocol; null when it has none. */
  port: number | null;
  active: boolean;
  row: StoredRow;
}

function targetOf(row: StoredRow): Target {
  const parsed = parseProtocols(readProtocols(row.protocols));
  const first = parsed.ok ? parsed.protocols[0] : undefined;
  const port = first ? Number(first.split('/')[1]) : NaN;
  return {
    id: String(row.id),
    hostname: String(row.hostname ?? ''),
    ip: String(row.ip ?? '').trim(),
    port: Number.isInteger(port) && port > 0 && port <= 65535 ? port : null,
    active: row.is_active !== false,
    row,
  };
}

const addressOf = (target: Target): string =>
  `${target.ip.includes(':') ? `[${target.ip}]` : target.ip}:${target.port ?? '-'}`;

/** The work of one connectivity run over `targets` (active assets); `skipped` and `capped` are only logged. */
function connectivityWork(
  resources: ResourceDirectory,
  targets: readonly Target[],
  skipped: readonly Target[],
  capped: number,
): (run: RunHandle) => Promise<RunOutcome> {
  return async (run) => {
    const t = (key: OpsMessage, params: Record<string, string | number> = {}) =>
      opsMessage(key, run.language, params);
    const concurrency = Math.max(1, Math.min(PROBE.concurrency, targets.length));
    run.log(
      t('logPlan', {
        count: targets.length,
        timeout: PROBE.timeoutMs / 1000,
        concurrency: PROBE.concurrency,
      }),
    );
    for (const target of skipped) run.log(t('logSkippedInactive', { host: target.hostname }));
    if (capped > 0) run.log(t('logCapped', { count: capped, max: PROBE.maxHosts }));
    if (targets.length === 0) run.log(t('logNoHosts'));
    const outcome: RunOutcome = { contacted: [], dark: {} };
    const assets = resources.get(ASSET);
    const queue = [...targets];
    const worker = async (): Promise<void> => {
      for (let target = queue.shift(); target; target = queue.shift()) {
        const result: ProbeResult = await probe(resources, target, run);
        const params = { host: target.hostname, address: addressOf(target), ms: result.ms };
        if (result.ok) {
          outcome.contacted.push(target.hostname);
          run.log(t('logHostOk', params));
        } else {
          const reason = result.reason ?? reasonText(result.failure ?? 'unknown', run.language);
          outcome.dark[target.hostname] = reason;
          run.log(t('logHostFailed', { ...params, reason }));
        }
        // A cancelled probe (server stopping) says nothing about the asset.
        if (result.failure !== 'cancelled')
          await assets.setColumns(target.id, {
            connectivity: result.ok ? 'ok' : 'failed',
            date_verified: Date.now(),
          });
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    run.log('');
    run.log(
      t('logSummary', {
        total: targets.length,
        success: outcome.contacted.length,
        failed: Object.keys(outcome.dark).length,
        skipped: skipped.length + capped,
      }),
    );
    return outcome;
  };
}

/** The `action` of a task request; 400 in the DRF shape for a missing or unknown one. */
function actionOf(call: ExtraActionCall, choices: readonly string[]): string {
  const lang = call.ctx.language;
  const body = call.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ResponseError(400, {
      non_field_errors: [message('invalidData', lang, { type: pythonType(body ?? null) })],
    });
  const action = (body as Record<string, unknown>).action;
  if (action === undefined || action === null || action === '')
    throw new ResponseError(400, { action: [message('required', lang)] });
  if (typeof action !== 'string' || !choices.includes(action))
    throw new ResponseError(400, {
      action: [message('invalidChoice', lang, { value: String(action).slice(0, 64) })],
    });
  return action;
}

function requirePerm(ctx: RequestContext, code: string): void {
  if (!allows(ctx, [code])) throw permissionDenied();
}

const refuse = (key: OpsMessage, ctx: RequestContext): ResponseError =>
  new ResponseError(400, { action: [opsMessage(key, ctx.language)] });

const TEST = 'assets.test_assetconnectivity';
const REFRESH = 'assets.refresh_assethardwareinfo';
const PUSH = 'assets.push_assetsystemuser';

/** `POST assets/{id}/tasks/` `{action}` (docs/resources.md#assets) → `{task}`. */
async function assetTasks(call: ExtraActionCall): Promise<ExtraActionResult> {
  const { ctx } = call;
  const action = actionOf(call, ['refresh', 'test', 'push_system_user', 'test_system_user']);
  if (action === 'refresh') {
    requirePerm(ctx, REFRESH);
    const row = call.row ?? {};
    const hostname = String(row.hostname ?? '');
    const task = await runnerFor(call.resources).start({
      ctx,
      orgId: String(row.org_id),
      kind: 'asset_hardware',
      subject: hostname,
      hosts: row.is_active === false ? [] : [String(row.id)],
      work: hardwareWork(call.resources, row.is_active === false ? [] : [row]),
    });
    return { body: { task } };
  }
  if (action === 'push_system_user' || action === 'test_system_user') {
    requirePerm(ctx, action === 'push_system_user' ? PUSH : TEST);
    const row = call.row ?? {};
    const given = (call.body as { system_users?: unknown }).system_users;
    const ids = Array.isArray(given) ? given.filter((id): id is string => typeof id === 'string') : [];
    if (ids.length === 0) throw refuse('needsSystemUsers', ctx);
    const scope = { ...ctx, orgId: String(row.org_id) };
    const users = await call.resources
      .get('assets.systemuser')
      .find({ field: 'id', op: 'in', values: ids }, scope);
    const task = await runnerFor(call.resources).start({
      ctx,
      orgId: String(row.org_id),
      kind: action === 'push_system_user' ? 'system_user_push' : 'system_user_test',
      subject: String(row.hostname ?? ''),
      hosts: [String(row.id)],
      work: systemUserWork(
        call.resources,
        action === 'push_system_user' ? 'push' : 'test',
        users.map((user) => [user, row] as const),
      ),
    });
    return { body: { task } };
  }
  requirePerm(ctx, TEST);
  const row = call.row ?? {};
  const target = targetOf(row);
  const targets = target.active ? [target] : [];
  const task = await runnerFor(call.resources).start({
    ctx,
    orgId: String(row.org_id),
    kind: 'asset_connectivity',
    subject: target.hostname,
    hosts: targets.map((item) => item.id),
    work: connectivityWork(call.resources, targets, target.active ? [] : [target], 0),
  });
  return { body: { task } };
}

/**
 * `POST nodes/{id}/tasks/` `{action}` (docs/resources.md#nodes): every asset of the node's subtree →
 * `{task}`.
 */
async function nodeTasks(call: ExtraActionCall): Promise<ExtraActionResult> {
  const { ctx, resources } = call;
  const action = actionOf(call, ['refresh', 'test', 'refresh_cache']);
  if (action === 'refresh') {
    requirePerm(ctx, REFRESH);
    const node = toNode(call.row ?? {});
    const nodeCtx = { ...ctx, orgId: node.orgId };
    const ids = subtreeOf(await orgNodes(resources, nodeCtx), node).map((item) => item.id);
    const rows = (await resources.get(ASSET).find(assetsOfNodes(ids), nodeCtx))
      .filter((row) => row.is_active !== false)
      .sort((a, b) => String(a.hostname).localeCompare(String(b.hostname)));
    const unique = [...new Map(rows.map((row) => [String(row.id), row])).values()].slice(0, PROBE.maxHosts);
    const path =
      (await pathsOfNodes(resources, nodeCtx, [node.id], new Set([node.orgId]))).get(node.id) ?? node.value;
    const task = await runnerFor(resources).start({
      ctx,
      orgId: node.orgId,
      kind: 'node_hardware',
      subject: path,
      hosts: unique.map((row) => String(row.id)),
      work: hardwareWork(resources, unique),
    });
    return { body: { task } };
  }
  if (action === 'refresh_cache') {
    requirePerm(ctx, 'assets.change_node');
    throw refuse('noAmountCache', ctx);
  }
  requirePerm(ctx, TEST);
  const node = toNode(call.row ?? {});
  const nodeCtx = { ...ctx, orgId: node.orgId };
  const ids = subtreeOf(await orgNodes(resources, nodeCtx), node).map((item) => item.id);
  const all = (await resources.get(ASSET).find(assetsOfNodes(ids), nodeCtx))
    .map(targetOf)
    .sort((a, b) => a.hostname.localeCompare(b.hostname));
  const unique = [...new Map(all.map((target) => [target.id, target])).values()];
  const active = unique.filter((target) => target.active);
  const targets = active.slice(0, PROBE.maxHosts);
  const path =
    (await pathsOfNodes(resources, nodeCtx, [node.id], new Set([node.orgId]))).get(node.id) ?? node.value;
  const task = await runnerFor(resources).start({
    ctx,
    orgId: node.orgId,
    kind: 'node_connectivity',
    subject: path,
    hosts: targets.map((item) => item.id),
    work: connectivityWork(
      resources,
      targets,
      unique.filter((target) => !target.active),
      active.length - targets.length,
    ),
  });
  return { body: { task } };
}

/** The extra action of the asset declaration (resources/assets/asset.ts). */
export const ASSET_TASKS_ACTION: ExtraAction = {
  path: 'tasks/',
  detail: true,
  methods: ['POST'],
  permissions: [`${TEST}|${REFRESH}|${PUSH}`],
  handler: assetTasks,
};

/** The extra action of the node declaration (resources/assets/node-actions.ts). */
export const NODE_TASKS_ACTION: ExtraAction = {
  path: 'tasks/',
  detail: true,
  methods: ['POST'],
  permissions: [`${TEST}|${REFRESH}|assets.change_node`],
  handler: nodeTasks,
};
