/**
 * @bastion/sdk as the import map serves it: loaded once, so its contexts, tokens and HttpError class are shared by
 * the host and every plugin. Plugins may use the names of public.ts (the SDK package's surface); the names below
 * serve the console's own shell only, are not in the package and may change without notice (docs/sdk-package.md).
 */
export * from './public';

export {
  PROFILE_URL,
  PUBLIC_SETTINGS_URL,
  CURRENT_ORG_URL,
  PLUGIN_LIST_URL,
  LOGIN_PATH,
  LOGOUT_PATH,
  HTTP_TIMEOUT_MS,
  ERROR_TOAST_MS,
  SESSION_CHECK_MS,
  ORG_SWITCH_RELOAD_MS,
  MISSING_TOKEN_REDIRECT_MS,
  LANGUAGE_COOKIE,
  CSRF_PREFIX_COOKIE,
  ORG_COOKIE,
  TIME_ZONE_COOKIE,
  ORG_STORAGE_PREFIX,
  PRE_VIEW_STORAGE_KEY,
  SYSTEM_ADMIN_ROLE_ID,
  SITE_MESSAGE_URL,
  SITE_MESSAGE_SOCKET_PATH,
  SOCKET_SESSION_ENDED,
  LICENSE_DETAIL_URL,
  ENTERPRISE_URL,
  SIDEBAR_COOKIE,
  MOBILE_BREAKPOINT_PX,
  SIDEBAR_WIDTH_PX,
  FOOTER_OFFSET_OPEN_PX,
  FOOTER_OFFSET_COLLAPSED_PX,
  SITE_MESSAGE_PAGE_SIZE,
  TICKET_COUNT_LIMIT,
  PRODUCT_VERSION,
} from './constants';
export { classifyHttpError, isProfileUrl, HTTP_ERROR_MESSAGES, type FailedRequest } from './rules/httpErrors';
export { FALLBACK_LANGUAGE, DEFAULT_LANGUAGE, detectLanguage, toServerLanguage } from './rules/language';
export { readCookie, csrfCookieName, readCsrfToken } from './rules/cookies';
export { resolveOrgHeader, chooseOrganization, DEFAULT_ORG } from './rules/organizations';
export {
  CONSOLE_VIEWS,
  isConsoleView,
  viewOfPath,
  orgsOfView,
  canUseView,
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
export { badgeText } from './rules/formats';
export { isPluginDescriptor, PLUGIN_DESCRIPTOR_TYPE } from './plugin/definePlugin';
export {
  manifestTitle,
  type PluginListEntry,
  type PluginFolderState,
  type PluginFault,
  type PluginStates,
} from './plugin/manifest';
export { checkCompatibility, type CompatibilityResult } from './plugin/compatibility';
export { ServiceLocatorContext, PluginScopeContext } from './react/contexts';
export { useObservableSnapshot } from './react/hooks';
