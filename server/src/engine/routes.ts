import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { allOf, type Condition } from '../data/conditions';
import type { Database } from '../data/database';
import type { ResourceCacheStore } from '../data/stores/resource-cache-store';
import { ResponseError, permissionDenied } from '../http/api-error';
import { jsonArray, sendJsonPieces } from '../http/json-stream';
import { pageResponse, parsePageRequest, requestOrigin } from '../http/pagination';
import { ROOT_ORG_ID } from '../orgs/org-ids';
import type { CrudAction, ExtraAction, HttpMethod, RequestContext, StoredRow } from './declaration';
import {
  csvStream,
  exportColumns,
  exportFilename,
  xlsxStream,
  type ExportFormat,
  type ExportTemplate,
} from './export-file';
import { MAX_IMPORT_BYTES, overflowError, renderToJson } from './import-file';
import { firstValues, listRequest, outputFields, selectOf, type ListRequest } from './list-query';
import { message, pythonType } from './messages';
import { ListBodyCache } from './list-body-cache';
import { metadata } from './metadata';
import { requestContext } from './request-context';
import { objectMissing, saveInOrgError, type EngineResource, type ResourceRegistry } from './runtime';
import { MAX_BULK_ITEMS, assertBulkSize } from './write-batch';

/** Rows per batch of an unpaged list (see GET): about a slice of work each. */
const UNPAGED_BATCH = 1000;

/** Suggestions pages: the select lists' page size (docs/limits.md), and a cap for callers asking more. */
const SUGGESTIONS_PAGE = 10;
const SUGGESTIONS_MAX = 100;
/** The longest search text a suggestion compares whole with a name (names are at most 128 characters). */
const EXACT_NAME_MAX = 128;

const methodNotAllowed = (method: string): ResponseError =>
  new ResponseError(405, { detail: `Method "${method}" not allowed.`, code: 'method_not_allowed' });

interface EngineDeps {
  db: Database;
  registry: ResourceRegistry;
  cache: ResourceCacheStore;
  fallbackHost: string;
}

function idParam(request: FastifyRequest): string {
  const id = (request.params as { id?: unknown }).id;
  return typeof id === 'string' ? id : '';
}

/** Registers every CRUD, bulk, export, import and extra-action route of one resource. */
export function registerResourceRoutes(
  app: FastifyInstance,
  resource: EngineResource,
  deps: EngineDeps,
): void {
  const decl = resource.declaration;
  const listUrl = decl.url;
  const detailUrl = `${decl.url}:id/`;
  const disabled = new Set(decl.disabledActions ?? []);

  const context = (request: FastifyRequest) => requestContext(deps.db, request);
  const require = (ctx: RequestContext, action: CrudAction, method: string): void => {
    if (disabled.has(action)) throw methodNotAllowed(method);
    if (!resource.allows(ctx, [resource.permission(action)])) throw permissionDenied();
  };
  const spmIds = (ctx: RequestContext) => (spm: string) => deps.cache.get(ctx.userId, spm);
  const loadRow = async (id: string, ctx: RequestContext): Promise<StoredRow> => {
    const row = await resource.get(id, ctx);
    if (!row) throw objectMissing(resource.compiled);
    return row;
  };

  // OPTIONS: signed in and holding any permission of the resource in this org (see metadata.ts).
  const options = (detail: boolean) => async (request: FastifyRequest) => {
    const ctx = await context(request);
    const codes = (['view', 'add', 'change', 'delete'] as const).map((action) => resource.permission(action));
    if (!resource.allows(ctx, [codes.join('|')])) throw permissionDenied();
    if (detail) await loadRow(idParam(request), ctx);
    return metadata(resource, ctx, detail);
  };
  app.options(listUrl, options(false));
  app.options(detailUrl, options(true));

  /** One page of `list` as the API answers it: `{count, next, previous, results}`. */
  const pageAnswer = async (
    request: FastifyRequest,
    list: ListRequest,
    limit: number,
    ctx: RequestContext,
  ) => {
    const fields = outputFields(resource, firstValues(request.query));
    const { rows, count, countIsLowerBound } = await resource.page({ ...selectOf(list), limit });
    const results = await resource.serializeMany(rows, ctx, fields);
    return pageResponse(
      request,
      deps.fallbackHost,
      { limit, offset: list.offset },
      count,
      results,
      countIsLowerBound,
    );
  };

  app.get(listUrl, async (request, reply) => {
    const ctx = await context(request);
    require(ctx, 'view', 'GET');
    const query = firstValues(request.query);
    const format = exportFormat(query, request.headers.accept);
    // A page of a list made from stored data alone is answered whole while nothing was written
    // (docs/data-layer.md#list-answers-cached-whole), before its conditions are even built. spm sets
    // expire by the clock and live in an untracked store: lists naming one are always computed.
    const pageLimit = parsePageRequest(query).limit;
    if (!format && pageLimit !== null && decl.listAnswersFromData && query.spm === undefined) {
      const key = [
        requestOrigin(request, deps.fallbackHost) + request.url,
        ctx.userId,
        ctx.orgId,
        ctx.language,
        ctx.timeZone ?? '',
      ].join('\u0000');
      const body = await ListBodyCache.of(deps.db).answer(key, async () =>
        pageAnswer(request, await listRequest(resource, query, ctx, spmIds(ctx)), pageLimit, ctx),
      );
      return reply.type('application/json; charset=utf-8').send(body);
    }
    const list = await listRequest(resource, query, ctx, spmIds(ctx));
    if (format) return sendExport(reply, format, query, list, ctx);
    if (list.limit === null) {
      // No pagination asked (a plain array): read, serialise and send in batches, others get turns between.
      const fields = outputFields(resource, query);
      const rows = resource.store.batches(selectOf(list), UNPAGED_BATCH);
      const batches = (async function* () {
        for await (const batch of rows)
          yield await resource.serializeMany(
            batch.map((raw) => resource.decode(raw)),
            ctx,
            fields,
          );
      })();
      return sendJsonPieces(request, reply, jsonArray(batches));
    }
    return pageAnswer(request, list, list.limit, ctx);
  });

  if (decl.suggestions) {
    const suggestions = decl.suggestions;
    /**
     * What a holder of the match permission alone may see: the pickable objects, or one named exactly
     * (the list's own search still applies: an exact name contains itself).
     */
    const pickableOnly = async (search: string | undefined, ctx: RequestContext): Promise<Condition> => {
      const pickable = await suggestions.pickable(ctx, deps.registry);
      const named = (search ?? '').trim().slice(0, EXACT_NAME_MAX);
      if (named === '') return pickable;
      const exact = suggestions.exactFields.map((field) => ({ field, op: 'iexact' as const, value: named }));
      return { anyOf: [pickable, ...exact] };
    };
    app.get(`${listUrl}suggestions/`, async (request) => {
      const ctx = await context(request);
      if (!resource.allows(ctx, [suggestions.permission])) throw permissionDenied();
      const given = firstValues(request.query);
      const asked = Number.parseInt(given.limit ?? '', 10);
      const limit =
        Number.isInteger(asked) && asked > 0 ? Math.min(asked, SUGGESTIONS_MAX) : SUGGESTIONS_PAGE;
      const browses = resource.allows(ctx, [resource.permission('view')]);
      // Mini fields only, never an export: a match permission picks objects, it does not read them whole.
      const query = { ...given, limit: String(limit), fields_size: 'mini', fields: '', format: '' };
      const list = await listRequest(resource, query, ctx, spmIds(ctx));
      const where = browses ? list.where : allOf([list.where, await pickableOnly(given.search, ctx)]);
      const { rows, count, countIsLowerBound } = await resource.page({ ...selectOf(list), where, limit });
      const results = await resource.serializeMany(rows, ctx, outputFields(resource, query));
      return pageResponse(
        request,
        deps.fallbackHost,
        { limit, offset: list.offset },
        count,
        results,
        countIsLowerBound,
      );
    });
  }

  const sendExport = (
    reply: FastifyReply,
    format: ExportFormat,
    query: Readonly<Record<string, string>>,
    list: ListRequest,
    ctx: RequestContext,
  ) => {
    const template: ExportTemplate =
      query.template === 'import' || query.template === 'update' ? query.template : 'export';
    const columns = exportColumns(resource, template, ctx);
    const select = selectOf(list);
    reply.header('content-disposition', `attachment; filename="${exportFilename(resource, format)}"`);
    if (format === 'csv') {
      reply.type('text/csv; charset=utf-8');
      return reply.send(csvStream(resource, select, columns, ctx));
    }
    reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    return reply.send(xlsxStream(resource, select, columns, ctx));
  };

  app.post(listUrl, async (request, reply) => {
    const ctx = await context(request);
    require(ctx, 'add', 'POST');
    if (decl.orgScoped && ctx.orgId === ROOT_ORG_ID) throw saveInOrgError(ctx);
    const body = request.body;
    if (Array.isArray(body)) {
      const created = await resource.createMany(body, ctx);
      return reply.code(201).send(await resource.serializeInTurns(created, ctx));
    }
    const row = await resource.create(asObject(body), ctx);
    const answer = decl.createAnswer?.(row);
    if (answer) return reply.code(answer.status ?? 200).send(answer.body);
    return reply.code(201).send(await resource.serialize(row, ctx));
  });

  const bulkUpdate = (partial: boolean) => async (request: FastifyRequest) => {
    const ctx = await context(request);
    require(ctx, 'change', request.method);
    const body = request.body;
    if (!Array.isArray(body))
      throw new ResponseError(400, {
        non_field_errors: [message('notAList', ctx.language, { type: pythonType(body ?? null) })],
      });
    assertBulkSize(body.length, ctx.language);
    const list = await listRequest(resource, firstValues(request.query), ctx, spmIds(ctx));
    const ids = body.map((item: unknown) => {
      const record = item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
      const id = record.id ?? record.pk;
      if (typeof id !== 'string' && typeof id !== 'number')
        throw new ResponseError(400, [message('idMissing', ctx.language)]);
      return String(id).slice(0, 64);
    });
    // One read for every target, within the request's filtered set (docs/http.md#lists).
    const idCondition = { field: 'id', op: 'in', values: ids } as const;
    const found = new Map(
      (
        await resource.select({ where: allOf([list.where, idCondition]), order: [], limit: null, offset: 0 })
      ).map((row) => [String(row.id), row]),
    );
    const targets = body.map((input: unknown, index) => ({
      existing: found.get(ids[index] as string) ?? null,
      input,
    }));
    const updated = await resource.updateMany(targets, ctx, partial);
    return resource.serializeInTurns(updated, ctx);
  };
  app.put(listUrl, bulkUpdate(false));
  app.patch(listUrl, bulkUpdate(true));

  // Bulk delete with the guard of docs/http.md#lists; a refusal is a 400 with an empty body.
  app.delete(listUrl, async (request, reply) => {
    const ctx = await context(request);
    require(ctx, 'delete', 'DELETE');
    const list = await listRequest(resource, firstValues(request.query), ctx, spmIds(ctx));
    if (!(await bulkDeleteAllowed(resource, list))) throw new ResponseError(400, undefined);
    // One more than allowed is enough to refuse: a huge selection is never read whole.
    const rows = await resource.select({
      where: list.where,
      order: [],
      limit: MAX_BULK_ITEMS + 1,
      offset: 0,
    });
    await resource.deleteRows(rows, ctx);
    return reply.code(204).send();
  });

  app.get(detailUrl, async (request) => {
    const ctx = await context(request);
    require(ctx, 'view', 'GET');
    const row = await loadRow(idParam(request), ctx);
    const query = firstValues(request.query);
    return (await resource.serializeMany([row], ctx, outputFields(resource, query, true)))[0];
  });

  const update = (partial: boolean) => async (request: FastifyRequest) => {
    const ctx = await context(request);
    require(ctx, 'change', request.method);
    const row = await resource.update(idParam(request), asObject(request.body), ctx, partial);
    return resource.serialize(row, ctx);
  };
  app.put(detailUrl, update(false));
  app.patch(detailUrl, update(true));

  app.delete(detailUrl, async (request, reply) => {
    const ctx = await context(request);
    require(ctx, 'delete', 'DELETE');
    await resource.delete(idParam(request), ctx);
    return reply.code(204).send();
  });

  app.post(
    `${listUrl}render-to-json/`,
    {
      bodyLimit: MAX_IMPORT_BYTES,
      // The declared length is checked before a byte of the body is read.
      onRequest: async (request) => {
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > MAX_IMPORT_BYTES) throw overflowError();
      },
      errorHandler: (error, _request, reply) => {
        const code = (error as { code?: string }).code;
        if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          const overflow = overflowError();
          return reply.code(overflow.statusCode).send(overflow.body);
        }
        throw error;
      },
    },
    async (request, reply) => {
      const ctx = await context(request);
      require(ctx, 'add', 'POST');
      const preview = await renderToJson(
        resource,
        String(request.headers['content-type'] ?? ''),
        request.body,
      );
      // Hundreds of thousands of rows: sent piece by piece (http/json-stream.ts).
      async function* pieces(): AsyncGenerator<string> {
        yield `{"title":${JSON.stringify(preview.title)},"data":`;
        yield* jsonArray([preview.data]);
        yield '}';
      }
      return sendJsonPieces(request, reply, pieces());
    },
  );

  for (const action of decl.extraActions ?? []) registerExtraAction(app, resource, action, deps);
}

/** JSON object bodies of single writes; anything else is validated (and refused) by validateObject. */
function asObject(body: unknown): Record<string, unknown> {
  return body as Record<string, unknown>;
}

function exportFormat(
  query: Readonly<Record<string, string>>,
  accept: string | undefined,
): ExportFormat | null {
  if (query.format === 'csv' || query.format === 'xlsx') return query.format;
  if (typeof accept === 'string') {
    if (accept.startsWith('text/csv')) return 'csv';
    if (accept.startsWith('application/xlsx')) return 'xlsx';
  }
  return null;
}

/**
 * docs/http.md#lists / docs/resources.md#common-rules: 'org' allows spm, a set narrowed to fewer rows than
 * the whole, or exactly one row; 'ids' allows only id-narrowed requests (`ids=`, `spm=`); false refuses.
 */
async function bulkDeleteAllowed(resource: EngineResource, list: ListRequest): Promise<boolean> {
  const guard = resource.declaration.bulkDelete;
  if (guard === false) return false;
  if (list.byIds) return true;
  if (guard === 'ids') return false;
  if (!list.filtered) return false;
  const filtered = await resource.store.count(list.where);
  return filtered === 1 || filtered < (await resource.store.count(list.base));
}

function registerExtraAction(
  app: FastifyInstance,
  resource: EngineResource,
  action: ExtraAction,
  deps: EngineDeps,
): void {
  const url = action.detail
    ? `${resource.declaration.url}:id/${action.path}`
    : `${resource.declaration.url}${action.path}`;
  for (const method of action.methods) {
    app.route({
      method,
      url,
      handler: async (request, reply) => {
        const ctx = await requestContext(deps.db, request);
        if (!resource.allows(ctx, action.permissions)) throw permissionDenied();
        if (action.needsOrg && ctx.orgId === ROOT_ORG_ID) throw saveInOrgError(ctx);
        const id = action.detail ? idParam(request) : null;
        let row: StoredRow | null = null;
        if (id !== null) {
          row = await resource.get(id, ctx);
          if (!row) throw objectMissing(resource.compiled);
        }
        const result = await action.handler({
          method: method as HttpMethod,
          ctx,
          id,
          row,
          body: request.body,
          query: firstValues(request.query),
          resources: deps.registry,
          origin: requestOrigin(request, deps.fallbackHost),
        });
        for (const [name, value] of Object.entries(result.headers ?? {})) reply.header(name, value);
        reply.code(result.status ?? 200);
        return result.body === undefined ? reply.send() : reply.send(result.body);
      },
    });
  }
}
