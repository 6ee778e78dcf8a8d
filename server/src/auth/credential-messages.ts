import { messageCatalogue, type MessageLookup } from '../http/message-catalogue';
import type { FastifyRequest } from 'fastify';
import { requestLanguage, type Lang } from '../http/language';

/**
 * Messages of credentials — passwords and their policy, access keys, HTTP signatures, temporary passwords —
 * in the console's three languages.
 */
const MESSAGES = {
  // The password policy (password-policy.ts); one message per rule a password breaks.
  passwordTooShort: {
    en: 'The password must be at least {n} characters long.',
    zh: '密码长度至少为 {n} 位。',
    ja: 'パスワードは {n} 文字以上にしてください。',
  },
  passwordTooLong: {
    en: 'The password must be at most {n} characters long.',
    zh: '密码长度不能超过 {n} 位。',
    ja: 'パスワードは {n} 文字以内にしてください。',
  },
  passwordNeedsUpper: {
    en: 'The password must contain an upper case letter.',
    zh: '密码必须包含大写字母。',
    ja: 'パスワードには大文字を含めてください。',
  },
  passwordNeedsLower: {
    en: 'The password must contain a lower case letter.',
    zh: '密码必须包含小写字母。',
    ja: 'パスワードには小文字を含めてください。',
  },
  passwordNeedsNumber: {
    en: 'The password must contain a number.',
    zh: '密码必须包含数字。',
    ja: 'パスワードには数字を含めてください。',
  },
  passwordNeedsSpecial: {
    en: 'The password must contain a special character.',
    zh: '密码必须包含特殊字符。',
    ja: 'パスワードには特殊文字を含めてください。',
  },
  // Changing one's own password (profile/password/).
  oldPasswordWrong: {
    en: 'The old password is incorrect.',
    zh: '原来密码错误。',
    ja: '古いパスワードが正しくありません。',
  },
  newPasswordsDiffer: {
    en: 'The two new passwords do not match.',
    zh: '两次输入的新密码不一致。',
    ja: '2 つの新しいパスワードが一致しません。',
  },
  passwordNotLocal: {
    en: 'Only users whose source is local can change their password here.',
    zh: '只有来源为本地数据库的用户才能在此修改密码。',
    ja: 'ソースがローカルのユーザーだけがここでパスワードを変更できます。',
  },
  invalidSignature: {
    en: 'Invalid signature.',
    zh: '签名无效。',
    ja: '署名が無効です。',
  },
  signSchemeRefused: {
    en: 'The "Sign" scheme is not supported; sign requests with the HTTP "Signature" scheme.',
    zh: '不支持 "Sign" 认证方式，请使用 HTTP "Signature" 签名方式。',
    ja: '"Sign" 方式はサポートされていません。HTTP "Signature" 方式で署名してください。',
  },
  accessKeyLimit: {
    en: 'You can have at most {max} API keys; delete one before creating another.',
    zh: '最多只能拥有 {max} 个 API Key，请先删除一个再创建。',
    ja: 'API キーは最大 {max} 個までです。新しく作成する前に 1 つ削除してください。',
  },
  accessKeyLabel: { en: 'Access key', zh: '访问密钥', ja: 'アクセスキー' },
  tempTokenDisabled: {
    en: 'Temporary passwords are not enabled.',
    zh: '未启用临时密码。',
    ja: '一時パスワードは有効になっていません。',
  },
  tempTokenLimit: {
    en: 'You can have at most {max} valid temporary passwords; expire one before generating another.',
    zh: '最多只能同时拥有 {max} 个有效的临时密码，请先使其中一个失效。',
    ja: '有効な一時パスワードは最大 {max} 個までです。新しく生成する前に 1 つを失効させてください。',
  },
  tempTokenLabel: { en: 'Temporary password', zh: '临时密码', ja: '一時パスワード' },
  // MFA (mfa-verify.ts). The English of mfaVerifyRequired is v2.21's, which clients match.
  mfaVerifyRequired: {
    en: 'This action require verify your MFA',
    zh: '此操作需要验证您的 MFA',
    ja: 'この操作には MFA の確認が必要です',
  },
  otpCodeInvalid: {
    en: 'Code is invalid, please check the time of your authenticator and try again.',
    zh: '验证码无效，请检查验证器的时间后重试。',
    ja: 'コードが無効です。認証アプリの時刻を確認して、もう一度お試しください。',
  },
  otpCodeFormat: {
    en: 'Enter the 6-digit code of your authenticator.',
    zh: '请输入验证器上的 6 位验证码。',
    ja: '認証アプリの 6 桁のコードを入力してください。',
  },
  otpBlocked: {
    en: 'Too many wrong codes. MFA is locked for {minutes} minutes.',
    zh: '验证码错误次数过多，MFA 已锁定 {minutes} 分钟。',
    ja: 'コードの誤りが多すぎます。MFA は {minutes} 分間ロックされています。',
  },
  otpUnset: {
    en: 'MFA unset, please set first',
    zh: '尚未设置 MFA，请先设置',
    ja: 'MFA が未設定です。先に設定してください',
  },
  mfaNeedsSession: {
    en: 'MFA is verified in a signed-in session; signed API calls cannot carry it.',
    zh: 'MFA 需要在登录会话中验证，签名的 API 调用无法携带。',
    ja: 'MFA はサインイン中のセッションで確認します。署名付き API 呼び出しでは扱えません。',
  },
  fieldId: { en: 'ID', zh: 'ID', ja: 'ID' },
  fieldAccessKeyId: { en: 'AccessKeyID', zh: 'AccessKeyID', ja: 'AccessKeyID' },
  fieldSecret: { en: 'Secret', zh: '密钥', ja: 'シークレット' },
  fieldActive: { en: 'Active', zh: '激活', ja: 'アクティブ' },
  fieldDateCreated: { en: 'Date created', zh: '创建日期', ja: '作成日' },
  fieldDateUpdated: { en: 'Date updated', zh: '更新日期', ja: '更新日' },
  fieldUsername: { en: 'Username', zh: '用户名', ja: 'ユーザー名' },
  fieldVerified: { en: 'Verified', zh: '已校验', ja: '検証済み' },
  fieldValid: { en: 'Is valid', zh: '是否有效', ja: '有効' },
  fieldDateVerified: { en: 'Date verified', zh: '校验日期', ja: '検証日' },
  fieldDateExpired: { en: 'Date expired', zh: '失效日期', ja: '失効日' },
} as const;

export type CredentialMessage = keyof typeof MESSAGES;

/** The message in a language, with `{name}` placeholders filled. */
export const credentialMessage: MessageLookup<CredentialMessage> = messageCatalogue(MESSAGES);

/**
 * The language of an answer to a signed API call: the one the caller names (django_language cookie or an
 * Accept-Language that mentions zh, en or ja), else English. Scripts rarely name a language (fetch sends
 * `*`), and the server-wide default (Chinese, as v2.21) would turn the documented `Invalid signature.` into
 * text a script cannot match.
 */
export function apiClientLanguage(request: FastifyRequest): Lang {
  const cookie = request.cookies?.django_language ?? '';
  const header = request.headers['accept-language'];
  const named = /\b(zh|en|ja)/i.test(`${cookie},${typeof header === 'string' ? header : ''}`);
  return named ? requestLanguage(request) : 'en';
}
