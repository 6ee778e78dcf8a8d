import type { ServerConfig } from '../config';
import { buildApp } from '../app';
import { ADMIN_USERNAME } from '../bootstrap/first-start';
import { adminPasswordNotice } from '../cli/notice';
import { MAX_SEED_ASSETS, seedAssets } from './seed-assets';
import { DEFAULT_DEMO_PASSWORD, describeDemo, describeDemoSignIns } from './start-seeds';
import { seedDemoSignIns } from './seed-demo-sign-ins';
import { seedDemo } from './seed-demo';
import { MAX_SEED_COMMANDS, MAX_SEED_SESSIONS, seedTerminal } from './seed-terminal';

const USAGE = `usage: npm run seed -- [--demo] [--assets N] [--sessions N] [--commands N]
  --demo       load the demo data set once (orgs, users, groups, labels, node trees, ~200 assets,
               asset permissions, tickets, messages)
  --assets N   add N assets to the Default org under /Default/Scale/… (bulk, one transaction)
  --sessions N add N terminal sessions to the Default org over the last 30 days (bulk)
  --commands N add N commands spread over those sessions (bulk; one session when --sessions is not given)
The database is BASTION_DATABASE_URL, else the SQLite file in BASTION_DATA_DIR (default ./data);
BASTION_DEMO_PASSWORD sets the demo users' password.
`;

export interface SeedArgs {
  demo: boolean;
  assets: number;
  sessions: number;
  commands: number;
}

const COUNT_OPTIONS = { assets: MAX_SEED_ASSETS, sessions: MAX_SEED_SESSIONS, commands: MAX_SEED_COMMANDS };

/** Parses `--demo`, `--assets N` / `--assets=N`; `{error}` on bad input. */
export function parseSeedArgs(args: readonly string[]): SeedArgs | { error: string } {
  const parsed: SeedArgs = { demo: false, assets: 0, sessions: 0, commands: 0 };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    const name = /^--(assets|sessions|commands)(=|$)/.exec(arg)?.[1] as
      keyof typeof COUNT_OPTIONS | undefined;
    if (arg === '--demo') parsed.demo = true;
    else if (name) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[(i += 1)];
      const count = Number(value);
      const max = COUNT_OPTIONS[name];
      if (!value || !/^\d+$/.test(value) || count < 1 || count > max) {
        return {
          error: `--${name} needs a whole number between 1 and ${max}, got "${value ?? ''}"`,
        };
      }
      parsed[name] = count;
    } else return { error: `unknown option "${arg}"` };
  }
  if (!parsed.demo && parsed.assets === 0 && parsed.sessions === 0 && parsed.commands === 0)
    return { error: 'nothing to do' };
  return parsed;
}

/**
 * `main.js seed …`: builds the app without listening (schema, built-ins and every declared resource, as
 * a start does), loads the asked data, closes. Exit code 2 on bad arguments.
 */
export async function runSeed(
  config: ServerConfig,
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number> {
  const parsed = parseSeedArgs(args);
  if ('error' in parsed) {
    process.stderr.write(`${parsed.error}\n${USAGE}`);
    return 2;
  }
  const app = await buildApp({ ...config, demo: false, logLevel: 'warn' });
  try {
    if (app.generatedAdminPassword !== null)
      process.stdout.write(adminPasswordNotice(ADMIN_USERNAME, app.generatedAdminPassword, null));
    const seedEnv = { db: app.db, resources: app.engine.registry, dataDir: config.dataDir };
    if (parsed.demo) {
      const password = env.BASTION_DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
      const demo = await seedDemo(seedEnv, password);
      process.stdout.write(describeDemo(demo, password));
      if (!demo.skipped) process.stdout.write(describeDemoSignIns(await seedDemoSignIns(app, password)));
    }
    if (parsed.assets > 0) {
      const result = await seedAssets(seedEnv, parsed.assets);
      process.stdout.write(
        `${result.assets} assets added under ${result.leaves} nodes of /Default/Scale in ${result.seconds.toFixed(2)} s\n`,
      );
    }
    if (parsed.sessions > 0 || parsed.commands > 0) {
      const result = await seedTerminal(seedEnv, parsed);
      process.stdout.write(
        `${result.sessions} sessions and ${result.commands} commands added to Default in ${result.seconds.toFixed(2)} s\n`,
      );
    }
    return 0;
  } finally {
    await app.close();
  }
}
