import { ensureOrg } from '../data/stores/orgs';
import { addSeedMarker, hasSeedMarker } from '../data/stores/seed-markers';
import { findUserCredentials } from '../data/stores/users';
import { createUser, UserRefusedError } from '../users/create-user';
import { sendSiteMessage } from '../notifications';
import { ensureOrgRoot, childrenOf, orgNodes, toNode, type NodeRow } from '../resources/assets/node-store';
import type { ResourceAccess, RequestContext } from '../engine/declaration';
import { DEMO_GROUPS, DEMO_LABELS, DEMO_MESSAGES, DEMO_ORGS, demoAssets, demoUsers } from './demo-data';
import { optionalResource, systemContext, type SeedEnv } from './seed-context';
import { seedTicketsAndPermissions } from './seed-tickets';
import { seedAccess } from './seed-access';
import { seedDemoSessions, type DemoSessionsResult } from './seed-demo-sessions';

export const DEMO_MARKER = 'demo';

export interface DemoSeedResult {
  skipped: boolean;
  orgs: number;
  users: number;
  groups: number;
  labels: number;
  nodes: number;
  assets: number;
  messages: number;
  permissions: number;
  tickets: number;
  /** Terminal activity (docs/demo.md#sessions); zeros when the seed has no data directory. */
  terminal: DemoSessionsResult;
  seconds: number;
}

/** The child of `parent` named `value`, created when missing. */
async function childNode(
  env: SeedEnv,
  ctx: RequestContext,
  parent: NodeRow,
  value: string,
): Promise<NodeRow> {
  const found = childrenOf(await orgNodes(env.resources, ctx), parent).find((node) => node.value === value);
  if (found) return found;
  return toNode(await env.resources.get('assets.node').create({ value, parent: parent.id }, ctx));
}

async function seedGroups(
  env: SeedEnv,
  orgIds: Map<string, string>,
  members: Map<string, string[]>,
): Promise<number> {
  const groups = optionalResource(env.resources, 'users.usergroup');
  if (!groups) return 0;
  let created = 0;
  for (const [orgName, names] of Object.entries(DEMO_GROUPS)) {
    const ctx = systemContext(orgIds.get(orgName) as string);
    for (const name of names) {
      const userIds = members.get(`${orgName}/${name}`) ?? [];
      const withUsers = 'users' in groups.declaration.fields ? { users: userIds } : {};
      await groups.create({ name, comment: 'Demo', ...withUsers }, ctx);
      created += 1;
    }
  }
  return created;
}

async function seedLabels(labels: ResourceAccess, ctx: RequestContext): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [name, value] of DEMO_LABELS) {
    const row = await labels.create({ name, value, comment: 'Demo' }, ctx);
    ids.set(`${name}:${value}`, String(row.id));
  }
  return ids;
}

/**
 * Loads the demo data set once (a `seed_markers` row guards it): three orgs, ~30 users with org roles
 * and a SystemAuditor, groups, labels, a node tree per org with ~200 assets, asset permissions, tickets in
 * every state, and a few site messages.
 */
export async function seedDemo(env: SeedEnv, password: string): Promise<DemoSeedResult> {
  const result: DemoSeedResult = {
    skipped: false,
    orgs: 0,
    users: 0,
    groups: 0,
    labels: 0,
    nodes: 0,
    assets: 0,
    messages: 0,
    permissions: 0,
    tickets: 0,
    terminal: { systemUsers: 0, sessions: 0, online: 0, replays: 0, commands: 0, dangerous: 0, ftpLogs: 0 },
    seconds: 0,
  };
  const started = performance.now();
  if (await hasSeedMarker(env.db, DEMO_MARKER)) return { ...result, skipped: true };
  const orgIds = new Map<string, string>();
  for (const org of DEMO_ORGS) {
    await ensureOrg(env.db, { id: org.id, name: org.name, comment: org.comment });
    orgIds.set(org.name, org.id);
    result.orgs += 1;
  }

  const members = new Map<string, string[]>();
  const userIds: string[] = [];
  for (const user of demoUsers()) {
    if (await findUserCredentials(env.db, user.username)) continue;
    try {
      const created = await createUser(env, {
        username: user.username,
        name: user.name,
        email: `${user.username}@demo.example.com`,
        password,
        systemRoles: user.systemRoles,
        orgRoles: Object.entries(user.orgRoles).map(([org, role]) => ({
          org: orgIds.get(org) as string,
          role,
        })),
        isActive: user.isActive,
        comment: 'Demo',
      });
      userIds.push(created.id);
      result.users += 1;
      const home = Object.keys(user.orgRoles)[0] as string;
      for (const group of user.groups)
        members.set(`${home}/${group}`, [...(members.get(`${home}/${group}`) ?? []), created.id]);
    } catch (error) {
      // A demo user whose e-mail another user took meanwhile is skipped, not fatal.
      if (!(error instanceof UserRefusedError)) throw error;
    }
  }
  result.groups = await seedGroups(env, orgIds, members);

  const nodes = env.resources.get('assets.node');
  const assets = env.resources.get('assets.asset');
  for (const [orgIndex, org] of DEMO_ORGS.entries()) {
    const ctx = systemContext(org.id);
    const labelIds = await seedLabels(env.resources.get('assets.label'), ctx);
    result.labels += labelIds.size;
    const root = await ensureOrgRoot(env.resources, ctx);
    const before = await nodes.count(null, ctx);
    const leaves = new Map<string, string>();
    for (const item of demoAssets(org, orgIndex)) {
      const pathKey = item.path.join('/');
      if (!leaves.has(pathKey)) {
        let parent = root;
        for (const value of item.path) parent = await childNode(env, ctx, parent, value);
        leaves.set(pathKey, parent.id);
      }
      const row = await assets.create(
        {
          hostname: item.hostname,
          ip: item.ip,
          platform: item.platform,
          protocols: item.protocols,
          is_active: item.isActive,
          comment: item.comment,
          nodes: [leaves.get(pathKey) as string],
          labels: item.labels.map(([name, value]) => labelIds.get(`${name}:${value}`) as string),
          ...item.hardware,
        },
        ctx,
      );
      // Connectivity is read-only over the API (set by tests of the real platform): vary it for the screens.
      const n = result.assets;
      await assets.setColumns(String(row.id), {
        connectivity: n % 13 === 0 ? 'failed' : n % 3 === 0 ? 'unknown' : 'ok',
      });
      result.assets += 1;
    }
    result.nodes += (await nodes.count(null, ctx)) - before + 1;
  }

  Object.assign(result, await seedTicketsAndPermissions(env));
  await seedAccess(env);

  const admin = (await findUserCredentials(env.db, 'admin'))?.user.id;
  for (const item of DEMO_MESSAGES) {
    const adminIds = admin ? [admin] : [];
    const to = item.to === 'admin' ? adminIds : [...adminIds, ...userIds];
    if (to.length === 0) continue;
    await sendSiteMessage(env.db, { userIds: to, subject: item.subject, message: item.message });
    result.messages += 1;
  }
  if (env.dataDir) {
    const adminUser = (await findUserCredentials(env.db, 'admin'))?.user ?? null;
    result.terminal = await seedDemoSessions({ ...env, dataDir: env.dataDir }, adminUser);
  }
  await addSeedMarker(env.db, DEMO_MARKER);
  result.seconds = (performance.now() - started) / 1000;
  return result;
}
