import { Readable } from 'node:stream';
import { xlsxStream as workbookStream } from '../export/xlsx-stream';
import type { FieldDeclaration, RequestContext } from './declaration';
import type { SelectQuery } from '../data/conditions';
import { neutraliseFormula } from './formula-cells';
import { yieldToEventLoop } from './pacer';
import type { EngineResource } from './runtime';
import { writableFields } from './validation';

export type ExportFormat = 'csv' | 'xlsx';
export type ExportTemplate = 'export' | 'import' | 'update';

const BATCH = 1000;

export interface ExportColumn {
  name: string;
  title: string;
}

/**
 * Columns of an export (docs/http.md#lists): export = every readable field minus org_id; import = every
 * writable field minus id and org_id; update = every writable field (with id, so the rows can be PUT back)
 * minus org_id. Secret fields (passwords, keys) and fields hidden from the requester are never columns. The
 * title is the label in the request language, `*` first when the field is required.
 */
export function exportColumns(
  resource: EngineResource,
  template: ExportTemplate,
  ctx: RequestContext,
): ExportColumn[] {
  const hidden = resource.hiddenFields(ctx);
  const title = (name: string, field: FieldDeclaration): string =>
    `${field.required ? '*' : ''}${field.label[ctx.language]}`;
  const pick: Array<[string, FieldDeclaration]> =
    template === 'export'
      ? [...resource.compiled.fields].filter(([, field]) => !field.writeOnly)
      : writableFields(resource.compiled).filter(([name]) => template === 'update' || name !== 'id');
  return pick
    .filter(([name, field]) => name !== 'org_id' && !field.secret && !hidden.has(name))
    .map(([name, field]) => ({ name, title: title(name, field) }));
}

/**
 * A cell: lists and objects as JSON (render-to-json parses them back), booleans as True/False, text that a
 * spreadsheet could run as a formula quoted (formula-cells.ts) — in csv and xlsx alike.
 */
function cell(value: unknown): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'object') return JSON.stringify(value);
  return neutraliseFormula(String(value));
}

function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

async function* rowBatches(
  resource: EngineResource,
  query: SelectQuery,
  columns: readonly ExportColumn[],
  ctx: RequestContext,
): AsyncGenerator<Array<Array<string | number>>> {
  const only = new Set(columns.map((c) => c.name));
  for await (const batch of resource.store.batches(query, BATCH)) {
    const rows = await resource.serializeMany(
      batch.map((raw) => resource.decode(raw)),
      ctx,
      only,
    );
    yield rows.map((row) => columns.map((column) => cell(row[column.name])));
    // Between batches other requests get a turn: a large export does not stall them.
    await yieldToEventLoop();
  }
}

/** CSV with a UTF-8 BOM (Excel reads it as UTF-8), streamed batch by batch. */
export function csvStream(
  resource: EngineResource,
  query: SelectQuery,
  columns: readonly ExportColumn[],
  ctx: RequestContext,
): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${columns.map((c) => csvCell(c.title)).join(',')}\r\n`;
    for await (const rows of rowBatches(resource, query, columns, ctx))
      yield rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
  }
  return Readable.from(lines());
}

/**
 * XLSX written as a true stream (our own writer: ExcelJS's "streaming" writer still assembles the whole zip
 * in memory at the end), pulled batch by batch as the client reads.
 */
export function xlsxStream(
  resource: EngineResource,
  query: SelectQuery,
  columns: readonly ExportColumn[],
  ctx: RequestContext,
): Readable {
  return Readable.from(
    workbookStream(
      resource.compiled.model,
      columns.map((c) => c.title),
      rowBatches(resource, query, columns, ctx),
    ),
  );
}

/** `<model>_<YYYY-MM-DD_HH-MM-SS>.<ext>` in UTC. */
export function exportFilename(resource: EngineResource, format: ExportFormat, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace('T', '_').replace(/:/g, '-');
  return `${resource.compiled.model}_${stamp}.${format}`;
}
