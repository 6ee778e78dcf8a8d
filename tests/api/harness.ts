import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';
import {
  DEFAULT_LOGIN_LIMITS,
  DEFAULT_SESSION_AGE_SECONDS,
  type LoginLimits,
  type ServerConfig,
} from '../../server/src/config';
import { createUser, type NewUser } from '../../server/src/users/create-user';
import { createTestDatabase } from './test-database';
import { signedTestLicence, TEST_LICENCE_KEY } from '../support/licence.mjs';

export const ADMIN_PASSWORD = 'Admin-Pass-123!';

export const LOGIN_TEMPLATE = `<!doctype html><html><head><title>login</title></head>
<body><div id="login"></div><!--BASTION_LOGIN_DATA--></body></html>`;

export const INDEX_TEMPLATE = `<!doctype html><html><head><title>console</title>
<!--BASTION_DEV_OVERRIDES--><!--BASTION_FIRST_VIEW--></head><body><div id="app"></div></body></html>`;

/** The host files of the fixture build: an entry importing a chunk and a shared id, and that shared id. */
export const FIXTURE_HOST = {
  entry: '/ui/modules/host/host-4C2D9A7E1B3F.js',
  chunk: '/ui/modules/host/chunk-9E8D7C6B5A41.js',
  shared: '/ui/vendor/vendor-1A2B3C4D5E6F.js',
  integrity: `sha384-${'A'.repeat(64)}`,
};

export const OVERRIDES_SCRIPT_URL = '/ui/libs/import-map-overrides-4KQ2ZB7D.js';

export interface FixturePlugin {
  id: string;
  permissions?: string[];
  licenseRequired?: boolean;
  /** write an integrity that does not match the module */
  badIntegrity?: boolean;
  /** leave the module file out */
  missingModule?: boolean;
  version?: string;
}

/** Writes a built plugin (plugin.json + hashed module) the way the build does, into `root/<id>/`. */
export function writeFixturePlugin(root: string, plugin: FixturePlugin): { url: string; integrity: string } {
  const dir = path.join(root, plugin.id);
  fs.mkdirSync(dir, { recursive: true });
  const body = `System.register([], function (e) { return { execute: function () { e('default', { id: '${plugin.id}' }); } }; });\n`;
  const hash = crypto.createHash('sha256').update(body).digest('hex').slice(0, 8).toUpperCase();
  const module = `index-${hash}.js`;
  const integrity = `sha384-${crypto
    .createHash('sha384')
    .update(plugin.badIntegrity ? `${body}tampered` : body)
    .digest('base64')}`;
  if (!plugin.missingModule) fs.writeFileSync(path.join(dir, module), body);
  const chunkBody = `System.register([], function () { return { execute: function () {} }; });\n`;
  const chunk = `chunk-${crypto.createHash('sha256').update(plugin.id).digest('hex').slice(0, 12)}.js`;
  fs.writeFileSync(path.join(dir, chunk), chunkBody);
  // A route's lazy page (named in `pages`, not in the entry's static imports), importing the shared chunk.
  const pageBody = `System.register(['./${chunk}'], function () { return { execute: function () {} }; });\n`;
  const page = `page-${crypto.createHash('sha256').update(`${plugin.id} page`).digest('hex').slice(0, 12)}.js`;
  fs.writeFileSync(path.join(dir, page), pageBody);
  fs.mkdirSync(path.join(dir, 'locales'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'locales', 'en.json'), JSON.stringify({ title: plugin.id }));
  const manifest = {
    id: plugin.id,
    version: plugin.version ?? '0.1.0',
    title: { zh: plugin.id, en: plugin.id, ja: plugin.id },
    hostRange: '^0.1.0',
    sdkRange: '^0.1.0',
    permissions: plugin.permissions ?? [],
    licenseRequired: plugin.licenseRequired ?? false,
    views: ['console'],
    i18nNamespace: plugin.id,
    module,
    integrity,
    chunks: {
      [chunk]: `sha384-${crypto.createHash('sha384').update(chunkBody).digest('base64')}`,
      [page]: `sha384-${crypto.createHash('sha384').update(pageBody).digest('base64')}`,
    },
    depcache: { [module]: [`./${chunk}`, 'react'], [page]: [`./${chunk}`] },
    pages: {
      [`/console/${plugin.id}/items`]: [page],
      [`/console/${plugin.id}/items/create`]: [],
      [`/console/${plugin.id}/items/:id`]: [page],
    },
  };
  fs.writeFileSync(path.join(dir, 'plugin.json'), JSON.stringify(manifest, null, 2));
  return { url: `/ui/plugins/${plugin.id}/${module}`, integrity };
}

/** A minimal dist/ui: the two templates, build-info, a hashed asset, an overrides script and plugins. */
export function writeFixtureDist(distDir: string): void {
  const ui = path.join(distDir, 'ui');
  fs.mkdirSync(path.join(ui, 'libs'), { recursive: true });
  fs.mkdirSync(path.join(ui, 'locales', 'en'), { recursive: true });
  fs.writeFileSync(path.join(ui, 'login.html'), LOGIN_TEMPLATE);
  fs.writeFileSync(path.join(ui, 'index.html'), INDEX_TEMPLATE);
  fs.writeFileSync(
    path.join(ui, 'importmap.json'),
    JSON.stringify({
      imports: { '@bastion/host': FIXTURE_HOST.entry, react: `${FIXTURE_HOST.shared}#react` },
      integrity: { [FIXTURE_HOST.entry]: FIXTURE_HOST.integrity },
      depcache: { [FIXTURE_HOST.entry]: [`./${path.basename(FIXTURE_HOST.chunk)}`, 'react'] },
      preload: [],
    }),
  );
  fs.writeFileSync(
    path.join(ui, 'build-info.json'),
    JSON.stringify({
      version: '0.1.0',
      overridesScript: OVERRIDES_SCRIPT_URL,
      pageAssets: ['/ui/libs/boot-7Q3XK2PA.js'],
    }),
  );
  fs.writeFileSync(path.join(ui, 'libs', 'boot-7Q3XK2PA.js'), 'System.import("@bastion/host");\n');
  fs.writeFileSync(path.join(ui, OVERRIDES_SCRIPT_URL.slice('/ui/'.length)), '/* import-map-overrides */\n');
  fs.writeFileSync(path.join(ui, 'locales', 'en', 'host.json'), JSON.stringify({ hello: 'Hello' }));
  const plugins = path.join(ui, 'plugins');
  writeFixturePlugin(plugins, { id: 'users', permissions: ['users.view_user'] });
  writeFixturePlugin(plugins, { id: 'workbench', permissions: ['rbac.view_workbench'] });
  writeFixturePlugin(plugins, { id: 'either', permissions: ['users.view_user|perms.view_myassets'] });
  writeFixturePlugin(plugins, { id: 'licensed', licenseRequired: true });
  writeFixturePlugin(plugins, { id: 'tampered', badIntegrity: true });
  writeFixturePlugin(plugins, { id: 'no-module', missingModule: true });
}

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  config: ServerConfig;
  root: string;
  pluginsDir: string;
  /** The server's warnings and errors, one JSON line each (pino). */
  logLines: string[];
  createUser(input: NewUser): ReturnType<typeof createUser>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  devOverrides?: boolean;
  loginLimits?: Partial<LoginLimits>;
  /** skip writing the fixture dist (the "not built" case) */
  withoutDist?: boolean;
  /** BASTION_LICENSE_FILE */
  licenseFile?: string | null;
  /**
   * BASTION_DATABASE_URL of a database another test server shares (several instances); by default each
   * server gets an empty database of its own on the project's backend (tests/api/test-database.ts).
   */
  databaseUrl?: string | null;
  /** BASTION_LICENSE_PUBLIC_KEY (base64); the tests' own key unless named, null = the built-in key. */
  licensePublicKey?: string | null;
  /** BASTION_TRUSTED_PROXIES */
  trustedProxies?: string[];
  /**
   * A licence (its content) signed with the tests' key (tests/support/licence.mjs), written into the server's
   * temporary folder and used as BASTION_LICENSE_FILE.
   */
  license?: Record<string, unknown>;
  /** BASTION_PLUGIN_KEYS (base64 Ed25519 public keys) */
  pluginTrustedKeys?: string[];
  /** BASTION_PLUGIN_UNSIGNED; on unless a test checks signatures */
  allowUnsignedPlugins?: boolean;
  /** BASTION_TLS_CA_FILE's certificates (PEM): a test server's throw-away certificate */
  outboundCa?: string | null;
  /** BASTION_BOOTSTRAP_TOKEN (terminal component registration) */
  bootstrapToken?: string;
  /** BASTION_SQLITE_BUSY_TIMEOUT_MS: how long a SQLite write waits for another writer (default 5 s) */
  sqliteBusyTimeoutMs?: number;
  /** BASTION_PROVIDER_ORIGINS: provider hosts to the tests' loopback providers (tests/support/im-providers.mjs) */
  providerOrigins?: Record<string, string>;
}

/** A live server on a free loopback port with a temporary data dir, dist and drop-in folder. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-api-'));
  const own = options.databaseUrl === undefined ? await createTestDatabase() : null;
  const distDir = path.join(root, 'dist');
  const pluginsDir = path.join(root, 'dropin');
  fs.mkdirSync(pluginsDir, { recursive: true });
  if (!options.withoutDist) writeFixtureDist(distDir);
  let licenseFile = options.licenseFile ?? null;
  if (options.license) {
    licenseFile = path.join(root, 'license.json');
    fs.writeFileSync(licenseFile, signedTestLicence(options.license));
  }
  const logLines: string[] = [];
  const config: ServerConfig = {
    host: '127.0.0.1',
    port: 0,
    dataDir: path.join(root, 'data'),
    adminPassword: ADMIN_PASSWORD,
    pluginsDir,
    devOverrides: options.devOverrides ?? false,
    cookiePrefix: 'jms_',
    distDir,
    logLevel: 'warn',
    logStream: { write: (line) => void logLines.push(line) },
    sessionAgeSeconds: DEFAULT_SESSION_AGE_SECONDS,
    loginLimits: { ...DEFAULT_LOGIN_LIMITS, ...options.loginLimits },
    licenseFile,
    licensePublicKey: options.licensePublicKey === undefined ? TEST_LICENCE_KEY : options.licensePublicKey,
    databaseUrl: own ? own.url : (options.databaseUrl ?? null),
    sqliteBusyTimeoutMs: options.sqliteBusyTimeoutMs ?? null,
    trustedProxies: options.trustedProxies ?? [],
    pluginTrustedKeys: options.pluginTrustedKeys ?? [],
    allowUnsignedPlugins: options.allowUnsignedPlugins ?? true,
    outboundCa: options.outboundCa ?? null,
    bootstrapToken: options.bootstrapToken ?? null,
    providerOrigins: options.providerOrigins ?? {},
  };
  const app = await buildApp(config);
  await app.listen({ host: config.host, port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    root,
    pluginsDir,
    logLines,
    createUser: (input) => createUser({ db: app.db, resources: app.engine.registry }, input),
    close: async () => {
      await app.close();
      await own?.drop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Two instances on one fresh PostgreSQL database (docs/data-layer.md#several-instances-on-one-postgresql); `close` stops both. */
export interface TwoInstances {
  a: TestServer;
  b: TestServer;
  close(): Promise<void>;
}

export async function startTwoInstances(options: TestServerOptions = {}): Promise<TwoInstances> {
  const database = await createTestDatabase();
  const a = await startTestServer({ ...options, databaseUrl: database.url });
  const b = await startTestServer({ ...options, databaseUrl: database.url });
  return {
    a,
    b,
    close: async () => {
      await b.close();
      await a.close();
      await database.drop();
    },
  };
}

export const LOGIN_MFA_URL = '/core/auth/login/mfa/';

/** A browser-like client: keeps cookies, never follows redirects, sends X-CSRFToken when asked. */
export class Client {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  private store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line);
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(urlPath: string, init: RequestInit & { csrf?: boolean } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', this.cookieHeader());
    if (init.csrf) headers.set('x-csrftoken', this.cookies.get('jms_csrftoken') ?? '');
    const response = await fetch(this.baseUrl + urlPath, { ...init, headers, redirect: 'manual' });
    this.store(response);
    return response;
  }

  get(urlPath: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.request(urlPath, { headers });
  }

  async json<T = unknown>(
    urlPath: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T }> {
    const response = await this.get(urlPath, headers);
    return { status: response.status, body: (await response.json()) as T };
  }

  /** GET the login page (sets the anonymous csrf cookie), then POST the form like the browser does. */
  async submitLogin(
    username: string,
    password: string,
    extra: { next?: string; headers?: Record<string, string>; csrf?: string | null } = {},
  ): Promise<Response> {
    if (!this.cookies.has('jms_csrftoken')) await this.get('/core/auth/login/');
    const form = new URLSearchParams({ username, password });
    const csrf = extra.csrf === undefined ? this.cookies.get('jms_csrftoken') : extra.csrf;
    if (csrf !== null && csrf !== undefined) form.set('csrfmiddlewaretoken', csrf);
    if (extra.next !== undefined) form.set('next', extra.next);
    return this.request('/core/auth/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...extra.headers },
      body: form.toString(),
    });
  }

  /** Signs in and fails loudly when the login is refused. */
  async login(username: string, password: string, otpCode?: string): Promise<void> {
    let response = await this.submitLogin(username, password);
    // The MFA step of a sign-in (docs/auth.md#mfa-at-sign-in): the code of the user's authenticator.
    if (response.status === 302 && response.headers.get('location') === LOGIN_MFA_URL) {
      if (otpCode === undefined) throw new Error(`login as ${username} needs an MFA code`);
      response = await this.submitMfaCode(otpCode);
    }
    if (response.status !== 302) {
      throw new Error(
        `login as ${username} failed: ${response.status} ${loginPageData(await response.text()).error}`,
      );
    }
  }

  /** POSTs the MFA step's form like the browser does; `mfaType` 'sms' for a code by text message. */
  submitMfaCode(code: string, mfaType?: 'otp' | 'sms'): Promise<Response> {
    const form = new URLSearchParams({ code, csrfmiddlewaretoken: this.cookies.get('jms_csrftoken') ?? '' });
    if (mfaType) form.set('mfa_type', mfaType);
    return this.request(LOGIN_MFA_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
  }
}

/** The JSON the server embedded in the login page. */
export function loginPageData(html: string): {
  next: string;
  error: string;
  username: string;
  csrfToken: string;
  loginTitle: string;
  lang: string;
  mfa?: 'otp' | 'enrol';
  otpSecret?: string;
  otpQr?: string;
  smsPhone?: string;
  mfaType?: 'sms';
} {
  const match = /<script type="application\/json" id="bastion-login-data">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error(`no login data in page: ${html.slice(0, 200)}`);
  return JSON.parse(match[1]);
}

/** A request with the path sent byte for byte (fetch would normalise `..`). */
export function rawGet(baseUrl: string, rawPath: string): Promise<{ status: number; body: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: rawPath, method: 'GET' },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}
