import type { RequestContext, StoredRow } from '../engine/declaration';
import { fullValues, orgNodes } from '../resources/assets/node-store';
import { ASSET_PERMISSION } from '../resources/perms';
import {
  ensureDefaultTicketFlows,
  FLOW,
  openTicket,
  processTicket,
  type ProcessAction,
} from '../resources/tickets';
import { findUserCredentials } from '../data/stores/users';
import { DEMO_ORGS } from './demo-data';
import { optionalResource, systemContext, type SeedEnv } from './seed-context';

/**
 * The demo's asset permissions and tickets, made through the same engine calls and ticket services as the
 * API (validation, flows, process maps, site messages, the permission an approval grants), so the
 * console shows data that behaves like real data.
 */

const [DEFAULT_ORG, FINANCE_ORG, RND_ORG] = DEMO_ORGS.map((org) => org.id) as [string, string, string];
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

interface DemoPermission {
  org: string;
  name: string;
  groups: readonly string[];
  nodes: readonly string[];
  actions: readonly string[];
  expired?: boolean;
}

const PERMISSIONS: readonly DemoPermission[] = [
  { org: DEFAULT_ORG, name: 'Ops - every host', groups: ['Ops'], nodes: ['/Default'], actions: ['all'] },
  {
    org: DEFAULT_ORG,
    name: 'DBA - production databases',
    groups: ['DBA'],
    nodes: ['/Default/Beijing/prod/db', '/Default/Shanghai/prod/db', '/Default/Shenzhen/prod/db'],
    actions: ['connect', 'updownload'],
  },
  {
    org: DEFAULT_ORG,
    name: 'Developers - test hosts',
    groups: ['Developers'],
    nodes: ['/Default/Beijing/test', '/Default/Shanghai/test', '/Default/Shenzhen/test'],
    actions: ['connect', 'clipboard_copy_paste'],
  },
  {
    org: DEFAULT_ORG,
    name: 'Security - 2024 audit (expired)',
    groups: ['Security'],
    nodes: ['/Default/Beijing/prod'],
    actions: ['connect'],
    expired: true,
  },
  {
    org: FINANCE_ORG,
    name: 'Finance Ops - every host',
    groups: ['Finance Ops'],
    nodes: ['/Finance'],
    actions: ['all'],
  },
  {
    org: RND_ORG,
    name: 'QA - test hosts',
    groups: ['QA'],
    nodes: ['/R&D/Chengdu/test'],
    actions: ['connect', 'updownload'],
  },
];

interface DemoTicket {
  org: string;
  applicant: string;
  title: string;
  hosts: readonly string[];
  actions: readonly string[];
  /** who does what, in order */
  steps: ReadonlyArray<readonly [username: string, action: ProcessAction]>;
}

const TICKETS: readonly DemoTicket[] = [
  {
    org: DEFAULT_ORG,
    applicant: 'lina',
    title: 'Read access to the Beijing production database',
    hosts: ['bj-prod-db-01', 'bj-prod-db-02'],
    actions: ['connect'],
    steps: [],
  },
  {
    org: DEFAULT_ORG,
    applicant: 'liuyang',
    title: 'Deploy the Shanghai web tier',
    hosts: ['sh-prod-web-01', 'sh-prod-web-02', 'sh-prod-web-03'],
    actions: ['connect', 'upload_file', 'download_file'],
    steps: [['admin', 'approve']],
  },
  {
    org: DEFAULT_ORG,
    applicant: 'chenjie',
    title: 'Root shell on every Shenzhen host',
    hosts: ['sz-prod-app-01', 'sz-prod-db-01'],
    actions: ['all'],
    steps: [['admin', 'reject']],
  },
  {
    org: DEFAULT_ORG,
    applicant: 'yangli',
    title: 'Temporary access to bj-test-app-04 (no longer needed)',
    hosts: ['bj-test-app-04'],
    actions: ['connect'],
    steps: [['yangli', 'close']],
  },
  {
    org: FINANCE_ORG,
    applicant: 'luoqing',
    title: 'Quarter close: Hangzhou finance databases',
    hosts: ['hz-prod-db-01', 'hz-prod-db-02'],
    actions: ['connect', 'clipboard_copy'],
    steps: [['heyun', 'approve']],
  },
];

async function userContext(env: SeedEnv, username: string): Promise<RequestContext | null> {
  const found = await findUserCredentials(env.db, username);
  if (!found) return null;
  return {
    userId: found.user.id,
    username,
    orgId: DEFAULT_ORG,
    perms: new Set<string>(),
    isSystemAdmin: false,
    language: 'en',
  };
}

const byName = (rows: readonly StoredRow[], field: string, values: readonly string[]): string[] =>
  values.flatMap((value) => rows.filter((row) => row[field] === value).map((row) => String(row.id)));

async function seedPermissions(env: SeedEnv): Promise<number> {
  const perms = env.resources.get(ASSET_PERMISSION);
  const groups = optionalResource(env.resources, 'users.usergroup');
  let created = 0;
  for (const item of PERMISSIONS) {
    const ctx = systemContext(item.org);
    const paths = fullValues(await orgNodes(env.resources, ctx));
    const nodes = [...paths].filter(([, path]) => item.nodes.includes(path)).map(([id]) => id);
    const groupIds = groups ? byName(await groups.find(null, ctx), 'name', item.groups) : [];
    const now = Date.now();
    await perms.create(
      {
        name: item.name,
        user_groups: groupIds,
        nodes,
        actions: [...item.actions],
        comment: 'Demo',
        ...(item.expired ? { date_start: iso(now - 400 * DAY), date_expired: iso(now - 30 * DAY) } : {}),
      },
      ctx,
    );
    created += 1;
  }
  return created;
}

/** Finance approves requests in two levels: its org admins, then the super admins. */
async function seedFinanceFlow(env: SeedEnv): Promise<void> {
  const flows = env.resources.get(FLOW);
  const ctx = systemContext(FINANCE_ORG);
  const own = await flows.find({ field: 'type', op: 'eq', value: 'apply_asset' }, ctx);
  if (own.some((flow) => flow.org_id === FINANCE_ORG)) return;
  await flows.create(
    {
      type: 'apply_asset',
      approval_level: 2,
      rules: [{ strategy: 'org_admin' }, { strategy: 'super_admin' }],
    },
    ctx,
  );
}

async function seedTicket(env: SeedEnv, item: DemoTicket): Promise<boolean> {
  const applicant = await userContext(env, item.applicant);
  if (!applicant) return false;
  const assets = byName(
    await env.resources
      .get('assets.asset')
      .find({ field: 'hostname', op: 'in', values: [...item.hosts] }, systemContext(item.org)),
    'hostname',
    item.hosts,
  );
  const now = Date.now();
  const ticket = await openTicket(env.db, env.resources, applicant, 'apply_asset', {
    title: item.title,
    type: 'apply_asset',
    org_id: item.org,
    comment: 'Demo',
    meta: {
      apply_assets: assets,
      apply_nodes: [],
      apply_system_users: [],
      apply_actions: [...item.actions],
      apply_date_start: iso(now),
      apply_date_expired: iso(now + 30 * DAY),
    },
  });
  for (const [username, action] of item.steps) {
    const actor = await userContext(env, username);
    if (actor) await processTicket(env.db, env.resources, actor, String(ticket.id), action);
  }
  return true;
}

/** A handful of asset permissions and tickets in every state (open, approved, rejected, closed, level 2). */
export async function seedTicketsAndPermissions(
  env: SeedEnv,
): Promise<{ permissions: number; tickets: number }> {
  await ensureDefaultTicketFlows(env.resources);
  const permissions = await seedPermissions(env);
  await seedFinanceFlow(env);
  let tickets = 0;
  for (const item of TICKETS) if (await seedTicket(env, item)) tickets += 1;
  return { permissions, tickets };
}
