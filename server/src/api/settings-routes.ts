import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/session-auth';
import { permissionDenied } from '../http/api-error';
import { requestLanguage } from '../http/language';
import { resolveRequestOrg } from '../orgs/resolve-org';
import { hasPerms } from '../rbac/has-perms';
import { publicSettings } from '../settings/public-settings';
import {
  SETTING_CATEGORIES,
  isSettingCategory,
  type SettingCategoryName,
} from '../settings/settings-catalogue';
import { SettingsCache } from '../settings/settings-cache';
import { validateSettings } from '../settings/settings-validation';
import { categoryValues } from '../settings/settings-values';

export const SETTINGS_URL = '/api/v1/settings/setting/';

export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  // No auth: the login page and the shell read it before anyone signs in (docs/settings.md#public-settings).
  app.get('/api/v1/settings/public/', async () => ({ data: await publicSettings(ctx) }));

  /**
   * The category of `?category=` after the permission check of the method (docs/settings.md#permissions);
   * a category this server does not have is a 403, as v2.21 answers for an unmapped one.
   */
  const authorize = async (request: FastifyRequest, write: boolean): Promise<SettingCategoryName> => {
    const auth = requireAuth(request);
    const org = await resolveRequestOrg(ctx.db, request, auth.access);
    const name = (request.query as { category?: unknown }).category;
    if (typeof name !== 'string' || !isSettingCategory(name)) throw permissionDenied();
    const category = SETTING_CATEGORIES[name];
    const required = [category.readPermission, ...(write ? [category.writePermission] : [])];
    if (!hasPerms(org.perms, required)) throw permissionDenied();
    return name;
  };

  app.get(SETTINGS_URL, async (request) =>
    categoryValues(ctx.db, ctx.config, await authorize(request, false)),
  );

  const save = (partial: boolean) => async (request: FastifyRequest) => {
    const category = await authorize(request, true);
    const values = validateSettings(category, request.body, partial, requestLanguage(request));
    await SettingsCache.of(ctx.db).save(category, values, requireAuth(request).user.username);
    return categoryValues(ctx.db, ctx.config, category);
  };
  app.put(SETTINGS_URL, save(false));
  app.patch(SETTINGS_URL, save(true));
}
