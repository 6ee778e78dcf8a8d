import type { Db } from '../db/open-database';

/** Data sets already loaded (migration 201): a marker row makes `seed --demo` / BASTION_DEMO=1 run once. */
export function hasSeedMarker(db: Db, name: string): boolean {
  return db.prepare('SELECT 1 FROM seed_markers WHERE name = ?').get(name) !== undefined;
}

export function addSeedMarker(db: Db, name: string): void {
  db.prepare('INSERT INTO seed_markers (name, applied_at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING').run(
    name,
    Date.now(),
  );
}
