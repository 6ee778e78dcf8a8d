import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import type { RequestContext } from '../engine/declaration';
import { message, pythonType } from '../engine/messages';
import { ApiError, ResponseError } from '../http/api-error';
import { formatDateTime } from '../http/datetime';
import { pageResponse, parsePageRequest, searchTerms } from '../http/pagination';
import {
  countAccessKeys,
  deleteAccessKey,
  findOwnAccessKey,
  insertAccessKey,
  listAccessKeys,
  setAccessKeyActive,
  type AccessKeyListQuery,
  type AccessKeyRecord,
} from '../data/stores/access-keys';
import {
  callerContext,
  detailId,
  missing,
  optionsAnswer,
  requireCode,
  type FieldMeta,
} from './credential-api';
import { credentialMessage } from './credential-messages';
import { sealSecret } from './secret-box';
import { accessKeyBinding } from './signature-auth';

export const ACCESS_KEYS_URL = '/api/v1/authentication/access-keys/';

/** Keys per user: enough for a few scripts and a rotation, few enough to keep an eye on. */
export const MAX_ACCESS_KEYS_PER_USER = 10;

const PERM = {
  view: 'authentication.view_accesskey',
  add: 'authentication.add_accesskey',
  change: 'authentication.change_accesskey',
  delete: 'authentication.delete_accesskey',
} as const;

const FIELDS: Record<string, FieldMeta> = {
  id: { type: 'string', label: 'fieldAccessKeyId', readOnly: true },
  is_active: { type: 'boolean', label: 'fieldActive', readOnly: false, default: true },
  date_created: { type: 'datetime', label: 'fieldDateCreated', readOnly: true },
};

/**
 * Deliberate deviation from v2.21 (docs/security-history.md, design weakness 12): there, list and detail
 * answers carried every key's secret, so anything that could read the list (a leaked session, an XSS, a
 * shoulder) could sign as the user for good. Here the secret is shown exactly once, in the answer to the POST
 * that created it, and is stored sealed (secret-box.ts); afterwards nobody, the owner included, can read it
 * back.
 */
const serialize = (key: AccessKeyRecord, caller: RequestContext) => ({
  id: key.id,
  is_active: key.isActive,
  date_created: formatDateTime(key.dateCreated, caller.timeZone),
});

/** DRF BooleanField input. */
const TRUE_VALUES = new Set<unknown>([true, 1, 'true', 'True', 'TRUE', '1', 'yes', 'on']);
const FALSE_VALUES = new Set<unknown>([false, 0, 'false', 'False', 'FALSE', '0', 'no', 'off']);

function booleanQuery(value: string | undefined): boolean | null {
  if (value === undefined || value === '') return null;
  if (TRUE_VALUES.has(value)) return true;
  if (FALSE_VALUES.has(value)) return false;
  return null;
}

function firstQuery(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[name] = first;
  }
  return out;
}

const ORDER_FIELDS = ['date_created', 'is_active', 'id'] as const;

/**
 * The caller's own keys (docs/auth.md#access-keys-and-signed-requests), with the secret shown only at
 * creation (see `serialize`).
 */
export function registerAccessKeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const detailUrl = `${ACCESS_KEYS_URL}:id/`;

  const options = (detail: boolean) => async (request: FastifyRequest) => {
    const caller = await callerContext(ctx, request);
    requireCode(caller, Object.values(PERM).join('|'));
    if (detail) await loadOwn(request, caller);
    return optionsAnswer(
      caller,
      `Access Key ${detail ? 'Instance' : 'List'}`,
      FIELDS,
      detail ? ['PUT', 'PATCH', 'GET'] : ['POST', 'GET'],
    );
  };
  app.options(ACCESS_KEYS_URL, options(false));
  app.options(detailUrl, options(true));

  const loadOwn = async (request: FastifyRequest, caller: RequestContext): Promise<AccessKeyRecord> => {
    const key = await findOwnAccessKey(ctx.db, caller.userId, detailId(request, caller, 'accessKeyLabel'));
    if (!key) throw missing(caller, 'accessKeyLabel');
    return key;
  };

  app.get(ACCESS_KEYS_URL, async (request) => {
    const caller = await callerContext(ctx, request);
    requireCode(caller, PERM.view);
    const query = firstQuery(request);
    const page = parsePageRequest(query);
    const order: Array<AccessKeyListQuery['order'][number]> = [];
    for (const item of (query.order ?? '').split(',')) {
      const field = item.trim().replace(/^-/, '');
      const known = ORDER_FIELDS.find((name) => name === field);
      if (known) order.push({ field: known, descending: item.trim().startsWith('-') });
    }
    const { rows, count } = await listAccessKeys(ctx.db, {
      userId: caller.userId,
      // Search covers the id only (v2.21 `^id`); an id prefix of hex digits and dashes, else nothing matches.
      idPrefixes: [...searchTerms(query.search), ...(query.id ? [query.id] : [])].map((term) =>
        /^[0-9a-fA-F-]{1,36}$/.test(term) ? term : 'none',
      ),
      isActive: booleanQuery(query.is_active),
      order,
      limit: page.limit,
      offset: page.offset,
    });
    const results = rows.map((key) => serialize(key, caller));
    if (page.limit === null) return results;
    const fallbackHost = `${ctx.config.host}:${ctx.config.port}`;
    return pageResponse(request, fallbackHost, { limit: page.limit, offset: page.offset }, count, results);
  });

  app.post(ACCESS_KEYS_URL, async (request, reply) => {
    const caller = await callerContext(ctx, request);
    requireCode(caller, PERM.add);
    // The body is ignored, as in v2.21: a key has nothing to choose.
    if ((await countAccessKeys(ctx.db, caller.userId)) >= MAX_ACCESS_KEYS_PER_USER)
      throw new ApiError(
        400,
        credentialMessage('accessKeyLimit', caller.language, { max: MAX_ACCESS_KEYS_PER_USER }),
        'access_key_limit',
      );
    const id = crypto.randomUUID();
    // A v4 UUID from the CSPRNG (122 random bits), the shape of v2.21's secrets (CVE-2023-42820: never a
    // seeded, predictable generator).
    const secret = crypto.randomUUID();
    const key: AccessKeyRecord = {
      id,
      userId: caller.userId,
      secretSealed: sealSecret(ctx.config.dataDir, accessKeyBinding(id), secret),
      isActive: true,
      dateCreated: Date.now(),
    };
    await insertAccessKey(ctx.db, key);
    // The one and only time the secret leaves the server.
    return reply
      .code(201)
      .header('cache-control', 'no-store')
      .send({ id, secret, is_active: true, date_created: serialize(key, caller).date_created });
  });

  app.get(detailUrl, async (request) => {
    const caller = await callerContext(ctx, request);
    requireCode(caller, PERM.view);
    return serialize(await loadOwn(request, caller), caller);
  });

  const update = async (request: FastifyRequest) => {
    const caller = await callerContext(ctx, request);
    requireCode(caller, PERM.change);
    const key = await loadOwn(request, caller);
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw new ResponseError(400, {
        non_field_errors: [message('invalidData', caller.language, { type: pythonType(body ?? null) })],
      });
    const value = (body as Record<string, unknown>).is_active;
    if (value === undefined) return serialize(key, caller);
    const active = TRUE_VALUES.has(value) ? true : FALSE_VALUES.has(value) ? false : null;
    if (active === null)
      throw new ResponseError(400, { is_active: [message('invalidBoolean', caller.language)] });
    await setAccessKeyActive(ctx.db, caller.userId, key.id, active);
    return serialize({ ...key, isActive: active }, caller);
  };
  app.patch(detailUrl, update);
  app.put(detailUrl, update);

  app.delete(detailUrl, async (request, reply) => {
    const caller = await callerContext(ctx, request);
    requireCode(caller, PERM.delete);
    const key = await loadOwn(request, caller);
    await deleteAccessKey(ctx.db, caller.userId, key.id);
    return reply.code(204).send();
  });
}
