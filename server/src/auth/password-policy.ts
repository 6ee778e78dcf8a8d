import type { Language } from '../engine/declaration';
import { BUILTIN_ROLE_IDS } from '../rbac/builtin-roles';
import type { PasswordRules } from '../settings/password-rules';
import type { RoleBindingRecord } from '../data/stores/role-bindings';
import { credentialMessage } from './credential-messages';
import { newPassword } from './random-tokens';

/**
 * The password policy, applied wherever a password is set (docs/security.md "Password policy"): user
 * creation (form, bulk, import), an administrator setting a password, a user changing their own, the
 * CLI and the first start's admin password. A reset generates a password that passes it.
 */

/** The users.password field's limit: longer input is refused rather than cut. */
export const PASSWORD_MAX_LENGTH = 128;

const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
const NUMBER = /\p{Nd}/u;
/** Anything that is not a letter, a digit or white space counts as a special character. */
const SPECIAL = /[^\p{L}\p{N}\s]/u;

/**
 * "Administrators" get SECURITY_ADMIN_USER_PASSWORD_MIN_LENGTH, as in v2.21: SystemAdmin, or OrgAdmin of
 * any organization.
 */
export function isAdministrator(bindings: readonly Pick<RoleBindingRecord, 'roleId'>[]): boolean {
  return bindings.some(
    (b) => b.roleId === BUILTIN_ROLE_IDS.SystemAdmin || b.roleId === BUILTIN_ROLE_IDS.OrgAdmin,
  );
}

/**
 * The rules this password breaks, each as a message in `language`; empty when it is acceptable. Callers
 * pass the rules in force (`passwordRules(db)`, settings/password-rules.ts).
 */
export function passwordProblems(
  password: string,
  target: { administrator: boolean },
  language: Language,
  rules: Readonly<PasswordRules>,
): string[] {
  const problems: string[] = [];
  const length = [...password].length;
  const min = target.administrator ? Math.max(rules.minLength, rules.adminMinLength) : rules.minLength;
  if (length < min) problems.push(credentialMessage('passwordTooShort', language, { n: min }));
  if (length > PASSWORD_MAX_LENGTH)
    problems.push(credentialMessage('passwordTooLong', language, { n: PASSWORD_MAX_LENGTH }));
  if (rules.upperCase && !UPPER.test(password))
    problems.push(credentialMessage('passwordNeedsUpper', language));
  if (rules.lowerCase && !LOWER.test(password))
    problems.push(credentialMessage('passwordNeedsLower', language));
  if (rules.number && !NUMBER.test(password))
    problems.push(credentialMessage('passwordNeedsNumber', language));
  if (rules.specialChar && !SPECIAL.test(password))
    problems.push(credentialMessage('passwordNeedsSpecial', language));
  return problems;
}

/**
 * A random password that passes any policy the settings allow (lengths up to 30, every kind required):
 * 32 random URL-safe characters plus one character of each kind.
 */
export function newCompliantPassword(): string {
  return `${newPassword()}Aa1!`;
}
