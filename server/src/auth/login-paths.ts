/** The server-rendered auth pages of contract §1.3. */
export const LOGIN_PATH = '/core/auth/login/';
export const LOGOUT_PATH = '/core/auth/logout/';
