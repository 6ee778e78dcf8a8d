import type { RequestContext } from '../engine/declaration';
import { findUserCredentials } from '../data/stores/users';
import { ROOT_ORG_ID } from '../orgs/org-ids';
import { ensureOrgRoot } from '../resources/assets/node-store';
import { TERMINAL_ENDPOINT, TERMINAL_ENDPOINT_RULE } from '../resources/terminal/names';
import { DEMO_ORGS } from './demo-data';
import { systemContext, type SeedEnv } from './seed-context';

/**
 * What makes the demo's Default hosts reachable (docs/route-walk.md#demo-data): a domain with a gateway,
 * system users bound to the hosts (which gives them their asset accounts), a command filter with deny /
 * confirm / allow rules, and an endpoint with its rule for the Shanghai hosts (10.1.0.0/16), so that every assets and
 * accounts screen and the connection info have real rows to show. Made through the engine, as by the API
 * (secrets sealed, validation applied). No host behind these answers: tests of real SSH start their own.
 */

/** The Shanghai hosts' endpoint, told to users who connect to a 10.1.x.x host (connection info). */
export const DEMO_ENDPOINT = {
  name: 'Shanghai bastion',
  host: 'bastion-sh.demo.example.com',
  ssh_port: 2223,
};

export interface AccessSeedResult {
  systemUsers: number;
  commandFilterRules: number;
}

export async function seedAccess(env: SeedEnv): Promise<AccessSeedResult> {
  const [defaultOrg] = DEMO_ORGS;
  const ctx = systemContext(defaultOrg!.id);
  const assets = await env.resources.get('assets.asset').find(null, ctx);
  const linux = assets.filter((asset) => asset.platform === 'Linux');
  const root = await ensureOrgRoot(env.resources, ctx);

  const domain = await env.resources.get('assets.domain').create(
    {
      name: 'Shenzhen DMZ',
      assets: linux.filter((a) => String(a.hostname).startsWith('sz-')).map((a) => a.id),
      comment: 'Demo: reached through its gateway',
    },
    ctx,
  );
  await env.resources.get('assets.gateway').create(
    {
      name: 'sz-gateway-01',
      ip: '10.2.255.1',
      port: 22,
      username: 'jump',
      password: 'Demo-Gateway-Pass-1',
      domain: domain.id,
      comment: 'Demo',
    },
    ctx,
  );

  const systemUsers = env.resources.get('assets.systemuser');
  const ops = await systemUsers.create(
    {
      name: 'ops',
      username: 'ops',
      protocol: 'ssh',
      login_mode: 'auto',
      password: 'Demo-Ops-Pass-1',
      priority: 90,
      sudo: '/bin/systemctl,/usr/bin/journalctl',
      nodes: [root.id],
      // Bound directly too, a dozen hosts hold its account (the authbook's rows).
      assets: linux.slice(0, 12).map((a) => a.id),
      comment: 'Demo: the operators’ account on every host of the org',
    },
    ctx,
  );
  await systemUsers.create(
    {
      name: 'dba-mysql',
      username: 'dba',
      protocol: 'mysql',
      login_mode: 'manual',
      priority: 50,
      comment: 'Demo: typed at connect time',
    },
    ctx,
  );
  await systemUsers.create(
    {
      name: 'root (admin user)',
      username: 'root',
      type: 'admin',
      protocol: 'ssh',
      password: 'Demo-Root-Pass-1',
      comment: 'Demo: pushes and tests',
    },
    ctx,
  );

  const filter = await env.resources
    .get('assets.commandfilter')
    .create({ name: 'Dangerous commands', system_users: [ops.id], comment: 'Demo' }, ctx);
  const reviewer = (await findUserCredentials(env.db, 'zhangwei'))?.user.id;
  const rules = env.resources.get('assets.commandfilterrule');
  const ruleCtx: RequestContext = { ...ctx, query: { filter_pk: String(filter.id) } };
  const RULES = [
    { type: 'command', content: 'rm -rf /', action: 0, priority: 10, comment: 'Never' },
    {
      type: 'command',
      content: 'reboot\nshutdown',
      action: 2,
      priority: 20,
      reviewers: reviewer ? [reviewer] : [],
      comment: 'A reviewer confirms',
    },
    { type: 'regex', content: '^(ls|cat|tail|grep)\\b', action: 9, priority: 30, comment: 'Read-only' },
  ];
  for (const rule of RULES) await rules.create(rule, ruleCtx);

  const global = systemContext(ROOT_ORG_ID);
  const endpoint = await env.resources
    .get(TERMINAL_ENDPOINT)
    .create({ ...DEMO_ENDPOINT, comment: 'Demo' }, global);
  await env.resources.get(TERMINAL_ENDPOINT_RULE).create(
    {
      name: 'Shanghai hosts',
      ip_group: ['10.1.0.0/16'],
      priority: 10,
      endpoint: endpoint.id,
      comment: 'Demo',
    },
    global,
  );
  return { systemUsers: 3, commandFilterRules: RULES.length };
}
