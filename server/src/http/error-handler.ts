import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseBusy } from '../data/database';
import { ApiError, ResponseError } from './api-error';
import { byteSize, httpMessage } from './http-messages';
import { requestLanguage } from './language';
import { RouteTable } from './route-table';

/** Seconds a client is asked to wait after a busy database (`Retry-After`). */
const BUSY_RETRY_SECONDS = 1;
/** A busy database is logged once per this period, with the count of busy answers since the last line. */
const BUSY_LOG_PERIOD_MS = 60_000;

function pathOf(request: FastifyRequest): string {
  const url = request.url;
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * One place that turns every failure into a `{detail, code}` body. Bad input (broken JSON, unknown content
 * type, oversized body, an undecodable address) is the client's fault and answers 4xx, never 500.
 * Install it before the routes: the not-found handler's 405 answers read the routes registered after.
 */
export function installErrorHandlers(app: FastifyInstance): RouteTable {
  const routes = RouteTable.install(app);
  // A lock held too long fails every write waiting behind it: one warning, not one per request.
  let busyLoggedAt = -Infinity;
  let busySince = 0;
  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ResponseError) {
      if (error.body === undefined) return reply.code(error.statusCode).send();
      return reply.code(error.statusCode).send(error.body);
    }
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send({ detail: error.detail, code: error.code });
    }
    if (error instanceof DatabaseBusy) {
      // Nothing was written and a retry may succeed: 503, not 500 (docs/data-layer.md#a-busy-database-answers-503).
      busySince += 1;
      const now = Date.now();
      if (now - busyLoggedAt >= BUSY_LOG_PERIOD_MS) {
        request.log.warn({ busyAnswers: busySince, cause: error.message }, 'database busy: answered 503');
        busyLoggedAt = now;
        busySince = 0;
      }
      return reply
        .code(503)
        .header('retry-after', String(BUSY_RETRY_SECONDS))
        .send({ detail: httpMessage('databaseBusy', requestLanguage(request)), code: 'database_busy' });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const type = request.headers['content-type'] ?? '';
      return reply
        .code(400)
        .send({ detail: `Unsupported media type "${type}" in request.`, code: 'unsupported_media_type' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = byteSize(request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 0);
      return reply.code(413).send({
        detail: httpMessage('bodyTooLarge', requestLanguage(request), { limit }),
        code: 'request_too_large',
      });
    }
    if (
      error instanceof SyntaxError ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
    ) {
      return reply
        .code(400)
        .send({ detail: 'JSON parse error - the request body is not valid JSON.', code: 'parse_error' });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message, code: 'invalid' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Server internal error', code: 'unexpect_error' });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request);
    // Matched as a request path (never as a route pattern): `*`, `:` or `(` in it are plain characters.
    const matching = routes.methodsFor(path);
    const allowed = matching.filter((method) => method !== request.method);
    if (allowed.length > 0 && allowed.length === matching.length) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({ detail: `Method "${request.method}" not allowed.`, code: 'method_not_allowed' });
    }
    if (path.startsWith('/api/')) return reply.code(404).send({ detail: 'Not found.', code: 'not_found' });
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
  return routes;
}

/**
 * Errors Fastify raises before routing (an address it cannot decode, `/%zz`: 400; a path segment longer
 * than the router allows: 414), in the `{detail, code}` shape.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500
      ? error.statusCode
      : 400;
  const detail =
    error.code === 'FST_ERR_BAD_URL' ? httpMessage('badUrl', requestLanguage(request)) : error.message;
  void reply.code(status).send({ detail, code: error.code === 'FST_ERR_BAD_URL' ? 'bad_url' : 'invalid' });
}
