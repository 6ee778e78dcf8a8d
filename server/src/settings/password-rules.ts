import type { Database } from '../data/database';
import { SettingsCache } from './settings-cache';

/**
 * The password rules of the security settings (v2.21's SECURITY_PASSWORD_* keys). This is the one source:
 * the public settings publish it (PASSWORD_RULE) and auth/password-policy.ts enforces it wherever a password
 * is set (docs/settings.md#categories).
 */
export interface PasswordRules {
  /** SECURITY_PASSWORD_MIN_LENGTH (6 to 30). */
  minLength: number;
  /** SECURITY_ADMIN_USER_PASSWORD_MIN_LENGTH: for users who administer the system or an organization. */
  adminMinLength: number;
  /** SECURITY_PASSWORD_UPPER_CASE … _SPECIAL_CHAR: the password must contain one of each required kind. */
  upperCase: boolean;
  lowerCase: boolean;
  number: boolean;
  specialChar: boolean;
}

export const DEFAULT_PASSWORD_RULES: Readonly<PasswordRules> = Object.freeze({
  minLength: 6,
  adminMinLength: 6,
  upperCase: false,
  lowerCase: false,
  number: false,
  specialChar: false,
});

/** The rules in force: the stored security settings over the defaults. */
export async function passwordRules(db: Database): Promise<Readonly<PasswordRules>> {
  const stored = await SettingsCache.of(db).stored();
  const int = (name: string, fallback: number) => {
    const value = stored.get(name);
    return typeof value === 'number' ? value : fallback;
  };
  const flag = (name: string, fallback: boolean) => {
    const value = stored.get(name);
    return typeof value === 'boolean' ? value : fallback;
  };
  const d = DEFAULT_PASSWORD_RULES;
  return {
    minLength: int('SECURITY_PASSWORD_MIN_LENGTH', d.minLength),
    adminMinLength: int('SECURITY_ADMIN_USER_PASSWORD_MIN_LENGTH', d.adminMinLength),
    upperCase: flag('SECURITY_PASSWORD_UPPER_CASE', d.upperCase),
    lowerCase: flag('SECURITY_PASSWORD_LOWER_CASE', d.lowerCase),
    number: flag('SECURITY_PASSWORD_NUMBER', d.number),
    specialChar: flag('SECURITY_PASSWORD_SPECIAL_CHAR', d.specialChar),
  };
}

/** The rules in the shape of the public setting `PASSWORD_RULE` (docs/settings.md#public-settings). */
export function publicPasswordRule(rules: Readonly<PasswordRules>) {
  return {
    SECURITY_PASSWORD_MIN_LENGTH: rules.minLength,
    SECURITY_ADMIN_USER_PASSWORD_MIN_LENGTH: rules.adminMinLength,
    SECURITY_PASSWORD_UPPER_CASE: rules.upperCase,
    SECURITY_PASSWORD_LOWER_CASE: rules.lowerCase,
    SECURITY_PASSWORD_NUMBER: rules.number,
    SECURITY_PASSWORD_SPECIAL_CHAR: rules.specialChar,
  };
}
