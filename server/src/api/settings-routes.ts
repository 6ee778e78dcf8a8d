import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/session-auth';
import { permissionDenied } from '../http/api-error';
import { requestLanguage } from '../http/language';
import { publicSettings } from '../settings/public-settings';
import {
  SETTING_CATEGORIES,
  isSecretField,
  isSettingCategory,
  type SettingCategoryName,
  type SettingField,
} from '../settings/settings-catalogue';
import { SettingsCache } from '../settings/settings-cache';
import { checkSwitches, validateSettings } from '../settings/settings-validation';
import { checkCategory } from '../settings/category-checks';
import { categoryValues, sealSettingSecret } from '../settings/settings-values';
import { requireSettingsPerms } from './settings-permission';

export const SETTINGS_URL = '/api/v1/settings/setting/';

export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  // No auth: the login page and the shell read it before anyone signs in (docs/settings.md#public-settings).
  app.get('/api/v1/settings/public/', async () => ({ data: await publicSettings(ctx) }));

  /**
   * The category of `?category=` after the permission check of the method (docs/settings.md#permissions);
   * a category this server does not have is a 403, as v2.21 answers for an unmapped one.
   */
  const authorize = async (request: FastifyRequest, write: boolean): Promise<SettingCategoryName> => {
    requireAuth(request);
    const name = (request.query as { category?: unknown }).category;
    if (typeof name !== 'string' || !isSettingCategory(name)) throw permissionDenied();
    const category = SETTING_CATEGORIES[name];
    await requireSettingsPerms(ctx, request, [
      category.readPermission,
      ...(write ? [category.writePermission] : []),
    ]);
    return name;
  };

  const fieldsOf = (category: SettingCategoryName) =>
    Object.entries(SETTING_CATEGORIES[category].fields as Record<string, SettingField>);

  /** The category's values without its write-only secrets, which never leave the server. */
  const answer = async (category: SettingCategoryName) => {
    const values = await categoryValues(ctx.db, ctx.config, category);
    for (const [name, field] of fieldsOf(category)) if (isSecretField(field)) delete values[name];
    return values;
  };

  app.get(SETTINGS_URL, async (request) => answer(await authorize(request, false)));

  const save = (partial: boolean) => async (request: FastifyRequest) => {
    const category = await authorize(request, true);
    const lang = requestLanguage(request);
    const values = validateSettings(category, request.body, partial, lang);
    const stored = Object.fromEntries(await SettingsCache.of(ctx.db).stored());
    checkSwitches(
      category,
      { ...stored, ...(await categoryValues(ctx.db, ctx.config, category)), ...values },
      lang,
    );
    await checkCategory(ctx, category, values, lang);
    for (const [name, field] of fieldsOf(category))
      if (isSecretField(field) && typeof values[name] === 'string')
        values[name] = sealSettingSecret(ctx.config, name, values[name]);
    await SettingsCache.of(ctx.db).save(category, values, requireAuth(request).user.username);
    return answer(category);
  };
  app.put(SETTINGS_URL, save(false));
  app.patch(SETTINGS_URL, save(true));
}
