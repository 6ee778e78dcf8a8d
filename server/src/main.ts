import { buildApp } from './app';
import { loadConfig } from './config';
import { runCopyToPostgres } from './cli/copy-command';
import { runCreateUser } from './cli/create-user-command';
import { runMigrate } from './cli/migrate-command';
import { CopyRefusedError } from './data/copy-database';
import { DatabaseUnavailableError } from './data/database';
import { runSeed } from './seed/seed-command';

/**
 * CLI entry (bundled to dist/server/main.js):
 *   node dist/server/main.js               start the server (configuration from BASTION_* variables)
 *   node dist/server/main.js migrate       bring the database's schema up to date, then exit
 *   node dist/server/main.js copy-to-postgres   copy the SQLite data dir into the empty BASTION_DATABASE_URL
 *   node dist/server/main.js create-user … add a user to the database, then exit
 *   node dist/server/main.js seed --demo | --assets N   load demo / scale data into the database, then exit
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'migrate') {
    process.exitCode = await runMigrate(config);
    return;
  }
  if (command === 'copy-to-postgres') {
    process.exitCode = await runCopyToPostgres(config);
    return;
  }
  if (command === 'create-user') {
    process.exitCode = await runCreateUser(config, rest);
    return;
  }
  if (command === 'seed') {
    process.exitCode = await runSeed(config, rest);
    return;
  }
  if (command !== undefined) {
    process.stderr.write(
      `unknown command "${command}" (expected: migrate, copy-to-postgres, create-user, seed, or nothing to start the server)\n`,
    );
    process.exitCode = 2;
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
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  process.stdout.write(`Bastion Console listening on http://${host}:${port}/ui/\n`);
}

main().catch((error: unknown) => {
  // A database that cannot be used, or a refused copy, is one line for the operator: no stack trace.
  if (error instanceof DatabaseUnavailableError || error instanceof CopyRefusedError)
    process.stderr.write(`bastion: ${error.message}\n`);
  else process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
