import crypto from 'node:crypto';
import { ResourceTable } from '../data/resource-table';
import { compileResource } from '../engine/compile';
import type { StoredRow } from '../engine/declaration';
import { DEFAULT_ORG_ID } from '../orgs/org-ids';
import { assetResource } from '../resources/assets/asset';
import { childrenOf, ensureOrgRoot, orgNodes, toNode, type NodeRow } from '../resources/assets/node-store';
import { systemContext, type SeedEnv } from './seed-context';

/**
 * `seed --assets N`: N assets in the Default org under a node tree /Default/Scale/<region>/<env>/<tier>,
 * loaded in one transaction through the table's bulk load (validated creates would take minutes).
 * Hostnames carry a run tag so that repeated runs add more assets instead of clashing.
 */
const REGIONS = ['bj', 'sh', 'sz', 'gz', 'hz', 'cd', 'wh', 'xa'];
const ENVS = ['prod', 'test', 'dev', 'uat'];
const TIERS = ['web', 'app', 'db', 'cache'];

export const MAX_SEED_ASSETS = 2_000_000;

export interface AssetSeedResult {
  assets: number;
  leaves: number;
  seconds: number;
}

async function scaleLeaves(env: SeedEnv): Promise<NodeRow[]> {
  const ctx = systemContext(DEFAULT_ORG_ID);
  const nodes = env.resources.get('assets.node');
  const child = async (parent: NodeRow, value: string): Promise<NodeRow> =>
    childrenOf(await orgNodes(env.resources, ctx), parent).find((node) => node.value === value) ??
    toNode(await nodes.create({ value, parent: parent.id }, ctx));
  const scale = await child(await ensureOrgRoot(env.resources, ctx), 'Scale');
  const leaves: NodeRow[] = [];
  for (const region of REGIONS) {
    const regionNode = await child(scale, region);
    for (const stage of ENVS) {
      const envNode = await child(regionNode, stage);
      for (const tier of TIERS) leaves.push(await child(envNode, tier));
    }
  }
  return leaves;
}

export async function seedAssets(env: SeedEnv, count: number): Promise<AssetSeedResult> {
  const started = performance.now();
  const leaves = await scaleLeaves(env);
  const tag = Date.now().toString(36).slice(-5);
  const now = Date.now();
  const rows: StoredRow[] = [];
  const pairs: Array<readonly [string, string]> = [];
  for (let i = 0; i < count; i += 1) {
    const leaf = leaves[i % leaves.length] as NodeRow;
    const [region, stage, tier] = [
      REGIONS[Math.floor(i / 16) % 8],
      ENVS[Math.floor(i / 4) % 4],
      TIERS[i % 4],
    ];
    const windows = tier === 'app' && i % 10 === 0;
    const id = crypto.randomUUID();
    // Stored form of the engine (see engine/runtime encode): booleans 0/1, json as text, datetimes in ms.
    rows.push({
      id,
      org_id: DEFAULT_ORG_ID,
      hostname: `${region}-${stage}-${tier}-${tag}-${String(i).padStart(7, '0')}`,
      ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      platform: windows ? 'Windows' : 'Linux',
      protocols: windows ? '["rdp/3389"]' : '["ssh/22"]',
      is_active: i % 17 === 0 ? 0 : 1,
      comment: '',
      connectivity: i % 9 === 0 ? 'failed' : 'ok',
      cpu_cores: 2 ** (i % 5),
      created_by: 'System',
      date_created: now - i * 1000,
    });
    pairs.push([id, leaf.id]);
  }
  const table = new ResourceTable(env.db, compileResource(assetResource), () => undefined);
  await table.insertMany(rows, [{ field: 'nodes', pairs }]);
  return { assets: count, leaves: leaves.length, seconds: (performance.now() - started) / 1000 };
}
