import cluster from 'node:cluster';
import { buildApp } from './app';
import { loadConfig, type ServerConfig } from './config';
import { ADMIN_USERNAME } from './bootstrap/first-start';
import { runCopyToPostgres } from './cli/copy-command';
import { runCreateUser } from './cli/create-user-command';
import { runMigrate } from './cli/migrate-command';
import { adminPasswordNotice } from './cli/notice';
import { portProblem, probePort } from './cli/port-check';
import { runResetPassword } from './cli/reset-password-command';
import { parseWorkers, runPrimary } from './cluster/workers';
import { CopyRefusedError } from './data/copy-database';
import { DatabaseUnavailableError } from './data/database';
import { runSeed } from './seed/seed-command';

/** Commands besides starting the server; `admin` in front is accepted (npm run admin -- <command> …). */
const COMMANDS: Record<string, (config: ServerConfig, args: readonly string[]) => Promise<number>> = {
  migrate: (config) => runMigrate(config),
  'copy-to-postgres': (config) => runCopyToPostgres(config),
  'create-user': runCreateUser,
  'reset-password': runResetPassword,
  seed: runSeed,
};

const USAGE = `usage: node dist/server/main.js [COMMAND …]   (npm start, npm run admin -- COMMAND, npm run seed -- …)
  (none)                          start the server (configuration from BASTION_* variables)
  migrate                         bring the database's schema up to date
  copy-to-postgres                copy the SQLite data dir into the empty database of BASTION_DATABASE_URL
  reset-password [USERNAME]       give USERNAME (default admin) a new generated password and print it once
  create-user --username … …      add a user (create-user alone prints its options)
  seed --demo | --assets N        load demo / scale data
Each works on the database of BASTION_DATABASE_URL, else the data dir of BASTION_DATA_DIR (default ./data),
then exits.
`;

/** Where the console is, as printed for the operator. */
function consoleUrl(hostName: string, port: number): string {
  const host = hostName.includes(':') ? `[${hostName}]` : hostName;
  return `http://${host}:${port}/ui/`;
}

function announce(config: ServerConfig, port: number, generatedAdminPassword: string | null): void {
  const url = consoleUrl(config.host, port);
  process.stdout.write(`Bastion Console listening on ${url}\n`);
  if (generatedAdminPassword !== null)
    process.stdout.write(adminPasswordNotice(ADMIN_USERNAME, generatedAdminPassword, url));
}

async function startServer(config: ServerConfig): Promise<void> {
  const workers = parseWorkers(process.env.BASTION_WORKERS);
  // A worker of the cluster below: the primary probed the port, migrated and seeded, and announces.
  const isWorker = cluster.isWorker;
  // Before anything is created: a taken port must not cost the one-time admin password.
  if (!isWorker) {
    const problem = await probePort(config.host, config.port);
    if (problem !== null) {
      process.stderr.write(`${portProblem(problem, config.host, config.port)}\n`);
      process.exitCode = 1;
      return;
    }
  }
  if (!isWorker && workers > 1) {
    // Migrations and the first start's seed run once, here, before any worker opens the database.
    const prepared = await buildApp(config);
    const generatedAdminPassword = prepared.generatedAdminPassword;
    await prepared.close();
    process.exitCode = await runPrimary(workers, {
      onListening: (port) => announce(config, port, generatedAdminPassword),
      warn: (message) => process.stderr.write(`bastion: ${message}\n`),
    });
    return;
  }
  const app = await buildApp(config);
  const shutdown = (): void => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    // Taken between the probe and now: the same clear message rather than a raw EADDRINUSE.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    process.stderr.write(`${portProblem(code, config.host, config.port)}\n`);
    await app.close();
    process.exitCode = 1;
    return;
  }
  if (isWorker) return;
  const address = app.server.address();
  announce(
    config,
    typeof address === 'object' && address !== null ? address.port : config.port,
    app.generatedAdminPassword,
  );
}

async function main(): Promise<void> {
  const config = loadConfig();
  let [command, ...rest] = process.argv.slice(2);
  if (command === 'admin') [command, ...rest] = rest;
  if (command === undefined && process.argv[2] !== 'admin') return startServer(config);
  const run = command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (run === undefined) {
    if (command !== undefined) process.stderr.write(`unknown command "${command}"\n`);
    process.stderr.write(USAGE);
    process.exitCode = 2;
    return;
  }
  process.exitCode = await run(config, rest);
}

main().catch((error: unknown) => {
  // A database that cannot be used, or a refused copy, is one line for the operator: no stack trace.
  if (error instanceof DatabaseUnavailableError || error instanceof CopyRefusedError)
    process.stderr.write(`bastion: ${error.message}\n`);
  else process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
