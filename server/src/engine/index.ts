import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/session-auth';
import { ResponseError } from '../http/api-error';
import { MAX_SPM_IDS, ResourceCacheStore, SPM_BODY_LIMIT } from '../data/stores/resource-cache-store';
import { MAX_IMPORT_BYTES } from './import-file';
import { registerResourceRoutes } from './routes';
import type { ResourceRegistry } from './runtime';

export { defineResource } from './declaration';

export interface Engine {
  registry: ResourceRegistry;
  cache: ResourceCacheStore;
}

/**
 * Adds every route of the engine over a registry whose tables exist (bootstrap/database-schema.ts):
 * each resource's CRUD, bulk, export, import and extra actions, `POST /api/v1/common/resources/cache/`
 * (the spm cache, in the database) and the raw-file body parsers.
 */
export function installEngine(app: FastifyInstance, ctx: AppContext, registry: ResourceRegistry): Engine {
  const cache = new ResourceCacheStore(ctx.db);

  // Import bodies are the raw file (docs/http.md#lists): kept as bytes; render-to-json parses them.
  app.addContentTypeParser(
    ['text/csv', 'text/xlsx'],
    { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post('/api/v1/common/resources/cache/', { bodyLimit: SPM_BODY_LIMIT }, async (request) => {
    const auth = requireAuth(request);
    const body = request.body as { resources?: unknown } | null;
    const resources = body && typeof body === 'object' && !Array.isArray(body) ? body.resources : undefined;
    if (
      resources !== undefined &&
      (!Array.isArray(resources) || resources.some((id) => typeof id !== 'string' && typeof id !== 'number'))
    )
      throw new ResponseError(400, { resources: ['Expected a list of ids.'] });
    if (Array.isArray(resources) && resources.length > MAX_SPM_IDS)
      throw new ResponseError(400, {
        resources: [`Ensure this field has no more than ${MAX_SPM_IDS} elements.`],
      });
    const ids = Array.isArray(resources) ? resources.map((id) => String(id).slice(0, 64)) : null;
    return { spm: await cache.put(auth.user.id, ids) };
  });

  const fallbackHost = `${ctx.config.host}:${ctx.config.port}`;
  for (const resource of registry.all())
    registerResourceRoutes(app, resource, { db: ctx.db, registry, cache, fallbackHost });
  return { registry, cache };
}
