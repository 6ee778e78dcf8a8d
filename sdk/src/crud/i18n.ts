import { useContext } from 'react';
import type { i18n as I18nInstance } from 'i18next';
import { ServiceLocatorContext } from '../react/contexts';
import { useT, type TranslateFn } from '../react/hooks';
import { I18n } from '../tokens';
import en from './locales/en';
import ja from './locales/ja';
import zh from './locales/zh';

/**
 * The kit's strings live in the SDK itself (namespace `crud`, zh/en/ja), added to the console's i18next
 * instance the first time a kit component renders. So a drop-in plugin built against the SDK gets every
 * list/form/dialog string without the host shipping or fetching anything, and the strings load with the
 * kit's own lazy chunk, never with the first page.
 */
export const CRUD_NAMESPACE = 'crud';

export const CRUD_STRINGS = { zh, en, ja } as const;

export function registerCrudStrings(instance: I18nInstance): void {
  for (const [lng, strings] of Object.entries(CRUD_STRINGS)) {
    if (!instance.hasResourceBundle(lng, CRUD_NAMESPACE)) {
      instance.addResourceBundle(lng, CRUD_NAMESPACE, strings, true, false);
    }
  }
}

/** Translate with the kit's namespace. */
export function useCrudT(): TranslateFn {
  const locator = useContext(ServiceLocatorContext);
  const instance = locator?.get(I18n).instance;
  if (instance) registerCrudStrings(instance);
  return useT(CRUD_NAMESPACE);
}
