/** The server-rendered auth pages of docs/auth.md#signing-in. */
export const LOGIN_PATH = '/core/auth/login/';
export const LOGOUT_PATH = '/core/auth/logout/';
