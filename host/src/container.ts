import { Container } from 'inversify';
import {
  EventBus,
  Http,
  I18n,
  Org,
  Permission,
  PublicSettings,
  SDK_VERSION,
  Session,
  type OrgService,
  type PublicSettingsService,
  type ServiceLocator,
  type Token,
} from '@bastion/sdk';
import { AxiosHttpClient, HttpContext } from './services/AxiosHttpClient';
import { Browser, windowBrowserEnv, type BrowserEnv } from './services/browser';
import { I18nImpl } from './services/I18nImpl';
import { OrgImpl } from './services/OrgImpl';
import { PermissionImpl } from './services/PermissionImpl';
import { PublicSettingsImpl } from './services/PublicSettingsImpl';
import { RxEventBus } from './services/RxEventBus';
import { SessionImpl } from './services/SessionImpl';
import {
  DEFAULT_PLUGIN_TIMEOUT_MS,
  PluginLoader,
  PluginLoaderConfig,
  importMapOverride,
  SystemJs,
  fetchStatus,
  fetchMatchesIntegrity,
  globalSystem,
  type SystemJsLike,
} from './plugins/PluginLoader';
import { HOST_VERSION } from './version';

export interface ContainerOverrides {
  browser?: BrowserEnv;
  system?: SystemJsLike;
}

/**
 * The root container: one singleton per service token. Every constructor parameter carries an explicit
 * `@inject(token)` because esbuild emits no decorator metadata (docs/architecture.md#module-format).
 */
export function createContainer(overrides: ContainerOverrides = {}): Container {
  const c = new Container({ defaultScope: 'Singleton' });
  c.bind(Browser).toConstantValue(overrides.browser ?? windowBrowserEnv());
  c.bind(EventBus).to(RxEventBus);
  // Read at request time: org and settings services depend on Http themselves.
  c.bind(HttpContext).toConstantValue({
    currentOrgId: () => c.get<OrgService>(Org).current?.id ?? null,
    xpackEnabled: () => c.get<PublicSettingsService>(PublicSettings).xpackEnabled,
  });
  c.bind(Http).to(AxiosHttpClient);
  c.bind(PublicSettings).to(PublicSettingsImpl);
  c.bind(Session).to(SessionImpl);
  c.bind(Org).to(OrgImpl);
  c.bind(Permission).to(PermissionImpl);
  c.bind(I18n).to(I18nImpl);
  c.bind(SystemJs).toDynamicValue(() => overrides.system ?? globalSystem());
  c.bind(PluginLoaderConfig).toConstantValue({
    hostVersion: HOST_VERSION,
    sdkVersion: SDK_VERSION,
    timeoutMs: DEFAULT_PLUGIN_TIMEOUT_MS,
    probe: fetchStatus,
    matchesIntegrity: fetchMatchesIntegrity,
    licensed: () => c.get<PublicSettingsService>(PublicSettings).licensed,
    devOverride: importMapOverride,
  });
  c.bind(PluginLoader).toSelf();
  return c;
}

/** What React and plugins get: lookups by SDK token, nothing else of the container. */
export function toServiceLocator(container: Container): ServiceLocator {
  return Object.freeze({ get: <T>(token: Token<T>): T => container.get<T>(token) });
}
