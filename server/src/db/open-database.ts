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
  cachePreparedStatements(db);
  runMigrations(db, MIGRATIONS);
  return db;
}

const STATEMENT_CACHE_LIMIT = 2000;

/**
 * better-sqlite3 compiles SQL on every prepare(), and the storage modules prepare per call: the handle
 * keeps compiled statements by their text (compiling was a tenth of a list request's time). A statement
 * handed out again has its result mode (pluck/raw/expand) reset, so no caller sees another's mode.
 */
function cachePreparedStatements(db: Db): void {
  const compile = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  const prepare = (source: string): Database.Statement => {
    const cached = cache.get(source);
    if (cached) {
      if (cached.reader) cached.pluck(false).raw(false).expand(false);
      return cached;
    }
    const statement = compile(source);
    if (cache.size >= STATEMENT_CACHE_LIMIT) cache.clear();
    cache.set(source, statement);
    return statement;
  };
  db.prepare = prepare as Db['prepare'];
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
