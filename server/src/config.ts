import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { normalisePublicKey } from './licence/licence-format.mjs';

/**
 * Lock-out policy of the login form (docs/auth.md#signing-in); defaults are JumpServer's SECURITY_LOGIN_*
 * values.
 */
export interface LoginLimits {
  /** Failures per (username, client address) before the username is blocked. */
  userLimitCount: number;
  /** Minutes a username stays blocked; also the window in which failures are counted. */
  userLimitMinutes: number;
  /** Failures per client address before the address is blocked. */
  ipLimitCount: number;
  ipLimitMinutes: number;
}

export interface ServerConfig {
  host: string;
  port: number;
  /**
   * Holds bastion.sqlite3 (the embedded default database) and credentials.key, the sealing key every
   * instance needs; created when missing.
   */
  dataDir: string;
  /**
   * `BASTION_DATABASE_URL`: a PostgreSQL database (`postgres://user:pass@host:5432/db`) instead of the
   * SQLite file; several instances may share it (docs/data-layer.md). null = SQLite in `dataDir`.
   */
  databaseUrl?: string | null;
  /**
   * `BASTION_SQLITE_BUSY_TIMEOUT_MS`: how long a SQLite write waits for another process's write
   * transaction before the request answers 503 (docs/data-layer.md#a-busy-database-answers-503); null =
   * 5,000 ms.
   */
  sqliteBusyTimeoutMs?: number | null;
  /** Password of the `admin` user created on first start; null = generate one and print it once. */
  adminPassword: string | null;
  /** Drop-in plugin folder (each sub-folder holds a built plugin with plugin.json). */
  pluginsDir: string | null;
  /** Serve the import-map-overrides script and allow localhost script origins (development only). */
  devOverrides: boolean;
  cookiePrefix: string;
  /** The build output; the console is read from `<distDir>/ui`. */
  distDir: string;
  /** pino level (BASTION_LOG_LEVEL); default warn on a terminal, info otherwise; tests use 'silent'. */
  logLevel: string;
  /** Where log lines go (default stdout); tests read the server log through it. */
  logStream?: { write(line: string): void };
  sessionAgeSeconds: number;
  loginLimits: LoginLimits;
  /** `BASTION_LICENSE_FILE`: a signed licence file (docs/licence.md); absent = only an imported licence counts. */
  licenseFile?: string | null;
  /**
   * `BASTION_LICENSE_PUBLIC_KEY`: the Ed25519 key licences must be signed with, base64 of its 32 raw bytes
   * (normalised from PEM, base64 or a file holding either); null = the built-in vendor key.
   */
  licensePublicKey?: string | null;
  /** `BASTION_DEMO=1`: load the demo data set on start (once; see server/src/seed). */
  demo?: boolean;
  /** `BASTION_DEMO_PASSWORD`: the demo users' password (default in server/src/seed/start-seeds.ts). */
  demoPassword?: string | null;
  /**
   * `BASTION_AUTH_TEMP_TOKEN=1`: the public setting AUTH_TEMP_TOKEN (temporary passwords,
   * docs/auth.md#temporary-passwords).
   */
  authTempToken?: boolean;
  /**
   * `BASTION_TRUSTED_PROXIES`: addresses and CIDRs of reverse proxies whose `X-Forwarded-For` is believed
   * (http/client-address.ts). Empty (the default) = forwarding headers are never read.
   */
  trustedProxies?: readonly string[];
  /**
   * `BASTION_PLUGIN_KEYS`: Ed25519 public keys (base64 of the 32 raw bytes) whose signature makes a
   * drop-in plugin acceptable (PLUGINS.md "Signing"). Read from the file the variable names.
   */
  pluginTrustedKeys?: readonly string[];
  /** `BASTION_PLUGIN_UNSIGNED=1`: the operator accepts drop-in plugins without a signature. */
  allowUnsignedPlugins?: boolean;
  /**
   * `BASTION_TLS_CA_FILE`: extra certificate authorities (PEM) trusted for the connections the server opens
   * to a mail server or a directory (docs/mail.md, docs/ldap.md), beside the system's; certificates are
   * always verified.
   */
  outboundCa?: string | null;
  /**
   * `BASTION_PROVIDER_ORIGINS`: where the server reaches a provider's fixed public host instead
   * (`qyapi.weixin.qq.com=https://wecom-proxy.example:8443,…`), for a private deployment, an egress proxy or the
   * tests' loopback providers (docs/auth-im-sms.md#reaching-the-providers). HTTPS only; verified as ever.
   */
  providerOrigins?: Readonly<Record<string, string>>;
  /**
   * `BASTION_BOOTSTRAP_TOKEN`: the secret terminal components register with (docs/terminal.md#registration);
   * unset = registration is closed.
   */
  bootstrapToken?: string | null;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  userLimitCount: 7,
  userLimitMinutes: 30,
  ipLimitCount: 99,
  ipLimitMinutes: 30,
};

export const DEFAULT_SESSION_AGE_SECONDS = 24 * 60 * 60;

type Env = Readonly<Record<string, string | undefined>>;

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`BASTION_PORT must be an integer between 0 and 65535, got "${value}"`);
  }
  return port;
}

function parseBusyTimeout(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0 || ms > 600_000) {
    throw new Error(`BASTION_SQLITE_BUSY_TIMEOUT_MS must be an integer between 0 and 600000, got "${value}"`);
  }
  return ms;
}

function parseCookiePrefix(value: string | undefined): string {
  const prefix = value ?? 'jms_';
  // The prefix becomes part of cookie names, so only RFC 6265 token characters are safe.
  if (!/^[A-Za-z0-9_-]{0,32}$/.test(prefix)) {
    throw new Error(
      `BASTION_COOKIE_PREFIX may hold only letters, digits, "_" and "-" (max 32), got "${prefix}"`,
    );
  }
  return prefix;
}

/** An IPv4/IPv6 address, optionally with a `/prefix` that fits its family. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** `BASTION_TRUSTED_PROXIES`: comma-separated addresses/CIDRs; anything else stops the start. */
export function parseTrustedProxies(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const bad = entries.find((entry) => !isAddressOrCidr(entry));
  if (bad !== undefined)
    throw new Error(
      `BASTION_TRUSTED_PROXIES takes comma-separated IP addresses or CIDRs (e.g. 10.0.0.5,192.168.0.0/24), got "${bad}"`,
    );
  return entries;
}

/** The levels of the server's logger (pino), most to least severe; `silent` logs nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * On a terminal the default is `warn`: one JSON line per request would bury what a person must read (the
 * first start's admin password). Under a service manager or with output redirected, requests are logged.
 */
function parseLogLevel(value: string | undefined, terminal: boolean): string {
  if (value === undefined || value === '') return terminal ? 'warn' : 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) {
    throw new Error(`BASTION_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  }
  return value;
}

/** The trusted-keys file: one base64 key per line, `#` comments and anything after the key ignored. */
export function parseTrustedKeys(text: string, file: string): string[] {
  const keys = text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim().split(/\s+/)[0] ?? '')
    .filter((key) => key !== '');
  const bad = keys.find((key) => Buffer.from(key, 'base64').length !== 32);
  if (bad !== undefined)
    throw new Error(`${file}: "${bad}" is not an Ed25519 public key (base64 of 32 bytes, one per line)`);
  return keys;
}

/** The licence key as given: PEM or base64 itself, or else the name of a file holding one of them. */
function parseLicenceKey(value: string | null, cwd: string): string | null {
  if (value === null) return null;
  try {
    return normalisePublicKey(value);
  } catch (direct) {
    const file = path.resolve(cwd, value);
    if (!fs.existsSync(file))
      throw new Error(`BASTION_LICENSE_PUBLIC_KEY: ${(direct as Error).message}`, { cause: direct });
    try {
      return normalisePublicKey(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`BASTION_LICENSE_PUBLIC_KEY (${file}): ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
}

/**
 * `host=https://origin[/prefix],…`: each provider host once, each target an HTTPS URL without query, so a
 * typo fails the start instead of sending codes in clear or to the wrong place.
 */
export function parseProviderOrigins(value: string | undefined): Record<string, string> {
  const origins: Record<string, string> = {};
  for (const entry of (value ?? '').split(',').map((e) => e.trim())) {
    if (entry === '') continue;
    const [host = '', target = ''] = entry.split(/=(.*)/s).map((part) => part.trim());
    const url = URL.canParse(target) ? new URL(target) : null;
    if (!/^[a-z0-9.-]+$/i.test(host) || url?.protocol !== 'https:' || url.search !== '' || host in origins)
      throw new Error(
        `BASTION_PROVIDER_ORIGINS takes "provider-host=https://target,…" (each host once), got "${entry}"`,
      );
    origins[host.toLowerCase()] = url.href.replace(/\/$/, '');
  }
  return origins;
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

/**
 * Reads the server configuration from environment variables (every one is in the README's Configuration
 * table). `terminal`: whether the output goes to a person's terminal (quieter default log).
 */
export function loadConfig(
  env: Env = process.env,
  cwd: string = process.cwd(),
  terminal: boolean = process.stdout.isTTY === true,
): ServerConfig {
  const pluginsDir = nonEmpty(env.BASTION_PLUGINS_DIR);
  const keysFile = nonEmpty(env.BASTION_PLUGIN_KEYS);
  const keysPath = keysFile === null ? null : path.resolve(cwd, keysFile);
  return {
    host: nonEmpty(env.BASTION_HOST) ?? '127.0.0.1',
    port: parsePort(env.BASTION_PORT),
    dataDir: path.resolve(cwd, nonEmpty(env.BASTION_DATA_DIR) ?? './data'),
    databaseUrl: nonEmpty(env.BASTION_DATABASE_URL),
    sqliteBusyTimeoutMs: parseBusyTimeout(env.BASTION_SQLITE_BUSY_TIMEOUT_MS),
    adminPassword: nonEmpty(env.BASTION_ADMIN_PASSWORD),
    pluginsDir: pluginsDir === null ? null : path.resolve(cwd, pluginsDir),
    devOverrides: env.BASTION_DEV_OVERRIDES === '1',
    cookiePrefix: parseCookiePrefix(env.BASTION_COOKIE_PREFIX),
    distDir: path.resolve(cwd, nonEmpty(env.BASTION_DIST_DIR) ?? './dist'),
    logLevel: parseLogLevel(env.BASTION_LOG_LEVEL, terminal),
    sessionAgeSeconds: DEFAULT_SESSION_AGE_SECONDS,
    loginLimits: { ...DEFAULT_LOGIN_LIMITS },
    licenseFile: nonEmpty(env.BASTION_LICENSE_FILE) ? path.resolve(cwd, env.BASTION_LICENSE_FILE!) : null,
    licensePublicKey: parseLicenceKey(nonEmpty(env.BASTION_LICENSE_PUBLIC_KEY), cwd),
    demo: env.BASTION_DEMO === '1',
    demoPassword: nonEmpty(env.BASTION_DEMO_PASSWORD),
    authTempToken: env.BASTION_AUTH_TEMP_TOKEN === '1',
    trustedProxies: parseTrustedProxies(env.BASTION_TRUSTED_PROXIES),
    pluginTrustedKeys: keysPath === null ? [] : parseTrustedKeys(fs.readFileSync(keysPath, 'utf8'), keysPath),
    allowUnsignedPlugins: env.BASTION_PLUGIN_UNSIGNED === '1',
    outboundCa: nonEmpty(env.BASTION_TLS_CA_FILE)
      ? fs.readFileSync(path.resolve(cwd, env.BASTION_TLS_CA_FILE!), 'utf8')
      : null,
    bootstrapToken: nonEmpty(env.BASTION_BOOTSTRAP_TOKEN),
    providerOrigins: parseProviderOrigins(env.BASTION_PROVIDER_ORIGINS),
  };
}
