import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { ResponseError } from '../http/api-error';
import type { FieldDeclaration } from './declaration';
import type { EngineResource } from './runtime';
import { writableFields } from './validation';

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

async function xlsxRows(buffer: Buffer): Promise<Cell[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch (error) {
    throw parseError(error instanceof Error ? error.message : 'invalid xlsx');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: Cell[] = [];
    for (let col = 1; col <= row.cellCount; col += 1) {
      const value = row.getCell(col).value;
      if (value === null || value === undefined) cells.push(null);
      else if (value instanceof Date) cells.push(value.toISOString());
      else if (typeof value === 'object') {
        // Rich text, hyperlinks and formulas: their text / result.
        const object = value as { text?: unknown; result?: unknown; richText?: Array<{ text: string }> };
        if (object.richText) cells.push(object.richText.map((part) => part.text).join(''));
        else if (object.result !== undefined) cells.push(String(object.result));
        else cells.push(object.text !== undefined ? String(object.text) : null);
      } else cells.push(value);
    }
    rows.push(cells);
  });
  return rows;
}

function csvRows(buffer: Buffer): Cell[][] {
  let text = buffer.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\u0000')) throw parseError('the file is not text');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  const fatal = parsed.errors.find((error) => error.type === 'Quotes');
  if (fatal) throw parseError(fatal.message);
  return parsed.data;
}

/** Curly quotes become straight ones; `[..]`/`{..}` cells are JSON when they parse. */
function convertCell(value: Cell): unknown {
  if (typeof value !== 'string') return value;
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
 * `POST <list>render-to-json/` (api.md §5): the header row maps labels (any language, with or without
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
  const rows = contentType.includes('xlsx') ? await xlsxRows(body) : csvRows(body);
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
