import { zipStream } from './zip-stream';

export type SheetCell = string | number;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Characters XML 1.0 cannot hold at all are dropped; markup characters are escaped. */
export function xmlText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- exactly the control characters XML forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

/** Column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function rowXml(cells: readonly SheetCell[], rowNumber: number): string {
  const parts = cells.map((value, i) => {
    const ref = `${columnName(i)}${rowNumber}`;
    if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"><v>${value}</v></c>`;
    const text = String(value);
    if (text === '') return '';
    return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
  });
  return `<row r="${rowNumber}">${parts.join('')}</row>`;
}

/** Sheet names: at most 31 characters, none of []:*?/\ (Excel refuses the file otherwise). */
export function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
}

async function* sheetXml(
  header: readonly string[],
  rows: AsyncIterable<SheetCell[][]>,
): AsyncGenerator<string> {
  yield `${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetData>${rowXml(header, 1)}`;
  let next = 2;
  for await (const batch of rows) {
    yield batch.map((row) => rowXml(row, next++)).join('');
  }
  yield '</sheetData></worksheet>';
}

/**
 * A one-sheet workbook written as a stream, rows as they come in batches: memory stays at one batch however
 * many rows there are. Strings are inline, so there is no shared-strings table to hold in memory either.
 */
export function xlsxStream(
  name: string,
  header: readonly string[],
  rows: AsyncIterable<SheetCell[][]>,
): AsyncGenerator<Buffer> {
  return zipStream([
    {
      name: '[Content_Types].xml',
      content: [
        `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '</Types>',
      ],
    },
    {
      name: '_rels/.rels',
      content: [
        `${XML_HEAD}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
    },
    {
      name: 'xl/workbook.xml',
      content: [
        `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="${xmlText(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: [
        `${XML_HEAD}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ],
    },
    { name: 'xl/worksheets/sheet1.xml', content: sheetXml(header, rows) },
  ]);
}
