export const CONSOLE_DASHBOARD_PATH = '/console/dashboard';
export const AUDIT_DASHBOARD_PATH = '/audit/dashboard';
export const INDEX_URL = '/api/v1/index/';

/** Where the summary cards lead, with the permission the link needs (without it the number is plain). */
export const USERS_PATH = '/console/users/users';
export const ASSETS_PATH = '/console/assets/assets';
export const SESSIONS_PATH = '/audit/sessions/sessions';
