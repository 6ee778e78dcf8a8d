import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { claimPeriod, schedulePeriodic } from '../data/periodic-jobs';
import { DEFAULT_ORG_ID } from '../orgs/org-ids';
import { ldapSettings, searchUsers, withDirectory } from './ldap-directory';
import { importDirectoryUsers } from './ldap-import';
import { registerLdapRoutes } from './ldap-routes';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The directory (docs/ldap.md): the Auth tab's calls and the periodic sync — every
 * AUTH_LDAP_SYNC_INTERVAL hours, once across every instance, each directory user is imported into
 * AUTH_LDAP_SYNC_ORG_ID (the Default organization when blank).
 */
export function registerLdap(app: FastifyInstance, ctx: AppContext): void {
  registerLdapRoutes(app, ctx);
  const stop = schedulePeriodic(
    ctx.db,
    {
      name: 'ldap-sync-check',
      everyMs: HOUR_MS,
      firstAfterMs: 5 * 60_000,
      work: async () => {
        const settings = await ldapSettings(ctx.db, ctx.config);
        if (!settings.enabled || !settings.syncPeriodic) return;
        if (!(await claimPeriod(ctx.db, 'ldap-sync', settings.syncIntervalHours * HOUR_MS))) return;
        const users = await withDirectory(settings, ctx.config, (client) =>
          searchUsers(client, settings, null),
        );
        const result = await importDirectoryUsers(ctx, users, [settings.syncOrgId || DEFAULT_ORG_ID]);
        app.log.info({ imported: result.imported, errors: result.errors.length }, 'LDAP sync');
      },
    },
    (message) => app.log.warn(message),
  );
  app.addHook('preClose', async () => stop());
}
