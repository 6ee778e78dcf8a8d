import { ensureBuiltinPlatforms } from '../resources/assets/ensure-builtin-platforms';
import { seedDemo, type DemoSeedResult } from './seed-demo';
import type { SeedEnv } from './seed-context';

/** The demo users' password unless BASTION_DEMO_PASSWORD sets another (printed when the demo is loaded). */
export const DEFAULT_DEMO_PASSWORD = 'Demo-Pass-2026!';

/**
 * Seeds run once the engine's tables exist: the built-in platforms on every start, and with
 * BASTION_DEMO=1 the demo set (once: guarded by its marker row).
 */
export async function seedOnEngineStart(
  env: SeedEnv,
  options: { demo: boolean; demoPassword?: string | null },
): Promise<DemoSeedResult | null> {
  await ensureBuiltinPlatforms(env.resources);
  if (!options.demo) return null;
  return seedDemo(env, options.demoPassword ?? DEFAULT_DEMO_PASSWORD);
}

export function describeDemo(result: DemoSeedResult, password: string): string {
  if (result.skipped) return 'demo data already loaded (seed_markers: demo)\n';
  return (
    `demo data loaded: ${result.orgs} orgs, ${result.users} users, ${result.groups} groups, ` +
    `${result.labels} labels, ${result.nodes} nodes, ${result.assets} assets, ${result.messages} messages; ` +
    `demo users' password: ${password}\n`
  );
}
