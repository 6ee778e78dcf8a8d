import crypto from 'node:crypto';
import type { ServerConfig } from '../config';
import type { Database } from '../data/database';
import type { Language } from '../engine/declaration';
import { messageCatalogue } from '../http/message-catalogue';
import { siteUrl } from '../mail/password-reset';
import { categoryValues, settingSecret } from '../settings/settings-values';
import { fetchIdpMetadata, MetadataError, parseIdpMetadata, type IdpMetadata } from './saml2-idp-metadata';
import { SAML2_METADATA_PATH } from './sso-paths';

/** The advanced options an administrator may set (docs/auth-radius-saml.md#settings); nothing weakens a check. */
export interface Saml2Advanced {
  entityId?: string;
  nameIdFormat?: string;
  forceAuthn?: boolean;
  authnContext?: string[];
  signatureAlgorithm?: 'sha256' | 'sha512';
  clockSkewSeconds?: number;
}

/** The SAML2 settings in force (docs/auth-radius-saml.md#saml2). */
export interface Saml2Settings {
  enabled: boolean;
  metadataUrl: string;
  metadataXml: string;
  advanced: Saml2Advanced;
  /** The SP's key and certificate, PEM, or '' (AuthnRequests then go unsigned). */
  spKey: string;
  spCert: string;
  /** SAML attribute → `username` | `name` | `email`. */
  rename: Record<string, string>;
  logoutCompletely: boolean;
  alwaysUpdateUser: boolean;
  /** This console's address as the IdP sees it (the site URL). */
  baseUrl: string;
  /** Whether that address is the Basic settings' SITE_URL (sign-in needs it: the IdP keeps our ids). */
  siteUrlSet: boolean;
}

const messages = messageCatalogue({
  badAdvanced: {
    en: 'Enter a JSON object with only these keys: {keys}. Wrong: {wrong}.',
    zh: '请输入只含以下键的 JSON 对象：{keys}。有误：{wrong}。',
    ja: '次のキーだけを含む JSON オブジェクトを入力してください：{keys}。誤り：{wrong}。',
  },
  badMetadata: {
    en: 'The identity provider metadata cannot be used: {detail}',
    zh: '身份提供方元数据无法使用：{detail}',
    ja: 'IdP のメタデータを使用できません：{detail}',
  },
  badKey: {
    en: 'Enter a private key in PEM format (-----BEGIN PRIVATE KEY-----).',
    zh: '请输入 PEM 格式的私钥（-----BEGIN PRIVATE KEY-----）。',
    ja: 'PEM 形式の秘密鍵を入力してください（-----BEGIN PRIVATE KEY-----）。',
  },
  badCert: {
    en: 'Enter a certificate in PEM format (-----BEGIN CERTIFICATE-----).',
    zh: '请输入 PEM 格式的证书（-----BEGIN CERTIFICATE-----）。',
    ja: 'PEM 形式の証明書を入力してください（-----BEGIN CERTIFICATE-----）。',
  },
  pairMismatch: {
    en: 'This certificate does not belong to the private key.',
    zh: '此证书与私钥不匹配。',
    ja: 'この証明書は秘密鍵と一致しません。',
  },
  pairIncomplete: {
    en: 'The key and the certificate go together: set both or neither.',
    zh: '私钥和证书需同时设置或同时留空。',
    ja: '秘密鍵と証明書は両方設定するか、両方空にしてください。',
  },
});

const ADVANCED_KEYS = [
  'entityId',
  'nameIdFormat',
  'forceAuthn',
  'authnContext',
  'signatureAlgorithm',
  'clockSkewSeconds',
] as const;

/** The wrong keys of an advanced-settings object (unknown, or a value of the wrong kind). */
function wrongAdvancedKeys(value: Record<string, unknown>): string[] {
  const isText = (v: unknown) => typeof v === 'string' && v.trim() !== '' && v.length <= 1024;
  const checks: Record<(typeof ADVANCED_KEYS)[number], (v: unknown) => boolean> = {
    entityId: isText,
    nameIdFormat: isText,
    forceAuthn: (v) => typeof v === 'boolean',
    authnContext: (v) => Array.isArray(v) && v.length <= 16 && v.every(isText),
    signatureAlgorithm: (v) => v === 'sha256' || v === 'sha512',
    clockSkewSeconds: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 300,
  };
  return Object.entries(value)
    .filter(([key, v]) => !(key in checks) || !checks[key as keyof typeof checks](v))
    .map(([key]) => key);
}

/**
 * A PEM block as PEM again: a key pasted into the form's one-line secret field loses its line breaks, so
 * the base64 body is rewrapped at 64 characters between its own BEGIN/END lines. Other text is kept.
 */
export function normalisePem(text: string): string {
  const block = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/.exec(text);
  if (!block) return text.trim();
  const [, label = '', body = ''] = block;
  const lines = body.replace(/\s+/g, '').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

export async function saml2Settings(db: Database, config: ServerConfig): Promise<Saml2Settings> {
  const v = await categoryValues(db, config, 'saml2');
  const advanced = (v.SAML2_SP_ADVANCED_SETTINGS ?? {}) as Record<string, unknown>;
  return {
    enabled: v.AUTH_SAML2 === true,
    metadataUrl: String(v.SAML2_IDP_METADATA_URL ?? ''),
    metadataXml: String(v.SAML2_IDP_METADATA_XML ?? ''),
    // A value stored before a key was dropped from the list is ignored rather than trusted.
    advanced: wrongAdvancedKeys(advanced).length === 0 ? (advanced as Saml2Advanced) : {},
    spKey: normalisePem(await settingSecret(db, config, 'SAML2_SP_KEY_CONTENT')),
    spCert: normalisePem(await settingSecret(db, config, 'SAML2_SP_CERT_CONTENT')),
    rename: (v.SAML2_RENAME_ATTRIBUTES ?? {}) as Record<string, string>,
    logoutCompletely: v.SAML2_LOGOUT_COMPLETELY !== false,
    alwaysUpdateUser: v.AUTH_SAML2_ALWAYS_UPDATE_USER !== false,
    baseUrl: (await siteUrl(db, config)).replace(/\/+$/, ''),
    siteUrlSet: String((await categoryValues(db, config, 'basic')).SITE_URL ?? '') !== '',
  };
}

/** The SP's entity id: the advanced setting, else the address of its metadata. */
export const spEntityId = (settings: Saml2Settings): string =>
  settings.advanced.entityId ?? `${settings.baseUrl}${SAML2_METADATA_PATH}`;

/** Whether the settings name an IdP at all (a URL or a pasted document). */
export const hasIdp = (settings: Saml2Settings): boolean =>
  settings.metadataUrl !== '' || settings.metadataXml.trim() !== '';

const cache = new Map<string, { idp: IdpMetadata; until: number }>();
const CACHE_MS = 5 * 60_000;

/**
 * The IdP of the settings: by URL when one is set (fetched with a time-out, kept 5 minutes), else the
 * pasted document. Throws MetadataError saying why it is unusable.
 */
export async function loadIdp(settings: Saml2Settings): Promise<IdpMetadata> {
  if (settings.metadataUrl === '') return parseIdpMetadata(settings.metadataXml);
  const hit = cache.get(settings.metadataUrl);
  if (hit && hit.until > Date.now()) return hit.idp;
  const idp = parseIdpMetadata(await fetchIdpMetadata(settings.metadataUrl));
  cache.set(settings.metadataUrl, { idp, until: Date.now() + CACHE_MS });
  return idp;
}

const parseKey = (pem: string) => {
  try {
    return crypto.createPrivateKey(pem);
  } catch {
    return null;
  }
};
const parseCert = (pem: string) => {
  try {
    return new crypto.X509Certificate(pem);
  } catch {
    return null;
  }
};

/**
 * The checks of a save of the `saml2` category that need more than one field or the network
 * (docs/auth-radius-saml.md#settings): the metadata typed (URL fetched, or XML) must describe a usable IdP;
 * the key and certificate (typed, or the stored one for the other) must parse and belong together; the
 * advanced settings must hold only known keys. `values` is what the request sets; field errors are returned.
 */
export async function checkSaml2Settings(
  db: Database,
  config: ServerConfig,
  values: Readonly<Record<string, unknown>>,
  lang: Language,
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const metadataError = (field: string, error: unknown) => {
    if (!(error instanceof MetadataError)) throw error;
    errors[field] = [messages('badMetadata', lang, { detail: error.message })];
  };
  const url = values.SAML2_IDP_METADATA_URL;
  if (typeof url === 'string' && url !== '')
    try {
      parseIdpMetadata(await fetchIdpMetadata(url));
      cache.delete(url);
    } catch (error) {
      metadataError('SAML2_IDP_METADATA_URL', error);
    }
  const xml = values.SAML2_IDP_METADATA_XML;
  if (typeof xml === 'string' && xml.trim() !== '')
    try {
      parseIdpMetadata(xml);
    } catch (error) {
      metadataError('SAML2_IDP_METADATA_XML', error);
    }

  const advanced = values.SAML2_SP_ADVANCED_SETTINGS;
  if (advanced !== undefined) {
    const wrong = wrongAdvancedKeys(advanced as Record<string, unknown>);
    if (wrong.length > 0)
      errors.SAML2_SP_ADVANCED_SETTINGS = [
        messages('badAdvanced', lang, { keys: ADVANCED_KEYS.join(', '), wrong: wrong.join(', ') }),
      ];
  }

  const typedKey = values.SAML2_SP_KEY_CONTENT;
  const typedCert = values.SAML2_SP_CERT_CONTENT;
  if (typeof typedKey === 'string' || typeof typedCert === 'string') {
    const keyPem =
      typeof typedKey === 'string' ? typedKey : await settingSecret(db, config, 'SAML2_SP_KEY_CONTENT');
    const certPem =
      typeof typedCert === 'string' ? typedCert : await settingSecret(db, config, 'SAML2_SP_CERT_CONTENT');
    const key = keyPem.trim() === '' ? null : parseKey(normalisePem(keyPem));
    const cert = certPem.trim() === '' ? null : parseCert(normalisePem(certPem));
    if (keyPem.trim() !== '' && (!key || key.type !== 'private'))
      errors.SAML2_SP_KEY_CONTENT = [messages('badKey', lang)];
    else if (certPem.trim() !== '' && !cert) errors.SAML2_SP_CERT_CONTENT = [messages('badCert', lang)];
    else if (key && cert && !cert.checkPrivateKey(key))
      errors.SAML2_SP_CERT_CONTENT = [messages('pairMismatch', lang)];
    else if (!key !== !cert)
      errors[key ? 'SAML2_SP_CERT_CONTENT' : 'SAML2_SP_KEY_CONTENT'] = [messages('pairIncomplete', lang)];
  }
  return errors;
}
