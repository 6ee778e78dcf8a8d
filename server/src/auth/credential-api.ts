import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import type { RequestContext } from '../engine/declaration';
import { message } from '../engine/messages';
import { requestContext } from '../engine/request-context';
import { ApiError, permissionDenied } from '../http/api-error';
import { allows } from '../rbac/authorize';
import { credentialMessage, type CredentialMessage } from './credential-messages';

/**
 * What the access-key and temp-token endpoints share: who asks (session or signature, org resolved by the
 * X-JMS-ORG rules, permissions of that org), their permission checks, 404s and the OPTIONS answer the
 * console's list tables read their column labels from.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function callerContext(ctx: AppContext, request: FastifyRequest): Promise<RequestContext> {
  return requestContext(ctx.db, request);
}

/** 403 unless the caller holds `code` (`a|b` = either) in the request's org; SystemAdmin passes. */
export function requireCode(caller: RequestContext, code: string): void {
  if (!allows(caller, [code])) throw permissionDenied();
}

/** The detail id of the URL, lower-cased; 404 (in the DRF shape) when it cannot be an id. */
export function detailId(request: FastifyRequest, caller: RequestContext, model: CredentialMessage): string {
  const id = (request.params as { id?: unknown }).id;
  if (typeof id !== 'string' || !UUID_PATTERN.test(id)) throw missing(caller, model);
  return id.toLowerCase();
}

export const missing = (caller: RequestContext, model: CredentialMessage): ApiError =>
  new ApiError(
    404,
    message('notFound', caller.language, { model: credentialMessage(model, caller.language) }),
    'object_does_not_exist',
  );

/** One field of the OPTIONS answer (docs/http.md#metadata-options). */
export interface FieldMeta {
  type: 'string' | 'boolean' | 'datetime';
  label: CredentialMessage;
  readOnly: boolean;
  default?: boolean;
}

/** DRF-shaped OPTIONS metadata: the same fields for every method, labels in the request language. */
export function optionsAnswer(
  caller: RequestContext,
  name: string,
  fields: Readonly<Record<string, FieldMeta>>,
  methods: readonly string[],
): Record<string, unknown> {
  const described: Record<string, Record<string, unknown>> = {};
  for (const [field, meta] of Object.entries(fields)) {
    described[field] = {
      type: meta.type,
      required: false,
      ...(meta.default === undefined ? {} : { default: meta.default }),
      read_only: meta.readOnly,
      label: credentialMessage(meta.label, caller.language),
      write_only: false,
    };
  }
  return {
    name,
    description: '',
    renders: ['application/json'],
    parses: ['application/json'],
    actions: Object.fromEntries(methods.map((method) => [method, described])),
  };
}
