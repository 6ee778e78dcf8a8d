/**
 * The password rules of the security settings (v2.21's SECURITY_PASSWORD_* keys), at v2.21's defaults.
 * This is the one source: the public settings publish it (PASSWORD_RULE) and auth/password-policy.ts
 * enforces it wherever a password is set. There is no settings store yet; when the security settings
 * become editable, `passwordRules()` reads the stored values and nothing else changes.
 */
export interface PasswordRules {
  /** SECURITY_PASSWORD_MIN_LENGTH (v2.21 allows 6 to 30). */
  minLength: number;
  /** SECURITY_ADMIN_USER_PASSWORD_MIN_LENGTH: for users who administer the system or an organization. */
  adminMinLength: number;
  /** SECURITY_PASSWORD_UPPER_CASE … _SPECIAL_CHAR: the password must contain one of each required kind. */
  upperCase: boolean;
  lowerCase: boolean;
  number: boolean;
  specialChar: boolean;
}

const DEFAULT_PASSWORD_RULES: Readonly<PasswordRules> = Object.freeze({
  minLength: 6,
  adminMinLength: 6,
  upperCase: false,
  lowerCase: false,
  number: false,
  specialChar: false,
});

export function passwordRules(): Readonly<PasswordRules> {
  return DEFAULT_PASSWORD_RULES;
}

/** The rules in the shape of the public setting `PASSWORD_RULE` (docs/settings.md#public-settings). */
export function publicPasswordRule(rules: Readonly<PasswordRules> = passwordRules()) {
  return {
    SECURITY_PASSWORD_MIN_LENGTH: rules.minLength,
    SECURITY_ADMIN_USER_PASSWORD_MIN_LENGTH: rules.adminMinLength,
    SECURITY_PASSWORD_UPPER_CASE: rules.upperCase,
    SECURITY_PASSWORD_LOWER_CASE: rules.lowerCase,
    SECURITY_PASSWORD_NUMBER: rules.number,
    SECURITY_PASSWORD_SPECIAL_CHAR: rules.specialChar,
  };
}
