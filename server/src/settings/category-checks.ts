import type { AppContext } from '../app-context';
import type { Language } from '../engine/declaration';
import { ResponseError } from '../http/api-error';
import { checkSaml2Settings } from '../sso/saml2-settings';
import type { SettingCategoryName } from './settings-catalogue';

type CategoryCheck = (
  ctx: AppContext,
  values: Readonly<Record<string, unknown>>,
  lang: Language,
) => Promise<Record<string, string[]>>;

/**
 * The checks of a category's save that one field's kind cannot make (docs/settings.md#the-settings-api):
 * a document to fetch and read, two fields that must belong together. Each answers field errors.
 */
const CHECKS: Partial<Record<SettingCategoryName, CategoryCheck>> = {
  saml2: (ctx, values, lang) => checkSaml2Settings(ctx.db, ctx.config, values, lang),
};

/** Runs the category's own check on the values a save sets: a 400 with its field errors, if any. */
export async function checkCategory(
  ctx: AppContext,
  category: SettingCategoryName,
  values: Readonly<Record<string, unknown>>,
  lang: Language,
): Promise<void> {
  const errors = await CHECKS[category]?.(ctx, values, lang);
  if (errors && Object.keys(errors).length > 0) throw new ResponseError(400, errors);
}
