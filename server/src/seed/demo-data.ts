import { DEFAULT_ORG_ID } from '../orgs/org-ids';

/**
 * The demo data set, as plain data: organizations, people and their roles, the node tree, labels and the
 * asset generator. Deterministic (no randomness), so two demo installs show the same screens.
 */
export interface DemoOrg {
  id: string;
  name: string;
  comment: string;
  /** Regions (second level of the node tree) and the environments below each. */
  regions: readonly string[];
  envs: readonly string[];
  tiers: readonly string[];
  assetsPerLeaf: number;
}

export const DEMO_ORGS: readonly DemoOrg[] = [
  {
    id: DEFAULT_ORG_ID,
    name: 'Default',
    comment: '',
    regions: ['Beijing', 'Shanghai', 'Shenzhen'],
    envs: ['prod', 'test'],
    tiers: ['web', 'app', 'db'],
    assetsPerLeaf: 9,
  },
  {
    id: '6d656d6f-0000-4000-8000-000000000001',
    name: 'Finance',
    comment: 'Demo: finance systems',
    regions: ['Hangzhou'],
    envs: ['prod', 'test'],
    tiers: ['web', 'db'],
    assetsPerLeaf: 6,
  },
  {
    id: '6d656d6f-0000-4000-8000-000000000002',
    name: 'R&D',
    comment: 'Demo: research and development',
    regions: ['Chengdu'],
    envs: ['dev', 'test'],
    tiers: ['build', 'app'],
    assetsPerLeaf: 6,
  },
];

export type DemoOrgRole = 'OrgAdmin' | 'OrgAuditor' | 'OrgUser';

export interface DemoUser {
  username: string;
  name: string;
  /** org name → role */
  orgRoles: Readonly<Record<string, DemoOrgRole>>;
  systemRoles: readonly string[];
  /** group names in the user's first org */
  groups: readonly string[];
  isActive: boolean;
}

const PEOPLE = [
  ['zhangwei', 'Zhang Wei'],
  ['wangfang', 'Wang Fang'],
  ['lina', 'Li Na'],
  ['liuyang', 'Liu Yang'],
  ['chenjie', 'Chen Jie'],
  ['yangli', 'Yang Li'],
  ['huangmin', 'Huang Min'],
  ['zhaolei', 'Zhao Lei'],
  ['wujing', 'Wu Jing'],
  ['zhouqiang', 'Zhou Qiang'],
  ['xuhui', 'Xu Hui'],
  ['sunyan', 'Sun Yan'],
  ['mata', 'Ma Tao'],
  ['zhuxia', 'Zhu Xia'],
  ['hujun', 'Hu Jun'],
  ['guoping', 'Guo Ping'],
  ['heyun', 'He Yun'],
  ['linfeng', 'Lin Feng'],
  ['luoqing', 'Luo Qing'],
  ['gaobo', 'Gao Bo'],
  ['tanaka', 'Tanaka Yuki'],
  ['suzuki', 'Suzuki Ken'],
  ['alice', 'Alice Martin'],
  ['bob', 'Bob Keller'],
  ['carol', 'Carol Diaz'],
  ['dave', 'Dave Okafor'],
  ['erin', 'Erin Novak'],
  ['frank', 'Frank Ito'],
] as const;

export const DEMO_GROUPS: Readonly<Record<string, readonly string[]>> = {
  Default: ['Ops', 'Developers', 'DBA', 'Security'],
  Finance: ['Finance Ops', 'Finance Dev'],
  'R&D': ['Platform', 'QA'],
};

/** ~30 people: admins and auditors per org, everyone else an org user; `auditor` is the SystemAuditor. */
export function demoUsers(): DemoUser[] {
  const users: DemoUser[] = PEOPLE.map(([username, name], index) => {
    const home = index < 16 ? 'Default' : index < 22 ? 'Finance' : 'R&D';
    const role: DemoOrgRole = index % 8 === 0 ? 'OrgAdmin' : index % 8 === 1 ? 'OrgAuditor' : 'OrgUser';
    const orgRoles: Record<string, DemoOrgRole> = { [home]: role };
    // A few people work in two orgs, so the org switcher has something to show.
    if (index % 5 === 2 && home !== 'Default') orgRoles.Default = 'OrgUser';
    if (index % 7 === 3 && home === 'Default') orgRoles.Finance = 'OrgUser';
    const groups = DEMO_GROUPS[home] ?? [];
    return {
      username,
      name,
      orgRoles,
      systemRoles: ['User'],
      groups: groups.length > 0 ? [groups[index % groups.length] as string] : [],
      isActive: index !== PEOPLE.length - 1,
    };
  });
  users.push({
    username: 'auditor',
    name: 'System Auditor',
    orgRoles: { Default: 'OrgAuditor' },
    systemRoles: ['SystemAuditor'],
    groups: [],
    isActive: true,
  });
  users.push({
    username: 'orgadmin',
    name: 'Org Admin',
    orgRoles: { Default: 'OrgAdmin', Finance: 'OrgAdmin', 'R&D': 'OrgAdmin' },
    systemRoles: ['User'],
    groups: ['Ops'],
    isActive: true,
  });
  return users;
}

export const DEMO_LABELS: ReadonlyArray<readonly [string, string]> = [
  ['env', 'prod'],
  ['env', 'test'],
  ['env', 'dev'],
  ['team', 'web'],
  ['team', 'dba'],
  ['team', 'infra'],
  ['os', 'centos'],
  ['os', 'ubuntu'],
  ['os', 'windows'],
];

export interface DemoAsset {
  hostname: string;
  ip: string;
  platform: string;
  protocols: string[];
  isActive: boolean;
  /** node path below the org root */
  path: readonly string[];
  labels: ReadonlyArray<readonly [string, string]>;
  comment: string;
  hardware: { os: string; cpu_cores: number; memory: string };
}

const REGION_CODE: Readonly<Record<string, string>> = {
  Beijing: 'bj',
  Shanghai: 'sh',
  Shenzhen: 'sz',
  Hangzhou: 'hz',
  Chengdu: 'cd',
};

/** Assets of one org: every region/env/tier leaf gets `assetsPerLeaf` hosts, some Windows, a few inactive. */
export function demoAssets(org: DemoOrg, orgIndex: number): DemoAsset[] {
  const assets: DemoAsset[] = [];
  org.regions.forEach((region, r) => {
    org.envs.forEach((env, e) => {
      org.tiers.forEach((tier, t) => {
        for (let n = 1; n <= org.assetsPerLeaf; n += 1) {
          const windows = tier === 'app' && n % 4 === 0;
          const code = REGION_CODE[region] ?? region.slice(0, 2).toLowerCase();
          const team = tier === 'db' ? 'dba' : tier === 'web' ? 'web' : 'infra';
          const os = windows ? 'windows' : n % 3 === 0 ? 'ubuntu' : 'centos';
          assets.push({
            hostname: `${code}-${env}-${tier}-${String(n).padStart(2, '0')}`,
            ip: `10.${orgIndex * 16 + r}.${e * 16 + t}.${n + 10}`,
            platform: windows ? 'Windows' : 'Linux',
            protocols: windows ? ['rdp/3389'] : n % 5 === 0 ? ['ssh/22', 'telnet/23'] : ['ssh/22'],
            isActive: n % 11 !== 0,
            path: [region, env, tier],
            labels: [
              ['env', env],
              ['team', team],
              ['os', os],
            ],
            comment: n === 1 ? `${tier} entry host of ${region} ${env}` : '',
            hardware: {
              os: windows ? 'Windows Server 2019' : os === 'ubuntu' ? 'Ubuntu 22.04' : 'CentOS 7.9',
              cpu_cores: 2 ** (n % 4),
              memory: `${4 * 2 ** (n % 3)}G`,
            },
          });
        }
      });
    });
  });
  return assets;
}

export const DEMO_MESSAGES: ReadonlyArray<{ subject: string; message: string; to: 'admin' | 'all' }> = [
  {
    subject: 'Welcome to Bastion Console',
    message:
      '<p>This installation holds a <b>demo data set</b>: three organizations, users, assets and labels.</p>',
    to: 'all',
  },
  {
    subject: 'Asset connectivity check failed: sz-prod-db-03',
    message: '<p>The connectivity test of <code>sz-prod-db-03</code> failed at 03:12.</p>',
    to: 'admin',
  },
  {
    subject: 'Password expiring soon',
    message: '<p>Your password expires in 7 days. Change it under <i>Profile</i>.</p>',
    to: 'all',
  },
];
