/**
 * The public surface of @bastion/sdk: every name a plugin may rely on, and only those. The SDK package's typings
 * and its API report (sdk/api/bastion-sdk.api.md) are made from this file (docs/sdk-package.md); the module the
 * import map serves (index.ts) exports these plus the host's own names.
 */
export { SDK_VERSION } from './version';
export {
  DEFAULT_ORG_ID,
  ROOT_ORG_ID,
  BASE_PATH,
  PAGE_SIZES,
  DEFAULT_PAGE_SIZE,
  TICKETS_URL,
  WEB_TERMINAL_PATH,
  ASSET_ACTIONS,
} from './constants';
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
export { serverDetail } from './rules/httpErrors';
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
export { LANGUAGES, normalizeLanguage, type Language } from './rules/language';
export { showsTicketsLink } from './rules/views';
export { parseServerDate } from './rules/banners';
export {
  formatDate,
  formatRelativeDate,
  formatDuration,
  RELATIVE_DATE_LIMIT_DAYS,
  type DateFormat,
} from './rules/formats';
export { TASK_LOG_POPUP_FEATURES, taskLogPopupUrl, taskIdOf, openTaskLog } from './rules/taskLog';
// Terminal view (docs/terminal-view.md): xterm.js as a lazy component, and a task's log as it grows.
export { TerminalScreen, type TerminalHandle, type TerminalScreenProps } from './terminal/TerminalScreen';
export { useTaskLogFollow, type TaskLogFollow, type TaskLogStop } from './terminal/useTaskLogFollow';
// Plugins
export {
  definePlugin,
  PluginDefinitionError,
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
export { type PluginManifest } from './plugin/manifest';
// React
export { type PluginScope } from './react/contexts';
export {
  useService,
  useProfile,
  useOrg,
  useCan,
  useT,
  usePluginScope,
  type TranslateFn,
} from './react/hooks';
export { useRemoteObject, type RemoteObject, type RemoteObjectFailure } from './react/useRemoteObject';
export { useDateText } from './react/useDateText';
// CRUD kit (issue 4): metadata-driven list, form and detail pages; components load as lazy SDK chunks.
export * from './crud/index';
