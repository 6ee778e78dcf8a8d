import i18next, { type i18n as I18nInstance, type TOptions } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { inject, injectable } from 'inversify';
import {
  BASE_PATH,
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGES,
  detectLanguage,
  readCookie,
  toServerLanguage,
  type I18nService,
  type Language,
} from '@bastion/sdk';
import { bootLocales } from './bootData';
import { Browser, type BrowserEnv } from './browser';

export const HOST_NAMESPACE = 'host';

/** Where a namespace's files live: the host's own under /ui/locales/, a plugin's next to its module. */
export function localeUrl(ns: string, lng: string, bases: ReadonlyMap<string, string>): string {
  if (ns === HOST_NAMESPACE) return `${BASE_PATH}locales/${lng}/${HOST_NAMESPACE}.json`;
  return `${bases.get(ns) ?? `${BASE_PATH}plugins/${ns}/locales/`}${lng}.json`;
}

/**
 * One i18next instance for the console (the react-i18next binding and every plugin share it). Language per
 * docs/shell.md#languages-and-dates: language cookie → browser → zh; missing keys fall back to English.
 */
@injectable()
export class I18nImpl implements I18nService {
  readonly instance: I18nInstance = i18next.createInstance();
  readonly language: Language;
  readonly ready: Promise<void>;
  private readonly bases = new Map<string, string>();

  constructor(@inject(Browser) private readonly browser: BrowserEnv) {
    this.language = detectLanguage({
      cookie: readCookie(browser.cookies(), LANGUAGE_COOKIE),
      browser: browser.languages(),
    });
    this.ready = this.instance
      .use(HttpBackend)
      .init({
        lng: this.language,
        fallbackLng: FALLBACK_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        ns: [HOST_NAMESPACE],
        defaultNS: HOST_NAMESPACE,
        // Translations the page brought (boot data); anything missing still loads over HTTP.
        resources: bootLocales(browser.bootData()),
        partialBundledLanguages: true,
        fallbackNS: false,
        interpolation: { escapeValue: false }, // React escapes
        backend: {
          loadPath: (lngs: string[], namespaces: string[]) =>
            localeUrl(namespaces[0] ?? HOST_NAMESPACE, lngs[0] ?? this.language, this.bases),
        },
      })
      .then(() => undefined);
  }

  registerNamespace(ns: string, baseUrl: string): void {
    this.bases.set(ns, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  }

  async loadNamespaces(namespaces: readonly string[]): Promise<void> {
    await this.ready;
    await this.instance.loadNamespaces([...namespaces]);
  }

  t(key: string, options?: TOptions): string {
    return String(this.instance.t(key, options ?? {}));
  }

  changeLanguage(lng: Language): void {
    this.browser.setCookie(LANGUAGE_COOKIE, toServerLanguage(lng), {
      path: '/',
      maxAgeSeconds: 365 * 24 * 3600,
    });
    this.browser.reload();
  }
}
