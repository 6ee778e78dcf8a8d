import type { ServerConfig } from '../config';
import { buildRegistry } from '../bootstrap/database-schema';
import { copyDatabase } from '../data/copy-database';
import { DatabaseUnavailableError, type Database } from '../data/database';
import { openDatabase } from '../data/open-database';

/**
 * `copy-to-postgres`: the SQLite database of BASTION_DATA_DIR into the empty PostgreSQL database of
 * BASTION_DATABASE_URL (docs/data-layer.md "Moving up"). Stop the single server first.
 */
export async function runCopyToPostgres(config: ServerConfig): Promise<number> {
  if (!config.databaseUrl)
    throw new DatabaseUnavailableError(
      'copy-to-postgres needs BASTION_DATABASE_URL (the empty PostgreSQL database to copy into)',
    );
  const source = await openDatabase({ dataDir: config.dataDir, databaseUrl: null });
  let target: Database | null = null;
  try {
    target = await openDatabase(config);
    process.stdout.write(`copying ${source.location} into ${target.location}\n`);
    const report = await copyDatabase(source, target, {
      dataDir: config.dataDir,
      schema: (db) => buildRegistry(db, config).migrate(),
      log: (line) => process.stdout.write(`  ${line}\n`),
    });
    const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(
      `done: ${report.tables.length} tables, ${rows} rows, ${report.taskLogs} task-log files. ` +
        `Keep ${config.dataDir}/credentials.key with every instance: it opens the sealed secrets.\n`,
    );
    return 0;
  } finally {
    await target?.close();
    await source.close();
  }
}
