import fs from 'node:fs';
import path from 'node:path';
import type { Database, Row } from './database';
import { assertIdentifier } from './dialect';
import type { SchemaStep } from './migrate';
import { migrateSchema } from './migrate';
import { TaskLogStore } from './stores/task-log-store';

/**
 * Moving up: copies an SQLite data directory's database into an EMPTY PostgreSQL database (docs/data-
 * layer.md "Moving up"). The target gets the full schema first (numbered migrations and the engine's
 * tables, in one transaction), then every table's rows in one more transaction, parents before children;
 * sealed secrets travel as they are (the instances keep using the same `credentials.key`). Task-log files
 * of older versions are imported as logs. A target that holds any table is refused, so a second run
 * changes nothing.
 */

/** Tables the target derives itself (versions of the page cache, bookkeeping of migrations). */
const DERIVED = new Set(['schema_migrations', 'engine_write_versions']);
const BATCH = 1000;

export class CopyRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CopyRefusedError';
  }
}

export interface CopyReport {
  tables: Array<{ table: string; rows: number }>;
  taskLogs: number;
}

/** Tables of the target's current schema, parents before the tables whose foreign keys point at them. */
async function targetTables(target: Database): Promise<string[]> {
  const tables = (
    await target.all<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  ).map((row) => row.name);
  const edges = await target.all<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
     WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace`,
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string): void => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const edge of edges) if (edge.child === table && edge.parent !== table) visit(edge.parent);
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

export async function copyDatabase(
  source: Database,
  target: Database,
  options: { dataDir: string; schema: SchemaStep; log?: (line: string) => void },
): Promise<CopyReport> {
  if (source.dialect.name !== 'sqlite' || target.dialect.name !== 'postgres')
    throw new CopyRefusedError('the copy goes from the SQLite data directory into PostgreSQL');
  const existing = await target.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = current_schema()`,
  );
  if (Number(existing?.n ?? 0) > 0)
    throw new CopyRefusedError(
      `the target database ${target.location} is not empty (${existing?.n} tables): the copy only goes into an empty database, and refuses to run twice`,
    );
  const log = options.log ?? (() => undefined);
  // Both sides at the current schema: the source may come from an older version.
  await migrateSchema(source, options.schema);
  await migrateSchema(target, options.schema);
  const sourceTables = new Set(
    (
      await source.all<{ name: string }>(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`,
      )
    ).map((row) => row.name),
  );
  const report: CopyReport = { tables: [], taskLogs: 0 };
  await target.transaction(async () => {
    for (const table of await targetTables(target)) {
      if (DERIVED.has(table) || !sourceTables.has(table)) continue;
      assertIdentifier(table);
      const targetColumns = new Set(await target.dialect.columnsOf(target, table));
      const columns = (await source.dialect.columnsOf(source, table)).filter((c) => targetColumns.has(c));
      const jsonColumns = new Set(
        (
          await target.all<{ name: string }>(
            `SELECT column_name AS name FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = ? AND data_type = 'jsonb'`,
            [table],
          )
        ).map((row) => row.name),
      );
      let copied = 0;
      // rowid order keeps insertion order (m2m links are listed in it).
      for (let offset = 0; ; offset += BATCH) {
        const rows = await source.all<Row>(
          `SELECT ${columns.join(', ')} FROM ${table} ORDER BY rowid LIMIT ? OFFSET ?`,
          [BATCH, offset],
        );
        if (rows.length === 0) break;
        const tuple = `(${columns.map(() => '?').join(', ')})`;
        await target.run(
          `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}`,
          rows.flatMap((row) => columns.map((c) => jsonValue(row[c], jsonColumns.has(c)))),
        );
        copied += rows.length;
      }
      if (columns.includes('id')) {
        const identity = await target.get<{ seq: string | null }>(`SELECT pg_get_serial_sequence(?, 'id') AS seq`, [
          table,
        ]);
        const statement = target.dialect.afterExplicitIntegerIds(table);
        if (identity?.seq && statement) await target.get(statement);
      }
      report.tables.push({ table, rows: copied });
      log(`${table}: ${copied} rows`);
    }
    report.taskLogs = await importTaskLogFiles(target, options.dataDir);
    if (report.taskLogs > 0) log(`task logs: ${report.taskLogs} files`);
  });
  return report;
}

/** JSON text of SQLite as the value a jsonb column takes (invalid JSON is kept as a JSON string). */
function jsonValue(value: unknown, json: boolean): unknown {
  if (!json || value === null || typeof value !== 'string') return value;
  try {
    JSON.parse(value);
    return value;
  } catch {
    return JSON.stringify(value);
  }
}

/** `<dataDir>/task-logs/<2 chars>/<uuid>.log` files of versions that kept logs on disk. */
async function importTaskLogFiles(target: Database, dataDir: string): Promise<number> {
  const root = path.join(dataDir, 'task-logs');
  if (!fs.existsSync(root)) return 0;
  const store = new TaskLogStore(target);
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.log$/;
  let imported = 0;
  for (const folder of fs.readdirSync(root)) {
    const dir = path.join(root, folder);
    if (!/^[0-9a-f]{2}$/.test(folder) || !fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir)) {
      if (!uuid.test(file)) continue;
      const taskId = file.slice(0, -4);
      if (await store.exists(taskId)) continue;
      const stat = fs.statSync(path.join(dir, file));
      await store.append(taskId, fs.readFileSync(path.join(dir, file), "utf8"), Math.floor(stat.mtimeMs));
      imported++;
    }
  }
  return imported;
}
