// The interface settings (docs/interface.md): uploads checked by content and size with field errors, the
// images served with caching and no way to run as a page, the title and images on the login page and in
// the public settings, restore defaults — and every write to settings.change_interface with a licence only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Client, loginPageData, startTestServer, type TestServer } from './harness';
import { adminAndPlainUser, call, signedIn } from './identity-helpers';

const SETTING = '/api/v1/xpack/interface/setting';
const RESTORE = '/api/v1/xpack/interface/restore';

// A 1×1 PNG and a 1×1 GIF, real images.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

interface Interface {
  login_title: string;
  login_image: string;
  favicon: string;
  logo_index: string;
  logo_logout: string;
}

async function upload(
  client: Client,
  parts: Record<string, Buffer | string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts))
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)]), `${name}.png`);
  const response = await client.request(SETTING, { method: 'PUT', body: form, csrf: true });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('interface settings', () => {
  let server: TestServer;
  let admin: Client;
  let carol: Client;

  beforeAll(async () => {
    server = await startTestServer({ license: { corporation: 'ACME', date_expired: '2099-12-31' } });
    ({ admin, carol } = await adminAndPlainUser(server));
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers the defaults; a user without settings.change_interface can neither upload nor restore', async () => {
    const read = await call<Interface>(admin, 'GET', SETTING);
    expect(read.status).toBe(200);
    expect(read.body.login_title).toBe('Bastion Console');
    expect(read.body.logo_index).not.toContain('/api/');
    expect((await upload(carol, { logo_index: PNG })).status).toBe(403);
    expect((await call(carol, 'POST', RESTORE)).status).toBe(403);
    expect((await call(carol, 'GET', SETTING)).status).toBe(403);
  });

  it('refuses SVG, a file that is not an image and a file over the limit, field by field, saving nothing', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const refused = await upload(admin, {
      login_title: 'Refused',
      logo_index: SVG,
      favicon: Buffer.from('not an image at all'),
      login_image: big,
      logo_logout: PNG,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      logo_index: ['Upload a PNG, JPEG, GIF, WebP or ICO image (SVG is not accepted).'],
      favicon: ['Upload a PNG, JPEG, GIF, WebP or ICO image (SVG is not accepted).'],
      login_image: ['The image may be at most 2 MB.'],
    });
    const after = await call<Interface>(admin, 'GET', SETTING);
    expect(after.body.login_title).toBe('Bastion Console');
    expect(after.body.logo_logout).not.toContain('/api/');
    const long = await upload(admin, { login_title: 'x'.repeat(1025) });
    expect(long.body).toEqual({ login_title: ['Ensure this field has no more than 1024 characters.'] });
  });

  it('publishes uploaded images and the title on the login page and in the public settings, cached by version', async () => {
    const saved = await upload(admin, { login_title: 'ACME Bastion', logo_index: PNG, favicon: GIF });
    expect(saved.status).toBe(200);
    const logo = String(saved.body.logo_index);
    expect(logo).toMatch(/^\/api\/v1\/xpack\/interface\/images\/logo_index\/\?v=[0-9a-f]{16}$/);
    const pub = (
      await new Client(server.baseUrl).json<{ data: Record<string, unknown> }>('/api/v1/settings/public/')
    ).body.data;
    expect(pub.LOGIN_TITLE).toBe('ACME Bastion');
    expect(pub.LOGO_URLS).toMatchObject({ logo_index: logo, favicon: saved.body.favicon });

    const anonymous = new Client(server.baseUrl);
    const page = loginPageData(await (await anonymous.get('/core/auth/login/')).text()) as Record<
      string,
      unknown
    >;
    expect(page).toMatchObject({ loginTitle: 'ACME Bastion', loginLogo: logo });

    const image = await anonymous.get(logo);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    // Without its version the image is revalidated by ETag.
    const plain = await anonymous.get('/api/v1/xpack/interface/images/logo_index/');
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    const etag = plain.headers.get('etag') ?? '';
    expect(
      (await anonymous.get('/api/v1/xpack/interface/images/logo_index/', { 'if-none-match': etag })).status,
    ).toBe(304);
    const favicon = await anonymous.get('/favicon.ico');
    expect(favicon.headers.get('location')).toBe(saved.body.favicon);
    expect((await anonymous.get('/api/v1/xpack/interface/images/nonsense/')).status).toBe(404);
  });

  it('restores the defaults; a GET restore needs the csrf header', async () => {
    const forged = await admin.request(RESTORE);
    expect(forged.status).toBe(403);
    expect((await call<Interface>(admin, 'GET', SETTING)).body.login_title).toBe('ACME Bastion');
    const restored = await call<Interface>(admin, 'POST', RESTORE);
    expect(restored.status).toBe(200);
    expect(restored.body.login_title).toBe('Bastion Console');
    expect(restored.body.logo_index).not.toContain('/api/');
    expect((await new Client(server.baseUrl).get('/api/v1/xpack/interface/images/logo_index/')).status).toBe(
      404,
    );
  });

  it('refuses changes without a valid licence', async () => {
    const community = await startTestServer();
    try {
      const client = await signedIn(community, 'admin', ADMIN_PASSWORD);
      expect((await upload(client, { login_title: 'Nope' })).status).toBe(403);
      expect((await call<Interface>(client, 'GET', SETTING)).body.login_title).toBe('Bastion Console');
    } finally {
      await community.close();
    }
  });
});
