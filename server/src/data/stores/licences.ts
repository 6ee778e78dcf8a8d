import type { Database } from '../database';
import { WriteVersions } from '../write-versions';

/** The imported licence's one row (migration 711, docs/licence.md); reads are cached while it is unwritten. */
const LICENCES: ReadonlySet<string> = new Set(['licences']);

export interface StoredLicence {
  /** The licence file's text as it was imported (verified again by whoever reads it). */
  content: string;
  importedBy: string;
  dateImported: number;
}

/**
 * The imported licence, or null. Exact on every instance (data/write-versions.ts): an import through any
 * instance is seen by the next request anywhere, while requests in between read no row.
 */
export async function findImportedLicence(db: Database): Promise<Readonly<StoredLicence> | null> {
  return WriteVersions.of(db).cached('licences:current', LICENCES, async () => {
    const row = await db.get<{ content: string; imported_by: string; date_imported: number }>(
      'SELECT content, imported_by, date_imported FROM licences WHERE id = 1',
    );
    return row
      ? Object.freeze({ content: row.content, importedBy: row.imported_by, dateImported: Number(row.date_imported) })
      : null;
  });
}

/** Stores a verified licence, replacing the one imported before. */
export async function saveImportedLicence(db: Database, licence: StoredLicence): Promise<void> {
  await db.run(
    `INSERT INTO licences (id, content, imported_by, date_imported) VALUES (1, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET content = excluded.content, imported_by = excluded.imported_by,
       date_imported = excluded.date_imported`,
    [licence.content, licence.importedBy, licence.dateImported],
  );
}
