import { messageCatalogue, type MessageLookup } from '../http/message-catalogue';
import type { FastifyRequest } from 'fastify';
import { requestLanguage, type Lang } from '../http/language';

/** Messages of access keys, HTTP signatures and temporary passwords, in the console's three languages. */
const MESSAGES = {
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
