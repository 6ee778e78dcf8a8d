import type { Database } from './database';
import { migrationsFor, MIGRATIONS, type Migration } from './migrations';
import { WriteVersions } from './write-versions';

/**
 * Hand-written tables whose reads are cached under write versions like a resource's (docs/data-layer.md
 * "Per-request costs"): a request's identity is read from them.
 */
const VERSIONED_STORE_TABLES = [
  'sessions',
  'role_permissions',
  'licences',
  // Read by every profile request (docs/data-layer.md#per-request-costs).
  'user_public_keys',
  'login_blocks',
  'user_msg_subscriptions',
];

/** More schema work that must commit together with the numbered migrations (the engine's tables). */
export type SchemaStep = (db: Database) => Promise<void>;

/**
 * Brings the schema up to date in ONE transaction: the numbered migrations not applied yet, then
 * `more` (the engine's additive migrations of declared resources). Either everything commits or the
 * database stays as it was — never half-migrated. Several instances starting together on PostgreSQL
 * take turns (advisory lock), and each skips what another applied meanwhile. Returns the ids applied.
 */
export async function migrateSchema(
  db: Database,
  more: SchemaStep | null = null,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  return db.transaction(async () => {
    const lock = db.dialect.migrationLock();
    if (lock) await db.get(lock);
    await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id INTEGER PRIMARY KEY, name ${db.dialect.types.text} NOT NULL, applied_at ${db.dialect.types.bigint} NOT NULL)`);
    const applied = new Set(
      (await db.all<{ id: number }>('SELECT id FROM schema_migrations')).map((row) => Number(row.id)),
    );
    const done: number[] = [];
    for (const migration of migrationsFor(db.dialect.name, migrations)) {
      if (applied.has(migration.id)) continue;
      await db.exec(migration.sql(db.dialect.types));
      await db.run('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)', [
        migration.id,
        migration.name,
        Date.now(),
      ]);
      done.push(migration.id);
    }
    if (more) await more(db);
    for (const table of VERSIONED_STORE_TABLES)
      if ((await db.dialect.columnsOf(db, table)).length > 0) await WriteVersions.of(db).track(table);
    return done;
  });
}
