import type { i18n as I18nInstance } from 'i18next';
import type { Language } from '../rules/language';

/** The console's translation service: one i18next instance, one namespace per plugin, loaded over HTTP. */
export interface I18nService {
  readonly language: Language;
  /** The shared i18next instance (react-i18next binds to it); plugins normally use `useT()`. */
  readonly instance: I18nInstance;
  /** Register where a namespace's files live (`<baseUrl><lng>.json`); the host does this per plugin. */
  registerNamespace(ns: string, baseUrl: string): void;
  loadNamespaces(namespaces: readonly string[]): Promise<void>;
  t(key: string, options?: { ns?: string; defaultValue?: string; [k: string]: unknown }): string;
  /** Store the choice in the language cookie and reload so server and client agree. */
  changeLanguage(lng: Language): void;
}
