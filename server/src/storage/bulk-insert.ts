import crypto from 'node:crypto';
import type { Db } from '../db/open-database';
import type { StoredRow } from '../engine/declaration';
import { assertIdentifier, type CompiledResource } from '../engine/compile';

/**
 * Fast bulk load of rows already in stored form (booleans 0/1, json text, datetimes epoch ms) into a
 * declared resource's table and its m2m link tables: one transaction, prepared statements reused, no
 * validation or hooks. Only for seeds and scale tests (`seed --assets N`): 100k rows in about a second,
 * where one validated create per row would take a minute.
 */
export interface BulkLinks {
  /** The m2m field of the resource (`nodes`). */
  field: string;
  /** [source id, target id] pairs. */
  pairs: ReadonlyArray<readonly [string, string]>;
}

const BATCH = 5_000;

export function bulkInsertRows(
  db: Db,
  resource: CompiledResource,
  rows: readonly StoredRow[],
  links: readonly BulkLinks[] = [],
): void {
  if (rows.length === 0) return;
  const known = new Set(resource.table.columns.map((column) => column.column));
  const columns = Object.keys(rows[0] as StoredRow).filter((name) => known.has(name) || name === 'id');
  columns.forEach(assertIdentifier);
  const table = assertIdentifier(resource.table.table);
  const insert = db.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  const linkStatements = links.map((entry) => {
    const spec = resource.links.get(entry.field);
    if (!spec) throw new Error(`"${entry.field}" is not an m2m field of ${table}`);
    return {
      pairs: entry.pairs,
      statement: db.prepare(
        `INSERT INTO ${assertIdentifier(spec.table)} (id, ${assertIdentifier(spec.sourceColumn)}, ${assertIdentifier(
          spec.targetColumn,
        )}) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
      ),
    };
  });
  // Batches keep each statement loop short; one outer transaction keeps the whole load atomic and fast.
  db.transaction(() => {
    for (let start = 0; start < rows.length; start += BATCH) {
      for (const row of rows.slice(start, start + BATCH))
        insert.run(...columns.map((name) => row[name] ?? null));
    }
    for (const { pairs, statement } of linkStatements) {
      for (const [source, target] of pairs) statement.run(crypto.randomUUID(), source, target);
    }
  })();
}
