import { BehaviorSubject } from 'rxjs';
import i18next, { type i18n } from 'i18next';
import {
  EventBus,
  Http,
  I18n,
  Org,
  Permission,
  PublicSettings,
  Session,
  hasPermissions,
  type PermissionService,
  type ServiceLocator,
  type Token,
  type UserProfile,
} from '@bastion/sdk';
import type { BrowserEnv } from '../../../host/src/services/browser';
import { RxEventBus } from '../../../host/src/services/RxEventBus';
import hostEn from '../../../host/locales/en.json';

/** A BrowserEnv over plain values; navigation is recorded instead of performed. */
export function fakeBrowser(
  init: { cookies?: string; search?: string; pathname?: string; bootData?: unknown } = {},
) {
  const assigned: string[] = [];
  const store = new Map<string, string>();
  const env: BrowserEnv = {
    cookies: () => init.cookies ?? '',
    setCookie: () => undefined,
    location: () => ({ pathname: init.pathname ?? '/ui/', search: init.search ?? '', hash: '' }),
    assign: (url) => void assigned.push(url),
    replaceUrl: () => undefined,
    reload: () => undefined,
    languages: () => ['en-US'],
    timeZone: () => 'Asia/Tokyo',
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
    setTimeout: (cb, ms) => void setTimeout(cb, ms),
    bootData: () => init.bootData,
  };
  return { env, assigned };
}

export function fakePermission(held: readonly string[], licensed = false): PermissionService {
  return {
    can: (required) => hasPermissions(held, required),
    canUse: (meta) => (!meta.licenseRequired || licensed) && hasPermissions(held, meta.permissions),
  };
}

/** An i18next instance with the real English host texts, loaded synchronously. */
export function testI18n(extra: Record<string, Record<string, unknown>> = {}): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'host',
    ns: ['host', ...Object.keys(extra)],
    resources: { en: { host: hostEn, ...extra } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export const testProfile: UserProfile = {
  id: 'u1',
  name: 'Administrator',
  username: 'admin',
  email: 'admin@example.com',
  perms: ['users.view_user'],
  console_orgs: [{ id: 'o1', name: 'Default', is_default: true }],
  audit_orgs: [],
  workbench_orgs: [],
};

/** A ServiceLocator over a map of token → fake service (for component tests). */
export function fakeLocator(overrides: Map<symbol, unknown> = new Map()): ServiceLocator {
  const services = new Map<symbol, unknown>([
    [EventBus, new RxEventBus()],
    [I18n, { instance: testI18n(), language: 'en' }],
    [PublicSettings, { values: { LOGIN_TITLE: 'Bastion' }, licensed: false, xpackEnabled: false }],
    [
      Session,
      {
        profile: testProfile,
        profile$: new BehaviorSubject(testProfile),
        logout: () => undefined,
        redirectToLogin: () => undefined,
      },
    ],
    [Permission, fakePermission(testProfile.perms)],
    [
      Org,
      {
        current: testProfile.console_orgs[0],
        current$: new BehaviorSubject(testProfile.console_orgs[0]),
        orgsForView: () => testProfile.console_orgs,
        setCurrent: () => undefined,
        switchTo: () => undefined,
      },
    ],
    // Shell widgets (ticket count, licence detail) ask quietly; the fake never answers.
    [Http, { get: () => new Promise(() => undefined), patch: () => new Promise(() => undefined) }],
    ...overrides,
  ]);
  return {
    get<T>(token: Token<T>): T {
      if (!services.has(token)) throw new Error(`no fake for ${String(token)}`);
      return services.get(token) as T;
    },
  };
}
