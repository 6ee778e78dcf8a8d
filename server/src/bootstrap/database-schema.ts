import type { ServerConfig } from '../config';
import type { Database } from '../data/database';
import { migrateSchema } from '../data/migrate';
import { openDatabase } from '../data/open-database';
import { ResourceRegistry } from '../engine/runtime';
import { declaredResources } from '../resources';
import { listOrgNames } from '../data/stores/orgs';

/** The engine's registry of every declared resource (server/src/resources/index.ts) over one database. */
export function buildRegistry(
  db: Database,
  config: Pick<ServerConfig, 'licenseFile' | 'licensePublicKey' | 'demo' | 'dataDir'>,
): ResourceRegistry {
  const registry: ResourceRegistry = new ResourceRegistry(db, () => listOrgNames(db));
  const deps = {
    db,
    config,
    resources: registry,
    onOrgsChanged: () => registry.forgetOrgNames(),
  };
  for (const declaration of declaredResources(deps)) registry.add(declaration);
  return registry;
}

export interface PreparedDatabase {
  db: Database;
  registry: ResourceRegistry;
  /** Numbered migrations applied by this call. */
  applied: number[];
}

/**
 * Opens the configured database (SQLite in the data dir, or BASTION_DATABASE_URL) and brings its whole
 * schema up to date in one transaction: the numbered migrations and the tables of every declared
 * resource. Used by the server's start and by the `migrate` command; an unusable database throws the
 * one-line DatabaseUnavailableError.
 */
export async function openPreparedDatabase(config: ServerConfig): Promise<PreparedDatabase> {
  const db = await openDatabase(config);
  try {
    const registry = buildRegistry(db, config);
    const applied = await migrateSchema(db, () => registry.migrate());
    return { db, registry, applied };
  } catch (error) {
    await db.close();
    throw error;
  }
}
