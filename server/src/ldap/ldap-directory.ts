import tls from 'node:tls';
import { Client, InvalidCredentialsError, type Entry } from 'ldapts';
import type { ServerConfig } from '../config';
import type { Database } from '../data/database';
import { categoryValues, settingSecret } from '../settings/settings-values';

/** The directory settings in force (docs/ldap.md): the saved ones, or a form's being tested. */
export interface LdapSettings {
  enabled: boolean;
  uri: string;
  startTls: boolean;
  bindDn: string;
  bindPassword: string;
  /** One or more search bases (`|` separates them in the setting). */
  searchOus: string[];
  /** With `%(user)s` where the username goes. */
  filter: string;
  attrMap: { username: string; name: string; email: string };
  timeoutMs: number;
  pageSize: number;
  syncOrgId: string;
  syncPeriodic: boolean;
  syncIntervalHours: number;
}

export interface DirectoryUser {
  dn: string;
  username: string;
  name: string;
  email: string;
}

export async function ldapSettings(db: Database, config: ServerConfig): Promise<LdapSettings> {
  const v = await categoryValues(db, config, 'ldap');
  const map = (v.AUTH_LDAP_USER_ATTR_MAP ?? {}) as Record<string, string>;
  return {
    enabled: v.AUTH_LDAP === true,
    uri: String(v.AUTH_LDAP_SERVER_URI ?? ''),
    startTls: v.AUTH_LDAP_START_TLS === true,
    bindDn: String(v.AUTH_LDAP_BIND_DN ?? ''),
    bindPassword: await settingSecret(db, config, 'AUTH_LDAP_BIND_PASSWORD'),
    searchOus: splitOus(String(v.AUTH_LDAP_SEARCH_OU ?? '')),
    filter: String(v.AUTH_LDAP_SEARCH_FILTER ?? '(cn=%(user)s)'),
    attrMap: { username: map.username ?? 'cn', name: map.name ?? 'sn', email: map.email ?? 'mail' },
    timeoutMs: Number(v.AUTH_LDAP_CONNECT_TIMEOUT ?? 10) * 1000,
    pageSize: Number(v.AUTH_LDAP_SEARCH_PAGED_SIZE ?? 1000),
    syncOrgId: String(v.AUTH_LDAP_SYNC_ORG_ID ?? ''),
    syncPeriodic: v.AUTH_LDAP_SYNC_IS_PERIODIC === true,
    syncIntervalHours: Number(v.AUTH_LDAP_SYNC_INTERVAL ?? 24),
  };
}

export const splitOus = (value: string): string[] =>
  value
    .split('|')
    .map((ou) => ou.trim())
    .filter((ou) => ou !== '');

/** A value inside a search filter (RFC 4515): `*`, `(`, `)`, `\` and NUL escaped, so a name is no filter. */
export const escapeFilterValue = (value: string): string =>
  value.replace(/[*()\\\0]/g, (ch) => `\\${ch.charCodeAt(0).toString(16).padStart(2, '0')}`);

/** The search filter for one username, or for every user (`*`). */
export const userFilter = (s: LdapSettings, username: string | null): string => {
  const filter = s.filter.replace(/%\(user\)s/g, username === null ? '*' : escapeFilterValue(username));
  return filter.startsWith('(') ? filter : `(${filter})`;
};

/** Where a directory step failed: the test reports it in these words (docs/ldap.md#tests). */
export class LdapStepError extends Error {
  constructor(
    readonly step: 'server' | 'bind' | 'search' | 'user' | 'password' | 'disabled',
    readonly detail: string,
  ) {
    super(detail);
  }
}

const detailOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).trim();

/**
 * A connection to the directory, bound as the service account (a blank bind DN binds anonymously), run for
 * `work` and closed after. Certificates are verified (BASTION_TLS_CA_FILE adds authorities).
 */
export async function withDirectory<T>(
  s: LdapSettings,
  config: ServerConfig,
  work: (client: Client) => Promise<T>,
): Promise<T> {
  const tlsOptions: tls.ConnectionOptions = config.outboundCa
    ? { ca: [...tls.rootCertificates, config.outboundCa] }
    : {};
  // ldapts speaks TLS from the first byte whenever it is given TLS options: only ldaps:// gets them here,
  // plain ldap:// hands them to StartTLS.
  const client = new Client({
    url: s.uri,
    timeout: s.timeoutMs,
    connectTimeout: s.timeoutMs,
    ...(s.uri.startsWith('ldaps:') ? { tlsOptions } : {}),
  });
  try {
    try {
      if (s.startTls) await client.startTLS(tlsOptions);
    } catch (error) {
      throw new LdapStepError('server', detailOf(error));
    }
    try {
      if (s.bindDn !== '') await client.bind(s.bindDn, s.bindPassword);
    } catch (error) {
      if (error instanceof InvalidCredentialsError) throw new LdapStepError('bind', detailOf(error));
      throw new LdapStepError('server', detailOf(error));
    }
    return await work(client);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

const first = (entry: Entry, attribute: string): string => {
  const value = entry[attribute] ?? entry[attribute.toLowerCase()];
  const one = Array.isArray(value) ? value[0] : value;
  if (one === undefined) return '';
  return Buffer.isBuffer(one) ? one.toString('utf8') : String(one);
};

/** The users the filter matches under every search base (`username` null: all of them). */
export async function searchUsers(
  client: Client,
  s: LdapSettings,
  username: string | null,
): Promise<DirectoryUser[]> {
  const users: DirectoryUser[] = [];
  const attributes = [s.attrMap.username, s.attrMap.name, s.attrMap.email];
  for (const base of s.searchOus) {
    try {
      const { searchEntries } = await client.search(base, {
        scope: 'sub',
        filter: userFilter(s, username),
        attributes,
        paged: { pageSize: s.pageSize },
      });
      for (const entry of searchEntries) {
        const name = first(entry, s.attrMap.username);
        if (name === '') continue;
        users.push({
          dn: entry.dn,
          username: name,
          name: first(entry, s.attrMap.name) || name,
          email: first(entry, s.attrMap.email),
        });
      }
    } catch (error) {
      throw new LdapStepError('search', detailOf(error));
    }
  }
  return users;
}

/**
 * Checks `password` of directory user `username` (docs/ldap.md#signing-in): the service account finds the
 * user's entry, then a bind as that entry with the password decides. A user the directory disables (a
 * locked account) fails that bind, so is refused here too.
 */
export async function authenticate(
  s: LdapSettings,
  config: ServerConfig,
  username: string,
  password: string,
): Promise<DirectoryUser> {
  // An empty password would be an anonymous ("unauthenticated") bind, which many servers accept.
  if (password === '') throw new LdapStepError('password', 'empty password');
  const user = await withDirectory(s, config, async (client) => {
    const found = await searchUsers(client, s, username);
    const match = found.find((u) => u.username === username);
    if (!match) throw new LdapStepError('user', `no such user: ${username}`);
    return match;
  });
  await withDirectory({ ...s, bindDn: user.dn, bindPassword: password }, config, async () => undefined).catch(
    (error: unknown) => {
      if (error instanceof LdapStepError && error.step === 'bind')
        throw new LdapStepError('password', error.detail);
      throw error;
    },
  );
  return user;
}
