import type { Database } from '../database';

/** The stored settings (migration 700): only the values somebody changed; the rest are defaults. */
export async function readStoredSettings(db: Database): Promise<Map<string, unknown>> {
  const rows = await db.all<{ name: string; value: string }>('SELECT name, value FROM settings');
  const values = new Map<string, unknown>();
  for (const row of rows) {
    try {
      values.set(row.name, JSON.parse(row.value));
    } catch {
      // A value that no longer parses falls back to its default rather than breaking every request.
    }
  }
  return values;
}

/** Stores the given values of one category in one transaction. */
export async function writeSettings(
  db: Database,
  category: string,
  values: Readonly<Record<string, unknown>>,
  updatedBy: string,
): Promise<void> {
  const now = Date.now();
  await db.transaction(async () => {
    for (const [name, value] of Object.entries(values))
      await db.run(
        `INSERT INTO settings (name, category, value, updated_by, date_updated) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET category = excluded.category, value = excluded.value,
           updated_by = excluded.updated_by, date_updated = excluded.date_updated`,
        [name, category, JSON.stringify(value), updatedBy, now],
      );
  });
}
