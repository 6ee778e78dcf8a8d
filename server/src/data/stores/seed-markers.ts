import type { Database } from '../database';

/** Data sets already loaded (migration 201): a marker row makes `seed --demo` / BASTION_DEMO=1 run once. */
export async function hasSeedMarker(db: Database, name: string): Promise<boolean> {
  return (await db.get('SELECT 1 AS hit FROM seed_markers WHERE name = ?', [name])) !== undefined;
}

export async function addSeedMarker(db: Database, name: string): Promise<void> {
  await db.run('INSERT INTO seed_markers (name, applied_at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING', [
    name,
    Date.now(),
  ]);
}
