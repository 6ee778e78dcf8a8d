/**
 * Constants of the console (docs/limits.md and the pages it links); kept in one place so tests and host
 * agree.
 */

/** The built-in default organization ("all-zero id ending in 2"). */
export const DEFAULT_ORG_ID = '00000000-0000-0000-0000-000000000002';
/** The root organization (all-zero id); create/update/delete are disabled there. */
export const ROOT_ORG_ID = '00000000-0000-0000-0000-000000000000';

export const PROFILE_URL = '/api/v1/users/profile/';
export const PUBLIC_SETTINGS_URL = '/api/v1/settings/public/';
export const CURRENT_ORG_URL = '/api/v1/orgs/orgs/current/';
export const PLUGIN_LIST_URL = '/api/v1/ui/plugins/';
export const LOGIN_PATH = '/core/auth/login/';
export const LOGOUT_PATH = '/core/auth/logout/';
/** The app's base path; router basename is this without the trailing slash. */
export const BASE_PATH = '/ui/';

export const HTTP_TIMEOUT_MS = 60_000;
export const ERROR_TOAST_MS = 5_000;
export const SESSION_CHECK_MS = 30_000;
export const ORG_SWITCH_RELOAD_MS = 400;
export const MISSING_TOKEN_REDIRECT_MS = 100;

export const PAGE_SIZES: readonly number[] = [15, 30, 50, 100];
export const DEFAULT_PAGE_SIZE = 15;

/** Cookie and storage names shared with the core server. */
export const LANGUAGE_COOKIE = 'django_language';
export const CSRF_PREFIX_COOKIE = 'SESSION_COOKIE_NAME_PREFIX';
export const ORG_COOKIE = 'X-JMS-ORG';
/** The browser's time zone, for pages the server renders with the console's data (docs/architecture.md). */
export const TIME_ZONE_COOKIE = 'X-TZ';
export const ORG_STORAGE_PREFIX = 'jms_current_org_';
export const PRE_VIEW_STORAGE_KEY = 'PreView';

/** Shell (docs/shell.md, docs/http.md#requests-the-console-sends, docs/limits.md). */
export const SYSTEM_ADMIN_ROLE_ID = '00000000-0000-0000-0000-000000000001';
export const SITE_MESSAGE_URL = '/api/v1/notifications/site-message/';
export const SITE_MESSAGE_SOCKET_PATH = '/ws/notifications/site-msg/';
/** Where a task's log streams (`{task: <id>, type: 'celery'}` → `{message}` frames, docs/terminal-view.md). */
export const TASK_LOG_SOCKET_PATH = '/ws/ops/tasks/log/';
/** Close code of a WebSocket whose session ended on the server (logout, password change, disabled user). */
export const SOCKET_SESSION_ENDED = 4401;
export const LICENSE_DETAIL_URL = '/api/v1/xpack/license/detail';
export const TICKETS_URL = '/api/v1/tickets/tickets/';
export const WEB_TERMINAL_PATH = '/luna/';
export const ENTERPRISE_URL = 'https://www.jumpserver.org/';
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 220;
export const FOOTER_OFFSET_OPEN_PX = 210;
export const FOOTER_OFFSET_COLLAPSED_PX = 54;
export const SITE_MESSAGE_PAGE_SIZE = 15;
export const TICKET_COUNT_LIMIT = 15;
export const PRODUCT_VERSION = 'v2.21.0';

/**
 * The actions an asset permission (or a ticket's request) can allow (docs/resources.md#asset-permissions), in
 * the order forms offer them; the server stores them as one bitmask.
 */
export const ASSET_ACTIONS = [
  'all',
  'connect',
  'upload_file',
  'download_file',
  'updownload',
  'clipboard_copy',
  'clipboard_paste',
  'clipboard_copy_paste',
] as const;
