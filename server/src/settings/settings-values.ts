import type { LoginLimits, ServerConfig } from '../config';
import type { Database } from '../data/database';
import { SETTING_CATEGORIES, type SettingCategoryName, type SettingField } from './settings-catalogue';
import { SettingsCache } from './settings-cache';
import { openSecret, sealSecret } from '../auth/secret-box';

/** Secrets of the settings are sealed with the data dir's key, bound to their name (auth/secret-box.ts). */
const secretBinding = (name: string): string => `setting:${name}`;

export const sealSettingSecret = (config: ServerConfig, name: string, value: string): string =>
  sealSecret(config.dataDir, secretBinding(name), value);

/** A write-only setting in clear ('' when unset or no longer readable), for the server's own use only. */
export async function settingSecret(db: Database, config: ServerConfig, name: string): Promise<string> {
  const sealed = (await SettingsCache.of(db).stored()).get(name);
  if (typeof sealed !== 'string' || sealed === '') return '';
  return openSecret(config.dataDir, secretBinding(name), sealed) ?? '';
}

/**
 * The readers of the settings: each policy asks here for the values it enforces, with the defaults filled
 * in (docs/settings.md). Reads come from the shared cache (settings-cache.ts), so asking on every request
 * costs no query.
 */
export async function categoryValues(
  db: Database,
  config: ServerConfig,
  category: SettingCategoryName,
): Promise<Record<string, unknown>> {
  const stored = await SettingsCache.of(db).stored();
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(
    SETTING_CATEGORIES[category].fields as Record<string, SettingField>,
  ))
    values[name] = stored.has(name) ? stored.get(name) : field.default(config);
  return values;
}

const integer = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isInteger(value) ? value : fallback;

/** The lock-out of the login form (auth/login-lockout.ts); the server's configuration gives the defaults. */
export async function loginLimits(db: Database, config: ServerConfig): Promise<LoginLimits> {
  const v = await categoryValues(db, config, 'security');
  return {
    userLimitCount: integer(v.SECURITY_LOGIN_LIMIT_COUNT, config.loginLimits.userLimitCount),
    userLimitMinutes: integer(v.SECURITY_LOGIN_LIMIT_TIME, config.loginLimits.userLimitMinutes),
    ipLimitCount: integer(v.SECURITY_LOGIN_IP_LIMIT_COUNT, config.loginLimits.ipLimitCount),
    ipLimitMinutes: integer(v.SECURITY_LOGIN_IP_LIMIT_TIME, config.loginLimits.ipLimitMinutes),
  };
}

export interface SessionPolicy {
  /** A session ends after this long without a request. */
  idleMs: number;
  /** The session cookie has no lifetime of its own: closing the browser ends it. */
  expireAtBrowserClose: boolean;
}

export async function sessionPolicy(db: Database, config: ServerConfig): Promise<SessionPolicy> {
  const v = await categoryValues(db, config, 'security');
  const idleMs = integer(v.SECURITY_MAX_IDLE_TIME, 30) * 60_000;
  return {
    idleMs: Math.min(idleMs, config.sessionAgeSeconds * 1000),
    expireAtBrowserClose: v.SESSION_EXPIRE_AT_BROWSER_CLOSE !== false,
  };
}

export interface OtpPolicy {
  /** The issuer in the enrolment URI an authenticator app scans. */
  issuer: string;
  /** Time steps either side of now whose codes are accepted. */
  window: number;
}

/** The authenticator's issuer and tolerated drift (docs/settings.md#other). */
export async function otpPolicy(db: Database, config: ServerConfig): Promise<OtpPolicy> {
  const v = await categoryValues(db, config, 'other');
  const issuer =
    typeof v.OTP_ISSUER_NAME === 'string' && v.OTP_ISSUER_NAME !== '' ? v.OTP_ISSUER_NAME : 'Bastion';
  return { issuer, window: Math.min(10, Math.max(1, integer(v.OTP_VALID_WINDOW, 1))) };
}

/** Directly granted assets under one "Ungrouped" node of a user's granted tree (docs/settings.md#other). */
export async function ungroupDirectAssets(db: Database, config: ServerConfig): Promise<boolean> {
  return (await categoryValues(db, config, 'other')).PERM_SINGLE_ASSET_TO_UNGROUP_NODE === true;
}
