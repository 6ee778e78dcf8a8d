import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/session-auth';
import { ApiError, notFound, permissionDenied } from '../http/api-error';
import { resolveRequestOrg } from '../orgs/resolve-org';
import { currentLicense } from '../plugins/license';
import { FAULT_KINDS } from '../plugins/plugin-faults';
import type { InstalledPlugin } from '../plugins/plugin-registry';
import { hasPerms } from '../rbac/has-perms';

/** Who may read the admin "Plugins" page (every plugin folder and the reported faults). */
const PLUGIN_ADMIN_PERMISSION = 'settings.view_setting';
const MAX_FAULT_BYTES = 4096;
const MAX_DETAIL_CHARS = 1000;

/**
 * The plugins this user may load in the organization of the request (docs/architecture.md "Plugin list API"):
 * installed, valid, matching their integrity and signature, allowed by the licence and the user's permissions.
 */
export async function pluginsListedFor(ctx: AppContext, request: FastifyRequest): Promise<InstalledPlugin[]> {
  const auth = requireAuth(request);
  const org = await resolveRequestOrg(ctx.db, request, auth.access);
  const license = await currentLicense(ctx.db, ctx.config);
  return (await ctx.plugins.installed())
    .filter((plugin) => !plugin.manifest.licenseRequired || license.valid)
    .filter((plugin) => hasPerms(org.perms, plugin.manifest.permissions));
}

const faultBody = {
  type: 'object',
  required: ['id', 'kind', 'detail'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', maxLength: 50 },
    version: { type: 'string', maxLength: 64 },
    kind: { type: 'string', enum: [...FAULT_KINDS] },
    detail: { type: 'string', maxLength: 4000 },
  },
} as const;

interface FaultBody {
  id: string;
  version?: string;
  kind: (typeof FAULT_KINDS)[number];
  detail: string;
}

/** One line, no control characters: a reported text never forges a log line of its own. */
const oneLine = (text: string, max: number): string =>
  text
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .trim()
    .slice(0, max);

export function registerPluginRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/ui/plugins/', async (request, reply) => {
    const plugins = await pluginsListedFor(ctx, request);
    // The answer depends on the user, the org and the drop-in folder: never reuse it.
    reply.header('cache-control', 'no-store');
    return plugins.map((plugin) => ({
      id: plugin.id,
      version: plugin.manifest.version,
      url: `/ui/plugins/${plugin.id}/${plugin.manifest.module}`,
      integrity: plugin.manifest.integrity,
      source: plugin.source,
      manifest: plugin.manifest,
    }));
  });

  /**
   * A browser reports a plugin that failed in it: logged on the server and kept for the admin page. Only for
   * a plugin listed to this user (nobody reports on plugins they cannot load), CSRF-checked like every
   * unsafe call on a session, size-limited and rate-limited per user.
   */
  app.post<{ Body: FaultBody }>(
    '/api/v1/ui/plugins/faults/',
    { bodyLimit: MAX_FAULT_BYTES, schema: { body: faultBody } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { id, kind, detail } = request.body;
      const plugin = (await pluginsListedFor(ctx, request)).find((p) => p.id === id);
      if (!plugin) throw notFound();
      if (!ctx.plugins.faults.allow(auth.user.id))
        throw new ApiError(429, 'Too many plugin fault reports; try again in a minute.', 'throttled');
      const fault = {
        at: new Date().toISOString(),
        pluginId: id,
        version: plugin.manifest.version,
        kind,
        detail: oneLine(detail, MAX_DETAIL_CHARS),
        username: auth.user.username,
      };
      ctx.plugins.faults.record(fault);
      request.log.warn(
        { plugin: id, version: fault.version, kind, user: fault.username },
        `plugin ${id} ${fault.version} failed in a browser (${kind}): ${fault.detail}`,
      );
      return reply.code(201).send({ recorded: true });
    },
  );

  /** Every plugin folder with its state and reason, and the recent faults browsers reported (admins). */
  app.get('/api/v1/ui/plugins/states/', async (request, reply) => {
    const auth = requireAuth(request);
    const org = await resolveRequestOrg(ctx.db, request, auth.access);
    if (!hasPerms(org.perms, [PLUGIN_ADMIN_PERMISSION])) throw permissionDenied();
    reply.header('cache-control', 'no-store');
    return { plugins: await ctx.plugins.states(), faults: ctx.plugins.faults.recent() };
  });
}
