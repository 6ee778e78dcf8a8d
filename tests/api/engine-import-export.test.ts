import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client, startTestServer, type TestServer } from './harness';
import { call } from './identity-helpers';

let server: TestServer;
let admin: Client;
const en = { 'Accept-Language': 'en' };

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
  await call(admin, 'POST', '/api/v1/users/groups/', [
    { name: 'export-a', comment: 'has, comma' },
    { name: 'export-b', comment: 'say "hi"' },
    { name: 'other', comment: '' },
  ]);
});

afterAll(async () => {
  await server.close();
});

async function download(
  url: string,
): Promise<{ status: number; type: string; disposition: string; bytes: Buffer }> {
  const response = await admin.request(url, { headers: en });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    disposition: response.headers.get('content-disposition') ?? '',
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

function csvLines(bytes: Buffer): string[] {
  return bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
}

async function renderToJson(body: Buffer | string, type: string) {
  const response = await admin.request('/api/v1/users/groups/render-to-json/', {
    method: 'POST',
    headers: { 'content-type': type, ...en },
    body: typeof body === 'string' ? body : new Uint8Array(body),
    csrf: true,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('export (docs/http.md#lists)', () => {
  it('exports csv with a BOM, label headers, filters/search/limit honoured and a dated filename', async () => {
    const csv = await download('/api/v1/users/groups/?format=csv&search=export&order=name');
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    expect(csv.disposition).toMatch(
      /^attachment; filename="usergroup_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header = '', ...rows] = csvLines(csv.bytes);
    expect(header.split(',')).toEqual(
      expect.arrayContaining(['ID', '*Name', 'Comment', 'Org name', 'Users amount']),
    );
    // Only required fields carry the mark (docs/http.md#lists): an export round-trips through import.
    expect(header.split(',').filter((title) => title.startsWith('*'))).toEqual(['*Name']);
    expect(header).not.toContain('Organization,');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('"has, comma"');
    expect(rows[1]).toContain('"say ""hi"""');
    const limited = await download('/api/v1/users/groups/?format=csv&limit=1');
    expect(csvLines(limited.bytes)).toHaveLength(2);
    const { body: cache } = await call<{ spm: string }>(admin, 'POST', '/api/v1/common/resources/cache/', {
      resources: [],
    });
    expect(
      csvLines((await download(`/api/v1/users/groups/?format=csv&spm=${cache.spm}`)).bytes),
    ).toHaveLength(1);
  });

  it('uses template columns: import = writable without id, * on required; update keeps id', async () => {
    const template = await download('/api/v1/users/groups/?format=csv&template=import&limit=1');
    const header = csvLines(template.bytes)[0]?.split(',') ?? [];
    expect(header).toEqual(['*Name', 'Comment', 'Users']);
    const update = csvLines(
      (await download('/api/v1/users/groups/?format=csv&template=update&limit=1')).bytes,
    )[0];
    expect(update?.split(',')).toEqual(['ID', '*Name', 'Comment', 'Users']);
    const users =
      csvLines((await download('/api/v1/users/users/?format=csv&template=import&limit=1')).bytes)[0] ?? '';
    expect(users).toContain('*Username');
    expect(users.split(',')).not.toContain('Password');
    expect(users).not.toContain('SSH');
  });

  it('exports xlsx that exceljs reads back', async () => {
    const xlsx = await download('/api/v1/users/groups/?format=xlsx&order=name');
    expect(xlsx.status).toBe(200);
    expect(xlsx.disposition).toMatch(/\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(4);
    const header = sheet?.getRow(1).values as unknown[];
    expect(header).toContain('*Name');
    const nameColumn = header.indexOf('*Name');
    expect(sheet?.getRow(2).getCell(nameColumn).value).toBe('export-a');
  });
});

describe('render-to-json (docs/http.md#lists)', () => {
  it('maps csv headers (labels with/without *, field names) back to fields; JSON cells; empty cells and rows dropped', async () => {
    const csv = '\uFEFF*Name,comment,Users,Bogus,ID\r\ng1,c1,"[""a"",""b""]",x,\r\n,,,,\r\ng2,,,,\r\n';
    const { status, body } = await renderToJson(csv, 'text/csv');
    expect(status).toBe(200);
    expect(body.title).toEqual([
      ['*Name', 'name'],
      ['comment', 'comment'],
      ['Users', 'users'],
      ['ID', 'id'],
    ]);
    expect(body.data).toEqual([{ name: 'g1', comment: 'c1', users: ['a', 'b'] }, { name: 'g2' }]);
  });

  it('reads xlsx (the first sheet), including a round trip of the export', async () => {
    const exported = await download('/api/v1/users/groups/?format=xlsx&template=update&search=export');
    const { status, body } = await renderToJson(exported.bytes, 'text/xlsx');
    expect(status).toBe(200);
    expect((body.data as Array<{ name: string }>).map((row) => row.name).sort()).toEqual([
      'export-a',
      'export-b',
    ]);
  });

  it('answers clear 400s for garbage, empty files and oversize bodies', async () => {
    const garbage = await renderToJson(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'text/xlsx');
    expect(garbage.status).toBe(400);
    expect(garbage.body.code).toBe('parse_error');
    const empty = await renderToJson('Name\r\n\r\n', 'text/csv');
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'Request file format may be wrong' });
    const big = await renderToJson(Buffer.alloc(31 * 1024 * 1024, 0x41), 'text/csv');
    expect(big.status).toBe(400);
    expect(big.body.code).toBe('file_content_overflowed');
    const json = await admin.request('/api/v1/users/groups/render-to-json/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      csrf: true,
    });
    expect(json.status).toBe(400);
  });

  it('needs the add permission', async () => {
    await server.createUser({ username: 'viewer', email: 'viewer@x.test', password: 'viewer-pass-1' });
    const viewer = new Client(server.baseUrl);
    await viewer.login('viewer', 'viewer-pass-1');
    const response = await viewer.request('/api/v1/users/groups/render-to-json/', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'Name\r\nx\r\n',
      csrf: true,
    });
    expect(response.status).toBe(403);
  });
});
