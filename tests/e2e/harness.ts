// The console as a person meets it: the real build (dist/), the real server on a free loopback port with a
// fresh database and drop-in folder, and Debian's Chromium. The server runs in this process so tests can
// seed users through the server's own storage functions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/src/app';
import {
  DEFAULT_LOGIN_LIMITS,
  DEFAULT_SESSION_AGE_SECONDS,
  type ServerConfig,
} from '../../server/src/config';
import type { Database } from '../../server/src/data/database';
import { findUserCredentials, updateOwnProfile } from '../../server/src/data/stores/users';
import { createUser, type NewUser } from '../../server/src/users/create-user';
import { seedDemo } from '../../server/src/seed/seed-demo';
import { launchChromium } from '../support/chromium.mjs';
import { signedTestLicence, TEST_LICENCE_KEY } from '../support/licence.mjs';
import { WAIT_MS } from '../support/wait.mjs';
import { DEFAULT_ORG_ID } from '../../sdk/src/constants';
import type { Client } from '../api/harness';

export const ADMIN_PASSWORD = 'E2e-Admin-Pass-1';
const distDir = path.resolve(import.meta.dirname, '../../dist');

export interface Console {
  baseUrl: string;
  pluginsDir: string;
  browser: Browser;
  /** The server's database, for seeds such as sendSiteMessage(c.db, …) and ensureOrg(c.db, …). */
  db: Database;
  /** The running server's configuration; tests may flip switches read per request (authTempToken). */
  config: ServerConfig;
  /** The server's warnings and errors, one JSON line each (pino). */
  logLines: string[];
  /**
   * Adds a user. Tests' users have completed their first login (so the shell does not lead them to the
   * first-login page) unless `firstLogin` says otherwise.
   */
  createUser(input: TestUser): ReturnType<typeof createUser>;
  close(): Promise<void>;
}

/** A user of a test: `firstLogin` keeps `is_first_login` set, as for a user who never signed in. */
export type TestUser = NewUser & { firstLogin?: boolean };

export interface ConsoleOptions {
  /** BASTION_LICENSE_FILE: the licence of the extended edition. */
  licenseFile?: string | null;
  /** A licence signed with the tests' key for this console (ACME Ltd unless named), expiring after `expiresInMs`. */
  license?: { expiresInMs: number; corporation?: string };
  /** BASTION_AUTH_TEMP_TOKEN: temporary passwords (public setting AUTH_TEMP_TOKEN). */
  authTempToken?: boolean;
  /** BASTION_PLUGIN_KEYS (base64 Ed25519 public keys); with it, unsigned drop-ins are refused. */
  pluginTrustedKeys?: string[];
  /** BASTION_DEV_OVERRIDES: import-map overrides from localStorage, scripts from loopback dev servers. */
  devOverrides?: boolean;
  /** Loads the demo data set (README "A console full of data"); its users' password is DEMO_PASSWORD. */
  demo?: boolean;
  /**
   * BASTION_PROVIDER_ORIGINS and BASTION_TLS_CA_FILE: the IM and SMS providers' hosts reached at the tests'
   * loopback providers (tests/support/im-providers.mjs), whose certificate the server then trusts.
   */
  providers?: { origins: Record<string, string>; certificate: string };
}

/** The demo users' password when a console is started with `demo`. */
export const DEMO_PASSWORD = 'Demo-E2e-Pass-1!';

export async function startConsole(options: ConsoleOptions = {}): Promise<Console> {
  if (!fs.existsSync(path.join(distDir, 'ui', 'index.html'))) {
    throw new Error('dist/ui is missing: the e2e tests run against the built console (npm run build)');
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-e2e-'));
  let licenseFile = options.licenseFile ?? null;
  if (options.license) {
    licenseFile = path.join(root, 'license.json');
    fs.writeFileSync(
      licenseFile,
      signedTestLicence({
        corporation: options.license.corporation ?? 'ACME Ltd',
        edition: 'Enterprise',
        date_expired: new Date(Date.now() + options.license.expiresInMs).toISOString(),
      }),
    );
  }
  const pluginsDir = path.join(root, 'dropin');
  fs.mkdirSync(pluginsDir);
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
    pluginTrustedKeys: options.pluginTrustedKeys ?? [],
    allowUnsignedPlugins: !options.pluginTrustedKeys,
    sessionAgeSeconds: DEFAULT_SESSION_AGE_SECONDS,
    loginLimits: DEFAULT_LOGIN_LIMITS,
    licenseFile,
    licensePublicKey: TEST_LICENCE_KEY,
    authTempToken: options.authTempToken ?? false,
    providerOrigins: options.providers?.origins ?? {},
    outboundCa: options.providers?.certificate ?? null,
  };
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let browser: Browser;
  try {
    app = await buildApp(config);
    await app.listen({ host: config.host, port: 0 });
    browser = await launchChromium();
  } catch (error) {
    await app?.close();
    fs.rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  if (options.demo) await seedDemo({ db: app.db, resources: app.engine.registry }, DEMO_PASSWORD);
  // The admin the first start created has its first login behind it too (see createUser below).
  const admin = await findUserCredentials(app.db, 'admin');
  if (admin) await updateOwnProfile(app.db, admin.user.id, { isFirstLogin: false });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pluginsDir,
    browser,
    db: app.db,
    config,
    logLines,
    createUser: async ({ firstLogin, ...input }) => {
      const user = await createUser({ db: app.db, resources: app.engine.registry }, input);
      if (!firstLogin) await updateOwnProfile(app.db, user.id, { isFirstLogin: false });
      return user;
    },
    async close() {
      await browser.close();
      await app.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The ordinary user most tests sign in as. */
export const ALICE = {
  username: 'alice',
  name: 'Alice Ordinary',
  email: 'alice@example.com',
  password: 'Alice-Pass-1',
} as const;

/**
 * One console for the test file: started before its tests with these users, closed after them. The object
 * is filled in by beforeAll, so tests use it directly.
 */
export function consoleForFile(users: readonly TestUser[] = [], options: ConsoleOptions = {}): Console {
  const c = {} as Console;
  beforeAll(async () => {
    Object.assign(c, await startConsole(options));
    for (const user of users) await c.createUser(user);
  });
  afterAll(async () => {
    await c.close?.();
  });
  return c;
}

/** A page in a fresh browser context; its page errors are collected, so a test can say the page stayed clean. */
export async function newPage(
  c: Console,
  language = 'en',
  contextOptions: BrowserContextOptions = {},
): Promise<Page & { errors: string[] }> {
  const context = await c.browser.newContext({
    locale: language === 'zh' ? 'zh-CN' : language,
    ...contextOptions,
  });
  // Every click, fill, waitFor and navigation of the page waits as long as the rest of the suite.
  context.setDefaultTimeout(WAIT_MS);
  const page = (await context.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  return page;
}

/**
 * Sign in through the login page as a person does: open the console, get sent to login (the console boots
 * before it redirects, seconds on a busy machine), type, submit, land in the console.
 */
export async function signIn(c: Console, page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${c.baseUrl}/ui/`);
  await page.waitForURL((url) => url.pathname === '/core/auth/login/');
  await page.fill('#username', username);
  await page.fill('#password', password);
  await Promise.all([
    page.waitForURL((url) => url.pathname.startsWith('/ui/')),
    page.click('button[type=submit]'),
  ]);
}

/** A fresh browser context signed in as `username` (default the admin). */
export async function signedInPage(
  c: Console,
  username = 'admin',
  password = ADMIN_PASSWORD,
  language = 'en',
): Promise<Page & { errors: string[] }> {
  const page = await newPage(c, language);
  await signIn(c, page, username, password);
  return page;
}

/**
 * An administrator's page sets the Basic settings' site URL to the console's address, as a person does in
 * Settings › Basic (mailed links and SAML2 are built on it), and waits for the save.
 */
export async function saveSiteUrl(c: Console, admin: Page): Promise<void> {
  await admin.click('[data-testid="nav-settings"]');
  await admin.click('[data-testid="menu-settings-basic"]');
  const basic = admin.locator('[data-testid="settings-form-basic"]');
  await basic.waitFor();
  await basic.locator('#setting-SITE_URL').fill(c.baseUrl);
  await basic.locator('[data-testid="settings-submit"]').click();
  await basic.locator('[data-testid="settings-saved"]').waitFor();
}

/** A fresh browser context signed in as `username` (default the admin), then on `path`. */
export async function openSignedIn(
  c: Console,
  path: string,
  username = 'admin',
  password = ADMIN_PASSWORD,
): Promise<Page & { errors: string[] }> {
  const page = await signedInPage(c, username, password);
  await page.goto(`${c.baseUrl}${path}`);
  return page;
}

/** A JSON call as the console makes it (session cookie, csrf header, organization); throws on ≥ 300. */
export async function apiJson<T>(
  client: Client,
  method: string,
  url: string,
  body?: unknown,
  org: string = DEFAULT_ORG_ID,
): Promise<T> {
  const response = await client.request(url, {
    method,
    csrf: method !== 'GET',
    headers: {
      'x-jms-org': org,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
