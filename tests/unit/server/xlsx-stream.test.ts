// @vitest-environment node
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnName, sheetName, xlsxStream } from '../../../server/src/export/xlsx-stream';

async function collect(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
}

async function* batches(rows: number, size: number): AsyncGenerator<Array<Array<string | number>>> {
  for (let start = 0; start < rows; start += size) {
    const batch: Array<Array<string | number>> = [];
    for (let i = start; i < Math.min(rows, start + size); i += 1) {
      batch.push([`host-${i}`, i, i % 7 === 0 ? '' : `a<b>&"c" 中文 ${i}`, 'True']);
    }
    yield batch;
  }
}

describe('streaming xlsx writer', () => {
  it('writes a workbook that ExcelJS reads back cell for cell', async () => {
    const bytes = await collect(
      xlsxStream('asset', ['*Hostname', 'Port', 'Comment', 'Active'], batches(2500, 1000)),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('asset');
    expect(sheet.rowCount).toBe(2501);
    expect(sheet.getRow(1).values).toEqual([undefined, '*Hostname', 'Port', 'Comment', 'Active']);
    expect(sheet.getRow(2).getCell(1).value).toBe('host-0');
    expect(sheet.getRow(2).getCell(3).value).toBeNull(); // empty strings leave the cell empty
    expect(sheet.getRow(3).getCell(2).value).toBe(1); // numbers stay numbers
    expect(sheet.getRow(3).getCell(3).value).toBe('a<b>&"c" 中文 1');
    expect(sheet.getRow(2501).getCell(1).value).toBe('host-2499');
  });

  it('drops characters XML cannot hold instead of writing a broken file', async () => {
    const rows = (async function* () {
      yield [['bell\u0007 and nul\u0000 gone', 'tab\tand\nnewline kept']];
    })();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await collect(xlsxStream('x', ['a', 'b'], rows))) as unknown as ArrayBuffer);
    const row = workbook.worksheets[0]!.getRow(2);
    expect(row.getCell(1).value).toBe('bell and nul gone');
    expect(row.getCell(2).value).toBe('tab\tand\nnewline kept');
  });

  it('names columns and sheets the way Excel accepts', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(sheetName('a/b:c*d?[e]\\f')).toBe('a b c d  e  f');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
  });
});
