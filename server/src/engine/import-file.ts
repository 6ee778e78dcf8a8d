import type { CellValue } from 'exceljs';
import Papa from 'papaparse';
import { ResponseError } from '../http/api-error';
import type { FieldDeclaration } from './declaration';
import type { EngineResource } from './runtime';
import { restoreFormula } from './formula-cells';
import { Pacer } from './pacer';
import { writableFields } from './validation';

/** CSV text parsed per chunk of this size (about 10 ms of parsing each). */
const CSV_CHUNK_BYTES = 256 * 1024;

/** The brief's import ceiling (the console refuses ≥ 30 MB on its side; v2.21's server allowed 10 MiB). */
export const MAX_IMPORT_BYTES = 30 * 1024 * 1024;

export const overflowError = (): ResponseError =>
  new ResponseError(400, {
    detail: `The file content overflowed (The maximum length \`${MAX_IMPORT_BYTES}\` bytes)`,
    code: 'file_content_overflowed',
  });

const parseError = (reason: string): ResponseError =>
  new ResponseError(400, { detail: `Parse file error: ${reason}`.slice(0, 300), code: 'parse_error' });

type Cell = string | number | boolean | null;

/** One xlsx cell as import reads it: rich text, hyperlinks and formulas give their text / result. */
function xlsxCell(value: CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const object = value as { text?: unknown; result?: unknown; richText?: Array<{ text: string }> };
    if (object.richText) return object.richText.map((part) => part.text).join('');
    if (object.result !== undefined) return String(object.result);
    return object.text !== undefined ? String(object.text) : null;
  }
  return value;
}

async function xlsxRows(buffer: Buffer, pacer: Pacer): Promise<Cell[][]> {
  // Loaded on the first xlsx upload, not at start: exceljs alone takes about half a second to load.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch (error) {
    throw parseError(error instanceof Error ? error.message : 'invalid xlsx');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: Cell[][] = [];
  for (let number = 1; number <= sheet.rowCount; number += 1) {
    const row = sheet.findRow(number);
    if (!row || !row.hasValues) continue;
    const cells: Cell[] = [];
    for (let col = 1; col <= row.cellCount; col += 1) cells.push(xlsxCell(row.getCell(col).value));
    rows.push(cells);
    await pacer.turn();
  }
  return rows;
}

/** Papa Parse fed chunk by chunk, pausing after each so that a large file never holds the event loop. */
async function csvRows(buffer: Buffer): Promise<Cell[][]> {
  let text = buffer.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\u0000')) throw parseError('the file is not text');
  const rows: Cell[][] = [];
  let fatal: string | null = null;
  await new Promise<void>((resolve) => {
    Papa.parse<string[]>(text, {
      skipEmptyLines: false,
      chunkSize: CSV_CHUNK_BYTES,
      chunk: (results: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        for (const row of results.data) rows.push(row);
        const quotes = results.errors.find((error) => error.type === 'Quotes');
        if (quotes) {
          fatal = quotes.message;
          parser.abort();
          return;
        }
        parser.pause();
        setImmediate(() => parser.resume());
      },
      complete: () => resolve(),
    });
  });
  if (fatal !== null) throw parseError(fatal);
  return rows;
}

/**
 * The quote an export put before formula-like text is removed (formula-cells.ts); curly quotes become
 * straight ones; `[..]`/`{..}` cells are JSON when they parse.
 */
function convertCell(cell: Cell): unknown {
  if (typeof cell !== 'string') return cell;
  const value = restoreFormula(cell);
  const text = value.replace(/[\u201c\u201d\u2018\u2019']/g, '"').trim();
  if (text === '') return '';
  if ((text.startsWith('[') && text.endsWith(']')) || (text.startsWith('{') && text.endsWith('}'))) {
    try {
      return JSON.parse(text);
    } catch {
      return value.trim();
    }
  }
  return value.trim();
}

/**
 * `POST <list>render-to-json/` (docs/http.md#lists): the header row maps labels (any language, with or without
 * `*`) or field names to writable fields; unknown and read-only columns are dropped, empty cells are left
 * out, empty rows skipped.
 */
export async function renderToJson(
  resource: EngineResource,
  contentType: string,
  body: unknown,
): Promise<{ title: Array<[string, string]>; data: Array<Record<string, unknown>> }> {
  if (!Buffer.isBuffer(body)) throw parseError('expected the raw file as the body (text/csv or text/xlsx)');
  if (body.length > MAX_IMPORT_BYTES) throw overflowError();
  const pacer = new Pacer();
  const rows = contentType.includes('xlsx') ? await xlsxRows(body, pacer) : await csvRows(body);
  const [header = [], ...dataRows] = rows;
  const byTitle = new Map<string, string>();
  const fields: Array<[string, FieldDeclaration]> = writableFields(resource.compiled);
  for (const [name, field] of fields) {
    byTitle.set(name.toLowerCase(), name);
    for (const text of Object.values(field.label)) byTitle.set(text.toLowerCase(), name);
  }
  const mapping: Array<string | null> = header.map((cell) => {
    const title = String(cell ?? '')
      .trim()
      .replace(/^\*/, '')
      .trim()
      .toLowerCase();
    return title === '' ? null : (byTitle.get(title) ?? null);
  });
  const title: Array<[string, string]> = [];
  header.forEach((cell, index) => {
    const field = mapping[index];
    if (field) title.push([String(cell ?? '').trim(), field]);
  });
  const data: Array<Record<string, unknown>> = [];
  for (const row of dataRows) {
    await pacer.turn();
    const item: Record<string, unknown> = {};
    row.forEach((cell, index) => {
      const field = mapping[index];
      if (!field) return;
      const value = convertCell(cell);
      if (value === '' || value === null) return;
      item[field] = value;
    });
    if (Object.keys(item).length > 0) data.push(item);
  }
  if (data.length === 0) throw new ResponseError(400, { error: 'Request file format may be wrong' });
  return { title, data };
}
