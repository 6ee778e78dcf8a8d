import type { ServerConfig } from '../config';
import { openPreparedDatabase } from '../bootstrap/database-schema';

/**
 * `migrate`: brings the configured database's schema up to date (what every start does first), prints
 * what it applied, exits. With several instances, run it once before starting them all.
 */
export async function runMigrate(config: ServerConfig): Promise<number> {
  const { db, applied } = await openPreparedDatabase(config);
  try {
    process.stdout.write(
      applied.length === 0
        ? `${db.location}: the schema is up to date\n`
        : `${db.location}: applied migrations ${applied.join(', ')}; the schema is up to date\n`,
    );
    return 0;
  } finally {
    await db.close();
  }
}
