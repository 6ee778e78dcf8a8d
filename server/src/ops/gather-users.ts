import type { ExtraAction, ExtraActionCall, ResourceDirectory, StoredRow } from '../engine/declaration';
import { ResponseError, permissionDenied } from '../http/api-error';
import { allows } from '../rbac/authorize';
import { accessMessage } from '../resources/asset-access/messages';
import { assetSshTarget } from '../resources/asset-access/ssh-targets';
import { ASSET, assetsOfNodes, orgNodes, resolveNode, subtreeOf } from '../resources/assets/node-store';
import { sshFailureOf, withSsh } from '../ssh/ssh-client';
import { opsMessage } from './messages';
import { runnerFor, systemContext, type RunHandle, type RunOutcome } from './task-runner';

const GATHERED = 'assets.gathereduser';
/** The right to start a gathering: v2.21's gather-user task executions (an org-level code here). */
export const GATHER_CODE = 'xpack.add_gatherusertaskexecution';
/** Assets one gathering covers at most (the node of a big tree): the rest are left for another run. */
const MAX_HOSTS = 200;

/**
 * One read-only command: the local accounts (name, uid, shell) and, under a marker line, `lastlog`'s
 * table in the C locale. Shells that cannot log in are dropped on our side.
 */
export const GATHER_SCRIPT = [
  'getent passwd | awk -F: \'{ print $1 "|" $3 "|" $7 }\'',
  'echo "--lastlog--"',
  'LC_ALL=C lastlog 2>/dev/null || true',
].join('\n');

const NO_LOGIN = /(nologin|\/false|\/sync|\/shutdown|\/halt)$/;

export interface GatheredUser {
  username: string;
  dateLastLogin: number | null;
  ipLastLogin: string;
}

/** `Tue Nov 24 09:00:00 +0000 2026` (lastlog's C-locale date) → epoch ms, or null. */
function lastlogDate(tokens: readonly string[]): number | null {
  if (tokens.length !== 6) return null;
  const [, month, day, time, zone, year] = tokens;
  const ms = Date.parse(`${String(month)} ${String(day)} ${String(year)} ${String(time)} ${String(zone)}`);
  return Number.isNaN(ms) ? null : ms;
}

/** The users that can log in (a real shell), each with its last login when lastlog knows one. */
export function parseGathered(stdout: string): GatheredUser[] {
  const [passwd = '', lastlog = ''] = stdout.split('--lastlog--');
  const logins = new Map<string, { date: number | null; from: string }>();
  for (const line of lastlog.split('\n').slice(1)) {
    const tokens = line.trim().split(/\s+/);
    if (tokens.length < 8 || line.includes('**Never logged in**')) continue;
    // Username, Port, [From], then a six-token date.
    logins.set(String(tokens[0]), {
      date: lastlogDate(tokens.slice(-6)),
      from: tokens.length >= 9 ? String(tokens[2]) : '',
    });
  }
  const users: GatheredUser[] = [];
  for (const line of passwd.split('\n')) {
    const [name, , shell] = line.trim().split('|');
    if (!name || !shell || NO_LOGIN.test(shell)) continue;
    const login = logins.get(name);
    users.push({
      username: name.slice(0, 32),
      dateLastLogin: login?.date ?? null,
      ipLastLogin: (login?.from ?? '').slice(0, 39),
    });
  }
  return users;
}

/** Stores one host's users: new ones created, known ones updated, missing ones marked not present. */
async function storeGathered(
  resources: ResourceDirectory,
  asset: StoredRow,
  users: readonly GatheredUser[],
): Promise<void> {
  const store = resources.get(GATHERED);
  const ctx = { ...systemContext(), orgId: String(asset.org_id) };
  const known = await store.find({ field: 'asset', op: 'eq', value: String(asset.id) }, ctx);
  const byName = new Map(known.map((row) => [String(row.username), row]));
  const now = Date.now();
  for (const user of users) {
    const values = {
      present: true,
      date_last_login: user.dateLastLogin,
      ip_last_login: user.ipLastLogin,
      date_updated: now,
    };
    // Stored values (epoch ms), written as they are: the API never writes these rows.
    const id =
      byName.get(user.username)?.id ??
      (await store.create({ username: user.username, asset: String(asset.id) }, ctx)).id;
    await store.setColumns(String(id), values);
    byName.delete(user.username);
  }
  for (const gone of byName.values())
    if (gone.present !== false)
      await store.setColumns(String(gone.id), { present: false, date_updated: now });
}

function gatherWork(resources: ResourceDirectory, assets: readonly StoredRow[]) {
  return async (run: RunHandle): Promise<RunOutcome> => {
    const outcome: RunOutcome = { contacted: [], dark: {} };
    for (const asset of assets) {
      const host = String(asset.hostname ?? '');
      const address = String(asset.ip ?? '');
      const started = performance.now();
      const ms = () => Math.round(performance.now() - started);
      const fail = (reason: string) => {
        outcome.dark[host] = reason;
        run.log(opsMessage('logHostFailed', run.language, { host, address, ms: ms(), reason }));
      };
      const target = await assetSshTarget(resources, asset);
      if (!target) {
        fail(opsMessage('refreshNeedsAdminUser', run.language));
        continue;
      }
      try {
        const result = await withSsh(target, (s) => s.exec(GATHER_SCRIPT), { signal: run.signal });
        if (result.code !== 0) {
          fail(result.stderr.trim().split('\n').slice(-1)[0] ?? `exit ${String(result.code)}`);
          continue;
        }
        const users = parseGathered(result.stdout);
        await storeGathered(resources, asset, users);
        outcome.contacted.push(host);
        run.log(opsMessage('logHostOk', run.language, { host, address, ms: ms() }));
        run.log(
          opsMessage('logGathered', run.language, {
            host,
            count: users.length,
            names: users.map((u) => u.username).join(', '),
          }),
        );
      } catch (error) {
        fail(sshFailureOf(error).text(run.language));
      }
    }
    return outcome;
  };
}

/**
 * `POST gathered-users/gather/` `{assets?: [id], node?: id}` → `{task}` (docs/accounts.md#gathered-users):
 * reads the local users and their last logins of each asset over SSH as its admin user, per host in the
 * task log, and stores them (present or no longer present).
 */
async function gather(call: ExtraActionCall) {
  const { ctx, resources } = call;
  if (!allows(ctx, [GATHER_CODE])) throw permissionDenied();
  const input = (typeof call.body === 'object' && call.body !== null ? call.body : {}) as Record<
    string,
    unknown
  >;
  const named = Array.isArray(input.assets)
    ? input.assets.filter((a): a is string => typeof a === 'string')
    : [];
  let where = null;
  if (named.length) where = { field: 'id', op: 'in' as const, values: named.slice(0, MAX_HOSTS) };
  else if (typeof input.node === 'string' && input.node !== '') {
    const node = await resolveNode(resources, ctx, input.node);
    if (node) {
      const nodes = await orgNodes(resources, { ...ctx, orgId: node.orgId });
      where = assetsOfNodes(subtreeOf(nodes, node).map((n) => n.id));
    }
  }
  if (!where) throw new ResponseError(400, { assets: [accessMessage('gatherTargets', ctx.language)] });
  const assets = (await resources.get(ASSET).find(where, ctx)).slice(0, MAX_HOSTS);
  if (assets.length === 0)
    throw new ResponseError(400, { assets: [accessMessage('gatherTargets', ctx.language)] });
  const task = await runnerFor(resources).start({
    ctx,
    orgId: String(assets[0]?.org_id),
    kind: 'user_gather',
    subject: assets.length === 1 ? String(assets[0]?.hostname) : String(assets.length),
    hosts: assets.map((a) => String(a.id)),
    work: gatherWork(resources, assets),
  });
  return { body: { task } };
}

export const GATHER_ACTION: ExtraAction = {
  path: 'gather/',
  detail: false,
  methods: ['POST'],
  permissions: [GATHER_CODE],
  needsOrg: true,
  handler: gather,
};
