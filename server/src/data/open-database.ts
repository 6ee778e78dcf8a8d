import type { Database } from './database';
import { isPostgresUrl, redactUrl } from './database-url';
import { DatabaseUnavailableError } from './database';
import { PostgresDatabase } from './postgres/postgres-database';
import { SqliteDatabase } from './sqlite/sqlite-database';

/** Where the data lives: `BASTION_DATABASE_URL` (PostgreSQL) or the SQLite file in the data dir. */
export interface DatabaseConfig {
  dataDir: string;
  databaseUrl?: string | null;
  /** `BASTION_SQLITE_BUSY_TIMEOUT_MS`: how long a SQLite write waits for another writer (default 5 s). */
  sqliteBusyTimeoutMs?: number | null;
}

/**
 * Opens the configured backend and checks that it answers. An unreachable or misconfigured database is a
 * DatabaseUnavailableError whose message is the one line to print (URL without its password).
 */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const url = config.databaseUrl ?? null;
  if (url === null || url === '') return SqliteDatabase.open(config.dataDir, { busyTimeoutMs: config.sqliteBusyTimeoutMs ?? undefined });
  if (!isPostgresUrl(url))
    throw new DatabaseUnavailableError(
      `BASTION_DATABASE_URL must be a postgres:// URL, got ${redactUrl(url)}`,
    );
  return PostgresDatabase.open(url);
}
