// Signed licences (docs/licence.md): a licence signed with the trusted key is imported through the console
// and turns the extended edition on without a restart — on every instance of one PostgreSQL —; a tampered,
// unsigned or foreign-signed file is refused with a message in the user's language and nothing changes;
// importing takes settings.change_license and the CSRF token; an imported licence wins over the file.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signLicence } from '../../server/src/licence/licence-format.mjs';
import { signedTestLicence } from '../support/licence.mjs';
import {
  ADMIN_PASSWORD,
  Client,
  startTestServer,
  startTwoInstances,
  type TestServer,
  type TwoInstances,
} from './harness';
import { adminAndPlainUser, signedIn } from './identity-helpers';
import { testBackend } from './test-database';

const IMPORT = '/api/v1/xpack/license/import';
const DETAIL = '/api/v1/xpack/license/detail';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

interface Detail {
  corporation: string;
  edition: string;
  subscription_id: string | null;
  asset_count: number | null;
  date_expired: string | null;
  is_valid: boolean;
}

async function importLicence(
  client: Client,
  text: string,
  options: { csrf?: boolean } = {},
): Promise<{ status: number; body: { status?: boolean; msg?: string; code?: string } }> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'application/json' }), 'license.json');
  const response = await client.request(IMPORT, { method: 'POST', body: form, csrf: options.csrf ?? true });
  return { status: response.status, body: (await response.json()) as { status?: boolean; msg?: string } };
}

async function publicFlags(server: TestServer): Promise<Record<string, unknown>> {
  const answer = await new Client(server.baseUrl).json<{ data: Record<string, unknown> }>(
    '/api/v1/settings/public/',
  );
  return answer.body.data;
}

async function pluginIds(client: Client): Promise<string[]> {
  return (await client.json<Array<{ id: string }>>('/api/v1/ui/plugins/')).body.map((plugin) => plugin.id);
}

const ACME = {
  corporation: 'ACME Ltd',
  edition: 'Enterprise',
  date_expired: inDays(300),
  subscription_id: 'sub-42',
  asset_count: 500,
};

describe('licence import', () => {
  let server: TestServer;
  let admin: Client;
  let carol: Client;

  beforeAll(async () => {
    server = await startTestServer();
    ({ admin, carol } = await adminAndPlainUser(server));
  });

  afterAll(async () => {
    await server?.close();
  });

  it('refuses a tampered, unsigned, foreign-signed, expired or unreadable file with its message, storing nothing', async () => {
    const signed = signedTestLicence(ACME);
    const tampered = signed.replace('"asset_count": 500', '"asset_count": 50000');
    expect(tampered).not.toBe(signed);
    const { privateKey: foreign } = crypto.generateKeyPairSync('ed25519');
    const cases: Array<[string, string]> = [
      [
        tampered,
        'The licence signature is not valid: the file was changed or was not issued for this installation.',
      ],
      [
        signLicence(ACME, foreign),
        'The licence signature is not valid: the file was changed or was not issued for this installation.',
      ],
      [JSON.stringify(ACME), 'This licence is not signed. Ask your vendor for a signed licence file.'],
      [signedTestLicence({ ...ACME, date_expired: inDays(-1) }), 'This licence has already expired.'],
      ['not a licence', 'This file is not a licence: it cannot be read.'],
      [
        JSON.stringify({ format: 'other', license: ACME, signature: 'x' }),
        'This licence file has an unknown format.',
      ],
    ];
    for (const [text, msg] of cases)
      expect(await importLicence(admin, text)).toEqual({ status: 400, body: { status: false, msg } });
    admin.cookies.set('django_language', 'zh-hans');
    expect((await importLicence(admin, tampered)).body.msg).toBe(
      '许可证签名无效：文件已被修改，或并非为本系统签发。',
    );
    admin.cookies.set('django_language', 'ja');
    expect((await importLicence(admin, JSON.stringify(ACME))).body.msg).toBe(
      'このライセンスは署名されていません。署名済みのライセンスファイルをベンダーに依頼してください。',
    );
    admin.cookies.set('django_language', 'en');
    const detail = await admin.json<Detail>(DETAIL);
    expect(detail.body).toMatchObject({ corporation: '', edition: 'Community edition', is_valid: false });
    expect(await publicFlags(server)).toMatchObject({ XPACK_ENABLED: false, XPACK_LICENSE_IS_VALID: false });
  });

  it('takes settings.change_license and the CSRF token', async () => {
    const text = signedTestLicence(ACME);
    expect((await importLicence(carol, text)).status).toBe(403);
    const noCsrf = await importLicence(admin, text, { csrf: false });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.code).toBe('csrf_failed');
    expect((await admin.json<Detail>(DETAIL)).body.is_valid).toBe(false);
  });

  it('imports a signed licence: the extended edition follows at once, re-indented files stay valid', async () => {
    expect(await pluginIds(admin)).not.toContain('licensed');
    // The signature covers the content, not its layout: a re-indented, re-ordered file is the same licence.
    const reformatted = JSON.stringify(JSON.parse(signedTestLicence(ACME)), null, 8);
    const imported = await importLicence(admin, reformatted);
    expect(imported).toEqual({ status: 200, body: { status: true, msg: 'Licence imported (ACME Ltd).' } });
    const detail = await admin.json<Detail>(DETAIL);
    expect(detail.body).toMatchObject({
      corporation: 'ACME Ltd',
      edition: 'Enterprise',
      subscription_id: 'sub-42',
      asset_count: 500,
      is_valid: true,
    });
    expect(detail.body.date_expired).toMatch(/^\d{4}\/\d{2}\/\d{2}/);
    expect(await publicFlags(server)).toMatchObject({
      XPACK_ENABLED: true,
      XPACK_LICENSE_IS_VALID: true,
      XPACK_LICENSE_INFO: { corporation: 'ACME Ltd' },
    });
    expect(await pluginIds(admin)).toContain('licensed');
  });
});

describe('a licence file beside an imported licence', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ license: { corporation: 'File Corp', date_expired: inDays(30) } });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('verifies the file too, and the imported licence wins over it', async () => {
    const admin = await signedIn(server, 'admin', ADMIN_PASSWORD);
    expect((await admin.json<Detail>(DETAIL)).body).toMatchObject({
      corporation: 'File Corp',
      is_valid: true,
    });
    expect(
      (await importLicence(admin, signedTestLicence({ ...ACME, corporation: 'Imported Corp' }))).status,
    ).toBe(200);
    expect((await admin.json<Detail>(DETAIL)).body).toMatchObject({
      corporation: 'Imported Corp',
      is_valid: true,
    });
  });

  it('refuses a file signed by another key than the configured one', async () => {
    const other = await startTestServer({
      license: { corporation: 'File Corp', date_expired: inDays(30) },
      // The built-in vendor key: the test key that signed the file is not trusted.
      licensePublicKey: null,
    });
    try {
      expect(await publicFlags(other)).toMatchObject({ XPACK_ENABLED: false, XPACK_LICENSE_IS_VALID: false });
    } finally {
      await other.close();
    }
  });
});

describe.runIf(testBackend() === 'postgres')('licence on two instances of one PostgreSQL', () => {
  let instances: TwoInstances;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    instances = await startTwoInstances();
    ({ a, b } = instances);
  });

  afterAll(async () => {
    await instances?.close();
  });

  it('an import through A turns the extended edition on for B without a restart', async () => {
    const onB = await signedIn(b, 'admin', ADMIN_PASSWORD);
    // B has read (and cached) the community edition before the import.
    expect(await publicFlags(b)).toMatchObject({ XPACK_ENABLED: false });
    expect(await pluginIds(onB)).not.toContain('licensed');
    const onA = await signedIn(a, 'admin', ADMIN_PASSWORD);
    expect((await importLicence(onA, signedTestLicence(ACME))).status).toBe(200);
    expect(await publicFlags(b)).toMatchObject({
      XPACK_ENABLED: true,
      XPACK_LICENSE_IS_VALID: true,
      XPACK_LICENSE_INFO: { corporation: 'ACME Ltd' },
    });
    expect(await pluginIds(onB)).toContain('licensed');
    expect((await onB.json<Detail>(DETAIL)).body).toMatchObject({ corporation: 'ACME Ltd', is_valid: true });
  });
});
