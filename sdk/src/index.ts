/**
 * @bastion/sdk — the only host API a plugin may import. Loaded once through the import map, so its contexts,
 * tokens and HttpError class are shared by the host and every plugin.
 */
export { SDK_VERSION } from './version';
export * from './constants';

// Tokens and service contracts
export {
  defineToken,
  Http,
  Session,
  Org,
  Permission,
  I18n,
  EventBus,
  PublicSettings,
  type Token,
  type ServiceLocator,
} from './tokens';
export type {
  HttpClient,
  HttpRequestOptions,
  HttpResponse,
  Page,
  QueryParams,
  RawOption,
} from './services/http';
export type { SessionService, UserProfile, OrgRef, RoleRef } from './services/session';
export type { OrgService, Organization } from './services/org';
export type { PermissionService } from './services/permission';
export type { I18nService } from './services/i18n';
export type { PublicSettingsService, PublicSettingValues } from './services/publicSettings';
export type { EventBusService, BastionEvent, BastionEventType, BastionEventOf } from './services/eventBus';

// HTTP errors
export {
  HttpError,
  isHttpError,
  type HttpErrorKind,
  type HttpErrorInit,
  type HttpErrorPresentation,
} from './http/HttpError';
export {
  classifyHttpError,
  serverDetail,
  isProfileUrl,
  HTTP_ERROR_MESSAGES,
  type FailedRequest,
} from './rules/httpErrors';

// Rules of the spec (pure functions)
export {
  hasPermissions,
  inferRouteAction,
  permActionOf,
  permissionCode,
  requiredPermission,
  resourceOfApiPath,
  type PermAction,
  type PermissionRequirement,
  type RouteAction,
} from './rules/permissions';
export {
  LANGUAGES,
  FALLBACK_LANGUAGE,
  DEFAULT_LANGUAGE,
  detectLanguage,
  normalizeLanguage,
  toServerLanguage,
  type Language,
} from './rules/language';
export { readCookie, csrfCookieName, readCsrfToken } from './rules/cookies';
export { resolveOrgHeader, chooseOrganization, DEFAULT_ORG } from './rules/organizations';
export {
  CONSOLE_VIEWS,
  isConsoleView,
  viewOfPath,
  orgsOfView,
  canUseView,
  type ConsoleView,
} from './rules/views';

// Plugins
export {
  definePlugin,
  isPluginDescriptor,
  PluginDefinitionError,
  PLUGIN_DESCRIPTOR_TYPE,
  PLUGIN_ID_PATTERN,
  type PluginDescriptor,
} from './plugin/definePlugin';
export type {
  PluginDefinition,
  RouteContribution,
  MenuContribution,
  SettingsTabContribution,
  PluginComponent,
} from './plugin/contributions';
export { manifestTitle, type PluginManifest, type PluginListEntry } from './plugin/manifest';
export { checkCompatibility, type CompatibilityResult } from './plugin/compatibility';

// React
export { ServiceLocatorContext, PluginScopeContext, type PluginScope } from './react/contexts';
export {
  useService,
  useProfile,
  useOrg,
  useCan,
  useT,
  usePluginScope,
  useObservableSnapshot,
  type TranslateFn,
} from './react/hooks';
