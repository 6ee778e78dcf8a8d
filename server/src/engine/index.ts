import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/session-auth';
import { ResponseError } from '../http/api-error';
import { listOrgNames } from '../storage/orgs';
import type { ResourceDeclaration } from './declaration';
import { MAX_IMPORT_BYTES } from './import-file';
import { MAX_SPM_IDS, ResourceCache, SPM_BODY_LIMIT } from './resource-cache';
import { registerResourceRoutes } from './routes';
import { ResourceRegistry } from './runtime';

export { defineResource } from './declaration';

export interface Engine {
  registry: ResourceRegistry;
  cache: ResourceCache;
}

/**
 * Builds the engine over the app's database: registers the declarations, runs their additive migrations,
 * and adds every route (resources, `POST /api/v1/common/resources/cache/`, the raw-file body parsers).
 */
export function installEngine(
  app: FastifyInstance,
  ctx: AppContext,
  declarations: readonly ResourceDeclaration[],
): Engine {
  const registry = new ResourceRegistry(ctx.db, () => listOrgNames(ctx.db));
  for (const declaration of declarations) registry.add(declaration);
  registry.migrate();
  const cache = new ResourceCache();

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
    return { spm: cache.put(auth.user.id, ids) };
  });

  const fallbackHost = `${ctx.config.host}:${ctx.config.port}`;
  for (const resource of registry.all())
    registerResourceRoutes(app, resource, { db: ctx.db, registry, cache, fallbackHost });
  return { registry, cache };
}
