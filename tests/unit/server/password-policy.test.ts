// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  isAdministrator,
  newCompliantPassword,
  passwordProblems,
} from '../../../server/src/auth/password-policy';
import { BUILTIN_ROLE_IDS } from '../../../server/src/rbac/builtin-roles';
import { DEFAULT_PASSWORD_RULES, type PasswordRules } from '../../../server/src/settings/password-rules';

const STRICT: PasswordRules = {
  minLength: 8,
  adminMinLength: 12,
  upperCase: true,
  lowerCase: true,
  number: true,
  specialChar: true,
};

describe('password policy (docs/security.md "Password policy")', () => {
  it("applies v2.21's defaults: 6 characters, no kinds required", () => {
    expect(passwordProblems('a', { administrator: false }, 'en', DEFAULT_PASSWORD_RULES)).toEqual([
      'The password must be at least 6 characters long.',
    ]);
    expect(passwordProblems('abcdef', { administrator: false }, 'en', DEFAULT_PASSWORD_RULES)).toEqual([]);
    expect(passwordProblems('x'.repeat(129), { administrator: false }, 'en', DEFAULT_PASSWORD_RULES)).toEqual(
      ['The password must be at most 128 characters long.'],
    );
  });

  it('names every broken rule, in the requested language', () => {
    expect(passwordProblems('abc', { administrator: false }, 'en', STRICT)).toEqual([
      'The password must be at least 8 characters long.',
      'The password must contain an upper case letter.',
      'The password must contain a number.',
      'The password must contain a special character.',
    ]);
    expect(passwordProblems('ABC', { administrator: false }, 'zh', STRICT)).toEqual([
      '密码长度至少为 8 位。',
      '密码必须包含小写字母。',
      '密码必须包含数字。',
      '密码必须包含特殊字符。',
    ]);
    expect(passwordProblems('Abc1!', { administrator: false }, 'ja', STRICT)).toEqual([
      'パスワードは 8 文字以上にしてください。',
    ]);
    expect(passwordProblems('Abcdef1!', { administrator: false }, 'en', STRICT)).toEqual([]);
  });

  it('holds administrators to the admin minimum length', () => {
    expect(passwordProblems('Abcdef1!', { administrator: true }, 'en', STRICT)).toEqual([
      'The password must be at least 12 characters long.',
    ]);
    expect(isAdministrator([{ roleId: BUILTIN_ROLE_IDS.OrgAdmin }])).toBe(true);
    expect(isAdministrator([{ roleId: BUILTIN_ROLE_IDS.SystemAdmin }])).toBe(true);
    expect(isAdministrator([{ roleId: BUILTIN_ROLE_IDS.User }, { roleId: BUILTIN_ROLE_IDS.OrgUser }])).toBe(
      false,
    );
  });

  it('generates passwords that pass the strictest policy the settings allow', () => {
    const strictest = { ...STRICT, minLength: 30, adminMinLength: 30 };
    const seen = new Set<string>();
    for (let i = 0; i < 50; i += 1) {
      const password = newCompliantPassword();
      expect(passwordProblems(password, { administrator: true }, 'en', strictest)).toEqual([]);
      seen.add(password);
    }
    expect(seen.size).toBe(50);
  });
});
