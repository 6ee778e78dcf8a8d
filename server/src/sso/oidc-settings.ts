import * as oidc from 'openid-client';
import type { ServerConfig } from '../config';
import type { Database } from '../data/database';
import { siteUrl } from '../mail/password-reset';
import { categoryValues, settingSecret } from '../settings/settings-values';

/** The OpenID Connect settings in force (docs/auth-sources.md#openid-connect). */
export interface OidcSettings {
  enabled: boolean;
  /** The issuer whose discovery document is read: the generic endpoint, or Keycloak's realm. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  createUser: boolean;
  alwaysUpdateUser: boolean;
  attrMap: { username: string; name: string; email: string };
  /** Sign out at the provider too when signing out here. */
  shareSession: boolean;
  /** Where the provider sends the browser back: the console's own address, never a request's Host. */
  baseUrl: string;
}

/** The issuer of the typed or saved values: Keycloak's `<server>/realms/<realm>`, or the endpoint itself. */
export function issuerOf(values: Record<string, unknown>): string {
  if (values.AUTH_OPENID_KEYCLOAK === true) {
    const server = String(values.AUTH_OPENID_SERVER_URL ?? '').replace(/\/+$/, '');
    const realm = String(values.AUTH_OPENID_REALM_NAME ?? '');
    return server && realm ? `${server}/realms/${encodeURIComponent(realm)}` : '';
  }
  return String(values.AUTH_OPENID_PROVIDER_ENDPOINT ?? '').replace(/\/+$/, '');
}

export async function oidcSettings(db: Database, config: ServerConfig): Promise<OidcSettings> {
  const v = await categoryValues(db, config, 'oidc');
  const map = (v.AUTH_OPENID_USER_ATTR_MAP ?? {}) as Record<string, string>;
  const base = typeof v.BASE_SITE_URL === 'string' && v.BASE_SITE_URL !== '' ? v.BASE_SITE_URL : '';
  return {
    enabled: v.AUTH_OPENID === true,
    issuer: issuerOf(v),
    clientId: String(v.AUTH_OPENID_CLIENT_ID ?? ''),
    clientSecret: await settingSecret(db, config, 'AUTH_OPENID_CLIENT_SECRET'),
    scopes: String(v.AUTH_OPENID_SCOPES ?? ''),
    createUser: v.AUTH_OPENID_CREATE_USER !== false,
    alwaysUpdateUser: v.AUTH_OPENID_ALWAYS_UPDATE_USER !== false,
    attrMap: {
      username: map.username ?? 'preferred_username',
      name: map.name ?? 'name',
      email: map.email ?? 'email',
    },
    shareSession: v.AUTH_OPENID_SHARE_SESSION !== false,
    baseUrl: (base || (await siteUrl(db, config))).replace(/\/+$/, ''),
  };
}

/** `openid` always, then the configured scopes, each once. */
export const scopesOf = (settings: OidcSettings): string =>
  [...new Set(['openid', ...settings.scopes.split(/\s+/).filter((s) => s !== '')])].join(' ');

/**
 * The provider as openid-client sees it, from its discovery document. Plain http is accepted for a
 * provider on a loopback or private address an administrator typed in (tests, a lab Keycloak); the
 * settings page says so.
 */
export async function discoverProvider(issuer: string, clientId: string, clientSecret: string) {
  const url = new URL(issuer);
  return oidc.discovery(
    url,
    clientId,
    clientSecret === '' ? undefined : clientSecret,
    clientSecret === '' ? oidc.None() : oidc.ClientSecretPost(clientSecret),
    {
      ...(url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
      timeout: 10,
    },
  );
}
