import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/session-auth';
import { message } from '../engine/messages';
import { ResponseError } from '../http/api-error';
import { requestLanguage, type Lang } from '../http/language';
import { messageCatalogue } from '../http/message-catalogue';
import { findUserById, updateOwnProfile } from '../data/stores/users';
import { findUserPublicKey, setUserPublicKey } from '../data/stores/user-public-keys';
import { parsePublicKey } from '../users/ssh-public-key';

export const PROFILE_URL = '/api/v1/users/profile/';
export const PROFILE_PUBLIC_KEY_URL = '/api/v1/users/profile/public-key/';

const profileMessage = messageCatalogue({
  badPublicKey: {
    en: 'Not a valid SSH public key (expected "type base64 [comment]", e.g. ssh-ed25519 AAAA… me@host).',
    zh: '不是有效的 SSH 公钥 (格式为 "类型 base64 [注释]"，如 ssh-ed25519 AAAA… me@host)。',
    ja: '有効なSSH公開鍵ではありません ("種類 base64 [コメント]" 形式、例: ssh-ed25519 AAAA… me@host)。',
  },
});

/**
 * What a user may change on their own profile (docs/profile.md): `wechat`, `phone`, `comment`,
 * `public_key` and `is_first_login`. Unlike v2.21, `need_update_password`, `is_service_account` and the IM
 * ids are not writable here (a user could skip a forced password change or claim another's IM identity):
 * sent, they are ignored like any other read-only field.
 */
const TEXT_FIELDS = { wechat: 128, phone: 128, comment: 1024 } as const;

interface ProfileChanges {
  wechat?: string;
  phone?: string | null;
  comment?: string;
  isFirstLogin?: boolean;
  publicKey?: string | null;
}

function readChanges(body: unknown, lang: Lang): ProfileChanges {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ResponseError(400, {
      non_field_errors: [message('notADict', lang, { type: Array.isArray(body) ? 'list' : typeof body })],
    });
  const input = body as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const changes: ProfileChanges = {};
  for (const [name, max] of Object.entries(TEXT_FIELDS)) {
    if (!Object.hasOwn(input, name)) continue;
    const value = input[name];
    if (value === null && name === 'phone') changes.phone = null;
    else if (typeof value !== 'string') errors[name] = [message('invalidString', lang)];
    else if (value.includes('\0')) errors[name] = [message('nullCharacters', lang)];
    else if ([...value].length > max) errors[name] = [message('maxLength', lang, { n: max })];
    else changes[name as keyof typeof TEXT_FIELDS] = value.trim();
  }
  if (Object.hasOwn(input, 'is_first_login')) {
    if (typeof input.is_first_login !== 'boolean') errors.is_first_login = [message('invalidBoolean', lang)];
    else changes.isFirstLogin = input.is_first_login;
  }
  if (Object.hasOwn(input, 'public_key')) {
    const value = input.public_key;
    if (value === null || value === '') changes.publicKey = null;
    else if (typeof value !== 'string') errors.public_key = [message('invalidString', lang)];
    else {
      const parsed = parsePublicKey(value);
      if (parsed) changes.publicKey = parsed.line;
      else errors.public_key = [profileMessage('badPublicKey', lang)];
    }
  }
  if (Object.keys(errors).length > 0) throw new ResponseError(400, errors);
  return changes;
}

const field = (type: string, label: string, extra: Record<string, unknown> = {}) => ({
  type,
  required: false,
  read_only: false,
  label,
  ...extra,
});

/**
 * PUT/PATCH/OPTIONS of the profile; `getProfile` answers the changed profile as GET does. Every field is
 * optional, so PUT and PATCH behave alike.
 */
export function registerProfileUpdateRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  getProfile: (request: FastifyRequest) => Promise<unknown>,
): void {
  const update = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    const lang = requestLanguage(request);
    const changes = readChanges(request.body, lang);
    await ctx.db.transaction(async () => {
      await updateOwnProfile(ctx.db, auth.user.id, changes);
      if (changes.publicKey !== undefined) await setUserPublicKey(ctx.db, auth.user.id, changes.publicKey);
    });
    // The request's user was read before the change: answer from a fresh read.
    request.auth = { ...auth, user: (await findUserById(ctx.db, auth.user.id)) ?? auth.user };
    return getProfile(request);
  };
  app.put(PROFILE_URL, update);
  app.patch(PROFILE_URL, update);

  app.options(PROFILE_URL, async (request) => {
    requireAuth(request);
    const writable = {
      wechat: field('string', 'WeChat', { max_length: TEXT_FIELDS.wechat }),
      phone: field('string', 'Phone', { max_length: TEXT_FIELDS.phone, allow_null: true }),
      comment: field('string', 'Comment', { max_length: TEXT_FIELDS.comment }),
      public_key: field('string', 'SSH public key', { write_only: true }),
      is_first_login: field('boolean', 'Is first login'),
    };
    return {
      name: 'User Profile',
      description: '',
      renders: ['application/json'],
      parses: ['application/json'],
      actions: { PUT: writable, PATCH: writable },
    };
  });

  /** `{public_key}`: GET the user's key line ('' when none), PUT a new one ('' removes it). */
  app.get(PROFILE_PUBLIC_KEY_URL, async (request) => {
    const auth = requireAuth(request);
    return { public_key: (await findUserPublicKey(ctx.db, auth.user.id)) ?? '' };
  });
  const putKey = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    const body = request.body as Record<string, unknown> | null;
    const changes = readChanges({ public_key: body?.public_key ?? null }, requestLanguage(request));
    await setUserPublicKey(ctx.db, auth.user.id, changes.publicKey ?? null);
    return { public_key: changes.publicKey ?? '' };
  };
  app.put(PROFILE_PUBLIC_KEY_URL, putKey);
  app.patch(PROFILE_PUBLIC_KEY_URL, putKey);
}
