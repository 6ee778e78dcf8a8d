import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/session-auth';
import { formatNullableDateTime, requestTimeZone } from '../http/datetime';
import { resolveRequestOrg } from '../orgs/resolve-org';
import { currentLicense } from '../plugins/license';
import { requirePerms } from '../rbac/require-perms';

/**
 * `GET /api/v1/xpack/license/detail` (docs/settings.md#licence): `subscription_id`, `corporation`, `date_expired`,
 * `asset_count`, `edition`, plus `is_valid`. Without a licence every value is empty and the edition reads
 * "Community edition", as the console's licence page shows it.
 */
export function registerLicenseRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/xpack/license/detail', async (request) => {
    const auth = requireAuth(request);
    const org = await resolveRequestOrg(ctx.db, request, auth.access);
    requirePerms(org, ['settings.view_setting|settings.change_license']);
    const license = currentLicense(ctx.config.licenseFile);
    return {
      subscription_id: license.subscriptionId,
      corporation: license.corporation,
      date_expired: formatNullableDateTime(license.dateExpired, requestTimeZone(request.headers['x-tz'])),
      asset_count: license.assetCount,
      edition: license.edition,
      is_valid: license.valid,
    };
  });
}
