import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/session-auth';
import { resolveRequestOrg } from '../orgs/resolve-org';
import { currentLicense } from '../plugins/license';
import { hasPerms } from '../rbac/has-perms';

export function registerPluginRoutes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * The plugins this user may load in the current org (docs/architecture.md "Plugin list API"): installed,
   * valid, matching their integrity, allowed by the licence and by the user's permissions.
   */
  app.get('/api/v1/ui/plugins/', async (request, reply) => {
    const auth = requireAuth(request);
    const org = await resolveRequestOrg(ctx.db, request, auth.access);
    const license = currentLicense(ctx.config.licenseFile);
    const plugins = (await ctx.plugins.installed())
      .filter((plugin) => !plugin.manifest.licenseRequired || license.valid)
      .filter((plugin) => hasPerms(org.perms, plugin.manifest.permissions));
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
}
