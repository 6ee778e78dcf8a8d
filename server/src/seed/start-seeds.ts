import { ensureBuiltinPlatforms } from '../resources/assets/ensure-builtin-platforms';
import { ensureTerminalBuiltins } from '../resources/terminal/ensure-terminal-builtins';
import { ensureDefaultTicketFlows } from '../resources/tickets';
import { addSeedMarker, hasSeedMarker } from '../data/stores/seed-markers';
import { seedDemo, type DemoSeedResult } from './seed-demo';
import type { SeedEnv } from './seed-context';
import type { DemoSignInResult } from './seed-demo-sign-ins';

/** The demo users' password unless BASTION_DEMO_PASSWORD sets another (printed when the demo is loaded). */
export const DEFAULT_DEMO_PASSWORD = 'Demo-Pass-2026!';

/**
 * Marker of the install data of docs/tickets.md#flows (the global ticket flows), created once per database.
 */
export const TICKET_FLOWS_MARKER = 'ticket-flows';

/**
 * Seeds run once the engine's tables exist: the built-in platforms, storages and endpoint on every start, the global ticket
 * flows once (an admin's later edits are the admin's), and with BASTION_DEMO=1 the demo set (once:
 * guarded by its marker row).
 */
export async function seedOnEngineStart(
  env: SeedEnv,
  options: { demo: boolean; demoPassword?: string | null },
): Promise<DemoSeedResult | null> {
  await ensureBuiltinPlatforms(env.resources);
  await ensureTerminalBuiltins(env.resources);
  if (!(await hasSeedMarker(env.db, TICKET_FLOWS_MARKER))) {
    await ensureDefaultTicketFlows(env.resources);
    await addSeedMarker(env.db, TICKET_FLOWS_MARKER);
  }
  if (!options.demo) return null;
  return seedDemo(env, options.demoPassword ?? DEFAULT_DEMO_PASSWORD);
}

export function describeDemo(result: DemoSeedResult, password: string): string {
  if (result.skipped) return 'demo data already loaded (seed_markers: demo)\n';
  return (
    `demo data loaded: ${result.orgs} orgs, ${result.users} users, ${result.groups} groups, ` +
    `${result.labels} labels, ${result.nodes} nodes, ${result.assets} assets, ` +
    `${result.permissions} asset permissions, ${result.tickets} tickets, ${result.messages} messages, ` +
    `${result.terminal.sessions} sessions (${result.terminal.online} online, ${result.terminal.replays} replays, ` +
    `${result.terminal.commands} commands, ${result.terminal.ftpLogs} FTP logs) in ${result.seconds.toFixed(1)} s; ` +
    `demo users' password: ${password}\n`
  );
}

export function describeDemoSignIns(result: DemoSignInResult): string {
  return (
    `demo sign-ins: ${result.signIns} at the login form, ${result.failed} refused, ` +
    `${result.passwordChanges} passwords set by the administrator\n`
  );
}
