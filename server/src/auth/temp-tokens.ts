import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import type { RequestContext } from '../engine/declaration';
import { ApiError } from '../http/api-error';
import { formatDateTime, formatNullableDateTime } from '../http/datetime';
import { pageResponse, parsePageRequest } from '../http/pagination';
import {
  expireTempToken,
  findOwnTempToken,
  insertTempToken,
  listTempTokens,
  liveTempTokens,
  markTempTokenVerified,
  sweepTempTokens,
  type TempTokenRecord,
} from '../data/stores/temp-tokens';
import {
  callerContext,
  detailId,
  missing,
  optionsAnswer,
  requireCode,
  type FieldMeta,
} from './credential-api';
import { credentialMessage } from './credential-messages';
import { openSecret, sealSecret } from './secret-box';

/**
 * Temporary passwords (docs/auth.md#temporary-passwords): a user makes a 36-character secret that works once,
 * for 5 minutes, as their password at the web login form, where the lock-out and the login ACLs apply as for
 * a password. Everything is refused while the public setting AUTH_TEMP_TOKEN is off (config
 * `BASTION_AUTH_TEMP_TOKEN`).
 */
export const TEMP_TOKENS_URL = '/api/v1/authentication/temp-tokens/';
export const TEMP_TOKEN_LIFETIME_MS = 5 * 60_000;
export const TEMP_TOKEN_LENGTH = 36;
/** Valid (unused, unexpired) tokens per user at one time. */
export const MAX_LIVE_TEMP_TOKENS = 10;
/** Used and expired tokens stay listed this long, then are forgotten. */
const KEEP_DEAD_TOKENS_MS = 30 * 24 * 60 * 60_000;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const PERM = {
  view: 'authentication.view_temptoken',
  add: 'authentication.add_temptoken',
  change: 'authentication.change_temptoken',
} as const;

export const tempTokensEnabled = (ctx: AppContext): boolean => ctx.config.authTempToken === true;

const tempTokenBinding = (id: string): string => `temp-token:${id}`;

/** 36 characters of [A-Za-z0-9], each drawn uniformly from the CSPRNG (CVE-2023-42820: no seeded PRNG). */
export function newTempTokenSecret(): string {
  let secret = '';
  for (let i = 0; i < TEMP_TOKEN_LENGTH; i += 1) secret += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return secret;
}

const FIELDS: Record<string, FieldMeta> = {
  id: { type: 'string', label: 'fieldId', readOnly: true },
  username: { type: 'string', label: 'fieldUsername', readOnly: true },
  secret: { type: 'string', label: 'fieldSecret', readOnly: true },
  verified: { type: 'boolean', label: 'fieldVerified', readOnly: true },
  is_valid: { type: 'boolean', label: 'fieldValid', readOnly: true },
  date_created: { type: 'datetime', label: 'fieldDateCreated', readOnly: true },
  date_updated: { type: 'datetime', label: 'fieldDateUpdated', readOnly: true },
  date_verified: { type: 'datetime', label: 'fieldDateVerified', readOnly: true },
  date_expired: { type: 'datetime', label: 'fieldDateExpired', readOnly: true },
};

const isValid = (token: TempTokenRecord, now: number): boolean => !token.verified && token.dateExpired > now;

/**
 * The contract's fields. The secret is readable by its owner only while the token can still be used (it
 * is short-lived and the owner made it to type it somewhere); afterwards it is '' and no longer stored.
 */
function serialize(ctx: AppContext, token: TempTokenRecord, caller: RequestContext, now: number) {
  const valid = isValid(token, now);
  const secret =
    valid && token.secretSealed !== ''
      ? (openSecret(ctx.config.dataDir, tempTokenBinding(token.id), token.secretSealed) ?? '')
      : '';
  return {
    id: token.id,
    username: token.username,
    secret,
    verified: token.verified,
    is_valid: valid,
    date_created: formatDateTime(token.dateCreated, caller.timeZone),
    date_updated: formatDateTime(token.dateUpdated, caller.timeZone),
    date_verified: formatNullableDateTime(token.dateVerified, caller.timeZone),
    date_expired: formatDateTime(token.dateExpired, caller.timeZone),
  };
}

/**
 * Used by the login form when the password did not match: true (and the token is spent) when `password`
 * is one of the user's valid temporary passwords. A matching token is used up even if the login is then
 * refused (inactive user, login ACL): whoever presented it has seen it, and it was good for one use.
 */
export async function spendTempToken(ctx: AppContext, userId: string, password: string): Promise<boolean> {
  if (!tempTokensEnabled(ctx) || password.length !== TEMP_TOKEN_LENGTH) return false;
  const now = Date.now();
  const presented = Buffer.from(password, 'utf8');
  for (const token of await liveTempTokens(ctx.db, userId, now)) {
    const secret = openSecret(ctx.config.dataDir, tempTokenBinding(token.id), token.secretSealed);
    if (secret === null) continue;
    const expected = Buffer.from(secret, 'utf8');
    if (expected.length !== presented.length || !crypto.timingSafeEqual(expected, presented)) continue;
    // Atomic: of two logins racing with the same secret, only one wins.
    return await markTempTokenVerified(ctx.db, token.id, now);
  }
  return false;
}

/** The caller's temp tokens: list (newest first), create, read one, expire one. */
export function registerTempTokenRoutes(app: FastifyInstance, ctx: AppContext): void {
  const detailUrl = `${TEMP_TOKENS_URL}:id/`;

  /** Signed in (401 first), then the setting (403), then the permission (403). */
  const caller = async (request: FastifyRequest, code: string): Promise<RequestContext> => {
    const context = await callerContext(ctx, request);
    if (!tempTokensEnabled(ctx))
      throw new ApiError(
        403,
        credentialMessage('tempTokenDisabled', context.language),
        'temp_token_disabled',
      );
    requireCode(context, code);
    return context;
  };
  const loadOwn = async (request: FastifyRequest, context: RequestContext): Promise<TempTokenRecord> => {
    const token = await findOwnTempToken(
      ctx.db,
      context.userId,
      detailId(request, context, 'tempTokenLabel'),
    );
    if (!token) throw missing(context, 'tempTokenLabel');
    return token;
  };

  app.options(TEMP_TOKENS_URL, async (request) => {
    const context = await caller(request, Object.values(PERM).join('|'));
    return optionsAnswer(context, 'Temp Token List', FIELDS, ['POST', 'GET']);
  });

  app.get(TEMP_TOKENS_URL, async (request, reply) => {
    const context = await caller(request, PERM.view);
    const page = parsePageRequest((request.query ?? {}) as Record<string, unknown>);
    const now = Date.now();
    const { rows, count } = await listTempTokens(ctx.db, context.userId, page);
    const results = rows.map((token) => serialize(ctx, token, context, now));
    reply.header('cache-control', 'no-store');
    if (page.limit === null) return results;
    const fallbackHost = `${ctx.config.host}:${ctx.config.port}`;
    return pageResponse(request, fallbackHost, { limit: page.limit, offset: page.offset }, count, results);
  });

  app.post(TEMP_TOKENS_URL, async (request, reply) => {
    const context = await caller(request, PERM.add);
    const now = Date.now();
    await sweepTempTokens(ctx.db, now, KEEP_DEAD_TOKENS_MS);
    if ((await liveTempTokens(ctx.db, context.userId, now)).length >= MAX_LIVE_TEMP_TOKENS)
      throw new ApiError(
        400,
        credentialMessage('tempTokenLimit', context.language, { max: MAX_LIVE_TEMP_TOKENS }),
        'temp_token_limit',
      );
    const id = crypto.randomUUID();
    await insertTempToken(ctx.db, {
      id,
      userId: context.userId,
      secretSealed: sealSecret(ctx.config.dataDir, tempTokenBinding(id), newTempTokenSecret()),
      dateCreated: now,
      dateExpired: now + TEMP_TOKEN_LIFETIME_MS,
    });
    const token = (await findOwnTempToken(ctx.db, context.userId, id)) as TempTokenRecord;
    return reply
      .code(201)
      .header('cache-control', 'no-store')
      .send(serialize(ctx, token, context, now));
  });

  app.get(detailUrl, async (request, reply) => {
    const context = await caller(request, PERM.view);
    reply.header('cache-control', 'no-store');
    return serialize(ctx, await loadOwn(request, context), context, Date.now());
  });

  const expire = async (request: FastifyRequest) => {
    const context = await caller(request, PERM.change);
    const token = await loadOwn(request, context);
    const now = Date.now();
    await expireTempToken(ctx.db, context.userId, token.id, now);
    return serialize(
      ctx,
      (await findOwnTempToken(ctx.db, context.userId, token.id)) as TempTokenRecord,
      context,
      now,
    );
  };
  app.patch(`${detailUrl}expire/`, expire);
  app.put(`${detailUrl}expire/`, expire);
}
