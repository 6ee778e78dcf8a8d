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
export type { PermissionService, UsageRequirement } from './services/permission';
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
  showsTicketsLink,
  SWITCHER_VIEWS,
  isSwitcherView,
  availableViews,
  firstAvailableView,
  checkViewAccess,
  startView,
  viewHasOrganizations,
  type ConsoleView,
  type SwitcherView,
} from './rules/views';
export {
  LICENSE_WARNING_DAYS,
  PASSWORD_WARNING_DAYS,
  parseServerDate,
  licenseBanner,
  passwordBanner,
  type BannerState,
} from './rules/banners';
export {
  addVisitedView,
  closeVisitedView,
  closeOtherVisitedViews,
  closeAllVisitedViews,
  cachedPaths,
  pathKey,
  type VisitedView,
  type CloseResult,
} from './rules/visitedViews';
export {
  ACTIVE_TAB_COOKIE,
  ACTIVE_TAB_COOKIE_MAX_AGE_SECONDS,
  ACTIVE_TAB_QUERY,
  resolveActiveTab,
} from './rules/tabPages';
export {
  formatDate,
  formatRelativeDate,
  formatDuration,
  badgeText,
  RELATIVE_DATE_LIMIT_DAYS,
  type DateFormat,
} from './rules/formats';

export { TASK_LOG_POPUP_FEATURES, taskLogPopupUrl, taskIdOf, openTaskLog } from './rules/taskLog';

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
export {
  manifestTitle,
  type PluginManifest,
  type PluginListEntry,
  type PluginFolderState,
  type PluginFault,
  type PluginStates,
} from './plugin/manifest';
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
export { useRemoteObject, type RemoteObject, type RemoteObjectFailure } from './react/useRemoteObject';
export { useDateText } from './react/useDateText';

// CRUD kit (issue 4): metadata-driven list, form and detail pages; components load as lazy SDK chunks.
export * from './crud/index';
