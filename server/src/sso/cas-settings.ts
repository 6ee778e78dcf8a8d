import type { ServerConfig } from '../config';
import type { Database } from '../data/database';
import { siteUrl } from '../mail/password-reset';
import { categoryValues } from '../settings/settings-values';

/** The CAS settings in force (docs/auth-sources.md#cas). */
export interface CasSettings {
  enabled: boolean;
  /** The CAS server's base, without a trailing slash: `…/login`, `…/p3/serviceValidate` hang below it. */
  serverUrl: string;
  version: 1 | 2 | 3;
  /** `cas:user` (the ticket's own user) or the attribute that holds the username. */
  usernameAttribute: string;
  applyAttributes: boolean;
  /** Attribute name → `name` | `email`. */
  rename: Record<string, string>;
  createUser: boolean;
  logoutCompletely: boolean;
  /** This console's address as the CAS server sees it: CAS_ROOT_PROXIED_AS, else the site URL. */
  baseUrl: string;
}

export async function casSettings(db: Database, config: ServerConfig): Promise<CasSettings> {
  const v = await categoryValues(db, config, 'cas');
  const proxied = typeof v.CAS_ROOT_PROXIED_AS === 'string' ? v.CAS_ROOT_PROXIED_AS : '';
  const version = v.CAS_VERSION === 1 || v.CAS_VERSION === 2 ? v.CAS_VERSION : 3;
  return {
    enabled: v.AUTH_CAS === true,
    serverUrl: String(v.CAS_SERVER_URL ?? '').replace(/\/+$/, ''),
    version,
    usernameAttribute: String(v.CAS_USERNAME_ATTRIBUTE ?? '') || 'cas:user',
    applyAttributes: v.CAS_APPLY_ATTRIBUTES_TO_USER === true,
    rename: (v.CAS_RENAME_ATTRIBUTES ?? {}) as Record<string, string>,
    createUser: v.CAS_CREATE_USER !== false,
    logoutCompletely: v.CAS_LOGOUT_COMPLETELY !== false,
    baseUrl: (proxied || (await siteUrl(db, config))).replace(/\/+$/, ''),
  };
}

/** The CAS server's logout, coming back to `back`: protocol 3 names it `service`, 1 and 2 `url`. */
export function casLogoutUrl(settings: CasSettings, back: string): string {
  const url = new URL(`${settings.serverUrl}/logout`);
  url.searchParams.set(settings.version === 3 ? 'service' : 'url', back);
  return url.href;
}
