import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './migrations';

/** The embedded SQLite handle. Only modules under server/src/storage and server/src/db run SQL on it. */
export type Db = Database.Database;

export const DATABASE_FILE_NAME = 'bastion.sqlite3';

/** Opens (creating if needed) `<dataDir>/bastion.sqlite3` in WAL mode and brings the schema up to date. */
export function openDatabase(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, DATABASE_FILE_NAME));
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across application crashes in WAL mode and much faster than FULL.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  runMigrations(db, MIGRATIONS);
  return db;
}

export function runMigrations(db: Db, migrations: readonly Migration[]): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
  const applied = new Set(
    db
      .prepare('SELECT id FROM schema_migrations')
      .all()
      .map((row) => (row as { id: number }).id),
  );
  const record = db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
    if (applied.has(migration.id)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.id, migration.name, Date.now());
    })();
  }
}

/** Round-trip time of a trivial query in seconds, for the health endpoint. */
export function pingDatabase(db: Db): { ok: boolean; seconds: number } {
  const started = process.hrtime.bigint();
  try {
    db.prepare('SELECT 1').get();
    return { ok: true, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  } catch {
    return { ok: false, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  }
}
